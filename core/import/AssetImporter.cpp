#include "import/AssetImporter.h"

#include "import/AssimpConvert.h"
#include "import/HeaderCheck.h"
#include "import/ImportContext.h"
#include "import/NamedColliders.h"
#include "import/SourceFrame.h"

#include <algorithm>
#include <assimp/Importer.hpp>
#include <assimp/ProgressHandler.hpp>
#include <assimp/config.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/version.h>
#include <fstream>
#include <map>
#include <set>

namespace cs::import {

std::string lowerExtension(const std::filesystem::path& path)
{
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return ext;
}

namespace {

namespace fs = std::filesystem;

/// Forwards Assimp's progress to the caller and remembers a cancel, which Assimp reports as a plain failure.
class Progress : public Assimp::ProgressHandler
{
public:
    Progress(const std::function<bool(double)>& callback, bool& cancelled)
        : m_callback(callback), m_cancelled(cancelled)
    {}
    bool Update(float fraction) override
    {
        if (m_callback && fraction >= 0 && !m_callback(std::clamp(double(fraction), 0.0, 1.0)))
            m_cancelled = true;
        return !m_cancelled;
    }

private:
    std::function<bool(double)> m_callback;
    bool& m_cancelled;
};

/// lowerExtension without its dot ("fbx"), as Assimp's format names are spelled.
std::string bareExtension(const fs::path& path)
{
    const std::string ext = lowerExtension(path);
    return ext.empty() ? ext : ext.substr(1);
}

class NodeConverter
{
public:
    NodeConverter(ImportContext& ctx) : m_ctx(ctx) {}

    /// Adds the node and its subtree; `prefix` goes before the node's own transform (the frame's placement
    /// for top-level nodes), `own` replaces that transform when given. Returns the node's index.
    size_t convert(const aiNode& node, const QMatrix4x4& prefix, const QMatrix4x4* own = nullptr)
    {
        auto& nodes = m_ctx.doc.json()["nodes"];
        const size_t index = nodes.size();
        nodes.push_back(gltf::Json::object());
        gltf::Json json = gltf::Json::object();
        if (node.mName.length > 0)
            json["name"] = utf8(node.mName);
        QMatrix4x4 local = own ? *own : toQt(node.mTransformation);
        // The unit is baked into positions, so every translation below the frame is scaled alike.
        local.setColumn(3, QVector4D(local.column(3).toVector3D() * float(m_ctx.scale), 1));
        if (!setNodeTransform(json, prefix * local))
            m_ctx.lost("IMPORT_SHEAR", "sheared node transforms (replaced by the nearest rotation and scale)",
                       "node '" + utf8(node.mName) + "'");
        m_ctx.nodeIndices[&node] = index;
        if (const int mesh = meshFor(node); mesh >= 0) {
            json["mesh"] = mesh;
            if (const int skin = m_skins[mesh]; skin >= 0)
                json["skin"] = skin;
        }
        gltf::Json children = gltf::Json::array();
        for (unsigned c = 0; c < node.mNumChildren; ++c) {
            if (node.mChildren[c])
                children.push_back(convert(*node.mChildren[c], QMatrix4x4()));
            else
                ++m_missingChildren;
        }
        if (!children.empty())
            json["children"] = std::move(children);
        m_ctx.doc.json()["nodes"][index] = std::move(json);
        return index;
    }

    /// Child slots of converted nodes that held no node (Assimp's RAW reader leaves such holes in 5.2).
    size_t missingChildren() const { return m_missingChildren; }
    void noteMissingChild() { ++m_missingChildren; }

