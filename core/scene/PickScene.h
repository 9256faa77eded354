#pragma once

#include "geometry/RayCast.h"
#include "gltf/GltfDocument.h"
#include "gltf/RenderScene.h"
#include "physics/PhysicsModel.h"
#include "physics/ResolvedScene.h"

#include <QVector3D>
#include <optional>
#include <vector>

namespace cs::scene {

struct Pick
{
    size_t node = 0;
    double distance = 0;   ///< metres along the ray
    bool collider = false; ///< a collider or trigger was hit (else a drawn mesh)
};

/// What a click in the viewport can hit: every collider and trigger shape and every drawn mesh, placed in the
/// world. Built once per state of the document (rebuild after edits), so that a click only casts rays.
class PickScene
{
public:
    PickScene() = default;
    PickScene(const gltf::GltfDocument& doc, const physics::PhysicsModel& model,
              const physics::ResolvedScene& scene, const gltf::RenderScene& render);

    /// The nearest hit along a world-space ray. Colliders win over a mesh hit at (nearly) the same distance,
    /// so that clicking a collider drawn on its mesh selects the collider's node.
    std::optional<Pick> pick(const QVector3D& origin, const QVector3D& direction) const;

    size_t targetCount() const { return m_targets.size(); }

private:
    std::vector<geometry::PickTarget> m_targets;   ///< id: index into m_owners
    std::vector<std::pair<size_t, bool>> m_owners; ///< node, is a collider
};

} // namespace cs::scene
