#pragma once
// What the names tests read back from a document: a node's collider shape and the bounds of a mesh.
#include "gltf/MeshTriangles.h"
#include "import/NamedColliders.h"
#include "physics/PhysicsModel.h"

#include <QVector3D>
#include <algorithm>
#include <array>
#include <utility>

namespace cs::test {

inline const physics::Shape* colliderShape(const physics::PhysicsModel& model, size_t node)
{
    const physics::NodePhysics* p = model.node(node);
    if (!p || !p->collider || p->collider->shape < 0 || size_t(p->collider->shape) >= model.shapes.size())
        return nullptr;
    return &model.shapes[size_t(p->collider->shape)];
}

/// The bounds of a mesh's positions: min x, y, z, max x, y, z.
inline std::array<double, 6> meshBounds(const gltf::GltfDocument& doc, int mesh)
{
    std::array<double, 6> b{1e30, 1e30, 1e30, -1e30, -1e30, -1e30};
    const auto triangles = gltf::meshTriangles(doc, size_t(mesh));
    if (!triangles)
        return b;
    for (const QVector3D& p : triangles->positions)
        for (int i = 0; i < 3; ++i) {
            b[i] = std::min(b[i], double(p[i]));
            b[i + 3] = std::max(b[i + 3], double(p[i]));
        }
    return b;
}

/// The first collider an Unreal prefix gave and the first a Godot suffix gave (nullptr where none).
inline std::pair<const import::NamedCollider*, const import::NamedCollider*>
byConvention(const import::NamedColliderReport& report)
{
    const import::NamedCollider* unreal = nullptr;
    const import::NamedCollider* godot = nullptr;
    for (const import::NamedCollider& c : report.colliders)
        (c.convention == "unreal" ? unreal : godot) = &c;
    return {unreal, godot};
}

} // namespace cs::test