    /// Whether a converted node refers to source mesh `mesh`.
    bool used(unsigned mesh) const { return m_used.count(mesh) > 0; }

private:
    /// One glTF mesh per distinct set of source meshes, so that instanced geometry stays shared.
    int meshFor(const aiNode& node)
    {
        if (node.mNumMeshes == 0 || !node.mMeshes)
            return -1;
        std::vector<unsigned> key(node.mMeshes, node.mMeshes + node.mNumMeshes);
        m_used.insert(key.begin(), key.end());
        if (auto it = m_meshes.find(key); it != m_meshes.end())
            return it->second;
        const auto first =
            std::find_if(key.begin(), key.end(), [&](unsigned m) { return m < m_ctx.scene.mNumMeshes; });
        const std::string name =
            first == key.end() ? std::string() : utf8(m_ctx.scene.mMeshes[*first]->mName);
        const int skin =
            planSkin(m_ctx, key, name.empty() ? "node '" + utf8(node.mName) + "'" : "'" + name + "'");
        gltf::Json primitives = gltf::Json::array();
        for (unsigned m : key) {
            if (m < m_ctx.scene.mNumMeshes) {
                if (auto primitive =
                        convertPrimitive(m_ctx, m, skin >= 0 ? &m_ctx.skins[size_t(skin)] : nullptr))
                    primitives.push_back(std::move(*primitive));
            }
        }
        int index = -1;
        if (!primitives.empty()) {
            gltf::Json mesh = gltf::Json::object();
            if (!name.empty())
                mesh["name"] = name;
            mesh["primitives"] = std::move(primitives);
            auto& meshes = m_ctx.doc.json()["meshes"];
            meshes.push_back(std::move(mesh));
            index = int(meshes.size()) - 1;
        }
        m_meshes[key] = index;
        if (index >= 0)
            m_skins[index] = skin;
        return index;
    }

    ImportContext& m_ctx;
    std::map<std::vector<unsigned>, int> m_meshes;
    std::map<int, int> m_skins; ///< glTF mesh -> its skin (-1: none)
    std::set<unsigned> m_used;
    size_t m_missingChildren = 0;
};

/// Converts `node` as a top-level node: below the frame's placement when the frame is baked, else with
/// the frame's root matrix as its own transform.
size_t convertTopLevel(NodeConverter& nodes, const aiNode& node, const SourceFrame& frame)
{
    if (frame.baked)
        return nodes.convert(node, frame.placement);
    return nodes.convert(node, QMatrix4x4(), &frame.rootMatrix);
}

/// A scene whose node tree has holes (child slots without a node) can leave meshes that no node refers to.
/// Each such mesh gets a top-level node of its own at the source's origin (the frame's placement), so the
/// geometry is kept; both the holes and the recovered meshes are reported.
void recoverUnplacedMeshes(ImportContext& ctx, NodeConverter& nodes, const SourceFrame& frame,
                           gltf::Json& roots)
{
    const aiScene& scene = ctx.scene;
    size_t recovered = 0;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        if (nodes.used(m) || !scene.mMeshes[m])
            continue;
        aiNode holder;
        const std::string name = utf8(scene.mMeshes[m]->mName);
        holder.mName = aiString(name.empty() ? "mesh " + std::to_string(m) : name);
        unsigned index = m;
        holder.mNumMeshes = 1;
        holder.mMeshes = &index;
        const size_t node = convertTopLevel(nodes, holder, frame);
        holder.mMeshes = nullptr; // borrowed
        holder.mNumMeshes = 0;
        auto& all = ctx.doc.json()["nodes"];
        if (!all[node].contains("mesh")) { // points or lines only, reported by convertPrimitive
            all.erase(node);               // the last node, with no children: no index moves
            continue;
        }
        roots.push_back(node);
        ++recovered;
    }
    if (nodes.missingChildren() == 0 && recovered == 0)
        return;
    ctx.diagnostics.push_back(makeWarning(
        "IMPORT_NODE_TREE_REPAIRED",
        "'" + ctx.sourcePath.string() + "': the node tree Assimp read has " +
            std::to_string(nodes.missingChildren()) + " empty child slot(s); " + std::to_string(recovered) +
            " mesh(es) that no node refers to were added as top-level nodes at the origin (their group "
            "names are lost)"));
}

void reportSceneContents(ImportContext& ctx)
{
    const aiScene& s = ctx.scene;
    auto count = [&](unsigned n, const char* code, const char* what) {
        if (n > 0)
            ctx.lost(code, what, std::to_string(n) + " in the file");
    };
    count(s.mNumAnimations, "IMPORT_ANIMATIONS", "animations");
    count(s.mNumCameras, "IMPORT_CAMERAS", "cameras (their nodes are kept)");
    count(s.mNumLights, "IMPORT_LIGHTS", "lights (their nodes are kept)");
}

/// A textured material on a primitive without UVs is an error for glTF (the texture has nothing to sample
/// with): such primitives get a copy of the material without its texture.
void untextureWhereNoUvs(ImportContext& ctx)
{
    auto& json = ctx.doc.json();
    if (!json.contains("meshes") || !json.contains("materials"))
        return;
    std::map<size_t, size_t> untextured;
    for (auto& mesh : json["meshes"]) {
        for (auto& primitive : mesh["primitives"]) {
            if (!primitive.contains("material") || primitive["attributes"].contains("TEXCOORD_0"))
                continue;
            const size_t m = primitive["material"].get<size_t>();
            if (!json["materials"][m]["pbrMetallicRoughness"].contains("baseColorTexture"))
                continue;
            auto [it, inserted] = untextured.try_emplace(m, 0);
            if (inserted) {
                gltf::Json copy = json["materials"][m];
                copy["pbrMetallicRoughness"].erase("baseColorTexture");
                json["materials"].push_back(std::move(copy));
                it->second = json["materials"].size() - 1;
                ctx.lost("IMPORT_TEXTURE_WITHOUT_UVS",
                         "base colour textures on meshes without texture coordinates",
                         "material '" + json["materials"][m].value("name", std::to_string(m)) + "'");
            }
            primitive["material"] = it->second;
        }
    }
}

/// The final JSON with the top-level keys in the usual order and without empty arrays (not allowed).
gltf::Json ordered(gltf::Json& json)
{
    gltf::Json out = gltf::Json::object();
    for (const char* key : {"asset", "scene", "scenes", "nodes", "meshes", "skins", "materials", "textures",
                            "images", "accessors", "bufferViews", "buffers"}) {
        auto it = json.find(key);
        if (it != json.end() && !(it->is_array() && it->empty()))
            out[key] = std::move(*it);
    }
    return out;
}

/// The scene's top-level glTF nodes, the whole node tree converted below them.
gltf::Json convertNodeTree(ImportContext& ctx, const SourceFrame& frame)
{
    NodeConverter nodes(ctx);
    ctx.rootConverted = !frame.baked;
    gltf::Json roots = gltf::Json::array();
    const aiNode& root = *ctx.scene.mRootNode;
    if (!frame.baked) {
        roots.push_back(nodes.convert(root, QMatrix4x4(), &frame.rootMatrix));
    } else {
        // The root's own transform is the frame (units and axes): it is baked, so the root node itself is
        // only kept when it carries meshes.
        if (root.mNumMeshes > 0) {
            aiNode meshHolder;
            meshHolder.mName = root.mName;
            meshHolder.mNumMeshes = root.mNumMeshes;
            meshHolder.mMeshes = root.mMeshes;
            roots.push_back(nodes.convert(meshHolder, frame.placement));
            meshHolder.mMeshes = nullptr; // borrowed from the scene
            meshHolder.mNumMeshes = 0;
        }
        for (unsigned c = 0; c < root.mNumChildren; ++c) {
            if (root.mChildren[c])
                roots.push_back(nodes.convert(*root.mChildren[c], frame.placement));
            else
                nodes.noteMissingChild();
        }
    }
    recoverUnplacedMeshes(ctx, nodes, frame, roots);
    return roots;
}

} // namespace

