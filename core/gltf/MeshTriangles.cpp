#include "gltf/MeshTriangles.h"

#include "gltf/Accessors.h"
#include "gltf/DracoDecode.h"
#include "gltf/JsonIndex.h"
#include "gltf/PrimitiveData.h"

#include <cmath>

namespace cs::gltf {

void TriangleMesh::append(const TriangleMesh& other)
{
    const auto base = static_cast<std::uint32_t>(positions.size());
    positions.insert(positions.end(), other.positions.begin(), other.positions.end());
    indices.reserve(indices.size() + other.indices.size());
    for (std::uint32_t i : other.indices)
        indices.push_back(base + i);
}

namespace {

const char* modeName(int mode)
{
    switch (mode) {
    case 0:
        return "POINTS";
    case 1:
        return "LINES";
    case 2:
        return "LINE_LOOP";
    case 3:
        return "LINE_STRIP";
    default:
        return "an unknown mode";
    }
}

/// Expands strips and fans into a plain list; degenerate triangles of strips (repeated vertices) are dropped.
std::vector<std::uint32_t> toTriangleList(const std::vector<std::uint32_t>& v, int mode)
{
    std::vector<std::uint32_t> out;
    if (v.size() < 3)
        return out;
    if (mode == 4) {
        out.assign(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 3 * 3));
        return out;
    }
    out.reserve((v.size() - 2) * 3);
    for (size_t i = 2; i < v.size(); ++i) {
        std::uint32_t a, b, c;
        if (mode == 5) {
            // Every other triangle of a strip is flipped to keep the winding consistent.
            a = v[i - 2];
            b = (i % 2 == 0) ? v[i - 1] : v[i];
            c = (i % 2 == 0) ? v[i] : v[i - 1];
        } else {
            a = v[0];
            b = v[i - 1];
            c = v[i];
        }
        if (mode == 5 && (a == b || b == c || a == c))
            continue;
        out.insert(out.end(), {a, b, c});
    }
    return out;
}

} // namespace

Result<TriangleMesh> primitiveTriangles(const GltfDocument& doc, size_t mesh, size_t primitive,
                                        const MeshPoser* poser)
{
    using R = Result<TriangleMesh>;
    const std::string pointer =
        "/meshes/" + std::to_string(mesh) + "/primitives/" + std::to_string(primitive);
    const Json* m = doc.element("meshes", mesh);
    if (!m)
        return R::failure(makeError("INDEX_OUT_OF_RANGE", "mesh " + std::to_string(mesh) + " does not exist",
                                    jsonPointerAppend("/meshes", mesh)));
    const Json& prims = m->value("primitives", Json());
    if (!prims.is_array() || primitive >= prims.size() || !prims[primitive].is_object())
        return R::failure(makeError("INDEX_OUT_OF_RANGE", "the mesh has no such primitive", pointer));
    const Json& p = prims[primitive];
    const Json& modeJson = p.value("mode", Json(4));
    const int mode = modeJson.is_number_integer() ? modeJson.get<int>() : -1;
    if (mode < 4 || mode > 6)
        return R::failure(makeError("PRIMITIVE_NOT_TRIANGLES",
                                    std::string("the primitive draws ") + modeName(mode) + " (mode " +
                                        std::to_string(mode) + "), not triangles",
                                    pointer + "/mode"));
    const Json& attributes = p.value("attributes", Json());
    const Json& position = attributes.is_object() ? attributes.value("POSITION", Json()) : Json();
    if (!isJsonIndex(position))
        return R::failure(makeError("PRIMITIVE_NO_POSITION", "the primitive has no POSITION attribute",
                                    pointer + "/attributes"));
    // Through the primitive, so that Draco and meshopt compressed geometry reads decoded.
    auto positions = readPrimitiveAttribute(doc, mesh, primitive, "POSITION");
    if (!positions)
        return R{std::nullopt, positions.diagnostics};
    if (positions->components != 3)
        return R::failure(makeError("ACCESSOR_INVALID_TYPE", "POSITION must be VEC3",
                                    jsonPointerAppend("/accessors", position.get<size_t>())));

    TriangleMesh out;
    out.positions.reserve(positions->count);
    for (size_t i = 0; i < positions->count; ++i) {
        const float* v = &positions->values[i * 3];
        if (!std::isfinite(v[0]) || !std::isfinite(v[1]) || !std::isfinite(v[2]))
            return R::failure(
                makeError("ACCESSOR_NON_FINITE",
                          "position " + std::to_string(i) + " is not a finite number (NaN or infinity)",
                          jsonPointerAppend("/accessors", position.get<size_t>())));
        out.positions.emplace_back(v[0], v[1], v[2]);
    }
    Diagnostics poseNotes;
    if (poser && poser->deforms()) {
        auto posed = poser->apply(primitive, std::move(out.positions));
        if (!posed)
            return R{std::nullopt, posed.diagnostics};
        out.positions = std::move(*posed);
        poseNotes = std::move(posed.diagnostics);
    }

    auto indices = readPrimitiveIndices(doc, mesh, primitive);
    if (!indices)
        return R{std::nullopt, indices.diagnostics};
    std::vector<std::uint32_t> order;
    if (*indices) {
        order = std::move(**indices);
        const std::string where = isJsonIndex(p.value("indices", Json()))
                                      ? jsonPointerAppend("/accessors", p["indices"].get<size_t>())
                                      : pointer;
        for (size_t i = 0; i < order.size(); ++i) {
            if (order[i] >= out.positions.size())
                return R::failure(makeError("MESH_INDEX_OUT_OF_RANGE",
                                            "index " + std::to_string(i) + " is " + std::to_string(order[i]) +
                                                " but there are " + std::to_string(out.positions.size()) +
                                                " vertices",
                                            where));
        }
    } else {
        order.resize(out.positions.size());
        for (size_t i = 0; i < order.size(); ++i)
            order[i] = static_cast<std::uint32_t>(i);
    }
    // Draco stores a triangle list whatever the primitive's mode says.
    out.indices = toTriangleList(order, dracoExtension(p) ? 4 : mode);
    return R{std::move(out), std::move(poseNotes)};
}

