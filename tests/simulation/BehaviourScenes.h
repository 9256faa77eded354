#pragma once

// Scenes and look-ups for the Behave Like tests: a KHR scene read as a target engine reads it, one-body
// scenes, and a body's state by node.
#include "KhrScenes.h"
#include "simulation/BehaviourProfile.h"
#include "simulation/World.h"

#include <QtGlobal>
#include <string>

namespace cs::test {

using simulation::BehaviourProfile;

inline BehaviourProfile profile(const std::string& name)
{
    auto p = simulation::findBehaviourProfile(name);
    if (!p)
        qFatal("no behaviour profile %s", name.c_str());
    return *p;
}

inline SimulationInput inputLike(const KhrScene& scene, const std::string& name)
{
    const gltf::GltfDocument doc = loadJson(scene.json());
    auto model = physics::readPhysics(doc);
    auto graph = gltf::SceneGraph::build(doc);
    if (!model || !graph)
        qFatal("the scene does not read");
    auto in = simulation::buildSimulationInput(doc, *model, *graph, profile(name));
    if (!in)
        qFatal("the scene gives no simulation input: %s", describe(in.diagnostics).c_str());
    return *in;
}

inline std::string physicsOf(const std::string& body)
{
    return R"("extensions":{"KHR_physics_rigid_bodies":)" + body + "}";
}

/// A scene with one dynamic body on node 0 (a 0.2 m sphere unless `shape` is given) with this motion.
inline KhrScene oneBody(const std::string& motion, const std::string& node = "",
                        const std::string& shape = R"({"type":"sphere","sphere":{"radius":0.1}})")
{
    KhrScene scene;
    scene.shape(shape);
    scene.node("{" + node + physicsOf(R"({"motion":)" + motion + R"(,"collider":{"geometry":{"shape":0}}})") +
               "}");
    return scene;
}

inline simulation::BodyState stateOf(const simulation::World& world, size_t node)
{
    for (const simulation::BodyState& s : world.states()) {
        if (s.node == node)
            return s;
    }
    qFatal("no body on node %zu", node);
}

} // namespace cs::test
