// The glTF document as the Khronos glTF Sample Renderer's PhysX.js reads it (its gltf.js, node.js and accessor.js
// import the WebGL renderer and cannot run here): nodes with their transforms and KHR_physics_rigid_bodies objects,
// the `shapes` array, meshes and accessor views; plus what sample-renderer-check.mjs reads back from the engine.
// Only what PhysX.js and physics_utils.js touch is modelled; nothing is animated.
import fs from "node:fs";
import path from "node:path";
import glMatrix from "./node_modules/gl-matrix/cjs/index.js";

const { mat4, quat, vec3 } = glMatrix;

const COMPONENTS = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };
const ARRAYS = { 5120: Int8Array, 5121: Uint8Array, 5122: Int16Array, 5123: Uint16Array, 5125: Uint32Array, 5126: Float32Array };
const NORMALIZE = { 5120: 127, 5121: 255, 5122: 32767, 5123: 65535 };

/// The spec's defaults of a body's `motion` (KHR_physics_rigid_bodies: not kinematic, no mass, inertia or centre
/// of mass given, zero velocities, gravity factor 1), under what the file gives.
function motionOf(json) {
    const defaults = { isKinematic: false, linearVelocity: [0, 0, 0], angularVelocity: [0, 0, 0], gravityFactor: 1 };
    const motion = { ...defaults, ...json, animatedPropertyObjects: {} };
    for (const key of ["isKinematic", "mass", "centerOfMass", "inertiaDiagonal", "inertiaOrientation", "gravityFactor",
        "linearVelocity", "angularVelocity"])
        motion.animatedPropertyObjects[key] = { dirty: false };
    return motion;
}

class Node {
    constructor(json, index) {
        this.gltfObjectIndex = index;
        this.name = json.name;
        this.children = json.children ?? [];
        this.mesh = json.mesh;
        this.parentNode = undefined;
        this.dirtyTransform = false;
        this.dirtyScale = false;
        this.animatedPropertyObjects = { scale: { dirty: false }, rotation: { dirty: false }, translation: { dirty: false } };
        if (json.matrix) {
            const m = mat4.clone(json.matrix);
            this.translation = mat4.getTranslation(vec3.create(), m);
            this.scale = mat4.getScaling(vec3.create(), m);
            this.rotation = mat4.getRotation(quat.create(), m);
        } else {
            this.translation = vec3.clone(json.translation ?? [0, 0, 0]);
            this.rotation = quat.clone(json.rotation ?? [0, 0, 0, 1]);
            this.scale = vec3.clone(json.scale ?? [1, 1, 1]);
        }
        const body = json.extensions?.KHR_physics_rigid_bodies;
        this.extensions = {};
        if (body) {
            const joint = body.joint ? { enableCollision: false, ...body.joint, animatedPropertyObjects: { enableCollision: { dirty: false } } } : undefined;
            this.extensions.KHR_physics_rigid_bodies = { ...body, motion: body.motion ? motionOf(body.motion) : undefined, joint };
        }
    }
    getLocalTransform() {
        return mat4.fromRotationTranslationScale(mat4.create(), this.rotation, this.translation, this.scale);
    }
    isLocalTransformDirty() {
        return false;
    }
    /// World transforms, rotations and scales from the root down (set once: nothing is animated).
    place(parentWorld, parentRotation, nodes) {
        this.worldTransform = mat4.multiply(mat4.create(), parentWorld, this.getLocalTransform());
        this.worldQuaternion = quat.multiply(quat.create(), parentRotation, this.rotation);
        this.worldScale = mat4.getScaling(vec3.create(), this.worldTransform);
        for (const c of this.children) {
            nodes[c].parentNode = this;
            nodes[c].parent = this;
            nodes[c].place(this.worldTransform, this.worldQuaternion, nodes);
        }
    }
    worldTranslation() {
        return [this.worldTransform[12], this.worldTransform[13], this.worldTransform[14]].map(round);
    }
}

