#include "gltf/RenderScene.h"

#include "gltf/Accessors.h"
#include "gltf/JsonIndex.h"
#include "gltf/MeshTriangles.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cs::gltf {

namespace {

/// The material's look: base colour (glTF colours are linear; the viewport takes them as they are), sides and
/// alpha mode. Properties of the wrong type are ignored here (checkStructure reports them); value() with a
/// typed default throws on them (input: "doubleSided": 1 ended the program with an uncaught exception).
void readMaterial(const GltfDocument& doc, const Json& primitive, RenderPrimitive& out)
{
    const Json& m = primitive.value("material", Json());
    const Json* material = isJsonIndex(m) ? doc.element("materials", m.get<size_t>()) : nullptr;
    if (!material)
        return;
    const Json& sided = material->value("doubleSided", Json());
    out.doubleSided = sided.is_boolean() && sided.get<bool>();
    const Json& mode = material->value("alphaMode", Json());
    if (mode == "MASK")
        out.alphaMode = AlphaMode::Mask;
    else if (mode == "BLEND")
        out.alphaMode = AlphaMode::Blend;
    const Json& cutoff = material->value("alphaCutoff", Json());
    if (cutoff.is_number() && cutoff.get<double>() >= 0)
        out.alphaCutoff = float(std::min(cutoff.get<double>(), 1e30));
    const Json& pbr = material->value("pbrMetallicRoughness", Json());
    if (!pbr.is_object())
        return;
    const Json& factor = pbr.value("baseColorFactor", Json());
    if (factor.is_array() && factor.size() == 4) {
        for (size_t i = 0; i < 4; ++i)
            // Clamped to [0, 1] as glTF requires: a double beyond float range has no float value.
            out.baseColor[i] = factor[i].is_number() ? float(std::clamp(factor[i].get<double>(), 0.0, 1.0))
                                                     : out.baseColor[i];
    } else {
        out.baseColor = {1.0f, 1.0f, 1.0f, 1.0f};
    }
}

/// Reads a VEC3/VEC2 attribute of a primitive matching `count` vertices, or nothing.
std::vector<float> attribute(const GltfDocument& doc, const Json& primitive, const char* name, int components,
                             size_t count)
{
    const Json& attributes = primitive.value("attributes", Json());
    const Json& index = attributes.is_object() ? attributes.value(name, Json()) : Json();
    if (!isJsonIndex(index))
        return {};
    auto data = readAccessorFloats(doc, index.get<size_t>());
    if (!data || data->components != components || data->count != count)
        return {};
    return std::move(data->values);
}

/// The drawable form of one primitive: its triangles, normals (the file's or flat), material, and texture
/// with its coordinates when both can be read.
RenderPrimitive renderPrimitive(const GltfDocument& doc, const Json& primitive, TriangleMesh triangles,
                                bool deformed, Diagnostics& textureDiagnostics)
{
    RenderPrimitive rp;
    readMaterial(doc, primitive, rp);
    const Json& material = primitive.value("material", Json());
    const BaseColorTexture texture =
        isJsonIndex(material) ? readBaseColorTexture(doc, material.get<size_t>(), textureDiagnostics)
                              : BaseColorTexture{};
    rp.image = texture.image;
    rp.sampler = texture.sampler;
    const size_t count = triangles.positions.size();
    // The file's normals belong to the rest pose: a posed mesh gets normals from its posed faces.
    const auto normals = deformed ? std::vector<float>() : attribute(doc, primitive, "NORMAL", 3, count);
    if (!normals.empty()) {
        rp.normals.reserve(count);
        for (size_t i = 0; i < count; ++i)
            rp.normals.emplace_back(normals[3 * i], normals[3 * i + 1], normals[3 * i + 2]);
    } else {
        rp.normals = faceNormals(triangles.positions, triangles.indices);
    }
    if (rp.image >= 0) {
        const std::string name = "TEXCOORD_" + std::to_string(texture.texCoord);
        const auto uvs = attribute(doc, primitive, name.c_str(), 2, count);
        if (uvs.empty()) {
            rp.image = -1;
        } else {
            rp.uvs.reserve(count);
            for (size_t i = 0; i < count; ++i)
                rp.uvs.push_back(applyUvTransform(texture.transform, {uvs[2 * i], uvs[2 * i + 1]}));
        }
    }
    rp.triangles = std::make_shared<const TriangleMesh>(std::move(triangles));
    return rp;
}

void addAsWarnings(Diagnostics& to, const Diagnostics& from, const char* note)
{
    for (auto d : from) {
        d.severity = Severity::Warning;
        d.message += note;
        to.push_back(std::move(d));
    }
}

/// The poser of the mesh's pose node (as meshTriangles poses it), when the mesh is deformed and the pose can
/// be had; a pose that cannot is a warning.
std::optional<MeshPoser> renderPoser(const GltfDocument& doc, const SceneGraph& graph, size_t mesh,
                                     Diagnostics& diagnostics)
{
    const std::optional<size_t> poseNode = meshPoseNode(doc, mesh, &diagnostics);
    if (!nodeDeformsMesh(doc, mesh, poseNode))
        return std::nullopt;
    auto made = MeshPoser::make(doc, graph, mesh, poseNode);
    addAsWarnings(diagnostics, made.diagnostics, " (the mesh is drawn undeformed)");
    return made ? std::optional<MeshPoser>(std::move(*made)) : std::nullopt;
}

/// Every primitive of a mesh that can be drawn, posed as the physics geometry is (meshTriangles); one that
/// cannot is a warning, and a primitive whose deformation fails is drawn at rest with a warning.
std::vector<RenderPrimitive> meshPrimitives(const GltfDocument& doc, const SceneGraph& graph, size_t mesh,
                                            Diagnostics& diagnostics, Diagnostics& textureDiagnostics)
{
    std::vector<RenderPrimitive> out;
    const std::optional<MeshPoser> poser = renderPoser(doc, graph, mesh, diagnostics);
    const Json& prims = doc.json()["meshes"][mesh].value("primitives", Json());
    for (size_t p = 0; prims.is_array() && p < prims.size(); ++p) {
        bool deformed = poser && poser->deforms();
        auto triangles = primitiveTriangles(doc, mesh, p, deformed ? &*poser : nullptr);
        if (!triangles && deformed) {
            auto rest = primitiveTriangles(doc, mesh, p);
            if (rest) {
                addAsWarnings(diagnostics, triangles.diagnostics, " (the primitive is drawn undeformed)");
                triangles = std::move(rest);
                deformed = false;
            }
        }
        if (!triangles) {
            addAsWarnings(diagnostics, triangles.diagnostics, " (the primitive is not drawn)");
            continue;
        }
        diagnostics.insert(diagnostics.end(), triangles.diagnostics.begin(), triangles.diagnostics.end());
        out.push_back(renderPrimitive(doc, prims[p], std::move(*triangles), deformed, textureDiagnostics));
        out.back().primitive = p;
    }
    return out;
}

/// Each texture's encoded bytes and size (only the header is read here: the viewport decodes each image once,
/// when it uploads it); a primitive whose image cannot be read is drawn untextured, with one warning.
void readImages(const GltfDocument& doc, RenderScene& scene, Diagnostics& diagnostics)
{
    scene.images.resize(doc.count("images"));
    std::vector<bool> unreadable(scene.images.size(), false);
    for (auto& mesh : scene.meshes) {
        for (auto& prim : mesh.primitives) {
            if (prim.image < 0)
                continue;
            const size_t image = static_cast<size_t>(prim.image);
            if (scene.images[image].encoded.isEmpty() && !unreadable[image]) {
                QByteArray bytes = encodedImage(doc, image);
                const QSize size = imageHeaderSize(bytes);
                if (size.isValid()) {
                    if (!imageEndsComplete(bytes))
                        diagnostics.push_back(
                            makeWarning("IMAGE_TRUNCATED",
                                        "the image data ends early (" + std::to_string(bytes.size()) +
                                            " bytes); the texture may be drawn incomplete or grey",
                                        jsonPointerAppend("/images", image)));
                    scene.images[image] = {std::move(bytes), size};
                } else {
                    unreadable[image] = true;
                    diagnostics.push_back(makeWarning(
                        "IMAGE_UNREADABLE",
                        bytes.isEmpty() ? "the image has no data; the mesh is drawn untextured"
                                        : "the image cannot be decoded; the mesh is drawn untextured",
                        jsonPointerAppend("/images", image)));
                }
            }
            if (unreadable[image]) {
                prim.image = -1;
                prim.uvs.clear();
            }
        }
    }
}

} // namespace

