#pragma once

// Small scenes built directly as SimulationInput, for the physics tests and the benchmark.
#include "simulation/World.h"

#include <cmath>

namespace cs::test {

using simulation::BodyKind;
using simulation::Quat;
using simulation::SimBody;
using simulation::SimShape;
using simulation::SimulationInput;
using simulation::Vec3;

inline constexpr double StandardGravity = 9.80665;

/// A rotation of `radians` about a unit axis, as x, y, z, w.
inline Quat axisAngle(const Vec3& axis, double radians)
{
    const double s = std::sin(radians / 2);
    return {axis[0] * s, axis[1] * s, axis[2] * s, std::cos(radians / 2)};
}

/// v rotated by the unit quaternion q (closed form, double).
inline Vec3 rotated(const Quat& q, const Vec3& v)
{
    const double x = q[0], y = q[1], z = q[2], w = q[3];
    // v + 2 w (q x v) + 2 q x (q x v)
    const Vec3 c{y * v[2] - z * v[1], z * v[0] - x * v[2], x * v[1] - y * v[0]};
    const Vec3 cc{y * c[2] - z * c[1], z * c[0] - x * c[2], x * c[1] - y * c[0]};
    return {v[0] + 2 * (w * c[0] + cc[0]), v[1] + 2 * (w * c[1] + cc[1]), v[2] + 2 * (w * c[2] + cc[2])};
}

inline SimShape placed(const geometry::ShapeGeometry& g, const Vec3& position = {0, 0, 0},
                       const Quat& rotation = {0, 0, 0, 1}, int material = -1, size_t node = 0)
{
    SimShape s;
    s.geometry = g;
    s.pose = {position, rotation};
    s.material = material;
    s.node = node;
    return s;
}

/// A dynamic solid sphere (inertia 2/5 m r^2).
inline SimBody sphereBody(size_t node, const Vec3& position, double radius, double mass = 1.0,
                          int material = -1)
{
    SimBody b;
    b.node = node;
    b.pose.position = position;
    b.mass = mass;
    const double i = 0.4 * mass * radius * radius;
    b.inertiaDiagonal = {i, i, i};
    b.colliders.push_back(
        placed(geometry::ShapeGeometry::sphere(radius), {0, 0, 0}, {0, 0, 0, 1}, material, node));
    return b;
}

/// A dynamic solid box (inertia m (b^2 + c^2) / 12 about each axis).
inline SimBody boxBody(size_t node, const Vec3& position, const Vec3& size, double mass = 1.0,
                       const Quat& rotation = {0, 0, 0, 1}, int material = -1)
{
    SimBody b;
    b.node = node;
    b.pose = {position, rotation};
    b.mass = mass;
    b.inertiaDiagonal = {mass * (size[1] * size[1] + size[2] * size[2]) / 12,
                         mass * (size[0] * size[0] + size[2] * size[2]) / 12,
                         mass * (size[0] * size[0] + size[1] * size[1]) / 12};
    b.colliders.push_back(placed(geometry::ShapeGeometry::box({size[0], size[1], size[2]}), {0, 0, 0},
                                 {0, 0, 0, 1}, material, node));
    return b;
}

/// Static world geometry: a box placed in the world.
inline simulation::SimStatic staticBox(size_t node, const Vec3& position, const Vec3& size,
                                       const Quat& rotation = {0, 0, 0, 1}, int material = -1)
{
    return {
        placed(geometry::ShapeGeometry::box({size[0], size[1], size[2]}), position, rotation, material, node),
    };
}

/// A 40 m x 1 m x 40 m static floor whose top is at y = 0.
inline simulation::SimStatic floorBox(size_t node = 1000, int material = -1)
{
    return staticBox(node, {0, -0.5, 0}, {40, 1, 40}, {0, 0, 0, 1}, material);
}

inline physics::PhysicsMaterial material(double friction, double restitution,
                                         physics::CombineMode mode = physics::CombineMode::Average)
{
    physics::PhysicsMaterial m;
    m.staticFriction = m.dynamicFriction = friction;
    m.restitution = restitution;
    m.frictionCombine = m.restitutionCombine = mode;
    return m;
}

/// A closed box of `size` centred on the origin, as an outward-wound triangle mesh (8 corners, 12 triangles).
inline gltf::TriangleMesh boxTriangles(const Vec3& size)
{
    gltf::TriangleMesh m;
    for (int i = 0; i < 8; ++i)
        m.positions.emplace_back(float((i & 1 ? 0.5 : -0.5) * size[0]), float((i & 2 ? 0.5 : -0.5) * size[1]),
                                 float((i & 4 ? 0.5 : -0.5) * size[2]));
    // -x, +x, -y, +y, -z, +z.
    m.indices = {0, 4, 6, 0, 6, 2, 1, 3, 7, 1, 7, 5, 0, 1, 5, 0, 5, 4,
                 2, 6, 7, 2, 7, 3, 0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6};
    return m;
}

/// The kinds of static floor the contact tests run on.
enum class FloorKind
{
    Box,
    Plane,
    Hull,
    Trimesh
};

inline const char* floorName(FloorKind f)
{
    switch (f) {
    case FloorKind::Box:
        return "box";
    case FloorKind::Plane:
        return "plane";
    case FloorKind::Hull:
        return "hull";
    case FloorKind::Trimesh:
        return "trimesh";
    }
    return "";
}

/// Static floor geometry (node 1000) whose top is the plane y = 0: a 40 x 1 x 40 m box, hull or closed mesh,
/// or an infinite plane.
inline simulation::SimStatic flatFloor(FloorKind kind, int material = -1)
{
    const Vec3 size{40, 1, 40};
    switch (kind) {
    case FloorKind::Box:
        break;
    case FloorKind::Plane: {
        simulation::SimStatic s{
            placed(geometry::ShapeGeometry::box({1, 1, 1}), {0, 0, 0}, {0, 0, 0, 1}, material, 1000)};
        s.shape.infinitePlane = true;
        return s;
    }
    case FloorKind::Hull:
        return {placed(geometry::ShapeGeometry::convex(boxTriangles(size)), {0, -0.5, 0}, {0, 0, 0, 1},
                       material, 1000)};
    case FloorKind::Trimesh:
        return {placed(geometry::ShapeGeometry::trimesh(boxTriangles(size)), {0, -0.5, 0}, {0, 0, 0, 1},
                       material, 1000)};
    }
    return floorBox(1000, material);
}

/// `count` boxes of `size` metres stacked on a floor with 1 cm gaps (bodies 0..count-1, nodes 0..count-1).
inline SimulationInput boxStack(int count, double size = 1.0)
{
    SimulationInput in;
    in.statics.push_back(floorBox());
    for (int i = 0; i < count; ++i)
        in.bodies.push_back(boxBody(size_t(i), {0, size / 2 + i * (size + 0.01), 0}, {size, size, size}));
    return in;
}

} // namespace cs::test
