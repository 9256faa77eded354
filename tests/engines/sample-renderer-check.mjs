#!/usr/bin/env node
// Loads glTF files in the Khronos glTF Sample Renderer's own physics (its PhysX back end, the one the Sample Viewer
// ships) on PhysX 5 from physx-js-webidl, headless in Node, and prints one JSON report per file in the shape
// babylon-check.mjs prints: whether loading threw, the bodies made (glTF node, motion type, mass properties, shapes
// with their dimensions, materials and filter data), the joints made, and every body's pose after a number of
// fixed 1/60 s steps, in the glTF frame (the renderer simulates in it: +Y up, right-handed).
//
//   node sample-renderer-check.mjs [--renderer DIR] [--steps N] FILE...
//
// DIR (or the variable SAMPLE_RENDERER_DIR) holds the renderer's files of commit 1078e91, laid out as in its
// repository (source/PhysicsEngines/PhysX.js, ...; docs/engine-check.md lists them with the revision of each). They are copied into a scratch
// directory at each run with their imports pointed at our packages and at the stand-ins below; nothing of them is
// kept. Exit status: 0 when every file was reported (a file that fails to load is a report, not an error), 2 when
// the renderer's files or the packages are missing.
//
// What stands in for the renderer, and why:
// - the glTF document classes (gltf.js, node.js, accessor.js, ...) import the WebGL renderer, images and the
//   interactivity engine; `GltfDocument` (sample-renderer-document.mjs) gives the controller and PhysX.js what they
//   read of them: node transforms (local, world, world rotation and scale), `extensions.KHR_physics_rigid_bodies`
//   with the spec's defaults for `motion`, `shapes` (KHR_implicit_shapes read into the glTF 2.1 `shapes` array
//   through the renderer's own shape.js, whose defaults are 2.1's) and accessor views. Nothing is animated, so
//   every "dirty" flag is false.
// - gltf_object.js, utils.js, gltf_utils.js (sample-renderer-stand-ins.mjs): `GltfObject.fromJson` copies the
//   JSON's keys onto the object over its defaults, `objectsFromJsons` makes one object per JSON entry, and
//   `getAnimatedIndices` finds no animation.
// - physx-js-webidl's web build throws under Node ("not compiled for this environment") and would fetch its
//   .wasm: the stand-in hands it the binary and hides Node from its environment test while it starts.
// The physics controller is the renderer's own (physics_controller.js): it sorts the nodes into actors, starts the
// simulation (loadScene) and runs one PhysX step per rendered frame once 1/60 s has gathered (simulateStep); the
// harness gives it frames of exactly 1/60 s, after the two it skips at start.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const nodeModules = path.join(here, "node_modules");
const STEP = 1 / 60;
// The renderer's files the harness runs, relative to SAMPLE_RENDERER_DIR (docs/engine-check.md: their revisions).
const RENDERER_FILES = [
    "source/PhysicsEngines/PhysX.js",
    "source/PhysicsEngines/PhysicsInterface.js",
    "source/gltf/physics_utils.js",
    "source/gltf/rigid_bodies.js",
    "source/gltf/shape.js",
    "source/geometry_generator.js",
    "source/GltfState/physics_controller.js",
];

function usage(message) {
    process.stderr.write(`sample-renderer-check: ${message}\n`);
    process.exit(2);
}

function parseArgs(argv) {
    const args = { renderer: process.env.SAMPLE_RENDERER_DIR ?? "", steps: 120, files: [] };
    for (let i = 0; i < argv.length; ++i) {
        const a = argv[i];
        if (a === "--renderer") args.renderer = argv[++i] ?? "";
        else if (a === "--steps") args.steps = Number(argv[++i]);
        else if (a.startsWith("--")) usage(`unknown option ${a}`);
        else args.files.push(a);
    }
    if (!Number.isInteger(args.steps) || args.steps < 0) usage("--steps wants a whole number, 0 or more");
    return args;
}

