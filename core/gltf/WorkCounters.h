#pragma once

// How many times the whole-document steps of an export or a save ran in this process. Tests read the
// counts around one Export For, one `upgrade --target` or one Save As to check that each step runs once
// (issue 48: the scene graph built and the physics resolved and written once per export or conversion).
// A count, not a synchronisation: relaxed atomics, read before and after the work under test.

#include <cstdint>

namespace cs::gltf {

enum class Work
{
    SceneGraphBuild, ///< gltf::SceneGraph::build
    PhysicsResolve,  ///< physics::resolveScene
    PhysicsWrite,    ///< physics::writePhysics (the whole physics written in a family)
};

/// Adds one to the count of `work`.
void countWork(Work work);
/// How many times `work` ran in this process so far.
std::uint64_t workCount(Work work);

} // namespace cs::gltf
