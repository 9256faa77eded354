#!/usr/bin/env python3
"""Writes the engine scenes: small KHR physics files, one behaviour each, that `make engine-check` runs in both
engines and in the preview (issue #47 item 2). None is chaotic: no stacks or piles, nothing that topples by chance;
each body falls, rests, slides, bounces, swings to a limit or hangs, so two engines that apply the same rules end
at the same pose.

Usage: make_engine_scenes.py [OUT_DIR]   (default tests/data/engine-scenes; the generated files are committed)
"""
import base64
import json
import math
import pathlib
import struct
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def rotation(axis, degrees):
    """A unit quaternion [x, y, z, w] of `degrees` about a unit axis."""
    half = math.radians(degrees) / 2
    return [round(a * math.sin(half), 9) for a in axis] + [round(math.cos(half), 9)]


class Scene:
    """One glTF document under construction: KHR_implicit_shapes, KHR_physics_rigid_bodies, optional meshes."""

    def __init__(self, description):
        self.description = description
        self.nodes, self.roots, self.shapes = [], [], []
        self.materials, self.filters, self.joints = [], [], []
        self.meshes, self.accessors, self.views, self.data = [], [], [], bytearray()

    def shape(self, kind, **params):
        self.shapes.append({"type": kind, kind: params})
        return len(self.shapes) - 1

    def material(self, friction, restitution=0.0, friction_combine=None, restitution_combine=None):
        m = {"staticFriction": friction, "dynamicFriction": friction, "restitution": restitution}
        if friction_combine:
            m["frictionCombine"] = friction_combine
        if restitution_combine:
            m["restitutionCombine"] = restitution_combine
        self.materials.append(m)
        return len(self.materials) - 1

    def filter(self, **lists):
        self.filters.append({k: v for k, v in lists.items()})
        return len(self.filters) - 1

    def joint(self, *limits):
        self.joints.append({"limits": list(limits)})
        return len(self.joints) - 1

    def mesh(self, positions, indices):
        """A triangle mesh from vertex positions and triangle indices, stored in the one data-URI buffer."""
        start = len(self.data)
        self.data += b"".join(struct.pack("<3f", *p) for p in positions)
        self.views.append({"buffer": 0, "byteOffset": start, "byteLength": len(self.data) - start})
        lo = [min(p[i] for p in positions) for i in range(3)]
        hi = [max(p[i] for p in positions) for i in range(3)]
        self.accessors.append({"bufferView": len(self.views) - 1, "componentType": 5126, "count": len(positions),
                               "type": "VEC3", "min": lo, "max": hi})
        start = len(self.data)
        self.data += b"".join(struct.pack("<I", i) for i in indices)
        self.views.append({"buffer": 0, "byteOffset": start, "byteLength": len(self.data) - start})
        self.accessors.append({"bufferView": len(self.views) - 1, "componentType": 5125, "count": len(indices),
                               "type": "SCALAR"})
        self.meshes.append({"primitives": [{"attributes": {"POSITION": len(self.accessors) - 2},
                                            "indices": len(self.accessors) - 1}]})
        return len(self.meshes) - 1

    def node(self, name, parent=None, translation=None, rotation_=None, mesh=None, **physics):
        n = {"name": name}
        if translation:
            n["translation"] = translation
        if rotation_:
            n["rotation"] = rotation_
        if mesh is not None:
            n["mesh"] = mesh
        if physics:
            n["extensions"] = {"KHR_physics_rigid_bodies": physics}
        self.nodes.append(n)
        index = len(self.nodes) - 1
        if parent is None:
            self.roots.append(index)
        else:
            self.nodes[parent].setdefault("children", []).append(index)
        return index

    def box_floor(self, top=0.0, material=None, size=(20.0, 1.0, 20.0)):
        collider = {"geometry": {"shape": self.shape("box", size=list(size))}}
        if material is not None:
            collider["physicsMaterial"] = material
        return self.node("Floor", translation=[0.0, top - size[1] / 2, 0.0], collider=collider)

    def document(self):
        doc = {"asset": {"version": "2.0", "generator": "tests/engines/make_engine_scenes.py"},
               "extensionsUsed": ["KHR_implicit_shapes", "KHR_physics_rigid_bodies"],
               "extras": {"behaviour": self.description}, "scene": 0, "scenes": [{"nodes": self.roots}],
               "nodes": self.nodes, "extensions": {"KHR_implicit_shapes": {"shapes": self.shapes}}}
        document = {}
        for key, values in (("physicsMaterials", self.materials), ("collisionFilters", self.filters),
                            ("physicsJoints", self.joints)):
            if values:
                document[key] = values
        doc["extensions"]["KHR_physics_rigid_bodies"] = document
        if self.meshes:
            doc["meshes"], doc["accessors"], doc["bufferViews"] = self.meshes, self.accessors, self.views
            doc["buffers"] = [{"byteLength": len(self.data), "uri": "data:application/octet-stream;base64," +
                               base64.b64encode(bytes(self.data)).decode("ascii")}]
        return doc


