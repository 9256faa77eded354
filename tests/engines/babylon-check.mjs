#!/usr/bin/env node
// Loads glTF files in Babylon.js + Havok through the glTF physics loader (glTF_Physics_Babylon), headless in
// Node, and prints one JSON report per file: whether loading threw, the bodies made (glTF node, motion type,
// mass properties, shapes with their dimensions, materials and filter masks), the joints made, and every
// body's pose after a number of fixed 1/60 s steps, in the glTF frame.
//
//   node babylon-check.mjs [--loader DIR] [--steps N] [--gravity X,Y,Z] FILE...
//
// DIR (or the variable BABYLON_LOADER_DIR) is the loader package's directory (the one holding
// src/KHR_rigid_bodies.ts). Its TypeScript is compiled with `typescript` into a scratch directory at each run;
// nothing of it is kept. Exit status: 0 when every file was reported (a file that fails to load is a
// report, not an error), 2 when the loader directory or the packages are missing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const nodeModules = path.join(here, "node_modules");

function usage(message) {
    process.stderr.write(`babylon-check: ${message}\n`);
    process.exit(2);
}

function parseArgs(argv) {
    const args = { loader: process.env.BABYLON_LOADER_DIR ?? "", steps: 120, gravity: [0, -9.81, 0], files: [] };
    for (let i = 0; i < argv.length; ++i) {
        const a = argv[i];
        if (a === "--loader") args.loader = argv[++i] ?? "";
        else if (a === "--steps") args.steps = Number(argv[++i]);
        else if (a === "--gravity") args.gravity = (argv[++i] ?? "").split(",").map(Number);
        else if (a.startsWith("--")) usage(`unknown option ${a}`);
        else args.files.push(a);
    }
    if (!Number.isInteger(args.steps) || args.steps < 0) usage("--steps wants a whole number, 0 or more");
    if (args.gravity.length !== 3 || args.gravity.some((v) => !Number.isFinite(v)))
        usage("--gravity wants three numbers X,Y,Z");
    return args;
}

/// The loader's sources compiled to ES modules in a scratch directory; Babylon imports point at our packages.
async function compileLoader(loaderDir) {
    const src = path.join(loaderDir, "src");
    if (!loaderDir || !fs.existsSync(path.join(src, "KHR_rigid_bodies.ts")))
        usage(
            "the glTF physics loader is missing: set BABYLON_LOADER_DIR to the directory of the package " +
                "babylon-gltf-rigid-body-loader 0.6.0 (glTF_Physics_Babylon's packages/loader, holding src/KHR_rigid_bodies.ts)" +
                (loaderDir ? ` (not found under '${loaderDir}')` : ""),
        );
    if (!fs.existsSync(path.join(nodeModules, "typescript")) || !fs.existsSync(path.join(nodeModules, "@babylonjs/core")))
        usage("the engine packages are missing: run scripts/setup.sh --engines");
    const ts = (await import("typescript")).default;
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "collidoscope-babylon-loader-"));
    const specifier = (spec) => {
        if (spec.startsWith("./")) return `./${spec.slice(2).replace(/\.js$/, "")}.mjs`;
        if (spec.startsWith("@babylonjs/")) {
            const file = spec.endsWith(".js") ? spec : `${spec}.js`;
            return pathToFileURL(path.join(nodeModules, file)).href;
        }
        return spec;
    };
    for (const name of fs.readdirSync(src).filter((f) => f.endsWith(".ts"))) {
        const compiled = ts.transpileModule(fs.readFileSync(path.join(src, name), "utf8"), {
            compilerOptions: { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.ESNext },
            fileName: name,
        });
        const code = compiled.outputText.replace(/(from\s+|import\s+)"([^"]+)"/g, (_, head, spec) => `${head}"${specifier(spec)}"`);
        fs.writeFileSync(path.join(out, name.replace(/\.ts$/, ".mjs")), code);
    }
    return out;
}

const shapeTypeNames = ["sphere", "capsule", "cylinder", "box", "convexHull", "container", "mesh", "heightfield"];
const motionNames = ["static", "animated", "dynamic"];
const combineNames = ["geometricMean", "minimum", "maximum", "arithmeticMean", "multiply"];

