// Source meshes to glTF primitives: positions in metres, unit normals, the first UV set flipped to glTF's
// top-left origin, and triangle indices.
#include "import/AssimpConvert.h"
#include "import/ImportContext.h"

#include <assimp/scene.h>
#include <cmath>

namespace cs::import {

namespace {

std::string meshLabel(const aiMesh& mesh, unsigned index)
{
    const std::string name = utf8(mesh.mName);
    return name.empty() ? "mesh " + std::to_string(index) : "'" + name + "'";
}

/// Unit normals, or nothing when any is zero or not finite: the glTF-Validator rejects non-unit normals,
/// and viewers compute flat normals when there are none.
std::optional<std::vector<float>> unitNormals(const aiMesh& mesh)
{
    std::vector<float> out;
    out.reserve(size_t(mesh.mNumVertices) * 3);
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
        const aiVector3D& n = mesh.mNormals[v];
        const double len = std::sqrt(double(n.x) * n.x + double(n.y) * n.y + double(n.z) * n.z);
        if (!(len > 1e-12) || !std::isfinite(len))
            return std::nullopt;
        out.insert(out.end(), {float(n.x / len), float(n.y / len), float(n.z / len)});
    }
    return out;
}

} // namespace

std::optional<gltf::Json> convertPrimitive(ImportContext& ctx, unsigned meshIndex, const PendingSkin* skin)
{
    const aiMesh& mesh = *ctx.scene.mMeshes[meshIndex];
    const std::string label = meshLabel(mesh, meshIndex);
    if (!(mesh.mPrimitiveTypes & aiPrimitiveType_TRIANGLE) || mesh.mNumVertices == 0) {
        ctx.lost("IMPORT_NOT_TRIANGLES", "meshes of points or lines", label);
        return std::nullopt;
    }

    std::vector<std::uint32_t> indices;
    indices.reserve(size_t(mesh.mNumFaces) * 3);
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
        const aiFace& face = mesh.mFaces[f];
        if (face.mNumIndices != 3)
            continue; // points and lines sorted into this mesh by mistake; triangulation left only triangles
        for (unsigned k = 0; k < 3; ++k) {
            if (face.mIndices[k] >= mesh.mNumVertices)
                return std::nullopt;
            indices.push_back(face.mIndices[k]);
        }
    }
    if (indices.empty()) {
        ctx.lost("IMPORT_NOT_TRIANGLES", "meshes of points or lines", label);
        return std::nullopt;
    }

    std::vector<float> positions;
    positions.reserve(size_t(mesh.mNumVertices) * 3);
    for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
        const aiVector3D& p = mesh.mVertices[v];
        const double x = p.x * ctx.scale, y = p.y * ctx.scale, z = p.z * ctx.scale;
        if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) {
            ctx.lost("IMPORT_NONFINITE_POSITIONS", "meshes with non-finite positions (left out)", label);
            return std::nullopt;
        }
        positions.insert(positions.end(), {float(x), float(y), float(z)});
    }

    gltf::Json attributes = gltf::Json::object();
    attributes["POSITION"] = ctx.builder.addFloatAccessor(positions, 3, true);
    if (mesh.HasNormals()) {
        if (auto normals = unitNormals(mesh))
            attributes["NORMAL"] = ctx.builder.addFloatAccessor(*normals, 3, false);
        else
            ctx.lost("IMPORT_BAD_NORMALS", "normals with zero length (left out; viewers compute them)",
                     label);
    }
    if (mesh.HasTextureCoords(0) && mesh.mNumUVComponents[0] >= 2) {
        std::vector<float> uv;
        uv.reserve(size_t(mesh.mNumVertices) * 2);
        bool finite = true;
        for (unsigned v = 0; v < mesh.mNumVertices && finite; ++v) {
            const aiVector3D& t = mesh.mTextureCoords[0][v];
            finite = std::isfinite(t.x) && std::isfinite(t.y);
            uv.insert(uv.end(), {t.x, 1.0f - t.y}); // Assimp's origin is bottom-left, glTF's top-left
        }
        if (finite)
            attributes["TEXCOORD_0"] = ctx.builder.addFloatAccessor(uv, 2, false);
        else
            ctx.lost("IMPORT_BAD_UVS", "texture coordinates that are not finite (left out)", label);
    }
    if (mesh.GetNumUVChannels() > 1)
        ctx.lost("IMPORT_EXTRA_UV_SETS", "UV sets beyond the first", label);
    if (mesh.GetNumColorChannels() > 0)
        ctx.lost("IMPORT_VERTEX_COLORS", "vertex colours", label);
    if (skin)
        addSkinAttributes(ctx, mesh, *skin, attributes, label);
    if (mesh.mNumAnimMeshes > 0)
        ctx.lost("IMPORT_MORPH_TARGETS", "morph targets", label);

    gltf::Json primitive = {{"attributes", std::move(attributes)},
                            {"indices", ctx.builder.addIndexAccessor(indices)}};
    const int material = convertMaterial(ctx, mesh.mMaterialIndex);
    if (material >= 0)
        primitive["material"] = material;
    return primitive;
}

void ImportContext::lost(const std::string& code, const std::string& what, const std::string& where)
{
    auto [it, inserted] = m_lost.try_emplace(code, Lost{what, {}});
    if (inserted)
        m_lostOrder.push_back(code);
    it->second.where.push_back(where);
}

void ImportContext::reportLost()
{
    for (const std::string& code : m_lostOrder) {
        const Lost& l = m_lost[code];
        std::string places = l.where.front();
        if (l.where.size() > 1)
            places += " and " + std::to_string(l.where.size() - 1) + " more";
        diagnostics.push_back(makeWarning(code, "not carried over: " + l.what + " (" + places + ")"));
    }
}

} // namespace cs::import