Result<gltf::GltfDocument> importAsset(const fs::path& path, const ImportOptions& options)
{
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
        return Result<gltf::GltfDocument>::failure(
            makeError("IMPORT_FAILED", "cannot import '" + path.string() + "': no such file"));
    if (auto refused = declaredCountsBeyondSize(path))
        return Result<gltf::GltfDocument>::failure(std::move(*refused));

    Assimp::Importer importer;
    importer.SetPropertyBool(AI_CONFIG_IMPORT_FBX_PRESERVE_PIVOTS, false); // fewer helper nodes
    importer.SetPropertyInteger(AI_CONFIG_PP_SBP_REMOVE, 0); // keep points and lines, to report them
    bool cancelled = false;
    importer.SetProgressHandler(new Progress(options.progress, cancelled)); // the importer owns it
    const unsigned flags = aiProcess_Triangulate | aiProcess_JoinIdenticalVertices | aiProcess_SortByPType |
                           aiProcess_FindInvalidData | aiProcess_GenUVCoords;
    const aiScene* scene = importer.ReadFile(path.string(), flags);
    if (cancelled)
        return Result<gltf::GltfDocument>::failure(
            makeError("IMPORT_CANCELLED", "import of '" + path.string() + "' cancelled"));
    if (!scene || !scene->mRootNode)
        return Result<gltf::GltfDocument>::failure(makeError(
            "IMPORT_FAILED", "cannot import '" + path.string() + "': " + utf8(importer.GetErrorString())));

    Result<gltf::GltfDocument> result;
    result.value.emplace();
    gltf::GltfDocument& doc = *result.value;
    doc.setSourcePath(path);
    doc.setSourceFormat(gltf::FileFormat::Glb);

    const std::string extension = bareExtension(path);
    ImportContext ctx(*scene, path, doc);
    const SourceFrame frame = sourceFrame(*scene, extension, options);
    ctx.scale = frame.scale;
    ctx.diagnostics = frame.notes;

    auto& json = doc.json();
    const std::string format = sourceFormatName(*scene, extension);
    json["asset"] = {{"version", "2.0"},
                     {"generator", "Collidoscope (" + format + " import via Assimp " +
                                       std::to_string(aiGetVersionMajor()) + "." +
                                       std::to_string(aiGetVersionMinor()) + "." +
                                       std::to_string(aiGetVersionPatch()) + ")"}};
    json["nodes"] = gltf::Json::array();

    gltf::Json roots = convertNodeTree(ctx, frame);
    writeSkins(ctx);
    json["scene"] = 0;
    json["scenes"] = gltf::Json::array({{{"nodes", std::move(roots)}}});
    if (!json.contains("meshes"))
        ctx.diagnostics.push_back(
            makeWarning("IMPORT_NO_MESHES", "'" + path.string() + "' has no triangle meshes"));

    untextureWhereNoUvs(ctx);
    reportSceneContents(ctx);
    ctx.builder.finish();
    ctx.reportLost();
    json = ordered(json);
    normaliseIntegers(json);
    if (json["scenes"][0]["nodes"].empty())
        json["scenes"][0].erase("nodes");
    result.diagnostics = std::move(ctx.diagnostics);
    return result;
}

