#include "gltf/AnimatedMeshes.h"

#include "gltf/JsonIndex.h"
#include "gltf/MeshTriangles.h"
#include "gltf/RenderScene.h"
#include "gltf/Skinning.h"

#include <algorithm>

namespace cs::gltf {

namespace {

bool contains(const std::vector<size_t>& ascending, size_t n)
{
    return std::binary_search(ascending.begin(), ascending.end(), n);
}

/// Whether the animation moves a skinned node or one of its skin's joints (the joints' world matrices, and
/// the inverse of the node's, make the joint matrices). A skin that cannot be read is left to the render
/// scene's warning.
bool skinMoves(const GltfDocument& doc, size_t node, const AnimationPose& pose)
{
    const Json* n = doc.element("nodes", node);
    const Json& skin = n ? n->value("skin", Json()) : Json();
    if (!isJsonIndex(skin))
        return false;
    const auto read = readSkin(doc, skin.get<size_t>());
    if (!read)
        return false;
    const std::vector<size_t>& moved = pose.movedNodes();
    return contains(moved, node) || std::any_of(read->joints.begin(), read->joints.end(),
                                                [&](size_t j) { return contains(moved, j); });
}

/// The node whose animated skin or weights change `mesh`, if any. A `weights` channel on a node of a mesh
/// without targets changes nothing (MeshPoser morphs only with targets) and costs a pass.
std::optional<size_t> animatedPoseNode(const GltfDocument& doc, size_t mesh, const AnimationPose& pose)
{
    std::optional<size_t> node = meshPoseNode(doc, mesh);
    if (!node) {
        for (size_t n : pose.weightedNodes())
            if (nodeMesh(doc, n) == mesh)
                return n;
        return std::nullopt;
    }
    if (contains(pose.weightedNodes(), *node) || skinMoves(doc, *node, pose))
        return node;
    return std::nullopt;
}

void addAsWarnings(Diagnostics& to, const Diagnostics& from)
{
    for (Diagnostic d : from) {
        d.severity = Severity::Warning;
        d.message += " (the mesh is drawn as at rest)";
        to.push_back(std::move(d));
    }
}

} // namespace

AnimatedMeshes AnimatedMeshes::make(const GltfDocument& doc, const AnimationPose& pose)
{
    AnimatedMeshes out;
    out.m_doc = &doc;
    const size_t meshes = doc.count("meshes");
    for (size_t m = 0; m < meshes; ++m) {
        const std::optional<size_t> node = animatedPoseNode(doc, m, pose);
        if (!node)
            continue;
        Mesh mesh{m, *node, {}};
        const Json& prims = doc.json()["meshes"][m].value("primitives", Json());
        for (size_t p = 0; prims.is_array() && p < prims.size(); ++p) {
            // A primitive the render scene cannot draw is not drawn at any pose.
            auto rest = primitiveTriangles(doc, m, p);
            if (rest)
                mesh.primitives.push_back({p, std::move(rest->positions), std::move(rest->indices)});
        }
        if (!mesh.primitives.empty())
            out.m_meshes.push_back(std::move(mesh));
    }
    return out;
}

std::vector<size_t> AnimatedMeshes::meshes() const
{
    std::vector<size_t> out;
    for (const Mesh& m : m_meshes)
        out.push_back(m.mesh);
    return out;
}

Result<std::vector<PosedPrimitive>>
AnimatedMeshes::at(const AnimationPose& pose, const std::vector<QMatrix4x4>& worlds, double time) const
{
    Result<std::vector<PosedPrimitive>> result;
    result.value.emplace();
    for (const Mesh& m : m_meshes) {
        auto poser = MeshPoser::make(*m_doc, worlds, m.mesh, m.node, pose.weights(m.node, time));
        if (!poser) {
            addAsWarnings(result.diagnostics, poser.diagnostics);
            continue;
        }
        for (const Rest& rest : m.primitives) {
            auto posed = poser->apply(rest.primitive, rest.positions);
            if (!posed) {
                addAsWarnings(result.diagnostics, posed.diagnostics);
                continue;
            }
            std::vector<QVector3D> normals = faceNormals(*posed, rest.indices);
            result.value->push_back({m.mesh, rest.primitive, std::move(*posed), std::move(normals)});
        }
    }
    return result;
}

} // namespace cs::gltf
