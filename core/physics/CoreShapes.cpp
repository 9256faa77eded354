#include "physics/CoreShapes.h"

#include <set>

namespace cs::physics {

bool hasCoreShapes(const Json& root)
{
    return root.is_object() && root.contains("shapes") && root["shapes"].is_array();
}

std::optional<ShapeType> coreMeshShapeType(const std::string& type)
{
    if (type == "convexMesh" || type == "convex")
        return ShapeType::Convex;
    if (type == "mesh" || type == "concave")
        return ShapeType::Trimesh;
    return std::nullopt;
}

Json coreMeshShapeJson(const Shape& shape)
{
    const bool convex = shape.type == ShapeType::Convex;
    std::string type = convex ? "convexMesh" : "mesh";
    if (shape.source.contains("type") && shape.source["type"].is_string()) {
        const std::string read = shape.source["type"].get<std::string>();
        if (coreMeshShapeType(read) == shape.type)
            type = read;
    }
    Json out = Json::object();
    if (shape.source.contains("name"))
        out["name"] = shape.source["name"];
    out["type"] = type;
    Json params = shape.paramsSource.is_object() ? shape.paramsSource : Json::object();
    params["mesh"] = shape.mesh;
    out[type] = params;
    for (const char* key : {"extensions", "extras"}) {
        if (shape.source.contains(key))
            out[key] = shape.source[key];
    }
    return out;
}

Diagnostics coreShapesNotes(const Json& root)
{
    Diagnostics out;
    if (!hasCoreShapes(root))
        return out;
    std::set<std::string> proposal, sampleRenderer;
    for (const Json& shape : root["shapes"]) {
        const std::string type = shape.is_object() && shape.contains("type") && shape["type"].is_string()
                                     ? shape["type"].get<std::string>()
                                     : std::string();
        if (type == "convex" || type == "concave")
            proposal.insert(type);
        else if (type == "convexMesh" || type == "mesh")
            sampleRenderer.insert(type);
    }
    std::string spelling;
    if (!proposal.empty() && !sampleRenderer.empty())
        spelling =
            "; its mesh shapes mix both proposed spellings (convex / concave of KhronosGroup/glTF PR #2636 "
            "and convexMesh / mesh of the Khronos Sample Renderer)";
    else if (!proposal.empty())
        spelling =
            "; its mesh shapes are spelled convex / concave, as KhronosGroup/glTF PR #2636 proposes (the "
            "Khronos Sample Renderer reads convexMesh / mesh)";
    else if (!sampleRenderer.empty())
        spelling =
            "; its mesh shapes are spelled convexMesh / mesh, as the Khronos Sample Renderer reads them "
            "(KhronosGroup/glTF PR #2636 proposes convex / concave)";
    out.push_back(makeInfo("GLTF21_CORE_SHAPES",
                           "the file has the glTF 2.1 draft's core shapes array, read with 2.1's defaults" +
                               spelling + "; the 2.1 draft is not final",
                           "/shapes"));
    const Json* exts =
        root.contains("extensions") && root["extensions"].is_object() ? &root["extensions"] : nullptr;
    if (exts && exts->contains("KHR_implicit_shapes"))
        out.push_back(
            makeWarning("GLTF21_SHAPES_BESIDE_EXTENSION",
                        "KHR_implicit_shapes is ignored: colliders index the core shapes array when "
                        "there is one (as the Khronos Sample Renderer reads them); it is kept as it is",
                        "/extensions/KHR_implicit_shapes"));
    return out;
}

} // namespace cs::physics
