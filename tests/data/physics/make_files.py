#!/usr/bin/env python3
"""Writes the physics family fixtures of this folder (standard library only). Written for this project from
the KHR_physics_rigid_bodies / KHR_implicit_shapes and OMI_physics_* specifications; run again after changing a
case and commit the output."""
import base64
import json
import struct
from pathlib import Path

HERE = Path(__file__).parent

# A tetrahedron: 4 points, 4 triangles (the mesh of the convex and trimesh colliders).
POINTS = [(0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)]
INDICES = [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]


def mesh_parts():
    data = b"".join(struct.pack("<3f", *p) for p in POINTS) + struct.pack("<12H", *INDICES)
    uri = "data:application/octet-stream;base64," + base64.b64encode(data).decode()
    return {
        "buffers": [{"byteLength": len(data), "uri": uri}],
        "bufferViews": [
            {"buffer": 0, "byteOffset": 0, "byteLength": 48, "target": 34962},
            {"buffer": 0, "byteOffset": 48, "byteLength": 24, "target": 34963},
        ],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 1]},
            {"bufferView": 1, "componentType": 5123, "count": 12, "type": "SCALAR"},
        ],
        "meshes": [{"name": "Tetra", "primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
    }


FREE = None
LOCK3 = [0, 1, 2]


def limit(kind, axes, lo=0.0, hi=0.0, **extra):
    out = {kind: axes}
    if lo is not None:
        out["min"] = lo
    if hi is not None:
        out["max"] = hi
    out.update(extra)
    return out


# Every joint type built from limits and drives, as the KHR digest describes them.
JOINTS = [
    ("Fixed", {"limits": [limit("linearAxes", LOCK3), limit("angularAxes", LOCK3)]}),
    ("Hinge", {"limits": [limit("linearAxes", LOCK3), limit("angularAxes", [1, 2]),
                          limit("angularAxes", [0], -1.5, 1.5)]}),
    ("Slider", {"limits": [limit("linearAxes", [1, 2]), limit("linearAxes", [0], -1.0, 1.0),
                           limit("angularAxes", LOCK3)]}),
    ("BallSocket", {"limits": [limit("linearAxes", LOCK3)]}),
    ("ConeTwist", {"limits": [limit("linearAxes", LOCK3), limit("angularAxes", [1, 2], None, 0.5),
                              limit("angularAxes", [0], -0.3, 0.3, stiffness=20.0, damping=0.5)]}),
    ("SixDof", {"limits": [limit("linearAxes", [0], -0.5, 0.5, stiffness=100.0, damping=2.0),
                           limit("angularAxes", [2], -0.75, 0.75)],
                "drives": [{"type": "linear", "mode": "force", "axis": 0, "maxForce": 50.0,
                            "positionTarget": 0.25, "stiffness": 30.0, "damping": 1.5},
                           {"type": "angular", "mode": "acceleration", "axis": 1, "velocityTarget": 2.0,
                            "damping": 0.8}]}),
]

MATERIALS = [
    {"staticFriction": 0.8, "dynamicFriction": 0.5, "restitution": 0.1, "frictionCombine": "minimum",
     "restitutionCombine": "maximum"},
    {"staticFriction": 0.3, "dynamicFriction": 0.2, "restitution": 0.6, "frictionCombine": "multiply",
     "restitutionCombine": "average"},
]
FILTERS = [
    {"collisionSystems": ["props"], "collideWithSystems": ["world", "props"]},
    {"collisionSystems": ["ghosts"], "notCollideWithSystems": ["props"]},
]

# name, type, explicit parameters (OMI and KHR defaults differ, so every parameter is written)
SHAPES = [
    ("box", {"size": [1.0, 0.5, 2.0]}),
    ("sphere", {"radius": 0.25}),
    ("capsule", {"height": 0.8, "radiusBottom": 0.2, "radiusTop": 0.2}),
    ("cylinder", {"height": 1.2, "radiusBottom": 0.4, "radiusTop": 0.1}),
    ("cylinder", {"height": 0.6, "radiusBottom": 0.3, "radiusTop": 0.0}),  # a cone
]
PLANES = [{"doubleSided": False}, {"sizeX": 4.0, "sizeZ": 2.0, "doubleSided": True}]


def build(family, geometry_key="mesh", with_planes=True, joint_key="physicsJoints"):
    khr = family == "khr"
    body_ext = "KHR_physics_rigid_bodies" if khr else "OMI_physics_body"
    shapes = [{"type": t, t: dict(p)} for t, p in SHAPES]
    if with_planes:
        shapes += [{"type": "plane", "plane": dict(p)} for p in PLANES]
    doc = {"asset": {"version": "2.0", "generator": "collidoscope tests/data/physics/make_files.py"},
           "scene": 0, "scenes": [{"nodes": []}], "nodes": []}
    doc.update(mesh_parts())
    nodes = doc["nodes"]

    def add(node):
        nodes.append(node)
        return len(nodes) - 1

    def ext(node, value, name=body_ext):
        node.setdefault("extensions", {})[name] = value

    def motion(mass, kinematic=False):
        if khr:
            m = {"mass": mass}
            if kinematic:
                m["isKinematic"] = True
            return m
        return {"type": "kinematic" if kinematic else "dynamic", "mass": mass}

    def collider(shape=None, mesh=None, convex=False, node=None, material=None, flt=None):
        if khr:
            if shape is not None:
                geometry = {"shape": shape}
            elif geometry_key == "node":
                geometry = {"node": node}
            else:
                geometry = {"mesh": mesh}
            if mesh is not None or node is not None:
                geometry["convexHull"] = convex
            c = {"geometry": geometry}
        else:
            c = {"shape": shape}
        if material is not None:
            c["physicsMaterial"] = material
        if flt is not None:
            c["collisionFilter"] = flt
        return c

    roots = doc["scenes"][0]["nodes"]
    omi_mesh_shapes = {}

    def mesh_shape(convex):
        # OMI: mesh geometry is a convex/trimesh shape in the shapes list.
        key = "convex" if convex else "trimesh"
        if key not in omi_mesh_shapes:
            shapes.append({"type": key, key: {"mesh": 0}})
            omi_mesh_shapes[key] = len(shapes) - 1
        return omi_mesh_shapes[key]

    # Static ground: the infinite plane (KHR) with material 0.
    if with_planes:
        ground = add({"name": "Ground"})
        ext(nodes[ground], {"collider": collider(shape=5, material=0)})
        roots.append(ground)
        pad = add({"name": "Pad", "translation": [6.0, 0.0, 0.0]})
        ext(nodes[pad], {"collider": collider(shape=6, material=1, flt=0)})
        roots.append(pad)

    # One pair of bodies per joint type, side by side along Z; the joint sits on its own child node of body A.
    descriptions = []
    for i, (name, description) in enumerate(JOINTS):
        z = 3.0 * i
        a = add({"name": name + "A", "translation": [0.0, 2.0, z]})
        ext(nodes[a], {"motion": motion(2.0 + i), "collider": collider(shape=i % 5, material=i % 2, flt=0)})
        b = add({"name": name + "B", "translation": [1.5, 2.0, z]})
        ext(nodes[b], {"motion": motion(1.0, kinematic=(i == 0)), "collider": collider(shape=(i + 1) % 5)})
        j = add({"name": name + "Joint", "translation": [0.75, 0.0, 0.0]})
        nodes[a]["children"] = [j]
        joint = {"connectedNode": b, "joint": i}
        if i == 5:
            joint["enableCollision"] = True
        if khr:
            ext(nodes[j], {"joint": joint})
        else:
            ext(nodes[j], joint, "OMI_physics_joint")
        roots += [a, b]
        descriptions.append(description)

    # Mesh colliders: a convex hull on a dynamic body and a static trimesh.
    hull = add({"name": "Hull", "mesh": 0, "translation": [-3.0, 1.0, 0.0]})
    soup = add({"name": "Soup", "mesh": 0, "translation": [-3.0, 0.0, 3.0]})
    if khr:
        ext(nodes[hull], {"motion": motion(3.0), "collider": collider(mesh=0, convex=True, node=hull)})
        ext(nodes[soup], {"collider": collider(mesh=0, convex=False, node=soup, material=1)})
    else:
        ext(nodes[hull], {"motion": motion(3.0), "collider": collider(shape=mesh_shape(True))})
        ext(nodes[soup], {"collider": collider(shape=mesh_shape(False), material=1)})
    roots += [hull, soup]

    # A compound trigger of two descendant triggers, and a trigger with a filter.
    zone = add({"name": "Zone", "translation": [0.0, 0.0, -4.0]})
    za = add({"name": "ZoneA", "translation": [0.5, 0.0, 0.0]})
    zb = add({"name": "ZoneB", "translation": [-0.5, 0.0, 0.0]})
    nodes[zone]["children"] = [za, zb]
    trig = (lambda s, f=None: {"geometry": {"shape": s}, **({"collisionFilter": f} if f is not None else {})}) if khr \
        else (lambda s, f=None: {"shape": s, **({"collisionFilter": f} if f is not None else {})})
    ext(nodes[zone], {"trigger": {"nodes": [za, zb]}})
    ext(nodes[za], {"trigger": trig(1, 1)})
    ext(nodes[zb], {"trigger": trig(0)})
    roots.append(zone)

    if khr:
        doc["extensions"] = {
            "KHR_implicit_shapes": {"shapes": shapes},
            "KHR_physics_rigid_bodies": {"physicsMaterials": MATERIALS, "collisionFilters": FILTERS,
                                         "physicsJoints": descriptions}}
        doc["extensionsUsed"] = ["KHR_implicit_shapes", "KHR_physics_rigid_bodies"]
    else:
        doc["extensions"] = {
            "OMI_physics_shape": {"shapes": shapes},
            "OMI_physics_body": {"physicsMaterials": MATERIALS, "collisionFilters": FILTERS},
            "OMI_physics_joint": {joint_key: descriptions}}
        doc["extensionsUsed"] = ["OMI_physics_shape", "OMI_physics_body", "OMI_physics_joint"]
    return doc


def write(name, doc):
    (HERE / name).write_text(json.dumps(doc, indent=1) + "\n")


write("khr_all.gltf", build("khr"))
write("khr_geometry_node.gltf", build("khr", geometry_key="node"))
write("omi_all.gltf", build("omi", with_planes=False))
write("omi_constraints_key.gltf", build("omi", with_planes=False, joint_key="constraints"))
