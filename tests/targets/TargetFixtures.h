#pragma once

// Small glTF documents for the export-target tests, built as JSON in the test (no stored files).

#include "gltf/GltfDocument.h"

#include <string>

namespace cs::test {

using gltf::Json;

/// An accessor of `count` VEC3 float points without a buffer view (all zeros, valid glTF) and a mesh of it.
inline void addPointMesh(Json& root, int count)
{
    if (!root.contains("accessors"))
        root["accessors"] = Json::array();
    if (!root.contains("meshes"))
        root["meshes"] = Json::array();
    const size_t accessor = root["accessors"].size();
    root["accessors"].push_back({{"componentType", 5126},
                                 {"count", count},
                                 {"type", "VEC3"},
                                 {"min", {0, 0, 0}},
                                 {"max", {0, 0, 0}}});
    root["meshes"].push_back({{"primitives", Json::array({{{"attributes", {{"POSITION", accessor}}}}})}});
}

/// A KHR document: the given shapes, one node per entry of `nodes` (each a KHR_physics_rigid_bodies node
/// object), all roots of scene 0, and a document-level KHR_physics_rigid_bodies object.
inline Json khrDocument(const Json& shapes, const Json& nodes, const Json& docBody = Json::object())
{
    Json root = {{"asset", {{"version", "2.0"}}},
                 {"extensionsUsed", {"KHR_physics_rigid_bodies", "KHR_implicit_shapes"}},
                 {"extensions",
                  {{"KHR_implicit_shapes", {{"shapes", shapes}}}, {"KHR_physics_rigid_bodies", docBody}}},
                 {"nodes", Json::array()},
                 {"scenes", Json::array({{{"nodes", Json::array()}}})},
                 {"scene", 0}};
    for (size_t i = 0; i < nodes.size(); ++i) {
        root["nodes"].push_back({{"extensions", {{"KHR_physics_rigid_bodies", nodes[i]}}}});
        root["scenes"][0]["nodes"].push_back(i);
    }
    return root;
}

/// An OMI E7 document: shapes, node objects of OMI_physics_body, all roots of scene 0.
inline Json omiDocument(const Json& shapes, const Json& nodes)
{
    Json root = {{"asset", {{"version", "2.0"}}},
                 {"extensionsUsed", {"OMI_physics_shape", "OMI_physics_body"}},
                 {"extensions", {{"OMI_physics_shape", {{"shapes", shapes}}}}},
                 {"nodes", Json::array()},
                 {"scenes", Json::array({{{"nodes", Json::array()}}})},
                 {"scene", 0}};
    for (size_t i = 0; i < nodes.size(); ++i) {
        root["nodes"].push_back({{"extensions", {{"OMI_physics_body", nodes[i]}}}});
        root["scenes"][0]["nodes"].push_back(i);
    }
    return root;
}

/// A KHR collider node object on shape `shape`.
inline Json khrCollider(int shape)
{
    return {{"collider", {{"geometry", {{"shape", shape}}}}}};
}

/// A KHR dynamic body with a collider on shape `shape` and an explicit mass.
inline Json khrBody(int shape, double mass = 1.0)
{
    return {{"motion", {{"mass", mass}}}, {"collider", {{"geometry", {{"shape", shape}}}}}};
}

inline Json box()
{
    return {{"type", "box"}, {"box", {{"size", {1, 1, 1}}}}};
}

inline Json plane()
{
    return {{"type", "plane"}, {"plane", {{"doubleSided", false}}}};
}

} // namespace cs::test