std::vector<QVector3D> faceNormals(const std::vector<QVector3D>& positions,
                                   const std::vector<std::uint32_t>& indices)
{
    std::vector<QVector3D> normals(positions.size(), QVector3D());
    for (size_t t = 0; t + 2 < indices.size(); t += 3) {
        const uint32_t a = indices[t], b = indices[t + 1], c = indices[t + 2];
        // The cross product's length is twice the area: larger faces weigh more.
        const QVector3D n = QVector3D::crossProduct(positions[b] - positions[a], positions[c] - positions[a]);
        normals[a] += n;
        normals[b] += n;
        normals[c] += n;
    }
    for (auto& n : normals)
        n = n.lengthSquared() > 0 ? n.normalized() : QVector3D(0, 1, 0);
    return normals;
}

Result<RenderScene> buildRenderScene(const GltfDocument& doc, const SceneGraph& graph)
{
    Result<RenderScene> result;
    RenderScene scene;
    Diagnostics textureDiagnostics;
    const size_t meshCount = doc.count("meshes");
    scene.meshes.resize(meshCount);
    std::vector<bool> built(meshCount, false);
    QVector3D lo(std::numeric_limits<float>::max(), std::numeric_limits<float>::max(),
                 std::numeric_limits<float>::max());
    QVector3D hi = -lo;
    for (size_t node = 0; node < graph.nodeCount(); ++node) {
        const Json* n = doc.element("nodes", node);
        const Json& meshIndex = n ? n->value("mesh", Json()) : Json();
        if (!isJsonIndex(meshIndex) || meshIndex.get<size_t>() >= meshCount)
            continue;
        const size_t mesh = meshIndex.get<size_t>();
        if (!built[mesh]) {
            built[mesh] = true;
            scene.meshes[mesh].primitives =
                meshPrimitives(doc, graph, mesh, result.diagnostics, textureDiagnostics);
        }
        if (scene.meshes[mesh].primitives.empty())
            continue;
        const QMatrix4x4& world = graph.worldTransform(node);
        scene.instances.push_back({node, mesh, world});
        for (const auto& prim : scene.meshes[mesh].primitives) {
            for (const QVector3D& p : prim.triangles->positions) {
                const QVector3D w = world.map(p);
                lo = QVector3D(std::min(lo.x(), w.x()), std::min(lo.y(), w.y()), std::min(lo.z(), w.z()));
                hi = QVector3D(std::max(hi.x(), w.x()), std::max(hi.y(), w.y()), std::max(hi.z(), w.z()));
            }
        }
    }
    // Each warning about a texture is given once, however many primitives use it.
    for (const Diagnostic& d : textureDiagnostics) {
        if (std::find(result.diagnostics.begin(), result.diagnostics.end(), d) == result.diagnostics.end())
            result.diagnostics.push_back(d);
    }
    readImages(doc, scene, result.diagnostics);
    if (!scene.instances.empty()) {
        scene.boundsMin = lo;
        scene.boundsMax = hi;
    }
    result.value = std::move(scene);
    return result;
}

void releaseDrawData(RenderScene& scene)
{
    for (RenderMesh& mesh : scene.meshes) {
        for (RenderPrimitive& p : mesh.primitives) {
            std::vector<QVector3D>().swap(p.normals);
            std::vector<QVector2D>().swap(p.uvs);
        }
    }
    for (RenderImage& image : scene.images)
        image.encoded = QByteArray();
}

} // namespace cs::gltf