const round = (v) => (Number.isFinite(v) ? Math.round(v * 1e6) / 1e6 : v);
const vec = (v) => (v ? [round(v.x), round(v.y), round(v.z)] : null);
const quat = (q) => (q ? [round(q.x), round(q.y), round(q.z), round(q.w)] : null);

/// The glTF node index a Babylon node was loaded from (the glTF loader's pointer metadata), or null.
function gltfNodeOf(node) {
    for (const p of node?._internalMetadata?.gltf?.pointers ?? []) {
        const m = /^\/nodes\/(\d+)$/.exec(p);
        if (m) return Number(m[1]);
    }
    return null;
}

function describeShape(shape) {
    const made = shape._csMade ?? {};
    const o = made.options ?? {};
    const d = { type: shapeTypeNames[shape.type] ?? String(shape.type) };
    if (shape.type === 0) d.radius = round(o.radius);
    if (shape.type === 1 || shape.type === 2) Object.assign(d, { pointA: vec(o.pointA), pointB: vec(o.pointB), radius: round(o.radius) });
    if (shape.type === 3) d.extents = vec(o.extents);
    if ((shape.type === 4 || shape.type === 6) && o.mesh) d.vertices = o.mesh.getTotalVertices();
    if (shape.type !== 5) {
        const m = shape.material ?? {};
        d.material = {
            friction: round(m.friction),
            staticFriction: round(m.staticFriction),
            restitution: round(m.restitution),
            frictionCombine: combineNames[m.frictionCombine] ?? m.frictionCombine ?? null,
            restitutionCombine: combineNames[m.restitutionCombine] ?? m.restitutionCombine ?? null,
        };
        d.membership = shape.filterMembershipMask >>> 0;
        d.collideWith = shape.filterCollideMask >>> 0;
    }
    if (shape.type === 5)
        d.children = (shape._csChildren ?? []).map((c) => ({
            ...describeShape(c.shape),
            translation: vec(c.translation),
            rotation: quat(c.rotation),
            scale: vec(c.scale),
        }));
    return d;
}

function leaves(described) {
    return described.type === "container" ? described.children.flatMap(leaves) : [described];
}

