#pragma once

#include "Diagnostic.h"
#include "document/ChangeEvent.h"
#include "gltf/RenderScene.h"
#include "gltf/SceneGraph.h"
#include "physics/ResolvedScene.h"
#include "scene/PickScene.h"

#include <QVector3D>
#include <optional>
#include <string>
#include <vector>

namespace cs::document {

class Document;

/// One node as the scene tree lists it.
struct NodeRow
{
    std::string name; ///< the node's name ("" when unnamed)
    std::vector<size_t> children;
    std::string body;    ///< the node's own motion type ("static", "kinematic", "dynamic"), "" without one
    std::string behaves; ///< how its collider moves: its owning body's motion type, "static" without one
    bool collider = false;
    bool trigger = false;
    bool mesh = false;
};

/// An axis-aligned box in world space (metres).
struct Box
{
    QVector3D min;
    QVector3D max;
};

/// What the views derive from a Document: the node graph, the render scene, the resolved physics (which
/// body owns each collider) and the picking scene. The loader builds it once (off the GUI thread); the
/// window then feeds it the document's change events and brings it up to date once per burst of events,
/// rebuilding only what those events touched: the render scene when nodes or meshes changed, the graph
/// with it, and the physics and picking after any edit.
///
/// It holds no pointer to the document: pass the same document to every call.
struct SceneState
{
    gltf::SceneGraph graph;
    gltf::RenderScene render;
    physics::ResolvedScene resolved;
    scene::PickScene picking;

    /// Derives everything from the document as it is. Returns what building the render scene said (unreadable
    /// meshes and the like).
    Diagnostics rebuild(const Document& document);

    /// Notes what an event makes stale. Selection events change nothing here.
    void noteChange(const ChangeEvent& event);
    /// True when some event since the last update() asks for work.
    bool stale() const { return m_physicsStale || m_renderStale; }
    /// Brings the stale parts up to date. Returns true when the render scene was rebuilt (the viewport must
    /// take the new one).
    bool update(const Document& document);

    /// One row per node of the graph, in node order.
    std::vector<NodeRow> nodeRows(const Document& document) const;
    /// What Frame Selected frames: the box around `selectionLines` (the selection's collider overlay); else
    /// around the meshes the selected nodes draw; else a metre around the current node's origin. None
    /// without a current node.
    std::optional<Box> selectionBounds(const Document& document,
                                       const std::vector<QVector3D>& selectionLines) const;

private:
    bool m_renderStale = false;  ///< nodes or meshes changed: graph and render scene
    bool m_physicsStale = false; ///< anything else: resolved physics and picking
};

} // namespace cs::document
