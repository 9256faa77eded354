#include "viewport/MeshPlan.h"

#include "viewport/MeshBatches.h"

#include <QtConcurrent/QtConcurrentMap>
#include <algorithm>

namespace cs::ui {

namespace {

bool drawn(const gltf::RenderPrimitive& p)
{
    return p.triangles && !p.triangles->indices.empty();
}

/// Back faces are culled for a material that is not doubleSided, unless a mirroring transform (negative
/// determinant) places it: glTF then turns its winding round, which the world-space vertices of a batch and
/// the instances of a table sharing one model cannot follow.
bool culled(const gltf::RenderPrimitive& p, bool mirrored)
{
    return !p.doubleSided && !mirrored;
}

/// Whether the untextured primitives that go into batches (those of meshes one opaque instance draws) have
/// at most `limit` colours.
bool fewUntexturedColours(const gltf::RenderScene& scene, const std::vector<size_t>& users, size_t limit)
{
    std::vector<std::array<float, 4>> colours;
    for (const auto& instance : scene.instances) {
        if (users[instance.mesh] > 1)
            continue;
        for (const auto& p : scene.meshes[instance.mesh].primitives) {
            if (!drawn(p) || textureKeyOf(scene, p) ||
                std::find(colours.begin(), colours.end(), p.baseColor) != colours.end())
                continue;
            colours.push_back(p.baseColor);
            if (colours.size() > limit)
                return false;
        }
    }
    return true;
}

} // namespace

std::optional<TextureKey> textureKeyOf(const gltf::RenderScene& scene, const gltf::RenderPrimitive& p)
{
    if (p.image < 0 || size_t(p.image) >= scene.images.size() ||
        scene.images[size_t(p.image)].encoded.isEmpty() || p.uvs.size() != p.triangles->positions.size())
        return std::nullopt;
    return TextureKey{p.image, p.sampler, p.alphaMode != gltf::AlphaMode::Opaque};
}

MeshPlan::MeshPlan(const gltf::RenderScene& scene)
    : m_scene(&scene), m_instances(scene.instances.size()), m_meshes(scene.meshes.size())
{
    std::vector<size_t> users(scene.meshes.size(), 0);
    mirrored.assign(scene.meshes.size(), false);
    for (const auto& instance : scene.instances) {
        ++users[instance.mesh];
        if (instance.world.determinant() < 0)
            mirrored[instance.mesh] = true;
    }
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        for (const auto& p : scene.meshes[m].primitives)
            if (p.alphaMode != gltf::AlphaMode::Opaque)
                users[m] = std::max<size_t>(users[m], 2);
    }
    m_oneColour = fewUntexturedColours(scene, users, oneColourLimit);
    tableOfMesh.assign(scene.meshes.size(), kBatched);
    std::vector<size_t> rows;
    batchesOf.resize(scene.instances.size());
    for (size_t i = 0; i < scene.instances.size(); ++i) {
        const auto& instance = scene.instances[i];
        if (users[instance.mesh] > 1) {
            size_t& t = tableOfMesh[instance.mesh];
            if (t == kBatched) {
                t = tableCount++;
                rows.push_back(0);
            }
            instanceSlots.push_back({t, rows[t]++});
            continue;
        }
        instanceSlots.push_back({kBatched, 0});
        for (const auto& p : scene.meshes[instance.mesh].primitives) {
            if (drawn(p))
                addToBatch(i, p, textureKeyOf(scene, p), instance.world);
        }
    }
}

MeshPlan::~MeshPlan() = default;
MeshPlan::MeshPlan(MeshPlan&&) noexcept = default;
MeshPlan& MeshPlan::operator=(MeshPlan&&) noexcept = default;

void MeshPlan::addToBatch(size_t instance, const gltf::RenderPrimitive& p,
                          const std::optional<TextureKey>& texture, const QMatrix4x4& world)
{
    const bool cull = culled(p, mirrored[m_scene->instances[instance].mesh]);
    // The batch being filled for a texture (and look) is the last one made for it.
    size_t b = batches.size();
    for (size_t k = batches.size(); k-- > 0;) {
        if (batches[k].texture == texture && batches[k].culled == cull &&
            ((!texture && !m_oneColour) || batches[k].tint == p.baseColor)) {
            b = k;
            break;
        }
    }
    if (b == batches.size() ||
        (batches[b].batch->vertexCount() > 0 &&
         batches[b].batch->vertexCount() + p.triangles->positions.size() > kBatchVertexLimit)) {
        b = batches.size();
        const bool oneColour = !texture && m_oneColour;
        batches.push_back({std::make_unique<MeshBatch>(texture.has_value(), oneColour), texture,
                           texture || oneColour ? p.baseColor : std::array<float, 4>{1, 1, 1, 1}, cull});
    }
    batches[b].batch->add(instance, p, world);
    auto& of = batchesOf[instance];
    if (std::find(of.begin(), of.end(), b) == of.end())
        of.push_back(b);
}

void MeshPlan::fill(const std::atomic<bool>* cancel)
{
    if (m_filled)
        return;
    QtConcurrent::blockingMap(batches, [cancel](Batch& b) {
        if (!cancel || !cancel->load())
            b.batch->fill();
    });
    m_filled = !cancel || !cancel->load();
}

bool MeshPlan::plans(const gltf::RenderScene& scene) const
{
    return m_scene == &scene && m_instances == scene.instances.size() && m_meshes == scene.meshes.size();
}

} // namespace cs::ui
