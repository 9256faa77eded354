// Step 1 of Add Ragdoll: the skeleton and each bone's skinned vertices, read from the document.
#include "document/Document.h"
#include "document/Ragdoll.h"
#include "gltf/NodeLabel.h"
#include "gltf/PrimitiveData.h"
#include "gltf/Skinning.h"

#include <algorithm>
#include <map>
#include <set>

namespace cs::document {

namespace {

using geometry::Mat4d;
using geometry::Vec3d;

Mat4d toMat4d(const QMatrix4x4& m)
{
    Mat4d out;
    const float* data = m.constData(); // column-major, as Mat4d
    for (size_t i = 0; i < 16; ++i)
        out.m[i] = data[i];
    return out;
}

/// The nodes a VRM humanoid names, by node: VRM 0.x `humanBones` [{bone, node}] or VRMC_vrm's
/// {bone: {node}}.
std::map<size_t, std::string> vrmBones(const gltf::Json& root)
{
    std::map<size_t, std::string> out;
    const auto ext = root.find("extensions");
    if (ext == root.end() || !ext->is_object())
        return out;
    if (auto v0 = ext->find("VRM"); v0 != ext->end() && v0->is_object()) {
        const gltf::Json bones =
            v0->value("humanoid", gltf::Json::object()).value("humanBones", gltf::Json());
        if (bones.is_array())
            for (const auto& b : bones)
                if (b.is_object() && b.contains("node") && b["node"].is_number_unsigned() &&
                    b.contains("bone") && b["bone"].is_string())
                    out[b["node"].get<size_t>()] = b["bone"].get<std::string>();
    }
    if (auto v1 = ext->find("VRMC_vrm"); v1 != ext->end() && v1->is_object()) {
        const gltf::Json bones =
            v1->value("humanoid", gltf::Json::object()).value("humanBones", gltf::Json());
        if (bones.is_object())
            for (const auto& [name, b] : bones.items())
                if (b.is_object() && b.contains("node") && b["node"].is_number_unsigned())
                    out[b["node"].get<size_t>()] = name;
    }
    return out;
}

/// A skin's joint nodes and the matrices that take its vertices to the world: joint world x inverse bind.
struct SkinJoints
{
    std::vector<size_t> nodes;
    std::vector<Mat4d> matrices;
};

Result<SkinJoints> readSkinJoints(const gltf::GltfDocument& doc, const gltf::SceneGraph& graph, size_t skin)
{
    auto read = gltf::readSkin(doc, skin);
    if (!read)
        return Result<SkinJoints>{std::nullopt, read.diagnostics};
    SkinJoints out;
    out.nodes = read->joints;
    for (size_t i = 0; i < out.nodes.size(); ++i)
        out.matrices.push_back(toMat4d(graph.worldTransform(out.nodes[i])) *
                               toMat4d(read->inverseBindMatrices[i]));
    return Result<SkinJoints>{out, read.diagnostics};
}

/// Adds the posed vertices of one primitive to the bones they are weighted to (at least `threshold`). The
/// mesh's morph targets are not applied: a ragdoll is fitted to the skeleton's pose.
Diagnostics addPrimitivePoints(const gltf::GltfDocument& doc, size_t mesh, size_t primitive,
                               const SkinJoints& skin, const std::map<size_t, size_t>& boneOfNode,
                               double threshold, std::vector<RagdollBone>& bones)
{
    auto positions = gltf::readPrimitiveAttribute(doc, mesh, primitive, "POSITION");
    if (!positions)
        return positions.diagnostics;
    auto influences = gltf::readInfluences(doc, mesh, primitive, positions->count);
    if (!influences)
        return influences.diagnostics;
    const gltf::VertexInfluences& in = *influences;
    for (size_t v = 0; v < positions->count; ++v) {
        const float* p = &positions->values[v * size_t(positions->components)];
        const Vec3d local{p[0], p[1], p[2]};
        std::map<size_t, double> influence; // skin joint -> weight
        double total = 0;
        for (size_t k = 0; k < in.perVertex; ++k) {
            const double w = in.weight[v * in.perVertex + k];
            const size_t j = in.joint[v * in.perVertex + k];
            if (w > 0 && j < skin.nodes.size()) {
                influence[j] += w;
                total += w;
            }
        }
        if (total <= 0)
            continue;
        Vec3d posed{0, 0, 0};
        for (const auto& [j, w] : influence)
            posed += geometry::transformPoint(skin.matrices[j], local) * (w / total);
        for (const auto& [j, w] : influence)
            if (w / total >= threshold)
                bones[boneOfNode.at(skin.nodes[j])].points.push_back(posed);
    }
    return influences.diagnostics;
}

size_t depth(const gltf::SceneGraph& graph, size_t node)
{
    size_t d = 0;
    for (auto n = graph.parent(node); n; n = graph.parent(*n))
        ++d;
    return d;
}

} // namespace

Result<RagdollInput> gatherRagdoll(const gltf::GltfDocument& doc, const gltf::SceneGraph& graph,
                                   const RagdollOptions& options)
{
    std::vector<std::pair<size_t, size_t>> skinned; // mesh node, skin
    for (size_t n = 0; n < doc.count("nodes"); ++n) {
        const gltf::Json& node = doc.json()["nodes"][n];
        if (node.is_object() && node.contains("skin") && node["skin"].is_number_unsigned() &&
            node.contains("mesh") && node["mesh"].is_number_unsigned())
            skinned.emplace_back(n, node["skin"].get<size_t>());
    }
    if (skinned.empty())
        return Result<RagdollInput>::failure(
            makeError("RAGDOLL_NO_SKIN", "no mesh node has a skin: a ragdoll needs a skinned character"));
    std::map<size_t, SkinJoints> skins;
    std::set<size_t> boneNodes;
    for (const auto& [node, skin] : skinned) {
        if (skins.count(skin))
            continue;
        auto read = readSkinJoints(doc, graph, skin);
        if (!read)
            return Result<RagdollInput>{std::nullopt, read.diagnostics};
        boneNodes.insert(read->nodes.begin(), read->nodes.end());
        skins[skin] = std::move(*read);
    }

    RagdollInput input;
    input.options = options;
    std::vector<size_t> order(boneNodes.begin(), boneNodes.end());
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return depth(graph, a) < depth(graph, b); });
    const std::map<size_t, std::string> vrm = vrmBones(doc.json());
    input.vrmNames = !vrm.empty();
    std::map<size_t, size_t> boneOfNode;
    for (size_t node : order) {
        RagdollBone bone;
        bone.node = node;
        bone.name = gltf::nodeLabel(doc, node);
        const auto named = vrm.find(node);
        bone.role = boneRoleFromName(named != vrm.end() ? named->second : bone.name);
        if (auto up = graph.parent(node))
            if (auto p = graph.findUp(*up, [&](size_t n) { return boneOfNode.count(n) > 0; }))
                bone.parent = boneOfNode.at(*p);
        bone.world = toMat4d(graph.worldTransform(node));
        boneOfNode[node] = input.bones.size();
        input.bones.push_back(std::move(bone));
    }

    Result<RagdollInput> result;
    for (const auto& [node, skin] : skinned) {
        const size_t mesh = doc.json()["nodes"][node]["mesh"].get<size_t>();
        const gltf::Json* meshObject = doc.element("meshes", mesh);
        const size_t primitives =
            meshObject && meshObject->contains("primitives") ? (*meshObject)["primitives"].size() : 0;
        for (size_t p = 0; p < primitives; ++p) {
            Diagnostics problems = addPrimitivePoints(doc, mesh, p, skins.at(skin), boneOfNode,
                                                      options.weightThreshold, input.bones);
            result.diagnostics.insert(result.diagnostics.end(), problems.begin(), problems.end());
        }
    }
    result.value = std::move(input);
    return result;
}

Result<RagdollInput> gatherRagdoll(const Document& document, const RagdollOptions& options)
{
    auto input = gatherRagdoll(document.gltf(), document.sceneGraph(), options);
    if (input)
        input->revision = document.revision();
    return input;
}

} // namespace cs::document
