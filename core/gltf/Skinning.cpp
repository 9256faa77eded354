#include "gltf/Skinning.h"

#include "gltf/Accessors.h"
#include "gltf/JsonIndex.h"
#include "gltf/PrimitiveData.h"

#include <algorithm>
#include <cmath>

namespace cs::gltf {

namespace {

std::string primitivePointer(size_t mesh, size_t primitive)
{
    return jsonPointerAppend(jsonPointerAppend("/meshes", mesh) + "/primitives", primitive);
}

/// The pointer of attribute `name`'s accessor, or of the primitive's attributes when it names none.
std::string attributePointer(const GltfDocument& doc, size_t mesh, size_t primitive, const std::string& name)
{
    const Json* p = findPrimitive(doc, mesh, primitive);
    const Json& attributes = p ? p->value("attributes", Json()) : Json();
    const Json& index = attributes.is_object() ? attributes.value(name, Json()) : Json();
    if (isJsonIndex(index))
        return jsonPointerAppend("/accessors", index.get<size_t>());
    return primitivePointer(mesh, primitive) + "/attributes/" + name;
}

bool hasAttribute(const GltfDocument& doc, size_t mesh, size_t primitive, const std::string& name)
{
    const Json* p = findPrimitive(doc, mesh, primitive);
    const Json& attributes = p ? p->value("attributes", Json()) : Json();
    return attributes.is_object() && attributes.contains(name);
}

int accessorComponentType(const GltfDocument& doc, const std::string& accessorPointer)
{
    const std::string prefix = "/accessors/";
    if (accessorPointer.rfind(prefix, 0) != 0)
        return 0;
    const Json* a = doc.element("accessors", std::stoul(accessorPointer.substr(prefix.size())));
    const Json& type = a ? a->value("componentType", Json()) : Json();
    return type.is_number_integer() ? type.get<int>() : 0;
}

bool hasTargets(const GltfDocument& doc, size_t mesh)
{
    const Json* m = doc.element("meshes", mesh);
    const Json& prims = m ? m->value("primitives", Json()) : Json();
    for (size_t p = 0; prims.is_array() && p < prims.size(); ++p) {
        const Json& targets = prims[p].is_object() ? prims[p].value("targets", Json()) : Json();
        if (targets.is_array() && !targets.empty())
            return true;
    }
    return false;
}

std::optional<size_t> nodeSkin(const GltfDocument& doc, size_t node)
{
    const Json* n = doc.element("nodes", node);
    const Json& skin = n ? n->value("skin", Json()) : Json();
    return isJsonIndex(skin) ? std::optional<size_t>(skin.get<size_t>()) : std::nullopt;
}

QMatrix4x4 columnMajor(const float* m)
{
    // QMatrix4x4's constructor takes rows; glTF stores columns.
    return QMatrix4x4(m).transposed();
}

/// One set of four influences read into `out` at columns [4 * set, 4 * set + 4).
Diagnostics readInfluenceSet(const GltfDocument& doc, size_t mesh, size_t primitive, size_t set,
                             VertexInfluences& out)
{
    const std::string jointsName = "JOINTS_" + std::to_string(set);
    const std::string weightsName = "WEIGHTS_" + std::to_string(set);
    const std::string jointsAt = attributePointer(doc, mesh, primitive, jointsName);
    const std::string weightsAt = attributePointer(doc, mesh, primitive, weightsName);
    const int jointType = accessorComponentType(doc, jointsAt);
    if (jointType != UnsignedByte && jointType != UnsignedShort)
        return {makeError("SKIN_JOINTS_INVALID", jointsName + " must be unsigned byte or unsigned short",
                          jointsAt)};
    auto joints = readPrimitiveAttribute(doc, mesh, primitive, jointsName);
    if (!joints)
        return joints.diagnostics;
    auto weights = readPrimitiveAttribute(doc, mesh, primitive, weightsName);
    if (!weights)
        return weights.diagnostics;
    if (joints->components != 4 || joints->count != out.vertexCount)
        return {makeError("SKIN_JOINTS_INVALID",
                          jointsName + " must be VEC4 with one element per vertex (" +
                              std::to_string(out.vertexCount) + ")",
                          jointsAt)};
    if (weights->components != 4 || weights->count != out.vertexCount)
        return {makeError("SKIN_WEIGHTS_INVALID",
                          weightsName + " must be VEC4 with one element per vertex (" +
                              std::to_string(out.vertexCount) + ")",
                          weightsAt)};
    for (size_t v = 0; v < out.vertexCount; ++v) {
        for (size_t k = 0; k < 4; ++k) {
            out.joint[v * out.perVertex + set * 4 + k] = std::uint32_t(joints->values[v * 4 + k]);
            out.weight[v * out.perVertex + set * 4 + k] = weights->values[v * 4 + k];
        }
    }
    return {};
}

} // namespace

Result<Skin> readSkin(const GltfDocument& doc, size_t skin)
{
    using R = Result<Skin>;
    const std::string at = jsonPointerAppend("/skins", skin);
    const Json* s = doc.element("skins", skin);
    if (!s)
        return R::failure(makeError("SKIN_INVALID", "skin " + std::to_string(skin) + " does not exist", at));
    Skin out;
    const Json& joints = s->value("joints", Json());
    if (!joints.is_array() || joints.empty())
        return R::failure(makeError("SKIN_INVALID", "the skin has no joints", at + "/joints"));
    for (size_t j = 0; j < joints.size(); ++j) {
        if (!isJsonIndex(joints[j]) || joints[j].get<size_t>() >= doc.count("nodes"))
            return R::failure(makeError("SKIN_INVALID", "joint " + std::to_string(j) + " is not a node",
                                        jsonPointerAppend(at + "/joints", j)));
        out.joints.push_back(joints[j].get<size_t>());
    }
    if (const Json& skeleton = s->value("skeleton", Json()); isJsonIndex(skeleton))
        out.skeleton = skeleton.get<size_t>();
    const Json& ibm = s->value("inverseBindMatrices", Json());
    if (!isJsonIndex(ibm)) {
        out.inverseBindMatrices.assign(out.joints.size(), QMatrix4x4());
        return R{std::move(out), {}};
    }
    auto matrices = readAccessorFloats(doc, ibm.get<size_t>());
    if (!matrices)
        return R{std::nullopt, matrices.diagnostics};
    const std::string ibmAt = jsonPointerAppend("/accessors", ibm.get<size_t>());
    if (matrices->components != 16)
        return R::failure(makeError("SKIN_INVALID", "inverseBindMatrices must be MAT4", ibmAt));
    if (matrices->count < out.joints.size())
        return R::failure(makeError("SKIN_INVALID",
                                    "inverseBindMatrices holds " + std::to_string(matrices->count) +
                                        " matrices for " + std::to_string(out.joints.size()) + " joints",
                                    ibmAt));
    for (size_t j = 0; j < out.joints.size(); ++j)
        out.inverseBindMatrices.push_back(columnMajor(&matrices->values[j * 16]));
    return R{std::move(out), {}};
}

Result<VertexInfluences> readInfluences(const GltfDocument& doc, size_t mesh, size_t primitive,
                                        size_t vertexCount)
{
    using R = Result<VertexInfluences>;
    size_t sets = 0;
    while (hasAttribute(doc, mesh, primitive, "JOINTS_" + std::to_string(sets)))
        ++sets;
    if (sets == 0)
        return R::failure(makeError("SKIN_JOINTS_INVALID", "the skinned primitive has no JOINTS_0",
                                    primitivePointer(mesh, primitive) + "/attributes"));
    for (size_t set = 0; set < sets; ++set) {
        const std::string weights = "WEIGHTS_" + std::to_string(set);
        if (!hasAttribute(doc, mesh, primitive, weights))
            return R::failure(makeError("SKIN_WEIGHTS_INVALID",
                                        "JOINTS_" + std::to_string(set) + " has no " + weights,
                                        primitivePointer(mesh, primitive) + "/attributes"));
    }
    VertexInfluences out;
    out.vertexCount = vertexCount;
    out.perVertex = sets * 4;
    out.joint.assign(vertexCount * out.perVertex, 0);
    out.weight.assign(vertexCount * out.perVertex, 0.0f);
    for (size_t set = 0; set < sets; ++set) {
        Diagnostics errors = readInfluenceSet(doc, mesh, primitive, set, out);
        if (!errors.empty())
            return R{std::nullopt, std::move(errors)};
    }
    return R{std::move(out), {}};
}

std::vector<double> morphWeights(const GltfDocument& doc, size_t mesh, std::optional<size_t> node)
{
    const Json* n = node ? doc.element("nodes", *node) : nullptr;
    const Json* m = doc.element("meshes", mesh);
    const Json& nodeWeights = n ? n->value("weights", Json()) : Json();
    const Json& weights = nodeWeights.is_array() ? nodeWeights : m ? m->value("weights", Json()) : Json();
    std::vector<double> out;
    for (size_t i = 0; weights.is_array() && i < weights.size(); ++i)
        out.push_back(weights[i].is_number() ? weights[i].get<double>() : 0.0);
    return out;
}

bool nodeDeformsMesh(const GltfDocument& doc, size_t mesh, std::optional<size_t> node)
{
    if (node && nodeSkin(doc, *node))
        return true;
    if (!hasTargets(doc, mesh))
        return false;
    for (double w : morphWeights(doc, mesh, node))
        if (w != 0.0)
            return true;
    return false;
}

std::optional<size_t> meshPoseNode(const GltfDocument& doc, size_t mesh, Diagnostics* note)
{
    std::optional<size_t> chosen;
    if (doc.count("skins") == 0 && !hasTargets(doc, mesh))
        return chosen; // the common case, answered without a walk over the nodes
    const size_t nodes = doc.count("nodes");
    for (size_t i = 0; i < nodes; ++i) {
        if (nodeMesh(doc, i) != mesh || !nodeDeformsMesh(doc, mesh, i))
            continue;
        if (!chosen) {
            chosen = i;
            continue;
        }
        const bool same = nodeSkin(doc, i) == nodeSkin(doc, *chosen) &&
                          morphWeights(doc, mesh, i) == morphWeights(doc, mesh, *chosen);
        if (!same && note) {
            note->push_back(makeWarning("MESH_POSES_DIFFER",
                                        "nodes " + std::to_string(*chosen) + " and " + std::to_string(i) +
                                            " deform the mesh differently; where the mesh is used without "
                                            "a node, node " +
                                            std::to_string(*chosen) + "'s pose is used",
                                        jsonPointerAppend("/meshes", mesh)));
            return chosen;
        }
    }
    return chosen;
}

Result<MeshPoser> MeshPoser::make(const GltfDocument& doc, const SceneGraph& graph, size_t mesh,
                                  std::optional<size_t> node)
{
    return make(doc, graph.worldTransforms(), mesh, node);
}

Result<MeshPoser> MeshPoser::make(const GltfDocument& doc, const std::vector<QMatrix4x4>& worlds, size_t mesh,
                                  std::optional<size_t> node, std::optional<std::vector<double>> weights)
{
    using R = Result<MeshPoser>;
    MeshPoser out(doc);
    out.m_mesh = mesh;
    out.m_weights = weights ? std::move(*weights) : morphWeights(doc, mesh, node);
    out.m_morphed = hasTargets(doc, mesh) && std::any_of(out.m_weights.begin(), out.m_weights.end(),
                                                         [](double w) { return w != 0.0; });
    const std::optional<size_t> skinIndex = node ? nodeSkin(doc, *node) : std::nullopt;
    if (!skinIndex || *node >= worlds.size())
        return R{std::move(out), {}};
    auto skin = readSkin(doc, *skinIndex);
    if (!skin)
        return R{std::nullopt, skin.diagnostics};
    bool invertible = false;
    const QMatrix4x4 worldToNode = worlds[*node].inverted(&invertible);
    if (!invertible)
        return R::failure(
            makeError("SKIN_NODE_SINGULAR",
                      "the skinned node's world transform cannot be inverted (a scale of 0), so "
                      "its skinned vertices have no place in its frame",
                      jsonPointerAppend("/nodes", *node)));
    for (size_t j = 0; j < skin->joints.size(); ++j) {
        if (skin->joints[j] >= worlds.size())
            return R::failure(
                makeError("SKIN_INVALID", "joint " + std::to_string(j) + " is not a node",
                          jsonPointerAppend("/skins/" + std::to_string(*skinIndex) + "/joints", j)));
        out.m_jointMatrices.push_back(worldToNode * worlds[skin->joints[j]] * skin->inverseBindMatrices[j]);
    }
    out.m_skinned = true;
    out.m_skinPointer = jsonPointerAppend("/skins", *skinIndex);
    return R{std::move(out), {}};
}

Result<std::vector<QVector3D>> MeshPoser::apply(size_t primitive, std::vector<QVector3D> positions) const
{
    using R = Result<std::vector<QVector3D>>;
    R result;
    if (m_morphed)
        result.diagnostics = morph(primitive, positions);
    if (hasErrors(result.diagnostics))
        return result;
    if (m_skinned) {
        Diagnostics found = skin(primitive, positions);
        result.diagnostics.insert(result.diagnostics.end(), found.begin(), found.end());
        if (hasErrors(result.diagnostics))
            return result;
    }
    result.value = std::move(positions);
    return result;
}

Diagnostics MeshPoser::morph(size_t primitive, std::vector<QVector3D>& positions) const
{
    const Json* p = findPrimitive(*m_doc, m_mesh, primitive);
    const Json& targets = p ? p->value("targets", Json()) : Json();
    if (!targets.is_array())
        return {};
    const std::string at = primitivePointer(m_mesh, primitive) + "/targets";
    Diagnostics out;
    if (targets.size() != m_weights.size())
        out.push_back(makeWarning("MORPH_WEIGHTS_COUNT",
                                  "the primitive has " + std::to_string(targets.size()) +
                                      " morph targets but " + std::to_string(m_weights.size()) +
                                      " weights apply; the missing ones count as 0",
                                  at));
    for (size_t t = 0; t < targets.size() && t < m_weights.size(); ++t) {
        const Json& position = targets[t].is_object() ? targets[t].value("POSITION", Json()) : Json();
        if (m_weights[t] == 0.0 || !isJsonIndex(position))
            continue;
        auto deltas = readAccessorFloats(*m_doc, position.get<size_t>());
        if (!deltas) {
            out.insert(out.end(), deltas.diagnostics.begin(), deltas.diagnostics.end());
            return out;
        }
        if (deltas->components != 3 || deltas->count != positions.size()) {
            out.push_back(makeError("MORPH_TARGET_INVALID",
                                    "a morph target's POSITION must be VEC3 with one element per vertex (" +
                                        std::to_string(positions.size()) + ")",
                                    jsonPointerAppend("/accessors", position.get<size_t>())));
            return out;
        }
        const float w = float(m_weights[t]);
        for (size_t v = 0; v < positions.size(); ++v)
            positions[v] +=
                w * QVector3D(deltas->values[3 * v], deltas->values[3 * v + 1], deltas->values[3 * v + 2]);
    }
    return out;
}

Diagnostics MeshPoser::skin(size_t primitive, std::vector<QVector3D>& positions) const
{
    auto influences = readInfluences(*m_doc, m_mesh, primitive, positions.size());
    if (!influences)
        return influences.diagnostics;
    const size_t n = influences->perVertex;
    const std::string jointsAt = attributePointer(*m_doc, m_mesh, primitive, "JOINTS_0");
    Diagnostics out;
    size_t unnormalized = 0;
    for (size_t v = 0; v < positions.size(); ++v) {
        QVector3D sum;
        float total = 0.0f;
        for (size_t k = 0; k < n; ++k) {
            const float w = influences->weight[v * n + k];
            if (w == 0.0f)
                continue; // unused slots may hold any joint index, 0 usually
            const std::uint32_t j = influences->joint[v * n + k];
            if (j >= m_jointMatrices.size())
                return {makeError("SKIN_JOINT_OUT_OF_RANGE",
                                  "vertex " + std::to_string(v) + " is weighted to joint " +
                                      std::to_string(j) + " but " + m_skinPointer + " has " +
                                      std::to_string(m_jointMatrices.size()) + " joints",
                                  jointsAt)};
            sum += w * m_jointMatrices[j].map(positions[v]);
            total += w;
        }
        if (!(total > 0.0f))
            return {makeError("SKIN_WEIGHTS_INVALID",
                              "the weights of vertex " + std::to_string(v) + " add up to 0: it has no place",
                              attributePointer(*m_doc, m_mesh, primitive, "WEIGHTS_0"))};
        if (std::abs(total - 1.0f) > 0.01f)
            ++unnormalized;
        positions[v] = sum / total;
    }
    if (unnormalized > 0)
        out.push_back(makeWarning("SKIN_WEIGHTS_NOT_NORMALIZED",
                                  std::to_string(unnormalized) +
                                      " vertices have weights that do not add up to 1; each is divided by "
                                      "its sum",
                                  attributePointer(*m_doc, m_mesh, primitive, "WEIGHTS_0")));
    return out;
}

Result<std::optional<MeshPoser>> meshPoser(const GltfDocument& doc, size_t mesh, std::optional<size_t> node)
{
    using R = Result<std::optional<MeshPoser>>;
    if (!nodeDeformsMesh(doc, mesh, node))
        return R{std::optional<MeshPoser>(), {}};
    // Defects of the node graph are the structure check's to report; the graph built leaves them out.
    auto graph = SceneGraph::build(doc);
    if (!graph)
        return R{std::nullopt, graph.diagnostics};
    auto poser = MeshPoser::make(doc, *graph, mesh, node);
    if (!poser)
        return R{std::nullopt, poser.diagnostics};
    return R{std::optional<MeshPoser>(std::move(*poser)), {}};
}

} // namespace cs::gltf
