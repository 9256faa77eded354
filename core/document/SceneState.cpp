#include "document/SceneState.h"

#include "document/Document.h"

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

} // namespace cs::document
