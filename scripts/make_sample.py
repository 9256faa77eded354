#!/usr/bin/env python3
"""Writes resources/sample/sample.glb, the scene Collidoscope opens when it is started without a file.

The scene exercises every part of the newest OMI physics spec (OMI_physics_body + OMI_physics_shape, the
2025-01 era with the mid-height capsule), so the sample doubles as a smoke test of the importer, the overlays and
the inspector. Python standard library only, so that regenerating it needs nothing beyond a Python 3.

    python3 scripts/make_sample.py            # writes resources/sample/sample.glb
    python3 scripts/make_sample.py -o x.glb   # writes elsewhere

The output is byte-for-byte deterministic: the only randomness (the rock's surface) comes from a seeded generator,
and every list is built in a fixed order. Before writing, the script checks the document it built (shape
parameters, index ranges, references, the hull's convexity, mesh winding, scene layout) and refuses to write a
file that fails.
"""

import argparse
import json
import math
import pathlib
import random
import struct
import sys

REPO = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO / "resources" / "sample" / "sample.glb"

FLOAT = 5126
UNSIGNED_SHORT = 5123
UNSIGNED_INT = 5125
ARRAY_BUFFER = 34962
ELEMENT_ARRAY_BUFFER = 34963

# Engines such as PhysX and Unity cap convex hulls at 255 points; the spec dropped its own limit in 2023, but a
# sample that silently got simplified on import would be a poor demonstration.
HULL_POINT_LIMIT = 255


# --------------------------------------------------------------------------------------------------------------------
# Small vector helpers (tuples of floats; the scene is tiny, so clarity beats speed).

def add(a, b):
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def sub(a, b):
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def scale(a, s):
    return (a[0] * s, a[1] * s, a[2] * s)


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def length(a):
    return math.sqrt(dot(a, a))


def normalize(a):
    n = length(a)
    return (a[0] / n, a[1] / n, a[2] / n)