class Accessor {
    constructor(json, document) {
        Object.assign(this, json);
        this.document = document;
    }
    /// The accessor's values, one after another, integers scaled to [0, 1] or [-1, 1] when `normalized`.
    getNormalizedDeinterlacedView() {
        const Type = ARRAYS[this.componentType];
        const n = COMPONENTS[this.type];
        const out = this.normalized ? new Float32Array(this.count * n) : new Type(this.count * n);
        if (this.bufferView === undefined) return out;
        const view = this.document.json.bufferViews[this.bufferView];
        const bytes = this.document.buffers[view.buffer];
        const stride = view.byteStride ?? n * Type.BYTES_PER_ELEMENT;
        const base = (view.byteOffset ?? 0) + (this.byteOffset ?? 0);
        const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        const read = {
            5120: (o) => data.getInt8(o), 5121: (o) => data.getUint8(o), 5122: (o) => data.getInt16(o, true),
            5123: (o) => data.getUint16(o, true), 5125: (o) => data.getUint32(o, true), 5126: (o) => data.getFloat32(o, true),
        }[this.componentType];
        const scale = this.normalized ? NORMALIZE[this.componentType] ?? 1 : 1;
        for (let i = 0; i < this.count; ++i)
            for (let c = 0; c < n; ++c) {
                const v = read(base + i * stride + c * Type.BYTES_PER_ELEMENT);
                out[i * n + c] = scale === 1 ? v : Math.max(v / scale, -1);
            }
        return out;
    }
}

function round(v) {
    return Number.isFinite(v) ? Math.round(v * 1e6) / 1e6 : v;
}

/// Reads a .gltf (buffers as data URIs or files beside it) or a .glb into the model PhysX.js reads.
export class GltfDocument {
    static async load(file, classes) {
        const bytes = fs.readFileSync(file);
        let json;
        let glbBuffer = null;
        if (bytes.readUInt32LE(0) === 0x46546c67) {
            const length = bytes.readUInt32LE(12);
            json = JSON.parse(bytes.subarray(20, 20 + length).toString("utf8"));
            const binStart = 20 + length;
            if (binStart + 8 <= bytes.length) glbBuffer = bytes.subarray(binStart + 8, binStart + 8 + bytes.readUInt32LE(binStart));
        } else {
            json = JSON.parse(bytes.toString("utf8"));
        }
        return new GltfDocument(json, file, glbBuffer, classes);
    }

    resetAllDirtyFlags() {}

    constructor(json, file, glbBuffer, classes) {
        this.json = json;
        this.extensionsUsed = json.extensionsUsed;
        this.buffers = (json.buffers ?? []).map((b) => {
            if (b.uri === undefined) return glbBuffer;
            const m = /^data:[^,]*;base64,(.*)$/s.exec(b.uri);
            if (m) return Buffer.from(m[1], "base64");
            return fs.readFileSync(path.join(path.dirname(file), decodeURIComponent(b.uri)));
        });
        this.accessors = (json.accessors ?? []).map((a) => new Accessor(a, this));
        this.meshes = json.meshes ?? [];
        this.nodes = (json.nodes ?? []).map((n, i) => new Node(n, i));
        this.scenes = json.scenes ?? [{ nodes: this.nodes.map((_, i) => i).filter((i) => !this.nodes.some((n) => n.children.includes(i))) }];
        this.scene = json.scene ?? 0;
        for (const root of this.scenes[this.scene]?.nodes ?? []) this.nodes[root].place(mat4.create(), quat.create(), this.nodes);
        // gltf.js (fromJson): KHR_implicit_shapes' shapes go into the glTF 2.1 `shapes` array unless it exists.
        const shapes = json.shapes ?? json.extensions?.KHR_implicit_shapes?.shapes ?? [];
        this.shapes = shapes.map((s) => {
            const shape = new classes.gltfShape();
            shape.fromJson(s);
            return shape;
        });
        this.extensions = {};
        const document = json.extensions?.KHR_physics_rigid_bodies;
        if (document) {
            this.extensions.KHR_physics_rigid_bodies = new classes.KHR_physics_rigid_bodies();
            this.extensions.KHR_physics_rigid_bodies.fromJson(document);
        }
    }
}

/// Value -> name of the listed members of one of the bindings' enums (their members are not enumerable).
function enumNames(enumObject, members) {
    return Object.fromEntries(members.filter((m) => enumObject[m] !== undefined).map((m) => [enumObject[m], m.replace(/^e/, "").toLowerCase()]));
}

function geometryOf(engine, shape) {
    const PhysX = engine.PhysX;
    const geometry = shape.getGeometry();
    const type = geometry.getType();
    const names = enumNames(PhysX.PxGeometryTypeEnum, ["eSPHERE", "ePLANE", "eCAPSULE", "eBOX", "eCONVEXCORE", "eCONVEXMESH",
        "ePARTICLESYSTEM", "eTETRAHEDRONMESH", "eTRIANGLEMESH", "eHEIGHTFIELD", "eCUSTOM"]);
    const d = { type: names[type] ?? String(type) };
    if (type === PhysX.PxGeometryTypeEnum.eBOX) {
        const h = PhysX.castObject(geometry, PhysX.PxBoxGeometry).halfExtents;
        d.extents = [2 * h.x, 2 * h.y, 2 * h.z].map(round);
    } else if (type === PhysX.PxGeometryTypeEnum.eSPHERE) {
        d.radius = round(PhysX.castObject(geometry, PhysX.PxSphereGeometry).radius);
    } else if (type === PhysX.PxGeometryTypeEnum.eCONVEXMESH) {
        d.vertices = PhysX.castObject(geometry, PhysX.PxConvexMeshGeometry).convexMesh.getNbVertices();
    } else if (type === PhysX.PxGeometryTypeEnum.eTRIANGLEMESH) {
        d.triangles = PhysX.castObject(geometry, PhysX.PxTriangleMeshGeometry).triangleMesh.getNbTriangles();
    }
    return d;
}