bool isGltfFile(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    char head[4096] = {};
    in.read(head, sizeof head);
    const std::string text(head, size_t(in.gcount()));
    if (text.compare(0, 4, "glTF") == 0)
        return true;
    const size_t first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    if (first != std::string::npos && text[first] == '{')
        return text.find("\"asset\"") != std::string::npos || bareExtension(path) == "gltf";
    return false;
}

std::optional<Diagnostic> notGltfFile(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    char head[64] = {};
    in.read(head, sizeof head);
    const std::string text(head, size_t(in.gcount()));
    if (!in && !in.eof())
        return std::nullopt;
    if (text.compare(0, 4, "glTF") == 0)
        return std::nullopt;
    // Leading white space and a UTF-8 byte order mark are allowed before the JSON.
    const size_t first = text.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
    if (first != std::string::npos && text[first] == '{')
        return std::nullopt;
    if (first == std::string::npos && text.size() == sizeof head)
        return std::nullopt; // only white space so far: too little to tell
    return makeError("NOT_GLTF", "'" + path.string() + "' is not a glTF or GLB file: " +
                                     (text.empty() ? std::string("it is empty")
                                                   : "it starts with neither the GLB magic 'glTF' nor a JSON "
                                                     "object"));
}

Result<gltf::GltfDocument> openAnyAsset(const fs::path& path, const ImportOptions& options)
{
    std::error_code ec;
    if (!fs::exists(path, ec))
        return Result<gltf::GltfDocument>::failure(
            makeError("FILE_NOT_FOUND", "cannot open '" + path.string() + "': no such file"));
    const std::string ext = bareExtension(path);
    if (ext == "glb" && !fs::is_directory(path, ec))
        if (std::optional<Diagnostic> notGltf = notGltfFile(path))
            return Result<gltf::GltfDocument>::failure(*notGltf);
    auto opened = isGltfFile(path) || ((ext == "gltf" || ext == "glb") && !fs::is_directory(path, ec))
                      ? gltf::loadGltf(path)
                      : importAsset(path, options);
    if (opened && options.fromNames) {
        const NamedColliderReport names = readNamedColliders(*opened);
        opened.diagnostics.insert(opened.diagnostics.end(), names.diagnostics.begin(),
                                  names.diagnostics.end());
    }
    return opened;
}

std::vector<std::string> importableExtensions()
{
    std::string list;
    Assimp::Importer().GetExtensionList(list);
    std::vector<std::string> out;
    size_t start = 0;
    while (start < list.size()) {
        size_t end = list.find(';', start);
        if (end == std::string::npos)
            end = list.size();
        std::string item = list.substr(start, end - start);
        if (item.rfind("*.", 0) == 0)
            item.erase(0, 2);
        std::transform(item.begin(), item.end(), item.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
        if (!item.empty())
            out.push_back(item);
        start = end + 1;
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace cs::import
