#include "document/SceneState.h"

#include "document/Document.h"

#include <algorithm>

namespace cs::document {

Diagnostics SceneState::rebuild(const Document& document)
{
    graph = document.sceneGraph();
    auto built = gltf::buildRenderScene(document.gltf(), graph);
    render = std::move(*built.value);
    resolved = physics::resolveScene(document.model(), graph);
    picking = scene::PickScene(document.gltf(), document.model(), resolved, render);
    m_renderStale = m_physicsStale = false;
    return std::move(built.diagnostics);
}

void SceneState::noteChange(const ChangeEvent& event)
{
    switch (event.kind) {
    case ChangeEvent::Kind::Selection:
        return;
    case ChangeEvent::Kind::Node:
    case ChangeEvent::Kind::Mesh:
        m_renderStale = true;
        break;
    default:
        break;
    }
    m_physicsStale = true;
}

bool SceneState::update(const Document& document)
{
    if (!stale())
        return false;
    const bool renderRebuilt = m_renderStale;
    graph = document.sceneGraph();
    if (m_renderStale) {
        auto built = gltf::buildRenderScene(document.gltf(), graph);
        render = std::move(*built.value);
    }
    resolved = physics::resolveScene(document.model(), graph);
    picking = scene::PickScene(document.gltf(), document.model(), resolved, render);
    m_renderStale = m_physicsStale = false;
    return renderRebuilt;
}

std::vector<NodeRow> SceneState::nodeRows(const Document& document) const
{
    const gltf::GltfDocument& doc = document.gltf();
    std::vector<NodeRow> rows(graph.nodeCount());
    for (size_t i = 0; i < rows.size(); ++i) {
        NodeRow& row = rows[i];
        row.name = gltf::nodeLabel(doc, i);
        row.children = graph.children(i);
        row.mesh = gltf::nodeMesh(doc, i).has_value();
        if (const physics::NodePhysics* p = document.model().node(i)) {
            if (p->motion)
                row.body = physics::motionTypeName(p->motion->type);
            row.collider = p->collider.has_value();
            row.trigger = p->trigger.has_value();
        }
        const int owner = i < resolved.nodeBody.size() ? resolved.nodeBody[i] : -1;
        row.behaves =
            owner >= 0 ? physics::motionTypeName(resolved.bodies[size_t(owner)].motion.type) : "static";
    }
    return rows;
}

std::optional<Box> SceneState::selectionBounds(const Document& document,
                                               const std::vector<QVector3D>& selectionLines) const
{
    const std::optional<NodeIndex> current = document.currentNode();
    if (!current)
        return std::nullopt;
    std::vector<QVector3D> points = selectionLines;
    if (points.empty()) {
        for (const auto& instance : render.instances) {
            if (!document.selection().contains(instance.node))
                continue;
            for (const auto& p : render.meshes[instance.mesh].primitives)
                for (const QVector3D& v : p.triangles->positions)
                    points.push_back(instance.world.map(v));
        }
    }
    if (points.empty()) {
        const QVector3D o = graph.worldTransform(*current).map(QVector3D());
        points = {o - QVector3D(1, 1, 1), o + QVector3D(1, 1, 1)};
    }
    Box box{points.front(), points.front()};
    for (const QVector3D& p : points) {
        box.min = QVector3D(std::min(box.min.x(), p.x()), std::min(box.min.y(), p.y()),
                            std::min(box.min.z(), p.z()));
        box.max = QVector3D(std::max(box.max.x(), p.x()), std::max(box.max.y(), p.y()),
                            std::max(box.max.z(), p.z()));
    }
    return box;
}

} // namespace cs::document
