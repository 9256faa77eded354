#pragma once

// What the passes of one export read of the document's structure: its node graph and its physics resolved
// over it (which body moves which collider, each placed in the world). An export builds it once, after
// reading the physics, and hands it to every pass by const reference; only the export's own steps rebuild
// it, and only after a pass changed what it is made of (nodes added or moved). Issue 48: before, each pass
// built its own graph and resolved the physics again.

#include "gltf/GltfDocument.h"
#include "gltf/SceneGraph.h"
#include "physics/PhysicsModel.h"
#include "physics/ResolvedScene.h"

#include <optional>

namespace cs::targets {

class ExportScene
{
public:
    /// The graph of `doc` and `model` resolved over it.
    ExportScene(const gltf::GltfDocument& doc, const physics::PhysicsModel& model);

    const gltf::SceneGraph& graph() const { return m_graph; }
    /// The model as resolved when the graph was last built. Bodies, their colliders and triggers and the
    /// instances' world transforms follow the model's nodes; the values the passes change (masses, centres of
    /// mass, velocities, material and filter indices) are read from the model, never from this copy. None
    /// after rebuildGraph(): the finished JSON's nodes are no longer the model's.
    const physics::ResolvedScene& resolved() const { return *m_resolved; }

    /// A pass added or moved nodes, or colliders on them, before the physics is written: both again.
    void rebuild(const gltf::GltfDocument& doc, const physics::PhysicsModel& model);
    /// A pass added, moved or renumbered nodes of the written JSON: the graph again, nothing resolved.
    void rebuildGraph(const gltf::GltfDocument& doc);

private:
    gltf::SceneGraph m_graph;
    std::optional<physics::ResolvedScene> m_resolved;
};

} // namespace cs::targets
