#include "gltf/PrimitiveData.h"

#include "gltf/DracoDecode.h"
#include "gltf/JsonIndex.h"
#include "gltf/MeshoptDecode.h"

namespace cs::gltf {

namespace {

std::string primitivePointer(size_t mesh, size_t primitive)
{
    return jsonPointerAppend(jsonPointerAppend("/meshes", mesh) + "/primitives", primitive);
}

/// The primitive's JSON, or an error naming why there is none.
Result<const Json*> primitiveJson(const GltfDocument& doc, size_t mesh, size_t primitive)
{
    using R = Result<const Json*>;
    const Json* found = findPrimitive(doc, mesh, primitive);
    if (!found)
        return R::failure(makeError("INDEX_OUT_OF_RANGE", "the mesh has no such primitive",
                                    primitivePointer(mesh, primitive)));
    const Json& p = *found;
    const std::string unsupported =
        unsupportedRequiredExtension(doc, p, {"KHR_materials_variants"}); // a material choice only
    if (!unsupported.empty())
        return R::failure(makeError("MESH_EXTENSION_UNSUPPORTED",
                                    "the primitive's geometry is encoded with " + unsupported +
                                        ", a required extension Collidoscope cannot decode",
                                    primitivePointer(mesh, primitive) + "/extensions/" + unsupported));
    return R{&p, {}};
}

} // namespace

const Json* findPrimitive(const GltfDocument& doc, size_t mesh, size_t primitive)
{
    const Json* m = doc.element("meshes", mesh);
    if (!m)
        return nullptr;
    auto prims = m->find("primitives");
    if (prims == m->end() || !prims->is_array() || primitive >= prims->size() ||
        !(*prims)[primitive].is_object())
        return nullptr;
    return &(*prims)[primitive];
}

Result<FloatArray> readPrimitiveAttribute(const GltfDocument& doc, size_t mesh, size_t primitive,
                                          const std::string& name)
{
    using R = Result<FloatArray>;
    auto p = primitiveJson(doc, mesh, primitive);
    if (!p)
        return R{std::nullopt, p.diagnostics};
    if (const Json* draco = dracoExtension(**p)) {
        const Json& compressed = draco->value("attributes", Json());
        if (compressed.is_object() && compressed.contains(name)) {
            auto decoded = decodeDracoPrimitive(doc, mesh, primitive);
            if (!decoded)
                return R{std::nullopt, decoded.diagnostics};
            return R{(*decoded)->attributes.at(name), {}};
        }
    }
    const Json& attributes = (*p)->value("attributes", Json());
    const Json& index = attributes.is_object() ? attributes.value(name, Json()) : Json();
    if (!isJsonIndex(index))
        return R::failure(makeError("PRIMITIVE_NO_ATTRIBUTE", "the primitive has no " + name + " attribute",
                                    primitivePointer(mesh, primitive) + "/attributes"));
    return readAccessorFloats(doc, index.get<size_t>());
}

Result<std::optional<std::vector<std::uint32_t>>> readPrimitiveIndices(const GltfDocument& doc, size_t mesh,
                                                                       size_t primitive)
{
    using R = Result<std::optional<std::vector<std::uint32_t>>>;
    auto p = primitiveJson(doc, mesh, primitive);
    if (!p)
        return R{std::nullopt, p.diagnostics};
    if (dracoExtension(**p)) {
        // Draco always stores triangles; the primitive's indices accessor only describes their count and
        // type.
        auto decoded = decodeDracoPrimitive(doc, mesh, primitive);
        if (!decoded)
            return R{std::nullopt, decoded.diagnostics};
        return R{std::optional((*decoded)->indices), {}};
    }
    auto indices = (*p)->find("indices");
    if (indices == (*p)->end())
        return R{std::optional<std::vector<std::uint32_t>>(), {}};
    if (!isJsonIndex(*indices))
        return R::failure(makeError("INVALID_INDEX", "indices must be an accessor index",
                                    primitivePointer(mesh, primitive) + "/indices"));
    auto read = readAccessorIndices(doc, indices->get<size_t>());
    if (!read)
        return R{std::nullopt, read.diagnostics};
    return R{std::optional(std::move(*read.value)), {}};
}

Diagnostics checkCompressedGeometry(const GltfDocument& doc)
{
    Diagnostics out;
    for (size_t v = 0; v < doc.count("bufferViews"); ++v) {
        const Json* view = doc.element("bufferViews", v);
        if (!view)
            continue;
        const std::string unsupported = unsupportedRequiredExtension(doc, *view);
        if (!unsupported.empty())
            out.push_back(makeError("EXTENSION_UNSUPPORTED",
                                    "the buffer view is encoded with " + unsupported +
                                        ", a required extension Collidoscope cannot decode",
                                    jsonPointerAppend("/bufferViews", v) + "/extensions/" + unsupported));
        else if (meshoptExtension(*view)) {
            auto decoded = decodeMeshoptView(doc, v);
            out.insert(out.end(), decoded.diagnostics.begin(), decoded.diagnostics.end());
        }
    }
    for (size_t m = 0; m < doc.count("meshes"); ++m) {
        for (size_t p = 0; findPrimitive(doc, m, p); ++p) {
            auto json = primitiveJson(doc, m, p);
            if (!json) {
                out.insert(out.end(), json.diagnostics.begin(), json.diagnostics.end());
                continue;
            }
            if (dracoExtension(**json)) {
                auto decoded = decodeDracoPrimitive(doc, m, p);
                out.insert(out.end(), decoded.diagnostics.begin(), decoded.diagnostics.end());
            }
        }
    }
    return out;
}

} // namespace cs::gltf
