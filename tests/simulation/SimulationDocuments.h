#pragma once

// The engine's input read from a document given as JSON text, for the mapping tests.
#include "SimulationScenes.h"
#include "TestSupport.h"
#include "physics/OmiReader.h"

namespace cs::test {

/// Reads the physics of a document given as JSON text and builds the engine's input.
inline Result<SimulationInput> inputOf(const std::string& json)
{
    const gltf::GltfDocument doc = loadJson(json);
    auto model = physics::readPhysics(doc);
    auto graph = gltf::SceneGraph::build(doc);
    if (!model || !graph)
        return {};
    return simulation::buildSimulationInput(doc, *model, *graph);
}

} // namespace cs::test
