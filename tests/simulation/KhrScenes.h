#pragma once

// KHR_physics_rigid_bodies documents written as JSON text for the spec-intent tests: nodes with motion,
// colliders and joints, implicit shapes, and two meshes (a unit cube and an open unit box) as data: URIs.
#include "SimulationDocuments.h"

#include <string>
#include <vector>

namespace cs::test {

/// A KHR document under construction. Shapes are KHR_implicit_shapes entries; mesh 0 is a closed unit cube
/// centred on its origin, mesh 1 the same cube without its top face (a concave open box).
struct KhrScene
{
    std::vector<std::string> shapes;
    std::vector<std::string> nodes;
    std::string materials = "[]";
    std::string filters = "[]";
    std::string joints = "[]";

    /// Adds a shape (the KHR JSON object) and returns its index.
    int shape(const std::string& json)
    {
        shapes.push_back(json);
        return int(shapes.size()) - 1;
    }
    /// Adds a node (the whole node JSON object) and returns its index.
    size_t node(const std::string& json)
    {
        nodes.push_back(json);
        return nodes.size() - 1;
    }

    std::string json() const
    {
        auto join = [](const std::vector<std::string>& items) {
            std::string out;
            for (const std::string& i : items)
                out += (out.empty() ? "" : ",") + i;
            return out;
        };
        return R"({"asset":{"version":"2.0"},"extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],)"
               R"("extensions":{"KHR_implicit_shapes":{"shapes":[)" +
               join(shapes) + R"(]},"KHR_physics_rigid_bodies":{"physicsMaterials":)" + materials +
               R"(,"collisionFilters":)" + filters + R"(,"physicsJoints":)" + joints + R"(}},"nodes":[)" +
               join(nodes) + "]" + meshes() + "}";
    }

    static std::string meshes()
    {
        gltf::Bytes bytes;
        appendFloats(bytes, {-0.5f, -0.5f, -0.5f, 0.5f, -0.5f, -0.5f, 0.5f, 0.5f, -0.5f, -0.5f, 0.5f, -0.5f,
                             -0.5f, -0.5f, 0.5f,  0.5f, -0.5f, 0.5f,  0.5f, 0.5f, 0.5f,  -0.5f, 0.5f, 0.5f});
        // Outward-facing triangles: bottom, top, front, back, left, right (the open box leaves out the top).
        appendValues<std::uint16_t>(bytes, {0, 1, 5, 0, 5, 4, 3, 7, 6, 3, 6, 2, 4, 5, 6, 4, 6, 7,
                                            0, 3, 2, 0, 2, 1, 0, 4, 7, 0, 7, 3, 1, 2, 6, 1, 6, 5});
        appendValues<std::uint16_t>(bytes, {0, 1, 5, 0, 5, 4, 4, 5, 6, 4, 6, 7, 0, 3, 2,
                                            0, 2, 1, 0, 4, 7, 0, 7, 3, 1, 2, 6, 1, 6, 5});
        return R"(,"meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1}]},)"
               R"({"primitives":[{"attributes":{"POSITION":0},"indices":2}]}],)"
               R"("accessors":[{"bufferView":0,"componentType":5126,"count":8,"type":"VEC3",)"
               R"("min":[-0.5,-0.5,-0.5],"max":[0.5,0.5,0.5]},)"
               R"({"bufferView":1,"componentType":5123,"count":36,"type":"SCALAR"},)"
               R"({"bufferView":2,"componentType":5123,"count":30,"type":"SCALAR"}],)"
               R"("bufferViews":[{"buffer":0,"byteLength":96},{"buffer":0,"byteOffset":96,"byteLength":72},)"
               R"({"buffer":0,"byteOffset":168,"byteLength":60}],)"
               R"("buffers":[{"byteLength":228,"uri":")" +
               base64DataUri(bytes) + R"("}])";
    }
};

} // namespace cs::test