namespace {

Result<TriangleMesh> meshTrianglesWith(const GltfDocument& doc, size_t mesh, const MeshPoser* poser)
{
    using R = Result<TriangleMesh>;
    const Json* m = doc.element("meshes", mesh);
    if (!m)
        return R::failure(makeError("INDEX_OUT_OF_RANGE", "mesh " + std::to_string(mesh) + " does not exist",
                                    jsonPointerAppend("/meshes", mesh)));
    const Json& prims = m->value("primitives", Json());
    R result;
    TriangleMesh all;
    const size_t n = prims.is_array() ? prims.size() : 0;
    for (size_t i = 0; i < n; ++i) {
        auto tri = primitiveTriangles(doc, mesh, i, poser);
        if (!tri) {
            if (findDiagnostic(tri.diagnostics, "PRIMITIVE_NOT_TRIANGLES")) {
                for (auto d : tri.diagnostics) {
                    d.severity = Severity::Warning;
                    d.message += "; it is skipped";
                    result.diagnostics.push_back(std::move(d));
                }
                continue;
            }
            result.diagnostics.insert(result.diagnostics.end(), tri.diagnostics.begin(),
                                      tri.diagnostics.end());
            return result;
        }
        result.diagnostics.insert(result.diagnostics.end(), tri.diagnostics.begin(), tri.diagnostics.end());
        all.append(*tri);
    }
    result.value = std::move(all);
    return result;
}

} // namespace

Result<TriangleMesh> posedMeshTriangles(const GltfDocument& doc, size_t mesh, std::optional<size_t> node)
{
    auto poser = meshPoser(doc, mesh, node);
    if (!poser)
        return Result<TriangleMesh>{std::nullopt, poser.diagnostics};
    return meshTrianglesWith(doc, mesh, *poser ? &**poser : nullptr);
}

Result<TriangleMesh> meshTriangles(const GltfDocument& doc, size_t mesh)
{
    Diagnostics notes;
    const std::optional<size_t> node = meshPoseNode(doc, mesh, &notes);
    auto out = posedMeshTriangles(doc, mesh, node);
    out.diagnostics.insert(out.diagnostics.begin(), notes.begin(), notes.end());
    return out;
}

Result<TriangleMesh> restMeshTriangles(const GltfDocument& doc, size_t mesh)
{
    return meshTrianglesWith(doc, mesh, nullptr);
}

} // namespace cs::gltf
