// Source bones to glTF skins. A vertex of a skinned glTF mesh is placed by its joints alone:
// sum of weight x joint world x inverse bind matrix x vertex, the mesh node's own transform not applied.
// Assimp's rule is the same: a skinned vertex is drawn at bone world x offset x vertex (its viewer cancels
// the mesh node's transform), whatever reader made the scene. So a bone's offset matrix is its inverse bind
// matrix and the bones, nodes of the tree, become the skin's joints as the nodes converted for them. Where
// the source's mesh node carries a transform its skin does not use (a DirectX .x file's frames convert axes
// that its skinned vertices already hold), the skinned mesh stands with its skeleton, not where that
// transform alone would put it.
//
// The unit scale s baked into positions and translations (world = placement x S x source, see SourceFrame)
// turns a matrix M into S M S^-1: the same rotation and scale, its translation times s.
#include "import/AssimpConvert.h"
#include "import/ImportContext.h"

#include <algorithm>
#include <assimp/scene.h>
#include <cmath>

namespace cs::import {

namespace {

/// The first node named `name` in the tree below `node` (depth first, as Assimp's FindNode), stepping over
/// the empty child slots some readers leave.
const aiNode* findNode(const aiNode& node, const aiString& name)
{
    if (node.mName == name)
        return &node;
    for (unsigned c = 0; c < node.mNumChildren; ++c) {
        if (node.mChildren[c]) {
            if (const aiNode* found = findNode(*node.mChildren[c], name))
                return found;
        }
    }
    return nullptr;
}

/// Why the bones of `mesh` cannot be carried over, or empty.
std::string boneProblem(const ImportContext& ctx, const aiMesh& mesh)
{
    std::vector<double> total(mesh.mNumVertices, 0.0);
    for (unsigned b = 0; b < mesh.mNumBones; ++b) {
        const aiBone& bone = *mesh.mBones[b];
        const aiNode* node = findNode(*ctx.scene.mRootNode, bone.mName);
        if (!node || (node == ctx.scene.mRootNode && !ctx.rootConverted))
            return "skins whose bones are not nodes of the scene";
        for (unsigned w = 0; w < bone.mNumWeights; ++w) {
            const aiVertexWeight& vw = bone.mWeights[w];
            if (vw.mVertexId >= mesh.mNumVertices || !std::isfinite(vw.mWeight) || vw.mWeight < 0)
                return "skins with bone weights out of range";
            total[vw.mVertexId] += vw.mWeight;
        }
    }
    if (std::any_of(total.begin(), total.end(), [](double t) { return !(t > 0); }))
        return "skins with vertices that no bone weighs";
    return {};
}

using Matrix = std::array<double, 16>; // row by row

/// Bone weights kept per vertex: two JOINTS/WEIGHTS sets, which Godot, Babylon.js and three.js all read.
constexpr size_t kMaxInfluences = 8;

Matrix fromAssimp(const aiMatrix4x4& m)
{
    return {m.a1, m.a2, m.a3, m.a4, m.b1, m.b2, m.b3, m.b4, m.c1, m.c2, m.c3, m.c4, m.d1, m.d2, m.d3, m.d4};
}

bool drawable(const aiMesh& mesh)
{
    return (mesh.mPrimitiveTypes & aiPrimitiveType_TRIANGLE) && mesh.mNumVertices > 0;
}

} // namespace

int planSkin(ImportContext& ctx, const std::vector<unsigned>& meshes, const std::string& label)
{
    size_t withBones = 0, drawn = 0;
    for (unsigned m : meshes) {
        if (m < ctx.scene.mNumMeshes && drawable(*ctx.scene.mMeshes[m])) {
            ++drawn;
            withBones += ctx.scene.mMeshes[m]->HasBones() ? 1 : 0;
        }
    }
    if (withBones == 0)
        return -1;
    if (withBones < drawn) {
        ctx.lost("IMPORT_SKINS", "skins of nodes that mix meshes with and without bones (kept unskinned)",
                 label);
        return -1;
    }
    PendingSkin skin;
    std::vector<Matrix> offsets;
    for (unsigned m : meshes) {
        if (m >= ctx.scene.mNumMeshes || !drawable(*ctx.scene.mMeshes[m]))
            continue;
        const aiMesh& mesh = *ctx.scene.mMeshes[m];
        if (const std::string problem = boneProblem(ctx, mesh); !problem.empty()) {
            ctx.lost("IMPORT_SKINS", problem + " (kept unskinned)", label);
            return -1;
        }
        for (unsigned b = 0; b < mesh.mNumBones; ++b) {
            const aiNode* node = findNode(*ctx.scene.mRootNode, mesh.mBones[b]->mName);
            if (std::find(skin.joints.begin(), skin.joints.end(), node) != skin.joints.end())
                continue;
            skin.joints.push_back(node);
            offsets.push_back(fromAssimp(mesh.mBones[b]->mOffsetMatrix));
        }
    }
    if (skin.joints.size() > 65535) {
        ctx.lost("IMPORT_SKINS", "skins of more than 65,535 bones (kept unskinned)", label);
        return -1;
    }
    for (Matrix m : offsets) {
        for (size_t row = 0; row < 3; ++row)
            m[row * 4 + 3] *= ctx.scale;
        skin.offsets.push_back(m);
    }
    ctx.skins.push_back(std::move(skin));
    return int(ctx.skins.size()) - 1;
}

void addSkinAttributes(ImportContext& ctx, const aiMesh& mesh, const PendingSkin& skin,
                       gltf::Json& attributes, const std::string& label)
{
    using Influence = std::pair<double, std::uint16_t>; // weight, joint
    std::vector<std::vector<Influence>> influences(mesh.mNumVertices);
    size_t most = 0;
    for (unsigned b = 0; b < mesh.mNumBones; ++b) {
        const aiBone& bone = *mesh.mBones[b];
        const aiNode* node = findNode(*ctx.scene.mRootNode, bone.mName);
        const auto joint =
            std::uint16_t(std::find(skin.joints.begin(), skin.joints.end(), node) - skin.joints.begin());
        for (unsigned w = 0; w < bone.mNumWeights; ++w) {
            auto& list = influences[bone.mWeights[w].mVertexId];
            list.emplace_back(bone.mWeights[w].mWeight, joint);
            most = std::max(most, list.size());
        }
    }
    // As many sets of four as the vertices need, up to kMaxInfluences (the engines' common limit).
    const size_t kept = std::min(most, kMaxInfluences);
    const size_t sets = (kept + 3) / 4;
    std::vector<std::uint16_t> joints(size_t(mesh.mNumVertices) * sets * 4, 0);
    std::vector<float> weights(joints.size(), 0.0f);
    for (size_t v = 0; v < influences.size(); ++v) {
        auto& list = influences[v];
        std::stable_sort(list.begin(), list.end(),
                         [](const Influence& a, const Influence& b) { return a.first > b.first; });
        list.resize(std::min(list.size(), kept));
        double sum = 0;
        for (const Influence& i : list)
            sum += i.first;
        for (size_t k = 0; k < list.size(); ++k) {
            // Set k / 4, slot k % 4: each set is its own accessor of four per vertex.
            const size_t at = (k / 4) * mesh.mNumVertices * 4 + v * 4 + k % 4;
            joints[at] = list[k].second;
            weights[at] = float(list[k].first / sum);
        }
    }
    if (most > kMaxInfluences)
        ctx.lost("IMPORT_SKIN_INFLUENCES",
                 "bone weights beyond the eight largest of a vertex (the eight kept are scaled to sum to 1)",
                 label);
    const size_t perSet = size_t(mesh.mNumVertices) * 4;
    for (size_t set = 0; set < sets; ++set) {
        const std::string n = std::to_string(set);
        attributes["JOINTS_" + n] = ctx.builder.addJointAccessor(std::vector<std::uint16_t>(
            joints.begin() + long(set * perSet), joints.begin() + long((set + 1) * perSet)));
        attributes["WEIGHTS_" + n] =
            ctx.builder.addFloatAccessor(std::vector<float>(weights.begin() + long(set * perSet),
                                                            weights.begin() + long((set + 1) * perSet)),
                                         4, false);
    }
}

void writeSkins(ImportContext& ctx)
{
    if (ctx.skins.empty())
        return;
    gltf::Json skins = gltf::Json::array();
    for (const PendingSkin& skin : ctx.skins) {
        gltf::Json joints = gltf::Json::array();
        std::vector<float> matrices;
        matrices.reserve(skin.offsets.size() * 16);
        for (size_t j = 0; j < skin.joints.size(); ++j) {
            // Every node of the tree is converted, and planSkin refused the one that is not (a baked root).
            const auto node = ctx.nodeIndices.find(skin.joints[j]);
            if (node == ctx.nodeIndices.end())
                ctx.diagnostics.push_back(makeError("IMPORT_SKINS", "bone '" + utf8(skin.joints[j]->mName) +
                                                                        "' has no node: its skin is wrong"));
            joints.push_back(node != ctx.nodeIndices.end() ? node->second : 0);
            for (size_t column = 0; column < 4; ++column)
                for (size_t row = 0; row < 4; ++row)
                    matrices.push_back(float(skin.offsets[j][row * 4 + column]));
        }
        skins.push_back({{"inverseBindMatrices", ctx.builder.addMatrixAccessor(matrices)},
                         {"joints", std::move(joints)}});
    }
    ctx.doc.json()["skins"] = std::move(skins);
}

} // namespace cs::import
