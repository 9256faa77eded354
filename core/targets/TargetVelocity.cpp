#include "targets/TargetVelocity.h"

#include "gltf/SceneGraph.h"
#include "targets/TargetExport.h"

#include <QMatrix4x4>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>

namespace cs::targets {

namespace {

/// The columns of a rotation, in double precision.
using Rotation = std::array<physics::Vec3, 3>;

double dot(const physics::Vec3& a, const physics::Vec3& b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/// The rotation of a world matrix (its columns normalised in double precision), or nullopt when they are not
/// an orthonormal, right-handed frame (shear, mirror, a zero scale).
std::optional<Rotation> rotationOf(const QMatrix4x4& world)
{
    Rotation axes;
    for (int c = 0; c < 3; ++c) {
        const physics::Vec3 column{world(0, c), world(1, c), world(2, c)};
        const double length = std::sqrt(dot(column, column));
        if (length < 1e-9)
            return std::nullopt;
        for (size_t r = 0; r < 3; ++r)
            axes[size_t(c)][r] = column[r] / length;
    }
    const double tolerance = 1e-5;
    const physics::Vec3 cross{axes[0][1] * axes[1][2] - axes[0][2] * axes[1][1],
                              axes[0][2] * axes[1][0] - axes[0][0] * axes[1][2],
                              axes[0][0] * axes[1][1] - axes[0][1] * axes[1][0]};
    if (std::abs(dot(axes[0], axes[1])) > tolerance || std::abs(dot(axes[1], axes[2])) > tolerance ||
        std::abs(dot(axes[0], axes[2])) > tolerance || dot(cross, axes[2]) < 1 - tolerance)
        return std::nullopt;
    return axes;
}

bool isZero(const physics::Vec3& v)
{
    return v[0] == 0 && v[1] == 0 && v[2] == 0;
}

/// `v` turned by `rotation`; components below 1e-7 of its length (the float matrix's rounding) written as 0.
physics::Vec3 turned(const Rotation& rotation, const physics::Vec3& v)
{
    physics::Vec3 out{0, 0, 0};
    for (size_t c = 0; c < 3; ++c) {
        for (size_t r = 0; r < 3; ++r)
            out[r] += rotation[c][r] * v[c];
    }
    const double length = std::sqrt(dot(v, v));
    for (double& x : out) {
        if (std::abs(x) < 1e-7 * length)
            x = 0;
    }
    return out;
}

std::string text(const physics::Vec3& v)
{
    char out[96];
    std::snprintf(out, sizeof out, "(%g, %g, %g)", v[0], v[1], v[2]);
    return out;
}

} // namespace

void worldFrameVelocities(physics::PhysicsModel& model, const gltf::SceneGraph& graph, Diagnostics& changes)
{
    for (auto& [node, physics] : model.nodes) {
        if (!physics.motion || physics.motion->type != physics::MotionType::Dynamic ||
            node >= graph.nodeCount())
            continue;
        physics::Motion& m = *physics.motion;
        if (isZero(m.linearVelocity) && isZero(m.angularVelocity))
            continue;
        const auto rotation = rotationOf(graph.worldTransform(node));
        if (!rotation) {
            changes.push_back(
                makeInfo(kTargetDiffers,
                         "initial velocities left in node space: the node's world matrix shears "
                         "or mirrors, so no rotation takes them to the world frame the target reads",
                         m.pointer));
            continue;
        }
        for (auto [field, v] : {std::pair{"linearVelocity", &m.linearVelocity},
                                std::pair{"angularVelocity", &m.angularVelocity}}) {
            if (isZero(*v))
                continue;
            const physics::Vec3 before = *v;
            const physics::Vec3 after = turned(*rotation, before);
            const physics::Vec3 moved{after[0] - before[0], after[1] - before[1], after[2] - before[2]};
            if (dot(moved, moved) <= 1e-14 * dot(before, before))
                continue; // an unturned node, or a vector along the rotation's axis
            *v = after;
            changes.push_back(
                makeInfo(kTargetChanged,
                         std::string(field) + " written in the world frame: " + text(before) +
                             " in node space is " + text(*v) +
                             " in the world (the target reads a dynamic body's velocities as world "
                             "vectors)",
                         m.pointer + "/" + field));
        }
    }
}

} // namespace cs::targets
