#!/usr/bin/env node
// Loads glTF files in the Khronos glTF Sample Renderer's own physics (its PhysX back end, the one the Sample Viewer
// ships) on PhysX 5 from physx-js-webidl, headless in Node, and prints one JSON report per file in the shape
// babylon-check.mjs prints: whether loading threw, the bodies made (glTF node, motion type, mass properties, shapes
// with their dimensions, materials and filter data), the joints made, and every body's pose after a number of
// fixed 1/60 s steps, in the glTF frame (the renderer simulates in it: +Y up, right-handed).
//
//   node sample-renderer-check.mjs [--renderer DIR] [--steps N] FILE...
//
// DIR (or the variable SAMPLE_RENDERER_DIR) holds the renderer's files at commit 1078e91, laid out as in its
// repository (source/PhysicsEngines/PhysX.js, ...; docs/engine-check.md lists them). They are copied into a scratch
// directory at each run with their imports pointed at our packages and at the stand-ins below; nothing of them is
// kept. Exit status: 0 when every file was reported (a file that fails to load is a report, not an error), 2 when
// the renderer's files or the packages are missing.
//
// What stands in for the renderer, and why:
// - the glTF document classes (gltf.js, node.js, accessor.js, ...) import the WebGL renderer, images and the
//   interactivity engine; `GltfDocument` below gives PhysX.js what it reads of them: node transforms (local,
//   world, world rotation and scale), `extensions.KHR_physics_rigid_bodies` with the spec's defaults for `motion`,
//   `shapes` (KHR_implicit_shapes read into the glTF 2.1 `shapes` array through the renderer's own shape.js,
//   whose defaults are 2.1's) and accessor views. Nothing is animated, so every "dirty" flag is false.
// - gltf_object.js / utils.js: `GltfObject.fromJson` copies the JSON's keys onto the object over its defaults,
//   `objectsFromJsons` makes one object per JSON entry.
// - the physics controller (source/GltfState/phyiscs_controller.js at 1078e91 is not readable from the index):
//   `gatherActors` sorts nodes as its `gatherRigidBodies` does in the stored revision 08e0866 (a node with
//   `motion` is a kinematic or dynamic actor and the owner of the colliders below it; a physics node with no
//   `motion` at or above it is a static actor; a node with `joint` is a joint), and physics runs only when
//   `extensionsUsed` names KHR_physics_rigid_bodies (its loadScene).
// - physx-js-webidl's web build throws under Node ("not compiled for this environment") and would fetch its
//   .wasm: `loadPhysX` hands it the binary and hides Node from its environment test while it starts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const nodeModules = path.join(here, "node_modules");
const STEP = 1 / 60;
// The renderer's files the harness runs, relative to SAMPLE_RENDERER_DIR (commit 1078e91 where the index has it).
const RENDERER_FILES = [
    "source/PhysicsEngines/PhysX.js",
    "source/PhysicsEngines/PhysicsInterface.js",
    "source/gltf/physics_utils.js",
    "source/gltf/rigid_bodies.js",
    "source/gltf/shape.js",
    "source/geometry_generator.js",
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
        if (/\/(gltf_object|utils)$/.test(spec)) return stand;
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

async function main() {
    const args = parseArgs(process.argv.slice(2));
    console.log = (...a) => console.error(...a); // the renderer's log lines go to stderr: stdout is the report
    const staged = stageRenderer(args.renderer);
    const { setWasm } = await import("./sample-renderer-stand-ins.mjs");
    const { GltfDocument, gatherActors, describeActor, describeJoints } = await import("./sample-renderer-document.mjs");
    setWasm(fs.readFileSync(path.join(nodeModules, "physx-js-webidl/physx-js-webidl.wasm")));
    const staging = (file) => pathToFileURL(path.join(staged, file)).href;
    const { NvidiaPhysicsInterface } = await import(staging("source/PhysicsEngines/PhysX.mjs"));
    const classes = { ...(await import(staging("source/gltf/shape.mjs"))), ...(await import(staging("source/gltf/rigid_bodies.mjs"))) };
    const engine = new NvidiaPhysicsInterface();
    await engine.initializeEngine();

    const reports = [];
    for (const file of args.files) {
        const report = { file, loaded: false, error: null, bodies: [], joints: [], steps: args.steps, step: STEP };
        let state = null;
        try {
            const gltf = await GltfDocument.load(file, classes);
            state = {
                gltf,
                physicsController: { compoundTriggerNodes: new Map(), triggerToCompound: new Map() },
                graphController: { rigidBodyTriggerEntered() {}, rigidBodyTriggerExited() {} },
            };
            const actors = gatherActors(gltf);
            if (actors)
                engine.initializeSimulation(state, actors.statics, actors.kinematics, actors.dynamics, actors.joints,
                    actors.triggers, actors.independentTriggers, actors.nodeToMotion, false, 0, 0);
            report.loaded = true;
        } catch (e) {
            report.error = String(e?.message ?? e);
        }
        if (report.loaded) {
            const start = new Map([...engine.nodeToActor.keys()].map((i) => [i, state.gltf.nodes[i].worldTranslation()]));
            try {
                for (let i = 0; i < args.steps; ++i) engine.simulateStep(state, STEP);
            } catch (e) {
                report.error = `stepping threw: ${String(e?.message ?? e)}`;
            }
            for (const [index, entry] of engine.nodeToActor.entries())
                report.bodies.push({ ...describeActor(engine, state.gltf, index, entry), start: start.get(index) });
            report.bodies.sort((a, b) => a.node - b.node);
            report.joints = describeJoints(engine, state.gltf);
        }
        if (engine.scene) engine._resetSimulation();
        engine.nodeToMotion = new Map();
        reports.push(report);
    }
    fs.rmSync(staged, { recursive: true, force: true });
    process.stdout.write(JSON.stringify(reports, null, 2) + "\n");
}

await main();