/// The renderer's files copied to a scratch directory as ES modules, their imports resolved to our packages and
/// stand-ins. Returns the scratch directory.
function stageRenderer(rendererDir) {
    const missing = RENDERER_FILES.filter((f) => !rendererDir || !fs.existsSync(path.join(rendererDir, f)));
    if (missing.length)
        usage(
            "the Khronos glTF Sample Renderer's physics files are missing: set SAMPLE_RENDERER_DIR to a directory " +
                "holding KhronosGroup/glTF-Sample-Renderer@1078e91's " + RENDERER_FILES.join(", ") +
                " (docs/engine-check.md says how to obtain them)" +
                (rendererDir ? ` (missing under '${rendererDir}': ${missing.join(", ")})` : ""),
        );
    for (const pkg of ["physx-js-webidl", "gl-matrix"])
        if (!fs.existsSync(path.join(nodeModules, pkg))) usage("the engine packages are missing: run scripts/setup.sh --engines");
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "collidoscope-sample-renderer-"));
    const stand = pathToFileURL(path.join(here, "sample-renderer-stand-ins.mjs")).href;
    const specifier = (from, spec) => {
        if (spec === "gl-matrix") return pathToFileURL(path.join(nodeModules, "gl-matrix/cjs/index.js")).href;
        if (spec.startsWith("physx-js-webidl")) return stand;
        if (/\/(gltf_object|utils|gltf_utils)$/.test(spec)) return stand;
        if (spec.startsWith(".")) {
            const target = path.join(path.dirname(from), spec).replace(/\.js$/, "");
            return pathToFileURL(path.join(out, `${target}.mjs`)).href;
        }
        return spec;
    };
    for (const file of RENDERER_FILES) {
        const code = fs
            .readFileSync(path.join(rendererDir, file), "utf8")
            .replace(/^import PhysXBinaryFile from .*$/m, "")
            .replace(/(from\s+)"([^"]+)"/g, (_, head, spec) => `${head}"${specifier(file, spec)}"`);
        const target = path.join(out, file.replace(/\.js$/, ".mjs"));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, code);
    }
    return out;
}

/// Loads one file through the renderer's controller, steps it, and reports what the engine holds.
async function run(file, { controller, engine, classes, GltfDocument, describeActor, describeJoints }, steps) {
    const report = { file, loaded: false, error: null, bodies: [], joints: [], steps, step: STEP };
    let state = null;
    try {
        const gltf = await GltfDocument.load(file, classes);
        state = { gltf, physicsController: controller, graphController: { rigidBodyTriggerEntered() {}, rigidBodyTriggerExited() {} } };
        controller.loadScene(state, gltf.scene);
        report.loaded = true;
    } catch (e) {
        report.error = String(e?.message ?? e);
        return report;
    }
    const start = new Map([...engine.nodeToActor.keys()].map((i) => [i, state.gltf.nodes[i].worldTranslation()]));
    try {
        // The frames the controller skips at start (simulateStep) come first; then one PhysX step per frame.
        for (let i = 0, frames = steps + controller.skipFrames; i < frames; ++i) controller.simulateStep(state, STEP);
    } catch (e) {
        report.error = `stepping threw: ${String(e?.message ?? e)}`;
    }
    for (const [index, entry] of engine.nodeToActor.entries())
        report.bodies.push({ ...describeActor(engine, state.gltf, index, entry), start: start.get(index) });
    report.bodies.sort((a, b) => a.node - b.node);
    report.joints = describeJoints(engine, state.gltf);
    return report;
}

async function main() {
    const args = parseArgs(process.argv.slice(2));
    console.log = (...a) => console.error(...a); // the renderer's log lines go to stderr: stdout is the report
    const staged = stageRenderer(args.renderer);
    const { setWasm } = await import("./sample-renderer-stand-ins.mjs");
    const { GltfDocument, describeActor, describeJoints } = await import("./sample-renderer-document.mjs");
    setWasm(fs.readFileSync(path.join(nodeModules, "physx-js-webidl/physx-js-webidl.wasm")));
    const staging = (file) => pathToFileURL(path.join(staged, file)).href;
    const { PhysicsController } = await import(staging("source/GltfState/physics_controller.mjs"));
    const classes = { ...(await import(staging("source/gltf/shape.mjs"))), ...(await import(staging("source/gltf/rigid_bodies.mjs"))) };
    const controller = new PhysicsController();
    await controller.initializeEngine("NvidiaPhysX");
    const engine = controller.engine;

    const reports = [];
    for (const file of args.files) {
        reports.push(await run(file, { controller, engine, classes, GltfDocument, describeActor, describeJoints }, args.steps));
        controller.resetScene(undefined);
    }
    fs.rmSync(staged, { recursive: true, force: true });
    process.stdout.write(JSON.stringify(reports, null, 2) + "\n");
}

await main();