def body(shape, mass=1.0, **motion):
    """A dynamic body's KHR object: a collider of `shape` and a motion with `mass` (None leaves it out)."""
    m = dict(motion)
    if mass is not None:
        m["mass"] = mass
    return {"motion": m, "collider": {"geometry": {"shape": shape}}}


def box_mesh(half):
    hx, hy, hz = half
    positions = [(sx * hx, sy * hy, sz * hz) for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
    faces = [(0, 1, 3, 2), (4, 6, 7, 5), (0, 4, 5, 1), (2, 3, 7, 6), (0, 2, 6, 4), (1, 5, 7, 3)]
    indices = [i for a, b, c, d in faces for i in (a, b, c, a, c, d)]
    return positions, indices


def free_fall():
    s = Scene("free fall: a 1 kg ball and a 1 kg box from 30 m, nothing below; after 2 s they are 19.62 m lower "
              "(1/2 g t^2, g 9.81), or 19.78 m with symplectic Euler at 1/60 s")
    s.node("Ball", translation=[0.0, 30.0, 0.0], **body(s.shape("sphere", radius=0.5)))
    s.node("Box", translation=[3.0, 30.0, 0.0], **body(s.shape("box", size=[1.0, 1.0, 1.0])))
    return s


def resting(kind, lying=False):
    params = {"sphere": {"radius": 0.5}, "box": {"size": [1.0, 0.6, 0.8]},
              "capsule": {"height": 1.0, "radiusTop": 0.3, "radiusBottom": 0.3},
              "cylinder": {"height": 1.0, "radiusTop": 0.4, "radiusBottom": 0.4}}[kind]
    s = Scene(f"resting: a {kind}{' lying on its side' if lying else ''} set down 1 cm above a box floor stays "
              "where it lands")
    s.box_floor()
    if kind in ("capsule", "cylinder"):
        half = params["radiusTop"] if lying else params["height"] / 2 + (params["radiusTop"] if kind == "capsule" else 0)
    else:
        half = params.get("radius") or params["size"][1] / 2
    turn = rotation([1.0, 0.0, 0.0], 90.0) if lying else None
    s.node(kind.capitalize(), translation=[0.0, half + 0.01, 0.0], rotation_=turn,
           **body(s.shape(kind, **params)))
    return s


def resting_hull():
    s = Scene("resting: a convex hull (a box mesh, convexHull true) set down 1 cm above a box floor stays there")
    s.box_floor()
    mesh = s.mesh(*box_mesh((0.5, 0.3, 0.4)))
    s.node("Hull", translation=[0.0, 0.31, 0.0], mesh=mesh, motion={"mass": 1.0},
           collider={"geometry": {"mesh": mesh, "convexHull": True}})
    return s


SLOPE_DEGREES = 20.0  # tan 20 deg = 0.364: a combined friction of 0.5 or more holds the box, 0.2 or less does not


def slope(name, box_mode, slope_mode):
    s = Scene(f"friction on a {SLOPE_DEGREES:g} degree slope: a box of friction 0.2 ({box_mode or 'no mode'}) on a "
              f"slope of friction 0.8 ({slope_mode or 'no mode'}); average 0.5 and maximum 0.8 hold it, minimum "
              "0.2 and multiply 0.16 let it slide")
    tilt = rotation([0.0, 0.0, 1.0], SLOPE_DEGREES)
    slope_material = s.material(0.8, friction_combine=slope_mode)
    s.node("Slope", rotation_=tilt, collider={"geometry": {"shape": s.shape("box", size=[30.0, 1.0, 4.0])},
                                              "physicsMaterial": slope_material})
    up = [-math.sin(math.radians(SLOPE_DEGREES)), math.cos(math.radians(SLOPE_DEGREES)), 0.0]
    centre = [round(0.5 * u + 0.26 * u, 6) for u in up]  # on the slope's top face (0.5) plus the box's half height
    box = body(s.shape("box", size=[0.5, 0.5, 0.5]))
    box["collider"]["physicsMaterial"] = s.material(0.2, friction_combine=box_mode)
    s.node("Box", translation=centre, rotation_=tilt, **box)
    return name, s


def bounce(name, ball_mode, floor_mode, ball_e, floor_e):
    s = Scene(f"bounce: a ball of restitution {ball_e} ({ball_mode or 'no mode'}) dropped 1 m onto a floor of "
              f"restitution {floor_e} ({floor_mode or 'no mode'}); friction 0")
    floor = s.material(0.0, floor_e, "minimum", floor_mode)
    s.box_floor(material=floor)
    ball = body(s.shape("sphere", radius=0.25))
    ball["collider"]["physicsMaterial"] = s.material(0.0, ball_e, "minimum", ball_mode)
    s.node("Ball", translation=[0.0, 1.25, 0.0], **ball)
    return name, s


def centre_of_mass_offset():
    s = Scene("centre of mass offset: a body spinning at 2 rad/s about Z with its centre of mass 0.5 m from the "
              "node origin, gravity factor 0: the origin circles the centre of mass")
    s.node("Spinner", translation=[0.0, 5.0, 0.0],
           **body(s.shape("box", size=[1.4, 0.2, 0.2]), centerOfMass=[0.5, 0.0, 0.0], inertiaDiagonal=[0.01, 0.2, 0.2],
                  angularVelocity=[0.0, 0.0, 2.0], gravityFactor=0.0))
    return s


def hinge_to_world(s, name, position, limits, collider_offset=(1.0, 0.0, 0.0), **motion):
    """A body whose node sits on a hinge about Z at `position` (joint to the world), with its collider
    `collider_offset` away in a child node; starts horizontal."""
    anchor = s.node(f"{name}Anchor", translation=list(position))
    b = s.node(name, translation=list(position), motion=motion)
    s.node(f"{name}Collider", parent=b, translation=list(collider_offset),
           collider={"geometry": {"shape": s.shape("box", size=[0.2, 0.2, 0.2])}})
    s.node(f"{name}Joint", parent=b, joint={"connectedNode": anchor, "joint": s.joint(*limits)})
    return b


HINGE_Z = ({"linearAxes": [0, 1, 2], "min": 0.0, "max": 0.0}, {"angularAxes": [0, 1], "min": 0.0, "max": 0.0})


def absent_mass():
    s = Scene("absent mass: a box with no mass given (volume 1 m^3) slides at 3 m/s without friction into a 1 kg "
              "box at rest; after the plastic impact both move at 3 m_a / (m_a + 1)")
    floor = s.material(0.0, 0.0, "minimum", "minimum")
    s.box_floor(material=floor)
    a = body(s.shape("box", size=[1.0, 1.0, 1.0]), mass=None, linearVelocity=[3.0, 0.0, 0.0])
    a["collider"]["physicsMaterial"] = floor
    s.node("Unweighed", translation=[0.0, 0.5, 0.0], **a)
    b = body(s.shape("box", size=[1.0, 1.0, 1.0]), mass=1.0)
    b["collider"]["physicsMaterial"] = floor
    s.node("Weighed", translation=[2.0, 0.5, 0.0], **b)
    return s


def absent_inertia():
    s = Scene("absent inertia: a 1 kg, 0.2 m cube 1 m from a hinge about Z, released horizontal, centre of mass "
              "given at the cube; its swing depends on the inertia computed from the cube (0.0067) or assumed")
    hinge_to_world(s, "Pendulum", (0.0, 3.0, 0.0), HINGE_Z, mass=1.0, centerOfMass=[1.0, 0.0, 0.0])
    return s


def absent_centre_of_mass():
    s = Scene("absent centre of mass: the hinged cube of absent_inertia with mass and inertia given and no centre "
              "of mass: the spec computes it at the cube (1 m from the hinge), a reader that takes the node origin "
              "puts it on the hinge")
    hinge_to_world(s, "Pendulum", (0.0, 3.0, 0.0), HINGE_Z, mass=1.0, inertiaDiagonal=[0.0067, 0.0067, 0.0067])
    return s


def mass_zero():
    s = Scene("mass 0 (KHR: infinite mass) on a body 5 m above a box floor, beside a 1 kg ball")
    s.box_floor()
    s.node("Infinite", translation=[0.0, 5.0, 0.0], **body(s.shape("sphere", radius=0.5), mass=0.0))
    s.node("Ball", translation=[3.0, 5.0, 0.0], **body(s.shape("sphere", radius=0.5)))
    return s


def infinite_inertia():
    s = Scene("infinite inertia components: two 1 kg bars spun at 2 rad/s about Z with gravity factor 0, one with "
              "inertia (0.1, 0.1, 0.1), one with (0.1, 0.1, 0): an infinite component keeps its spin but a contact "
              "cannot change it; here both keep spinning about Z at 2 rad/s")
    for i, inertia in enumerate(([0.1, 0.1, 0.1], [0.1, 0.1, 0.0])):
        s.node(f"Bar{i}", translation=[3.0 * i, 5.0, 0.0],
               **body(s.shape("box", size=[1.0, 0.2, 0.2]), inertiaDiagonal=inertia,
                      angularVelocity=[0.0, 0.0, 2.0], gravityFactor=0.0))
    return s


def infinite_inertia_landing():
    s = Scene("infinite inertia component about Z: a bar tilted 20 degrees about Z lands on a box floor; with "
              "(0.1, 0.1, 0) it cannot turn about Z and stays tilted on its corner, with (0.1, 0.1, 0.1) it falls flat")
    s.box_floor()
    tilt = rotation([0.0, 0.0, 1.0], 20.0)
    for i, inertia in enumerate(([0.1, 0.1, 0.1], [0.1, 0.1, 0.0])):
        s.node(f"Bar{i}", translation=[0.0, 0.6, 3.0 * i], rotation_=tilt,
               **body(s.shape("box", size=[1.0, 0.2, 0.2]), inertiaDiagonal=inertia))
    return s


def gravity_factors():
    s = Scene("gravity factors 0, 0.5 and 2 on three balls 30 m up, nothing below")
    for i, factor in enumerate((0.0, 0.5, 2.0)):
        s.node(f"Factor{factor:g}", translation=[2.0 * i, 30.0, 0.0],
               **body(s.shape("sphere", radius=0.25), gravityFactor=factor))
    return s


def rotated_velocities():
    s = Scene("initial velocities on nodes turned 90 degrees about Y: linear (1, 0, 0) and angular (1, 0, 0) in "
              "the node's frame, gravity factor 0, on a dynamic and on a kinematic body")
    turn = rotation([0.0, 1.0, 0.0], 90.0)
    for i, kinematic in enumerate((False, True)):
        b = body(s.shape("box", size=[0.4, 0.2, 0.6]), linearVelocity=[1.0, 0.0, 0.0],
                 angularVelocity=[1.0, 0.0, 0.0], gravityFactor=0.0)
        if kinematic:
            b["motion"]["isKinematic"] = True
        s.node("Kinematic" if kinematic else "Dynamic", translation=[0.0, 5.0, 4.0 * i], rotation_=turn, **b)
    return s


def filtered(name, box_filter, floor_filter, description):
    s = Scene(description)
    floor = s.box_floor()
    if floor_filter is not None:
        s.nodes[floor]["extensions"]["KHR_physics_rigid_bodies"]["collider"]["collisionFilter"] = s.filter(**floor_filter)
    b = body(s.shape("box", size=[1.0, 1.0, 1.0]))
    if box_filter is not None:
        b["collider"]["collisionFilter"] = s.filter(**box_filter)
    s.node("Box", translation=[0.0, 2.0, 0.0], **b)
    return name, s


def many_filters():
    s = Scene("32 collision filters: 30 unused ones, then the floor's (collides with its own system only) and, "
              "32nd, the box's (collides with its own system only): the box and the floor do not collide")
    for i in range(30):
        s.filter(collisionSystems=[f"unused{i}"])
    floor = s.box_floor()
    s.nodes[floor]["extensions"]["KHR_physics_rigid_bodies"]["collider"]["collisionFilter"] = s.filter(
        collisionSystems=["floor"], collideWithSystems=["floor"])
    b = body(s.shape("box", size=[1.0, 1.0, 1.0]))
    b["collider"]["collisionFilter"] = s.filter(collisionSystems=["box"], collideWithSystems=["box"])
    s.node("Box", translation=[0.0, 2.0, 0.0], **b)
    return s


def joint_scene(name, description, limits, start=(1.0, 0.0, 0.0)):
    s = Scene(description)
    hinge_to_world(s, "Arm", (0.0, 3.0, 0.0), limits, collider_offset=start, mass=1.0,
                   centerOfMass=list(start), inertiaDiagonal=[0.0067, 0.0067, 0.0067])
    return name, s


def rope(name, description, limit):
    s = Scene(description)
    anchor = s.node("Anchor", translation=[0.0, 4.0, 0.0])
    ball = s.node("Ball", translation=[0.0, 3.5, 0.0], **body(s.shape("sphere", radius=0.1)))
    s.node("Rope", parent=ball, joint={"connectedNode": anchor, "joint": s.joint(limit)})
    return name, s


def plane_floor():
    s = Scene("plane floor: a glTF plane (normal +Y) at y 0 and a ball dropped from 2 m at x 2")
    s.node("Plane", collider={"geometry": {"shape": s.shape("plane", doubleSided=False)}})
    s.node("Ball", translation=[2.0, 2.0, 0.0], **body(s.shape("sphere", radius=0.5)))
    return s


def default_dimensions():
    s = Scene("capsule and cylinder without radius or height (KHR defaults: capsule height 0.5 radius 0.25, "
              "cylinder height 0.5 radius 0.25; glTF 2.1: capsule 1.0 / 0.5, cylinder 2.0 / 0.5) standing on a "
              "box floor, set down 1 cm above where the KHR defaults rest")
    s.box_floor()
    s.node("Capsule", translation=[0.0, 0.51, 0.0], **body(s.shape("capsule")))
    s.node("Cylinder", translation=[3.0, 0.26, 0.0], **body(s.shape("cylinder")))
    return s


def dynamic_mesh():
    s = Scene("dynamic mesh collider without convexHull: an L-shaped mesh body on a box floor (a hull fills the "
              "L's corner; the triangles do not)")
    s.box_floor()
    positions = [(-0.5, 0.0, -0.2), (0.5, 0.0, -0.2), (0.5, 0.2, -0.2), (-0.3, 0.2, -0.2), (-0.3, 1.0, -0.2),
                 (-0.5, 1.0, -0.2)]
    back = [(x, y, 0.2) for x, y, _ in positions]
    vertices = positions + back
    front = [(0, 1, 2), (0, 2, 3), (0, 3, 4), (0, 4, 5)]
    indices = [i for t in front for i in t] + [i + 6 for a, b, c in front for i in (a, c, b)]
    for k in range(6):
        j = (k + 1) % 6
        indices += [k, j + 6, j, k, k + 6, j + 6]
    mesh = s.mesh(vertices, indices)
    s.node("Ell", translation=[0.0, 0.01, 0.0], mesh=mesh, motion={"mass": 1.0},
           collider={"geometry": {"mesh": mesh}})
    return s


def geometry_node():
    s = Scene("geometry.node collider: a dynamic box whose collider names a mesh node (geometry.node) above a box "
              "floor")
    s.box_floor()
    mesh = s.mesh(*box_mesh((0.5, 0.5, 0.5)))
    source = s.node("ColliderMesh", translation=[5.0, 0.0, 0.0], mesh=mesh)
    s.node("Box", translation=[0.0, 1.0, 0.0], motion={"mass": 1.0},
           collider={"geometry": {"node": source, "convexHull": True}})
    return s


LOCK_LINEAR = {"linearAxes": [0, 1, 2], "min": 0.0, "max": 0.0}
SWING_Z = {"angularAxes": [2], "min": -0.5, "max": 0.5}


def scenes():
    """(file name, Scene) for every engine scene."""
    out = [("free_fall", free_fall())]
    for kind in ("sphere", "box", "capsule", "cylinder"):
        out.append((f"resting_{kind}", resting(kind)))
    for kind in ("capsule", "cylinder"):
        out.append((f"resting_{kind}_lying", resting(kind, lying=True)))
    out.append(("resting_hull", resting_hull()))
    for mode in ("average", "minimum", "maximum", "multiply"):
        out.append(slope(f"slope_{mode}", mode, mode))
    out += [slope("slope_no_mode", None, None), slope("slope_minimum_over_no_mode", "minimum", None),
            slope("slope_multiply_over_maximum", "multiply", "maximum")]
    out += [bounce("bounce_maximum", "maximum", "maximum", 0.5, 0.0), bounce("bounce_no_mode", None, None, 0.8, 0.0)]
    out += [("centre_of_mass_offset", centre_of_mass_offset()), ("absent_mass", absent_mass()),
            ("absent_inertia", absent_inertia()), ("absent_centre_of_mass", absent_centre_of_mass()),
            ("mass_zero", mass_zero()), ("infinite_inertia", infinite_inertia()),
            ("infinite_inertia_landing", infinite_inertia_landing()), ("gravity_factors", gravity_factors()),
            ("rotated_velocities", rotated_velocities())]
    out += [
        filtered("filter_one_way", {"collisionSystems": ["a"], "collideWithSystems": ["b"]},
                 {"collisionSystems": ["b"], "collideWithSystems": ["c"]},
                 "filters shared one way only: the box (system a) accepts the floor's system b, the floor accepts "
                 "only c"),
        filtered("filter_two_systems_one_excluded", {"collisionSystems": ["a", "b"]},
                 {"collisionSystems": ["c"], "notCollideWithSystems": ["a"]},
                 "filters: the box is in systems a and b, the floor excludes a"),
        filtered("filter_none_on_box", None, {"collisionSystems": ["a"], "collideWithSystems": ["a"]},
                 "filters: a box with no filter over a floor that collides with its own system a only"),
        ("filter_32_filters", many_filters()),
    ]
    out += [
        joint_scene("joint_hinge_limit", "hinge about Z (one limit per locked angular axis) with a Z range of "
                    "-0.5..0.5 rad: the arm released horizontal swings down to -0.5 rad and stays there",
                    [LOCK_LINEAR, {"angularAxes": [0], "min": 0.0, "max": 0.0},
                     {"angularAxes": [1], "min": 0.0, "max": 0.0}, SWING_Z]),
        joint_scene("joint_two_axes_lock_and_limit", "hinge about Z whose X and Y are locked by one limit, with a "
                    "second limit of -0.5..0.5 rad about Z: the arm swings down to -0.5 rad",
                    [LOCK_LINEAR, {"angularAxes": [0, 1], "min": 0.0, "max": 0.0}, SWING_Z]),
        rope("joint_rope", "three-axis linear limit with max 1 and no min (a rope): a ball 0.5 m below its anchor "
             "falls until the rope is taut and hangs 1 m below", {"linearAxes": [0, 1, 2], "max": 1.0}),
        rope("joint_distance_min", "three-axis linear limit with min 0.2 and max 1: a ball 0.5 m below its "
             "anchor falls to 1 m and hangs", {"linearAxes": [0, 1, 2], "min": 0.2, "max": 1.0}),
    ]
    out += [("plane_floor", plane_floor()), ("default_dimensions", default_dimensions()),
            ("dynamic_mesh", dynamic_mesh()), ("geometry_node", geometry_node())]
    return out


def main():
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "tests" / "data" / "engine-scenes"
    out.mkdir(parents=True, exist_ok=True)
    for name, scene in scenes():
        (out / f"{name}.gltf").write_text(json.dumps(scene.document(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(scenes())} scenes to {out}")


if __name__ == "__main__":
    main()