def f32(x):
    """The value a float32 in the BIN chunk will hold, so checks and min/max see exactly what readers see."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def f32v(v):
    return (f32(v[0]), f32(v[1]), f32(v[2]))


def quat_axis_angle(axis, degrees):
    half = math.radians(degrees) / 2.0
    x, y, z = normalize(axis)
    s = math.sin(half)
    return (x * s, y * s, z * s, math.cos(half))


def quat_rotate(q, v):
    qv = (q[0], q[1], q[2])
    t = scale(cross(qv, v), 2.0)
    return add(add(v, scale(t, q[3])), cross(qv, t))


def rounded(v, digits=6):
    # Short decimals keep the JSON readable in the inspector; +0.0 avoids "-0.0" noise.
    return [round(x, digits) + 0.0 for x in v]


# --------------------------------------------------------------------------------------------------------------------
# Render meshes. Each generator returns a MeshData in the node's local space with per-vertex normals.

class MeshData:
    def __init__(self):
        self.positions = []
        self.normals = []
        self.indices = []

    def vertex(self, p, n):
        self.positions.append(f32v(p))
        self.normals.append(f32v(normalize(n)))
        return len(self.positions) - 1

    def tri(self, a, b, c):
        # Generators only promise correct normals; winding is derived from them so that no generator has to get
        # the counter-clockwise order right by hand in every branch.
        pa, pb, pc = self.positions[a], self.positions[b], self.positions[c]
        geometric = cross(sub(pb, pa), sub(pc, pa))
        wanted = add(add(self.normals[a], self.normals[b]), self.normals[c])
        if dot(geometric, wanted) < 0.0:
            b, c = c, b
        self.indices.extend((a, b, c))

    def quad(self, a, b, c, d):
        self.tri(a, b, c)
        self.tri(a, c, d)


def box_mesh(size):
    hx, hy, hz = size[0] / 2.0, size[1] / 2.0, size[2] / 2.0
    m = MeshData()
    # Four vertices per face so that every face keeps its own flat normal.
    for axis in range(3):
        for sign in (1.0, -1.0):
            n = [0.0, 0.0, 0.0]
            n[axis] = sign
            u_axis, v_axis = (axis + 1) % 3, (axis + 2) % 3
            corners = []
            for su, sv in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                p = [0.0, 0.0, 0.0]
                p[axis] = sign
                p[u_axis] = float(su)
                p[v_axis] = float(sv)
                corners.append(m.vertex((p[0] * hx, p[1] * hy, p[2] * hz), tuple(n)))
            m.quad(*corners)
    return m


def capsule_mesh(radius, mid_height, segments=24, rings=8):
    """A capsule along Y whose hemisphere centres are mid_height apart; mid_height 0 gives a UV sphere."""
    m = MeshData()
    half = mid_height / 2.0
    # (latitude, y offset of the hemisphere centre) for each ring, top to bottom. A capsule needs the equator twice
    # (once per hemisphere) to form its straight side; a sphere needs it once.
    lat_rings = [(90.0 - k * 90.0 / rings, half) for k in range(1, rings + 1)]
    start = 0 if mid_height > 0.0 else 1
    lat_rings += [(-k * 90.0 / rings, -half) for k in range(start, rings)]
    top = m.vertex((0.0, half + radius, 0.0), (0.0, 1.0, 0.0))
    ring_ids = []
    for lat, yoff in lat_rings:
        cl, sl = math.cos(math.radians(lat)), math.sin(math.radians(lat))
        ids = []
        for s in range(segments):
            a = 2.0 * math.pi * s / segments
            n = (cl * math.cos(a), sl, cl * math.sin(a))
            ids.append(m.vertex((n[0] * radius, n[1] * radius + yoff, n[2] * radius), n))
        ring_ids.append(ids)
    bottom = m.vertex((0.0, -half - radius, 0.0), (0.0, -1.0, 0.0))
    # Poles are fans rather than collapsed quads, so no triangle is degenerate.
    for s in range(segments):
        t = (s + 1) % segments
        m.tri(top, ring_ids[0][s], ring_ids[0][t])
        m.tri(bottom, ring_ids[-1][t], ring_ids[-1][s])
    for r in range(len(ring_ids) - 1):
        up, down = ring_ids[r], ring_ids[r + 1]
        for s in range(segments):
            t = (s + 1) % segments
            m.quad(up[s], up[t], down[t], down[s])
    return m


def cylinder_mesh(radius, height, segments=24):
    m = MeshData()
    h = height / 2.0
    side_top, side_bottom, cap_top, cap_bottom = [], [], [], []
    for s in range(segments):
        a = 2.0 * math.pi * s / segments
        x, z = math.cos(a), math.sin(a)
        side_top.append(m.vertex((x * radius, h, z * radius), (x, 0.0, z)))
        side_bottom.append(m.vertex((x * radius, -h, z * radius), (x, 0.0, z)))
        cap_top.append(m.vertex((x * radius, h, z * radius), (0.0, 1.0, 0.0)))
        cap_bottom.append(m.vertex((x * radius, -h, z * radius), (0.0, -1.0, 0.0)))
    centre_top = m.vertex((0.0, h, 0.0), (0.0, 1.0, 0.0))
    centre_bottom = m.vertex((0.0, -h, 0.0), (0.0, -1.0, 0.0))
    for s in range(segments):
        t = (s + 1) % segments
        m.quad(side_top[s], side_top[t], side_bottom[t], side_bottom[s])
        m.tri(centre_top, cap_top[s], cap_top[t])
        m.tri(centre_bottom, cap_bottom[t], cap_bottom[s])
    return m


def rock_points_and_faces(seed=7, subdivisions=2):
    """A noisy icosphere: unique corner positions plus outward-wound triangles over them.

    An icosphere rather than a UV sphere, because its evenly spread vertices make a lumpy but believable rock
    after radial noise, and subdivision 2 (162 points) keeps the hull far below the 255-point engine limit.
    """
    phi = (1.0 + math.sqrt(5.0)) / 2.0
    verts = [normalize(v) for v in (
        (-1, phi, 0), (1, phi, 0), (-1, -phi, 0), (1, -phi, 0),
        (0, -1, phi), (0, 1, phi), (0, -1, -phi), (0, 1, -phi),
        (phi, 0, -1), (phi, 0, 1), (-phi, 0, -1), (-phi, 0, 1))]
    faces = [(0, 11, 5), (0, 5, 1), (0, 1, 7), (0, 7, 10), (0, 10, 11),
             (1, 5, 9), (5, 11, 4), (11, 10, 2), (10, 7, 6), (7, 1, 8),
             (3, 9, 4), (3, 4, 2), (3, 2, 6), (3, 6, 8), (3, 8, 9),
             (4, 9, 5), (2, 4, 11), (6, 2, 10), (8, 6, 7), (9, 8, 1)]
    # Orient once on the unit sphere, where "normal points away from the centre" is exact; subdivision and the
    # radial noise below keep that orientation.
    oriented = []
    for a, b, c in faces:
        n = cross(sub(verts[b], verts[a]), sub(verts[c], verts[a]))
        oriented.append((a, b, c) if dot(n, verts[a]) > 0.0 else (a, c, b))
    faces = oriented
    for _ in range(subdivisions):
        midpoint = {}

        def mid(i, j):
            key = (min(i, j), max(i, j))
            if key not in midpoint:
                verts.append(normalize(scale(add(verts[i], verts[j]), 0.5)))
                midpoint[key] = len(verts) - 1
            return midpoint[key]

        refined = []
        for a, b, c in faces:
            ab, bc, ca = mid(a, b), mid(b, c), mid(c, a)
            refined += [(a, ab, ca), (b, bc, ab), (c, ca, bc), (ab, bc, ca)]
        faces = refined
    rng = random.Random(seed)
    points = []
    for v in verts:
        # Low-frequency lobes give the rock its overall lumpiness; the seeded jitter chips the surface.
        lobes = 0.10 * math.sin(3.1 * v[0] + 0.4) * math.cos(2.3 * v[2] - 0.7) + 0.07 * math.sin(4.7 * v[1] + 1.3)
        r = 1.0 + lobes + rng.uniform(-0.06, 0.06)
        points.append(f32v((v[0] * r * 0.95, v[1] * r * 0.62, v[2] * r * 0.78)))
    return points, faces


def rock_mesh(points, faces):
    m = MeshData()
    for a, b, c in faces:
        # Flat shading: a faceted look reads as stone, and each facet keeps its own normal.
        n = cross(sub(points[b], points[a]), sub(points[c], points[a]))
        ia, ib, ic = m.vertex(points[a], n), m.vertex(points[b], n), m.vertex(points[c], n)
        m.indices.extend((ia, ib, ic))
    return m


def arch_mesh(inner=1.5, outer=2.5, leg=1.0, depth=1.2, segments=16):
    """A round arch in the XY plane, extruded along Z: two legs of height `leg` under a half annulus.

    The cross-section is walked as stations from the foot of the left leg, over the top, to the foot of the right
    leg; each station has an inner and an outer point and the normals the intrados/extrados have there.
    """
    stations = [((-inner, 0.0), (-outer, 0.0), (1.0, 0.0), (-1.0, 0.0))]
    for k in range(segments + 1):
        a = math.pi - math.pi * k / segments
        c, s = math.cos(a), math.sin(a)
        stations.append(((inner * c, leg + inner * s), (outer * c, leg + outer * s), (-c, -s), (c, s)))
    stations.append(((inner, 0.0), (outer, 0.0), (-1.0, 0.0), (1.0, 0.0)))
    hz = depth / 2.0
    m = MeshData()
    for face_z in (hz, -hz):
        # Front and back: flat, one normal for the whole face.
        n = (0.0, 0.0, 1.0 if face_z > 0 else -1.0)
        ids = [(m.vertex((i[0], i[1], face_z), n), m.vertex((o[0], o[1], face_z), n)) for i, o, _, _ in stations]
        for k in range(len(ids) - 1):
            m.quad(ids[k][0], ids[k][1], ids[k + 1][1], ids[k + 1][0])
    for which in (0, 1):
        # Intrados (0) and extrados (1): smooth along the curve, since both legs meet the arc tangentially.
        ids = []
        for st in stations:
            p, n = st[which], st[2 + which]
            ids.append((m.vertex((p[0], p[1], hz), (n[0], n[1], 0.0)),
                        m.vertex((p[0], p[1], -hz), (n[0], n[1], 0.0))))
        for k in range(len(ids) - 1):
            m.quad(ids[k][0], ids[k + 1][0], ids[k + 1][1], ids[k][1])
    for st in (stations[0], stations[-1]):
        # The feet close the solid, so the welded copy below is a watertight trimesh.
        i, o = st[0], st[1]
        n = (0.0, -1.0, 0.0)
        m.quad(m.vertex((i[0], 0.0, hz), n), m.vertex((o[0], 0.0, hz), n),
               m.vertex((o[0], 0.0, -hz), n), m.vertex((i[0], 0.0, -hz), n))
    return m


def weld(mesh):
    """Positions and triangles with duplicate positions merged: the shape of a render mesh, without its seams.

    A collision trimesh wants shared vertices so that engines see one connected surface (no internal edges at
    the render mesh's hard-edge seams).
    """
    lookup, positions, remap = {}, [], []
    for p in mesh.positions:
        if p not in lookup:
            lookup[p] = len(positions)
            positions.append(p)
        remap.append(lookup[p])
    indices = [remap[i] for i in mesh.indices]
    return positions, indices


# --------------------------------------------------------------------------------------------------------------------
# Convex hull (incremental). Returns the hull as its own vertex list plus outward-wound triangles over it.

def convex_hull(points):
    pts = list(points)
    extent = max(max(abs(c) for c in p) for p in pts)
    # Points closer than this to a face plane count as on it: adding them would only create slivers.
    eps = 1e-9 * max(extent, 1.0)

    def plane(a, b, c):
        n = cross(sub(pts[b], pts[a]), sub(pts[c], pts[a]))
        return n, dot(n, pts[a])

    def above(face, p):
        n, d = face[3]
        return dot(n, pts[p]) - d > eps * length(n)

    # Seed tetrahedron from well-separated points, so the first faces are not near-degenerate.
    i0 = min(range(len(pts)), key=lambda i: pts[i])
    i1 = max(range(len(pts)), key=lambda i: length(sub(pts[i], pts[i0])))
    i2 = max(range(len(pts)), key=lambda i: length(cross(sub(pts[i1], pts[i0]), sub(pts[i], pts[i0]))))
    n012 = cross(sub(pts[i1], pts[i0]), sub(pts[i2], pts[i0]))
    i3 = max(range(len(pts)), key=lambda i: abs(dot(n012, sub(pts[i], pts[i0]))))
    if abs(dot(n012, sub(pts[i3], pts[i0]))) <= eps * length(n012):
        raise ValueError("hull input is flat")
    centre = scale(add(add(pts[i0], pts[i1]), add(pts[i2], pts[i3])), 0.25)

    def make_face(a, b, c):
        n, d = plane(a, b, c)
        # Wind each face so its normal points away from the seed's interior; every later face inherits the
        # orientation through the horizon edges, so the whole hull stays outward.
        if dot(n, centre) - d > 0.0:
            b, c = c, b
            n, d = plane(a, b, c)
        return [a, b, c, (n, d)]

    faces = [make_face(i0, i1, i2), make_face(i0, i1, i3), make_face(i0, i2, i3), make_face(i1, i2, i3)]
    seed = {i0, i1, i2, i3}
    for p in range(len(pts)):
        if p in seed:
            continue
        visible = [f for f in faces if above(f, p)]
        if not visible:
            continue
        edges = set()
        for f in visible:
            edges.update(((f[0], f[1]), (f[1], f[2]), (f[2], f[0])))
        # An edge of the visible region whose twin is not also visible lies on the horizon.
        horizon = [e for f in visible for e in ((f[0], f[1]), (f[1], f[2]), (f[2], f[0])) if (e[1], e[0]) not in edges]
        visible_ids = {id(f) for f in visible}
        faces = [f for f in faces if id(f) not in visible_ids]
        for a, b in horizon:
            n, d = plane(a, b, p)
            faces.append([a, b, p, (n, d)])
    used = []
    index_of = {}
    triangles = []
    for f in faces:
        tri = []
        for v in f[:3]:
            if v not in index_of:
                index_of[v] = len(used)
                used.append(pts[v])
            tri.append(index_of[v])
        triangles.extend(tri)
    return used, triangles


# --------------------------------------------------------------------------------------------------------------------
# glTF/GLB writer.

class Gltf:
    def __init__(self):
        self.doc = {
            "asset": {"version": "2.0", "generator": "Collidoscope scripts/make_sample.py"},
            "extensionsUsed": ["OMI_physics_body", "OMI_physics_shape"],
            "extensions": {
                "OMI_physics_shape": {"shapes": []},
                "OMI_physics_body": {"physicsMaterials": [], "collisionFilters": []},
            },
            "scene": 0,
            "scenes": [{"name": "Collidoscope sample", "nodes": []}],
            "nodes": [],
            "meshes": [],
            "materials": [],
            "accessors": [],
            "bufferViews": [],
            "buffers": [{"byteLength": 0}],
        }
        self.bin = bytearray()
        self._accessor_cache = {}

    # -- binary data

    def _accessor(self, data, target, component, acc_type, count, bounds=None):
        # Identical arrays (box normals, box indices) are stored once; sharing accessors is ordinary glTF and keeps
        # the sample small.
        key = (bytes(data), target, component, acc_type)
        if key in self._accessor_cache:
            return self._accessor_cache[key]
        offset = len(self.bin)
        self.bin += data
        self.bin += b"\0" * (-len(self.bin) % 4)
        self.doc["bufferViews"].append({"buffer": 0, "byteOffset": offset, "byteLength": len(data), "target": target})
        acc = {"bufferView": len(self.doc["bufferViews"]) - 1, "componentType": component, "count": count,
               "type": acc_type}
        if bounds is not None:
            acc["min"], acc["max"] = bounds
        self.doc["accessors"].append(acc)
        index = len(self.doc["accessors"]) - 1
        self._accessor_cache[key] = index
        return index

    def vec3(self, values, with_bounds):
        flat = [c for v in values for c in v]
        bounds = None
        if with_bounds:
            # Exact float32 values: the validator compares min/max with the stored floats.
            bounds = ([min(v[i] for v in values) for i in range(3)], [max(v[i] for v in values) for i in range(3)])
        return self._accessor(struct.pack("<%df" % len(flat), *flat), ARRAY_BUFFER, FLOAT, "VEC3", len(values), bounds)

    def indices(self, idx, vertex_count):
        # uint16 while every index fits below the restart value 65535, which glTF forbids as an index.
        if vertex_count <= 65535:
            data, component = struct.pack("<%dH" % len(idx), *idx), UNSIGNED_SHORT
        else:
            data, component = struct.pack("<%dI" % len(idx), *idx), UNSIGNED_INT
        return self._accessor(data, ELEMENT_ARRAY_BUFFER, component, "SCALAR", len(idx))

    # -- document objects

    def material(self, name, rgb, metallic=0.0, roughness=0.8):
        pbr = {"baseColorFactor": rounded(list(rgb) + [1.0], 4), "metallicFactor": metallic,
               "roughnessFactor": roughness}
        self.doc["materials"].append({"name": name, "pbrMetallicRoughness": pbr})
        return len(self.doc["materials"]) - 1

    def render_mesh(self, name, mesh, material):
        prim = {"attributes": {"POSITION": self.vec3(mesh.positions, True), "NORMAL": self.vec3(mesh.normals, False)},
                "indices": self.indices(mesh.indices, len(mesh.positions)), "material": material, "mode": 4}
        self.doc["meshes"].append({"name": name, "primitives": [prim]})
        return len(self.doc["meshes"]) - 1

    def collision_mesh(self, name, positions, indices):
        # Only what a physics importer reads: one triangle primitive, positions and indices, no material.
        prim = {"attributes": {"POSITION": self.vec3(positions, True)},
                "indices": self.indices(indices, len(positions)), "mode": 4}
        self.doc["meshes"].append({"name": name, "primitives": [prim]})
        return len(self.doc["meshes"]) - 1

    def shape(self, shape_type, params, name):
        shapes = self.doc["extensions"]["OMI_physics_shape"]["shapes"]
        shapes.append({"name": name, "type": shape_type, shape_type: params})
        return len(shapes) - 1

    def physics_material(self, **props):
        mats = self.doc["extensions"]["OMI_physics_body"]["physicsMaterials"]
        mats.append(props)
        return len(mats) - 1

    def collision_filter(self, **props):
        filters = self.doc["extensions"]["OMI_physics_body"]["collisionFilters"]
        filters.append(props)
        return len(filters) - 1

    def node(self, name, parent=None, translation=None, rotation=None, mesh=None, body=None):
        node = {"name": name}
        if translation is not None and any(abs(c) > 1e-12 for c in translation):
            node["translation"] = rounded(translation)
        if rotation is not None:
            node["rotation"] = rounded(rotation, 9)
        if mesh is not None:
            node["mesh"] = mesh
        if body:
            node["extensions"] = {"OMI_physics_body": body}
        self.doc["nodes"].append(node)
        index = len(self.doc["nodes"]) - 1
        if parent is None:
            self.doc["scenes"][0]["nodes"].append(index)
        else:
            self.doc["nodes"][parent].setdefault("children", []).append(index)
        return index

    def glb(self):
        self.doc["buffers"][0]["byteLength"] = len(self.bin)
        text = json.dumps(self.doc, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        text += b" " * (-len(text) % 4)
        binary = bytes(self.bin) + b"\0" * (-len(self.bin) % 4)
        total = 12 + 8 + len(text) + 8 + len(binary)
        return (struct.pack("<4sII", b"glTF", 2, total)
                + struct.pack("<II", len(text), 0x4E4F534A) + text
                + struct.pack("<II", len(binary), 0x004E4942) + binary)


# --------------------------------------------------------------------------------------------------------------------
# The scene. Y is up, the floor's top is y = 0, +Z faces a viewer standing at the 3/4 corner (+X, +Y, +Z).

def build_scene():
    g = Gltf()
    hull_sources = {}  # shape mesh index -> the render points it must enclose (checked later)

    # Physics materials. Combine modes resolve by precedence (average, then minimum, then maximum, then multiply),
    # so a mode only takes effect against a material that does not average. The ball shows both directions: on the
    # ice ramp the ice's "minimum" friction beats rubber's "maximum" (it slides), while rubber's "maximum"
    # restitution beats the ice's "multiply" (it still bounces). Wood spells out the defaults.
    ice = g.physics_material(name="Ice", staticFriction=0.05, dynamicFriction=0.02, restitution=0.05,
                             frictionCombine="minimum", restitutionCombine="multiply")
    rubber = g.physics_material(name="Rubber", staticFriction=0.9, dynamicFriction=0.8, restitution=0.85,
                                frictionCombine="maximum", restitutionCombine="maximum")
    wood = g.physics_material(name="Wood", staticFriction=0.5, dynamicFriction=0.4, restitution=0.1,
                              frictionCombine="average", restitutionCombine="average")

    # Collision filters, chosen so the pairwise rule (both sides must allow) gives a coherent story: debris never
    # blocks the player, and the trigger zone reports only the player. The sensor is a member of no system, so the
    # player's filter must not use collideWithSystems, or it would never be seen by the sensor.
    world = g.collision_filter(name="World", collisionSystems=["world"])
    player = g.collision_filter(name="Player", collisionSystems=["player"])
    debris = g.collision_filter(name="Debris", collisionSystems=["debris"], notCollideWithSystems=["player"])
    player_sensor = g.collision_filter(name="Player Sensor", collideWithSystems=["player"])

    def body(motion=None, collider=None, trigger=None):
        b = {}
        if motion is not None:
            b["motion"] = motion
        if collider is not None:
            b["collider"] = collider
        if trigger is not None:
            b["trigger"] = trigger
        return b

    def box(name, size, rgb, material_name=None, roughness=0.8, metallic=0.0):
        mat = g.material(material_name or name, rgb, metallic, roughness)
        return g.render_mesh(name, box_mesh(size), mat), g.shape("box", {"size": rounded(size)}, name)

    # Floor: 20 m square, static because nothing above it has motion (the implicit-static case).
    floor_mesh, floor_shape = box("Floor", (20.0, 0.5, 20.0), (0.36, 0.38, 0.42))
    g.node("Floor", translation=(0.0, -0.25, 0.0), mesh=floor_mesh,
           body=body(collider={"shape": floor_shape, "collisionFilter": world}))

    # Ramp: a box collider on a rotated node, the case where an importer must apply the node rotation to the shape.
    # It rises towards -X so the ball at its top rolls towards the crates.
    ramp_size = (6.0, 0.3, 3.0)
    ramp_rot = quat_axis_angle((0.0, 0.0, 1.0), -15.0)
    corners = [quat_rotate(ramp_rot, (sx * ramp_size[0] / 2, sy * ramp_size[1] / 2, sz * ramp_size[2] / 2))
               for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
    ramp_pos = (-5.5, -min(c[1] for c in corners), -6.0)  # lowest edge resting on the floor
    ramp_mesh, ramp_shape = box("Ramp", ramp_size, (0.62, 0.84, 0.96), "Ramp Ice", roughness=0.15)
    ramp = g.node("Ramp", translation=ramp_pos, rotation=ramp_rot, mesh=ramp_mesh,
                  body=body(collider={"shape": ramp_shape, "physicsMaterial": ice, "collisionFilter": world}))

    # Crates: motion, collider and mesh on one node, the compact form the spec also allows.
    crate_specs = [("Crate 1", 1.0, (1.4, 0.5, -5.3), 0.0, 20.0, (0.72, 0.50, 0.28)),
                   ("Crate 2", 1.0, (2.55, 0.5, -5.1), 12.0, 20.0, (0.58, 0.38, 0.20)),
                   ("Crate 3", 0.7, (1.95, 1.35, -5.2), -20.0, 8.0, (0.85, 0.66, 0.38))]
    for name, edge, pos, yaw, mass, rgb in crate_specs:
        mesh, shape = box(name, (edge, edge, edge), rgb)
        rot = quat_axis_angle((0.0, 1.0, 0.0), yaw) if yaw else None
        g.node(name, translation=pos, rotation=rot, mesh=mesh,
               body=body(motion={"type": "dynamic", "mass": mass},
                         collider={"shape": shape, "physicsMaterial": wood, "collisionFilter": debris}))

    # Ball: body node plus a child collider node (the recommended split). It starts on the ramp's upper end,
    # already rolling downhill: the angular velocity matches the linear one (no slip), so a simulation starts
    # without a sudden skid.
    radius = 0.4
    up = quat_rotate(ramp_rot, (0.0, 1.0, 0.0))
    downhill = quat_rotate(ramp_rot, (1.0, 0.0, 0.0))
    on_ramp = add(ramp_pos, quat_rotate(ramp_rot, (-2.2, ramp_size[1] / 2.0, 0.3)))
    ball_pos = add(on_ramp, scale(up, radius))
    velocity = scale(downhill, 3.0)
    spin = scale(cross(up, velocity), 1.0 / radius)
    ball = g.node("Ball", translation=ball_pos,
                  body=body(motion={"type": "dynamic", "mass": 0.6, "linearVelocity": rounded(velocity, 4),
                                    "angularVelocity": rounded(spin, 4), "gravityFactor": 0.8}))
    ball_red = g.material("Ball Red", (0.90, 0.16, 0.12), 0.0, 0.4)
    ball_mesh = g.render_mesh("Ball", capsule_mesh(radius, 0.0, 32, 12), ball_red)
    g.node("Ball Collider", parent=ball, mesh=ball_mesh,
           body=body(collider={"shape": g.shape("sphere", {"radius": radius}, "Ball"), "physicsMaterial": rubber}))

    # Character: kinematic, origin at the feet as character controllers expect. The capsule's `height` is the
    # newest spec's MID height (between hemisphere centres): 1.0 + 0.4 + 0.4 = 1.8 m overall.
    cap_r, cap_mid = 0.4, 1.0
    character = g.node("Character", translation=(3.0, 0.0, 5.5),
                       rotation=quat_axis_angle((0.0, 1.0, 0.0), 35.0),
                       body=body(motion={"type": "kinematic"}))
    char_mesh = g.render_mesh("Character", capsule_mesh(cap_r, cap_mid),
                              g.material("Character Blue", (0.20, 0.45, 0.90), 0.0, 0.5))
    g.node("Character Collider", parent=character, translation=(0.0, cap_mid / 2.0 + cap_r, 0.0), mesh=char_mesh,
           body=body(collider={"shape": g.shape("capsule", {"height": cap_mid, "radiusBottom": cap_r,
                                                            "radiusTop": cap_r}, "Character"),
                               "collisionFilter": player}))

    # Rock: dynamic, rendered with its faceted mesh but colliding through a separate convex hull mesh, so the
    # inspector shows the difference between render and collision geometry.
    points, faces = rock_points_and_faces()
    rock_render = rock_mesh(points, faces)
    hull_points, hull_indices = convex_hull(points)
    rock_mesh_id = g.render_mesh("Rock", rock_render, g.material("Rock Grey", (0.47, 0.43, 0.38), 0.0, 0.95))
    hull_mesh_id = g.collision_mesh("Rock Hull", hull_points, hull_indices)
    hull_sources[hull_mesh_id] = points
    rock_pos = (-1.5, -min(p[1] for p in points), 0.5)
    g.node("Rock", translation=rock_pos, rotation=quat_axis_angle((0.0, 1.0, 0.0), 25.0), mesh=rock_mesh_id,
           body=body(motion={"type": "dynamic", "mass": 150.0},
                     collider={"shape": g.shape("convex", {"mesh": hull_mesh_id}, "Rock Hull")}))

    # Arch: static concave solid. Its collider is a trimesh of a welded copy of the render mesh, which a box or
    # hull could not represent (the opening would be filled).
    arch_render = arch_mesh()
    arch_positions, arch_indices = weld(arch_render)
    arch_mesh_id = g.render_mesh("Arch", arch_render, g.material("Sandstone", (0.86, 0.72, 0.52), 0.0, 0.9))
    arch_collision = g.collision_mesh("Arch Collision", arch_positions, arch_indices)
    arch = g.node("Arch", translation=(-6.0, 0.0, 3.5), mesh=arch_mesh_id,
                  body=body(collider={"shape": g.shape("trimesh", {"mesh": arch_collision}, "Arch"),
                                      "collisionFilter": world}))

    # Compound trigger filling the arch's opening: two boxes (the rectangle under the springing line and the part
    # of the half circle above it) that act as one volume. It lists its parts explicitly in `nodes`, and carries no
    # collision filter, because the schema forbids one on a compound-trigger parent.
    passage = g.node("Arch Passage", parent=arch)
    low = g.node("Arch Passage Lower", parent=passage, translation=(0.0, 0.5, 0.0),
                 body=body(trigger={"shape": g.shape("box", {"size": [2.9, 1.0, 1.2]}, "Arch Passage Lower")}))
    high = g.node("Arch Passage Upper", parent=passage, translation=(0.0, 1.55, 0.0),
                  body=body(trigger={"shape": g.shape("box", {"size": [2.0, 1.1, 1.2]}, "Arch Passage Upper")}))
    g.doc["nodes"][passage]["extensions"] = {"OMI_physics_body": {"trigger": {"nodes": [low, high]}}}

    # Table: a compound dynamic body. The parent has motion and no collider; its three children each add one
    # shape to the same rigid body. The origin sits at the floor for easy placement, so the centre of mass is
    # given explicitly (from the parts' volumes at uniform density) instead of being left at the feet.
    top_size, top_y = (1.6, 0.08, 1.0), 0.76
    post_r, post_h, post_y = 0.06, 0.66, 0.39
    base_r, base_h, base_y = 0.35, 0.06, 0.03
    volumes = [(top_size[0] * top_size[1] * top_size[2], top_y), (math.pi * post_r ** 2 * post_h, post_y),
               (math.pi * base_r ** 2 * base_h, base_y)]
    com_y = sum(v * y for v, y in volumes) / sum(v for v, _ in volumes)
    table = g.node("Table", translation=(6.5, 0.0, -1.0), rotation=quat_axis_angle((0.0, 1.0, 0.0), -20.0),
                   body=body(motion={"type": "dynamic", "mass": 25.0, "centerOfMass": rounded((0.0, com_y, 0.0), 4)}))
    top_mesh, top_shape = box("Table Top", top_size, (0.55, 0.33, 0.18), "Walnut")
    g.node("Table Top", parent=table, translation=(0.0, top_y, 0.0), mesh=top_mesh,
           body=body(collider={"shape": top_shape, "physicsMaterial": wood}))
    metal = g.material("Table Metal", (0.22, 0.22, 0.24), 0.9, 0.35)
    post_mesh = g.render_mesh("Table Pedestal", cylinder_mesh(post_r, post_h, 16), metal)
    g.node("Table Pedestal", parent=table, translation=(0.0, post_y, 0.0), mesh=post_mesh,
           body=body(collider={"shape": g.shape("cylinder", {"height": post_h, "radiusBottom": post_r,
                                                             "radiusTop": post_r}, "Table Pedestal")}))
    base_mesh = g.render_mesh("Table Base", cylinder_mesh(base_r, base_h, 32), metal)
    g.node("Table Base", parent=table, translation=(0.0, base_y, 0.0), mesh=base_mesh,
           body=body(collider={"shape": g.shape("cylinder", {"height": base_h, "radiusBottom": base_r,
                                                             "radiusTop": base_r}, "Table Base")}))

    # Steps: a static compound collider. The empty `collider: {}` on the parent groups its children's shapes into
    # one collider without making it move; no motion anywhere above, so it stays static.
    steps = g.node("Steps", translation=(7.5, 0.0, -6.5), body=body(collider={}))
    concrete = g.material("Concrete", (0.72, 0.71, 0.68), 0.0, 0.95)
    for k, (height, z) in enumerate(((0.3, 1.0), (0.6, 0.0), (0.9, -1.0)), start=1):
        size = (3.0, height, 1.0)
        mesh = g.render_mesh("Step %d" % k, box_mesh(size), concrete)
        g.node("Step %d" % k, parent=steps, translation=(0.0, height / 2.0, z), mesh=mesh,
               body=body(collider={"shape": g.shape("box", {"size": rounded(size)}, "Step %d" % k),
                                   "collisionFilter": world}))

    # Trigger zone: an explicit static body (motion type "static" is optional, and shown here once) holding a
    # trigger. The volume itself is invisible; a thin painted pad on the floor marks it for any glTF viewer.
    zone_size = (3.0, 2.5, 3.0)
    zone = g.node("Trigger Zone", translation=(6.5, zone_size[1] / 2.0, 5.5),
                  body=body(motion={"type": "static"},
                            trigger={"shape": g.shape("box", {"size": rounded(zone_size)}, "Trigger Zone"),
                                     "collisionFilter": player_sensor}))
    pad_mesh = g.render_mesh("Trigger Zone Marker", box_mesh((zone_size[0], 0.02, zone_size[2])),
                             g.material("Marker Yellow", (0.95, 0.78, 0.10), 0.0, 0.7))
    g.node("Trigger Zone Marker", parent=zone, translation=(0.0, -zone_size[1] / 2.0 + 0.01, 0.0), mesh=pad_mesh)

    return g, hull_sources


# --------------------------------------------------------------------------------------------------------------------
# Checks on the finished document. They read back the bytes that will be written, not the Python-side lists.

class CheckError(Exception):
    pass


def require(condition, message):
    if not condition:
        raise CheckError(message)


def read_accessor(g, index):
    acc = g.doc["accessors"][index]
    view = g.doc["bufferViews"][acc["bufferView"]]
    width = {"SCALAR": 1, "VEC3": 3}[acc["type"]]
    fmt = {FLOAT: "f", UNSIGNED_SHORT: "H", UNSIGNED_INT: "I"}[acc["componentType"]]
    n = acc["count"] * width
    values = struct.unpack_from("<%d%s" % (n, fmt), g.bin, view["byteOffset"] + acc.get("byteOffset", 0))
    if width == 1:
        return list(values)
    return [tuple(values[i:i + width]) for i in range(0, n, width)]


def closed_outward(positions, indices, what):
    """Every edge is shared by exactly two oppositely wound triangles, and the enclosed volume is positive."""
    edges = {}
    for t in range(0, len(indices), 3):
        a, b, c = indices[t:t + 3]
        for e in ((a, b), (b, c), (c, a)):
            require(e not in edges, "%s: edge %s used twice in the same direction" % (what, e))
            edges[e] = True
    require(all((b, a) in edges for a, b in edges), "%s: not closed" % what)
    volume = sum(dot(positions[indices[t]], cross(positions[indices[t + 1]], positions[indices[t + 2]]))
                 for t in range(0, len(indices), 3)) / 6.0
    require(volume > 0.0, "%s: wound inwards (volume %g)" % (what, volume))
    return volume


def check_convex(positions, indices, enclosed, what):
    require(len(positions) < HULL_POINT_LIMIT, "%s: %d hull points" % (what, len(positions)))
    closed_outward(positions, indices, what)
    extent = max(max(abs(c) for c in p) for p in positions)
    tolerance = 1e-5 * extent
    for t in range(0, len(indices), 3):
        a, b, c = (positions[i] for i in indices[t:t + 3])
        n = cross(sub(b, a), sub(c, a))
        require(length(n) > 1e-12, "%s: degenerate hull face %d" % (what, t // 3))
        n = normalize(n)
        # Hull points must lie on or behind every face (convexity), and so must the render points (the hull
        # really encloses the rock).
        worst = max(dot(n, sub(p, a)) for p in list(positions) + list(enclosed))
        require(worst <= tolerance, "%s: a point lies %g in front of face %d" % (what, worst, t // 3))
    v, f = len(positions), len(indices) // 3
    require(v - f * 3 // 2 + f == 2, "%s: Euler characteristic is not 2" % what)


def node_matrix(node):
    x, y, z, w = node.get("rotation", [0.0, 0.0, 0.0, 1.0])
    t = node.get("translation", [0.0, 0.0, 0.0])
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w), t[0]],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w), t[1]],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y), t[2]],
            [0.0, 0.0, 0.0, 1.0]]


def mat_mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


def transform(m, p):
    return tuple(m[i][0] * p[0] + m[i][1] * p[1] + m[i][2] * p[2] + m[i][3] for i in range(3))


def check_document(g, hull_sources):
    doc = g.doc
    nodes, meshes = doc["nodes"], doc["meshes"]
    shapes = doc["extensions"]["OMI_physics_shape"]["shapes"]
    body_doc = doc["extensions"]["OMI_physics_body"]
    require("extensionsRequired" not in doc, "OMI extensions are optional and must not be required")

    # Geometry: index ranges, normals agree with winding.
    for mi, mesh in enumerate(meshes):
        require(len(mesh["primitives"]) == 1, "mesh %s: one primitive expected" % mesh["name"])
        prim = mesh["primitives"][0]
        positions = read_accessor(g, prim["attributes"]["POSITION"])
        indices = read_accessor(g, prim["indices"])
        require(len(indices) % 3 == 0 and indices, "mesh %s: not a triangle list" % mesh["name"])
        require(max(indices) < len(positions), "mesh %s: index out of range" % mesh["name"])
        if "NORMAL" in prim["attributes"]:
            normals = read_accessor(g, prim["attributes"]["NORMAL"])
            for t in range(0, len(indices), 3):
                a, b, c = indices[t:t + 3]
                n = cross(sub(positions[b], positions[a]), sub(positions[c], positions[a]))
                require(length(n) > 1e-12, "mesh %s: degenerate triangle" % mesh["name"])
                for v in (a, b, c):
                    require(dot(n, normals[v]) > 0.0, "mesh %s: triangle %d wound against its normals"
                            % (mesh["name"], t // 3))

    # Shapes: positive parameters, and mesh shapes point at plain single-primitive triangle meshes.
    for si, s in enumerate(shapes):
        params = s[s["type"]]
        what = "shape %d (%s)" % (si, s["name"])
        if s["type"] == "box":
            require(len(params["size"]) == 3 and all(c > 0 for c in params["size"]), what + ": size")
        elif s["type"] == "sphere":
            require(params["radius"] > 0, what + ": radius")
        elif s["type"] in ("capsule", "cylinder"):
            require(params["height"] > 0 and params["radiusTop"] > 0 and params["radiusBottom"] > 0, what)
            require("radius" not in params, what + ": legacy `radius` key")
        else:
            mi = params["mesh"]
            require(0 <= mi < len(meshes), what + ": mesh index out of range")
            prim = meshes[mi]["primitives"][0]
            require(set(prim["attributes"]) == {"POSITION"} and "material" not in prim, what + ": mesh not plain")
            positions = read_accessor(g, prim["attributes"]["POSITION"])
            indices = read_accessor(g, prim["indices"])
            if s["type"] == "convex":
                check_convex(positions, indices, hull_sources[mi], what)
            else:
                closed_outward(positions, indices, what)

    # Filters: never both masks on one filter.
    for fi, f in enumerate(body_doc["collisionFilters"]):
        require(not ("collideWithSystems" in f and "notCollideWithSystems" in f), "filter %d has both masks" % fi)

    # Node references and the tree.
    parent = {}
    for ni, node in enumerate(nodes):
        for c in node.get("children", []):
            require(c not in parent, "node %d has two parents" % c)
            parent[c] = ni

    def ancestors(i):
        while i in parent:
            i = parent[i]
            yield i

    for ni, node in enumerate(nodes):
        ext = node.get("extensions", {}).get("OMI_physics_body", {})
        for key in ("collider", "trigger"):
            part = ext.get(key)
            if part is None:
                continue
            if "shape" in part:
                require(0 <= part["shape"] < len(shapes), "node %s: shape out of range" % node["name"])
            if "physicsMaterial" in part:
                require(0 <= part["physicsMaterial"] < len(body_doc["physicsMaterials"]), node["name"])
            if "collisionFilter" in part:
                require(0 <= part["collisionFilter"] < len(body_doc["collisionFilters"]), node["name"])
        trig = ext.get("trigger")
        if trig is not None:
            require(("shape" in trig) != ("nodes" in trig), "node %s: trigger needs shape XOR nodes" % node["name"])
            for child in trig.get("nodes", []):
                require(ni in ancestors(child), "node %s: compound part %d is not a descendant" % (node["name"], child))
                require("trigger" in nodes[child]["extensions"]["OMI_physics_body"], "compound part lacks trigger")
            require(not ("nodes" in trig and "collisionFilter" in trig), "compound trigger parent with a filter")
        motion = ext.get("motion")
        if motion is not None:
            require(motion["type"] in ("static", "kinematic", "dynamic"), "node %s: motion type" % node["name"])
            for key in ("linearVelocity", "angularVelocity", "centerOfMass"):
                require(len(motion.get(key, [0, 0, 0])) == 3, "node %s: %s length" % (node["name"], key))
    roots = doc["scenes"][0]["nodes"]
    require(sorted(roots + list(parent)) == list(range(len(nodes))), "every node must be in the scene exactly once")

    # Layout: everything except the floor sits on or above the floor's top, inside the 20 m square.
    world = {}

    def visit(i, m):
        world[i] = mat_mul(m, node_matrix(nodes[i]))
        for c in nodes[i].get("children", []):
            visit(c, world[i])

    identity = [[float(i == j) for j in range(4)] for i in range(4)]
    for r in roots:
        visit(r, identity)
    for ni, node in enumerate(nodes):
        if "mesh" not in node:
            continue
        prim = meshes[node["mesh"]]["primitives"][0]
        pts = [transform(world[ni], p) for p in read_accessor(g, prim["attributes"]["POSITION"])]
        floor_ok = node["name"] == "Floor" or min(p[1] for p in pts) >= -1e-4
        require(floor_ok, "node %s sinks into the floor" % node["name"])
        require(all(abs(p[0]) <= 10.0 + 1e-6 and abs(p[2]) <= 10.0 + 1e-6 for p in pts),
                "node %s is off the floor" % node["name"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-o", "--output", type=pathlib.Path, default=DEFAULT_OUT, help="where to write the .glb")
    args = parser.parse_args()
    g, hull_sources = build_scene()
    try:
        check_document(g, hull_sources)
    except CheckError as e:
        print("make_sample: check failed: %s" % e, file=sys.stderr)
        return 1
    data = g.glb()
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_bytes(data)
    hull = g.doc["meshes"][[m["name"] for m in g.doc["meshes"]].index("Rock Hull")]
    hull_count = g.doc["accessors"][hull["primitives"][0]["attributes"]["POSITION"]]["count"]
    print("make_sample: wrote %s (%d bytes, %d nodes, %d meshes, %d shapes, rock hull %d points)" % (
        args.output, len(data), len(g.doc["nodes"]), len(g.doc["meshes"]),
        len(g.doc["extensions"]["OMI_physics_shape"]["shapes"]), hull_count))
    return 0


if __name__ == "__main__":
    sys.exit(main())