async function main() {
    const args = parseArgs(process.argv.slice(2));
    console.log = (...a) => console.error(...a); // Babylon's log lines go to stderr: stdout is the report
    const loaderOut = await compileLoader(args.loader);
    const { NullEngine } = await import("@babylonjs/core/Engines/nullEngine.js");
    const { Scene } = await import("@babylonjs/core/scene.js");
    const { Matrix, Quaternion, Vector3 } = await import("@babylonjs/core/Maths/math.vector.js");
    const { HavokPlugin } = await import("@babylonjs/core/Physics/v2/Plugins/havokPlugin.js");
    const { PhysicsShapeContainer } = await import("@babylonjs/core/Physics/v2/physicsShape.js");
    const { PhysicsBody } = await import("@babylonjs/core/Physics/v2/physicsBody.js");
    await import("@babylonjs/core/Physics/v2/physicsEngineComponent.js");
    const { AppendSceneAsync } = await import("@babylonjs/core/Loading/sceneLoader.js");
    await import("@babylonjs/loaders/glTF/index.js");
    const { registerGLTFExtension } = await import("@babylonjs/loaders/glTF/2.0/glTFLoaderExtensionRegistry.js");
    const HavokPhysics = (await import("@babylonjs/havok")).default;
    const loader = await import(pathToFileURL(path.join(loaderOut, "index.mjs")).href);
    const wasmBinary = fs.readFileSync(path.join(nodeModules, "@babylonjs/havok/lib/esm/HavokPhysics.wasm"));
    const havok = await HavokPhysics({ wasmBinary });

    // What the loader asked of the engine, recorded as it is made: each shape's parameters, each container's
    // children, each constraint.
    const initShape = HavokPlugin.prototype.initShape;
    HavokPlugin.prototype.initShape = function (shape, type, options) {
        shape._csMade = { type, options };
        return initShape.call(this, shape, type, options);
    };
    const addChild = PhysicsShapeContainer.prototype.addChild;
    PhysicsShapeContainer.prototype.addChild = function (shape, translation, rotation, scale) {
        (this._csChildren ??= []).push({ shape, translation: translation?.clone(), rotation: rotation?.clone(), scale: scale?.clone() });
        return addChild.call(this, shape, translation, rotation, scale);
    };
    let joints = [];
    const addConstraint = PhysicsBody.prototype.addConstraint;
    PhysicsBody.prototype.addConstraint = function (child, constraint, ...rest) {
        joints.push({ a: this.transformNode, b: child.transformNode, limits: constraint._options?.limits ?? constraint.limits ?? null });
        return addConstraint.call(this, child, constraint, ...rest);
    };

    registerGLTFExtension("KHR_implicit_shapes", true, (l) => new loader.KHR_ImplicitShapes_Plugin(l));
    registerGLTFExtension("KHR_physics_rigid_bodies", true, (l) => new loader.KHR_PhysicsRigidBodies_Plugin(l));

    const reports = [];
    for (const file of args.files) {
        joints = [];
        const report = { file, loaded: false, error: null, bodies: [], joints: [], steps: args.steps, step: 1 / 60 };
        const engine = new NullEngine();
        const scene = new Scene(engine);
        scene.enablePhysics(new Vector3(...args.gravity), new HavokPlugin(false, havok));
        try {
            // A .gltf goes in as its text (its buffers must be data URIs: Node has no file requests here).
            const gltf = path.extname(file).toLowerCase() === ".gltf";
            const source = gltf ? "data:" + fs.readFileSync(file, "utf8") : new Uint8Array(fs.readFileSync(file));
            await AppendSceneAsync(source, scene, { pluginExtension: gltf ? ".gltf" : ".glb", pluginOptions: { gltf: { skipMaterials: true } } });
            report.loaded = true;
        } catch (e) {
            report.error = String(e?.message ?? e);
        }
        const root = scene.getTransformNodeByName("__root__") ?? scene.getMeshByName("__root__");
        const toGltf = root ? Matrix.Invert(root.computeWorldMatrix(true)) : Matrix.Identity();
        const withBodies = () => [...scene.transformNodes, ...scene.meshes].filter((n) => n.physicsBody);
        const pose = (node) => {
            const scale = new Vector3();
            const rotation = new Quaternion();
            const translation = new Vector3();
            node.computeWorldMatrix(true).multiply(toGltf).decompose(scale, rotation, translation);
            return { translation, rotation };
        };
        const start = new Map(withBodies().map((n) => [n, pose(n).translation]));
        const physics = scene.getPhysicsEngine();
        for (let i = 0; report.loaded && i < args.steps; ++i) physics._step(1 / 60);
        for (const node of withBodies()) {
            const body = node.physicsBody;
            const mp = body.getMassProperties();
            const shape = body.shape ? describeShape(body.shape) : null;
            const { translation, rotation } = pose(node);
            report.bodies.push({
                node: gltfNodeOf(node),
                name: node.name,
                motion: motionNames[body.getMotionType()] ?? String(body.getMotionType()),
                mass: round(mp.mass),
                inertia: vec(mp.inertia),
                centerOfMass: vec(mp.centerOfMass),
                linearDamping: round(body.getLinearDamping()),
                angularDamping: round(body.getAngularDamping()),
                colliders: shape ? leaves(shape).length : 0,
                shape,
                start: vec(start.get(node)),
                translation: vec(translation),
                rotation: quat(rotation),
            });
        }
        report.bodies.sort((a, b) => (a.node ?? 1e9) - (b.node ?? 1e9));
        report.joints = joints.map((j) => ({ nodeA: gltfNodeOf(j.a), nameA: j.a?.name, nodeB: gltfNodeOf(j.b), nameB: j.b?.name, limits: j.limits }));
        reports.push(report);
        scene.dispose();
        engine.dispose();
    }
    fs.rmSync(loaderOut, { recursive: true, force: true });
    process.stdout.write(JSON.stringify(reports, null, 2) + "\n");
}

await main();