/// One shape as built: geometry, local pose, material as PhysX holds it, filter words, trigger or not.
function describeShape(engine, gltf, nodeIndex, shape) {
    const PhysX = engine.PhysX;
    const body = gltf.nodes[nodeIndex].extensions.KHR_physics_rigid_bodies ?? {};
    const trigger = shape.getFlags().isSet(PhysX.PxShapeFlagEnum.eTRIGGER_SHAPE);
    const collider = trigger ? body.trigger : body.collider;
    const material = collider?.physicsMaterial !== undefined ? engine.physXMaterials[collider.physicsMaterial] : engine.defaultMaterial;
    const combine = enumNames(PhysX.PxCombineModeEnum, ["eAVERAGE", "eMIN", "eMULTIPLY", "eMAX"]);
    const filter = shape.getSimulationFilterData();
    const pose = shape.getLocalPose();
    return {
        node: nodeIndex,
        ...geometryOf(engine, shape),
        trigger,
        translation: [pose.p.x, pose.p.y, pose.p.z].map(round),
        rotation: [pose.q.x, pose.q.y, pose.q.z, pose.q.w].map(round),
        material: material && {
            staticFriction: round(material.getStaticFriction()),
            dynamicFriction: round(material.getDynamicFriction()),
            restitution: round(material.getRestitution()),
            frictionCombine: combine[material.getFrictionCombineMode()] ?? null,
            restitutionCombine: combine[material.getRestitutionCombineMode()] ?? null,
        },
        membership: filter.word0 >>> 0,
        collideWith: filter.word1 >>> 0,
    };
}

/// A body as the engine holds it after the steps: motion type, mass properties, shapes and its pose.
export function describeActor(engine, gltf, index, { actor, pxShapeMap }) {
    const PhysX = engine.PhysX;
    const node = gltf.nodes[index];
    const motion = node.extensions.KHR_physics_rigid_bodies?.motion;
    const shapes = [...pxShapeMap.entries()].map(([n, s]) => describeShape(engine, gltf, n, s));
    const pose = actor.getGlobalPose();
    const out = {
        node: index,
        name: node.name ?? null,
        motion: motion ? (motion.isKinematic ? "kinematic" : "dynamic") : "static",
        colliders: shapes.filter((s) => !s.trigger).length,
        shapes,
        translation: [pose.p.x, pose.p.y, pose.p.z].map(round),
        rotation: [pose.q.x, pose.q.y, pose.q.z, pose.q.w].map(round),
    };
    if (motion) {
        const dynamic = PhysX.castObject(actor, PhysX.PxRigidDynamic);
        const inertia = dynamic.getMassSpaceInertiaTensor();
        const com = dynamic.getCMassLocalPose().p;
        const v = dynamic.getLinearVelocity();
        Object.assign(out, {
            mass: round(dynamic.getMass()),
            inertia: [inertia.x, inertia.y, inertia.z].map(round),
            centerOfMass: [com.x, com.y, com.z].map(round),
            angularDamping: round(dynamic.getAngularDamping()),
            linearVelocity: [v.x, v.y, v.z].map(round),
        });
    }
    return out;
}

/// Every PhysX joint made, per joint node: the motion of each D6 axis.
export function describeJoints(engine, gltf) {
    const PhysX = engine.PhysX;
    const motionNames = enumNames(PhysX.PxD6MotionEnum, ["eLOCKED", "eLIMITED", "eFREE"]);
    const axes = ["eX", "eY", "eZ", "eTWIST", "eSWING1", "eSWING2"];
    const out = [];
    for (const [index, joints] of engine.nodeToSimplifiedJoints.entries()) {
        const joint = gltf.nodes[index].extensions.KHR_physics_rigid_bodies.joint;
        for (const j of joints)
            out.push({
                node: index,
                connectedNode: joint.connectedNode,
                axes: Object.fromEntries(axes.map((a) => [a.slice(1).toLowerCase(), motionNames[j.getMotion(PhysX.PxD6AxisEnum[a])]])),
            });
    }
    return out;
}
