// Stand-ins sample-renderer-check.mjs gives the Khronos glTF Sample Renderer's physics files in place of modules
// they import: gltf_object.js and utils.js (the glTF object base class and its JSON helper), gltf_utils.js (the
// animation look-up) and the package physx-js-webidl (its web build, started in Node). Nothing here simulates:
// PhysX.js does.
import PhysXFactory from "./node_modules/physx-js-webidl/physx-js-webidl.mjs";

/// The renderer's base class of glTF objects as PhysX.js and the classes it uses read it: the JSON's keys over the
/// constructor's defaults, and one `{ dirty: false }` record per animatable property (nothing is animated here).
export class GltfObject {
    static animatedProperties = [];
    constructor() {
        this.animatedPropertyObjects = {};
        for (const name of this.constructor.animatedProperties ?? []) this.animatedPropertyObjects[name] = { dirty: false };
    }
    fromJson(json) {
        for (const [key, value] of Object.entries(json ?? {})) this[key] = value;
    }
    isDirty() {
        return false;
    }
}

/// One object of `Type` per JSON entry (none for a missing list).
export function objectsFromJsons(jsons, Type) {
    return (jsons ?? []).map((json) => {
        const object = new Type();
        object.fromJson(json);
        return object;
    });
}

/// The controller asks which nodes are animated; nothing is animated here.
export function getAnimatedIndices() {
    return { animatedIndices: new Set(), runtimeChanges: false };
}

let wasmBinary = null;

/// The PhysX .wasm bytes `PhysX()` hands the module (set once by the harness).
export function setWasm(bytes) {
    wasmBinary = bytes;
}

/// physx-js-webidl's factory, started in Node. Its web build checks `process.versions.node` and throws when it
/// finds Node, and it would fetch its .wasm: while it starts, `process` is hidden and `window` present (the test
/// it makes), and the binary is handed over, so nothing is fetched.
export default async function PhysX(options = {}) {
    if (!wasmBinary) throw new Error("sample-renderer stand-ins: the PhysX .wasm was not set");
    const saved = Object.getOwnPropertyDescriptor(globalThis, "process");
    const hadWindow = "window" in globalThis;
    Object.defineProperty(globalThis, "process", { value: undefined, configurable: true, writable: true });
    if (!hadWindow) globalThis.window = globalThis;
    try {
        return await PhysXFactory({ ...options, wasmBinary });
    } finally {
        Object.defineProperty(globalThis, "process", saved);
        if (!hadWindow) delete globalThis.window;
    }
}
