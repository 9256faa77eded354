#!/usr/bin/env python3
"""Writes msft_all.gltf (standard library only): every kind of MSFT_rigid_bodies + MSFT_collision_primitives
object, with values chosen for the tests in tests/physics/TestMsft.cpp. Written for this project from the
schema the Babylon loader's MSFT_rigid_bodies.ts (glTF_Physics_Babylon 0.6.0) declares; run again after
changing a case and commit the output."""
import base64
import json
import struct
from pathlib import Path

HERE = Path(__file__).parent

# A unit cube around the origin (8 corners, 12 triangles): the mesh of the convex and trimesh colliders.
CORNERS = [(x, y, z) for x in (-0.5, 0.5) for y in (-0.5, 0.5) for z in (-0.5, 0.5)]
FACES = [0, 1, 3, 0, 3, 2, 4, 6, 7, 4, 7, 5, 0, 4, 5, 0, 5, 1, 2, 3, 7, 2, 7, 6, 0, 2, 6, 0, 6, 4, 1, 5, 7, 1, 7, 3]


def cube_mesh():
    vertices = b"".join(struct.pack("<3f", *c) for c in CORNERS)
    indices = struct.pack("<36H", *FACES)
    data = vertices + indices
    return {
        "buffers": [{"byteLength": len(data),
                     "uri": "data:application/octet-stream;base64," + base64.b64encode(data).decode()}],
        "bufferViews": [{"buffer": 0, "byteLength": len(vertices), "target": 34962},
                        {"buffer": 0, "byteOffset": len(vertices), "byteLength": len(indices), "target": 34963}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 8, "type": "VEC3",
                       "min": [-0.5, -0.5, -0.5], "max": [0.5, 0.5, 0.5]},
                      {"bufferView": 1, "componentType": 5123, "count": 36, "type": "SCALAR"}],
        "meshes": [{"name": "Cube", "primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
    }

COLLIDERS = [
    {"type": "box", "box": {"size": [1.0, 2.0, 3.0]}},
    {"type": "sphere", "sphere": {"radius": 0.75}},
    {"type": "capsule", "capsule": {"height": 1.0, "radiusTop": 0.3, "radiusBottom": 0.3}},
    {"type": "cylinder", "cylinder": {"height": 2.0, "radiusTop": 0.1, "radiusBottom": 0.4}},
    {"type": "convex", "convex": {"mesh": 0}},
    {"type": "trimesh", "trimesh": {"mesh": 0}},
]
MATERIALS = [
    {"staticFriction": 0.8, "dynamicFriction": 0.6, "restitution": 0.25, "frictionCombine": "MINIMUM",
     "restitutionCombine": "MULTIPLY"},
    {"restitution": 0.1},  # the rest as the loader fills it in
]
FILTERS = [{"collisionSystems": ["props"], "collideWithSystems": ["world"]}]
JOINT_LIMITS = [{"limits": [
    {"linearAxes": [0, 1, 2], "min": 0.0, "max": 0.0},
    {"angularAxes": [0], "min": -0.5, "max": 1.0, "springConstant": 20.0, "springDamping": 0.5},
]}]


def body(**parts):
    return {"extensions": {"MSFT_rigid_bodies": parts}}


def build():
    doc = {"asset": {"version": "2.0", "generator": "collidoscope tests/data/physics/make_msft_files.py"},
           "extensionsUsed": ["MSFT_rigid_bodies", "MSFT_collision_primitives"],
           "scene": 0, "scenes": [{"nodes": [0, 1, 2, 3, 4, 5, 6]}]}
    doc.update(cube_mesh())
    doc["nodes"] = [
        {"name": "Crate", "children": [7], **body(
            motion={"mass": 4.0, "linearVelocity": [1.0, 0.0, 0.0], "gravityFactor": 0.5,
                    "extras": {"note": "crate"}},
            collider={"collider": 0, "physicsMaterial": 0, "collisionFilter": 0})},
        {"name": "Ball", "translation": [2.0, 0.0, 0.0], **body(
            motion={"isKinematic": True}, collider={"collider": 1})},
        {"name": "Pill", "translation": [4.0, 0.0, 0.0], **body(
            motion={"mass": 2.0}, collider={"collider": 2})},
        {"name": "Cone", "translation": [6.0, 0.0, 0.0], **body(
            collider={"collider": 3, "physicsMaterial": 1})},
        {"name": "Hull", "mesh": 0, "translation": [0.0, 0.0, 4.0], **body(
            motion={"mass": 3.0}, collider={"collider": 4})},
        {"name": "Soup", "mesh": 0, "translation": [2.0, 0.0, 4.0], **body(collider={"collider": 5})},
        {"name": "Zone", "translation": [0.0, 0.0, -4.0], **body(
            trigger={"collider": 1, "collisionFilter": 0})},
        {"name": "Hinge", "translation": [1.0, 0.0, 0.0], **body(
            joint={"connectedNode": 1, "jointLimits": 0, "enableCollision": True})},
    ]
    doc["extensions"] = {
        "MSFT_collision_primitives": {"colliders": COLLIDERS},
        "MSFT_rigid_bodies": {"physicsMaterials": MATERIALS, "collisionFilters": FILTERS,
                              "physicsJointLimits": JOINT_LIMITS},
    }
    return doc


if __name__ == "__main__":
    (HERE / "msft_all.gltf").write_text(json.dumps(build(), indent=2) + "\n")
