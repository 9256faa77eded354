#include "targets/ExportScene.h"

namespace cs::targets {

namespace {

/// The graph build() gives; it always gives one (defects are left out of it and reported, which the
/// validator does, not the export).
gltf::SceneGraph graphOf(const gltf::GltfDocument& doc)
{
    auto built = gltf::SceneGraph::build(doc);
    return built ? std::move(*built) : gltf::SceneGraph();
}

} // namespace

ExportScene::ExportScene(const gltf::GltfDocument& doc, const physics::PhysicsModel& model)
    : m_graph(graphOf(doc)), m_resolved(physics::resolveScene(model, m_graph))
{}

void ExportScene::rebuild(const gltf::GltfDocument& doc, const physics::PhysicsModel& model)
{
    m_graph = graphOf(doc);
    m_resolved = physics::resolveScene(model, m_graph);
}

void ExportScene::rebuildGraph(const gltf::GltfDocument& doc)
{
    m_graph = graphOf(doc);
    m_resolved.reset();
}

} // namespace cs::targets
