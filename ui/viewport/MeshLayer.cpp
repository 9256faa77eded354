#include "viewport/MeshLayer.h"

#include "gltf/RenderScene.h"
#include "viewport/MeshBatches.h"
#include "viewport/QuickScene.h"
#include "viewport/TextureStream.h"

#include <QtConcurrent/QtConcurrentMap>
#include <QtQuick3D/qquick3dgeometry.h>
#include <QtQuick3D/qquick3dinstancing.h>
#include <QtQuick3D/qquick3dtexturedata.h>
#include <algorithm>
#include <map>
#include <tuple>

namespace cs::ui {

/// The world matrices of every node that draws one mesh.
class InstanceTable : public QQuick3DInstancing
{
public:
    std::vector<QMatrix4x4> matrices;

    void changed() { markDirty(); }

protected:
    QByteArray getInstanceBuffer(int* instanceCount) override
    {
        QByteArray buffer(static_cast<qsizetype>(matrices.size() * sizeof(InstanceTableEntry)),
                          Qt::Uninitialized);
        auto* entries = reinterpret_cast<InstanceTableEntry*>(buffer.data());
        for (size_t i = 0; i < matrices.size(); ++i) {
            // The table holds the top three rows of each matrix (an affine transform, shear included).
            entries[i].row0 = matrices[i].row(0);
            entries[i].row1 = matrices[i].row(1);
            entries[i].row2 = matrices[i].row(2);
            entries[i].color = QVector4D(1, 1, 1, 1);
            entries[i].instanceData = QVector4D();
        }
        if (instanceCount)
            *instanceCount = static_cast<int>(matrices.size());
        return buffer;
    }
};

namespace {

/// A primitive's look. Back faces are culled for a material that is not doubleSided, unless a mirroring
/// transform (negative determinant) places it: glTF then turns its winding round, which the world-space
/// vertices of a batch and the instances of a table sharing one model cannot follow.
MeshLook lookOf(const gltf::RenderPrimitive& p, bool mirrored)
{
    return {!p.doubleSided && !mirrored, p.alphaMode, p.alphaCutoff};
}

/// The material colour of a primitive, with the base colour's alpha when its alpha counts.
QColor lookColor(const gltf::RenderPrimitive& p)
{
    QColor c = materialColor(p.baseColor);
    if (p.alphaMode != gltf::AlphaMode::Opaque)
        c.setAlphaF(p.baseColor[3]);
    return c;
}

} // namespace

/// The textures primitives show, made on first use: one texture data per image and alpha use, one texture
/// per image, sampler and alpha use. Each texture data holds a white texel until its image is decoded
/// (TextureStream).
class MeshTextures
{
public:
    MeshTextures(QuickScene& scene, QQuick3DObject* owner, const gltf::RenderScene& renderScene)
        : m_scene(scene), m_owner(owner), m_renderScene(renderScene)
    {}

    /// The texture a primitive shows: null when it has none, its image has no bytes or it has no texture
    /// coordinates for every vertex (then it is drawn in its base colour).
    QQuick3DObject* of(const gltf::RenderPrimitive& p)
    {
        if (p.image < 0 || size_t(p.image) >= m_renderScene.images.size() ||
            m_renderScene.images[size_t(p.image)].encoded.isEmpty() ||
            p.uvs.size() != p.triangles->positions.size())
            return nullptr;
        const bool alpha = p.alphaMode != gltf::AlphaMode::Opaque;
        for (const auto& [key, t] : m_textures)
            if (key == std::tuple(p.image, p.sampler, alpha))
                return t;
        QQuick3DTextureData*& d = m_data[{p.image, alpha}];
        if (!d) {
            d = placeholderTextureData(alpha);
            QuickScene::adopt(d, m_owner);
        }
        QQuick3DObject* t = m_scene.makeTexture(m_owner, d, p.sampler);
        m_textures.push_back({{p.image, p.sampler, alpha}, t});
        return t;
    }

    /// The decoding of every image a texture data was made for, not started; the pixels `known` has are
    /// filled at once.
    std::unique_ptr<TextureStream> stream(const std::vector<DecodedTexture>& known) const
    {
        auto stream = std::make_unique<TextureStream>();
        for (auto it = m_data.begin(); it != m_data.end();) {
            const int image = it->first.first;
            std::vector<TextureStream::Target> targets;
            for (; it != m_data.end() && it->first.first == image; ++it)
                targets.emplace_back(it->second, it->first.second);
            stream->add(m_renderScene.images[size_t(image)].encoded, std::move(targets), known);
        }
        return stream;
    }

private:
    QuickScene& m_scene;
    QQuick3DObject* m_owner;
    const gltf::RenderScene& m_renderScene;
    /// By image and by whether its alpha counts (MASK, BLEND) or not (OPAQUE).
    std::map<std::pair<int, bool>, QQuick3DTextureData*> m_data;
    std::vector<std::pair<std::tuple<int, gltf::TextureSampler, bool>, QQuick3DObject*>> m_textures;
};

namespace {

bool drawn(const gltf::RenderPrimitive& p)
{
    return p.triangles && !p.triangles->indices.empty();
}

} // namespace

void MeshLayer::replace(std::unique_ptr<MeshLayer>& layer, QuickScene& scene,
                        const gltf::RenderScene& renderScene, QQuick3DObject* parent)
{
    // The pixels stay shared with the old texture data; the old layer goes before the new one is made.
    const std::vector<DecodedTexture> known =
        layer ? layer->textures().decoded() : std::vector<DecodedTexture>();
    layer.reset();
    layer = std::make_unique<MeshLayer>(scene, renderScene, parent, known);
}

MeshLayer::MeshLayer(QuickScene& scene, const gltf::RenderScene& renderScene, QQuick3DObject* parent,
                     const std::vector<DecodedTexture>& known)
    : m_scene(scene), m_node(scene.makeNode(parent))
{
    // A mesh that several instances draw, or whose alpha counts (blended or masked: not merged into a batch
    // with opaque neighbours), is drawn through an instance table; a mesh with a mirrored instance is not
    // culled.
    std::vector<size_t> users(renderScene.meshes.size(), 0);
    std::vector<bool> mirrored(renderScene.meshes.size(), false);
    for (const auto& instance : renderScene.instances) {
        ++users[instance.mesh];
        if (instance.world.determinant() < 0)
            mirrored[instance.mesh] = true;
    }
    for (size_t m = 0; m < renderScene.meshes.size(); ++m) {
        for (const auto& p : renderScene.meshes[m].primitives)
            if (p.alphaMode != gltf::AlphaMode::Opaque)
                users[m] = std::max<size_t>(users[m], 2);
    }
    MeshTextures textures(scene, m_node, renderScene);

    // Meshes that several instances draw: one instance table each. The others go into batches, by texture.
    std::vector<size_t> tableOfMesh(renderScene.meshes.size(), kBatched);
    m_batchesOf.resize(renderScene.instances.size());
    for (size_t i = 0; i < renderScene.instances.size(); ++i) {
        const auto& instance = renderScene.instances[i];
        m_placed.push_back(instance.world);
        m_nodeOf.push_back(instance.node);
        if (users[instance.mesh] > 1) {
            size_t& t = tableOfMesh[instance.mesh];
            if (t == kBatched) {
                t = m_tables.size();
                m_tables.push_back(new InstanceTable());
                QuickScene::adopt(m_tables.back(), m_node);
            }
            m_slots.push_back({t, m_tables[t]->matrices.size()});
            m_tables[t]->matrices.push_back(instance.world);
            continue;
        }
        m_slots.push_back({kBatched, 0});
        for (const auto& p : renderScene.meshes[instance.mesh].primitives) {
            if (drawn(p))
                addToBatch(i, p, textures.of(p), lookOf(p, mirrored[instance.mesh]).culled, instance.world);
        }
    }
    addTableModels(renderScene, tableOfMesh, mirrored, textures);
    fillBatches();
    m_textures = textures.stream(known);
}

void MeshLayer::addToBatch(size_t instance, const gltf::RenderPrimitive& p, QQuick3DObject* map, bool culled,
                           const QMatrix4x4& world)
{
    // The batch of a texture being filled is the last one with that texture (and look).
    size_t b = m_batches.size();
    for (size_t k = m_batches.size(); k-- > 0;) {
        if (m_batches[k].map == map && m_batches[k].culled == culled &&
            (!map || m_batches[k].tint == p.baseColor)) {
            b = k;
            break;
        }
    }
    if (b == m_batches.size() ||
        (m_batches[b].batch->vertexCount() > 0 &&
         m_batches[b].batch->vertexCount() + p.triangles->positions.size() > kBatchVertexLimit)) {
        b = m_batches.size();
        m_batches.push_back({std::make_unique<MeshBatch>(map != nullptr), nullptr, map, true,
                             map ? p.baseColor : std::array<float, 4>{1, 1, 1, 1}, culled});
    }
    m_batches[b].batch->add(instance, p, world);
    auto& of = m_batchesOf[instance];
    if (std::find(of.begin(), of.end(), b) == of.end())
        of.push_back(b);
}

void MeshLayer::addTableModels(const gltf::RenderScene& renderScene, const std::vector<size_t>& tableOfMesh,
                               const std::vector<bool>& mirrored, MeshTextures& textures)
{
    for (size_t m = 0; m < renderScene.meshes.size(); ++m) {
        if (tableOfMesh[m] == kBatched)
            continue;
        for (const auto& p : renderScene.meshes[m].primitives) {
            if (!drawn(p))
                continue;
            QQuick3DObject* map = textures.of(p);
            auto* geometry = new MeshGeometry(map ? VertexLayout::Textured : VertexLayout::Plain,
                                              localVertices(p, map != nullptr), indexBytes(*p.triangles));
            QuickScene::adopt(geometry, m_node);
            // The base colour factor tints a texture as well.
            m_scene.makeMeshModel(m_node, geometry, m_tables[tableOfMesh[m]], lookColor(p), map, false,
                                  lookOf(p, mirrored[m]));
            ++m_models;
        }
    }
}

void MeshLayer::fillBatches()
{
    QtConcurrent::blockingMap(m_batches, [](Batch& b) { b.batch->fill(); });
    for (Batch& b : m_batches) {
        MeshGeometry* geometry = b.batch->makeGeometry();
        QuickScene::adopt(geometry, m_node);
        b.model = m_scene.makeMeshModel(m_node, geometry, nullptr,
                                        b.map ? materialColor(b.tint) : QColor(Qt::white), b.map,
                                        b.map == nullptr, MeshLook{b.culled});
        ++m_models;
    }
}

MeshLayer::~MeshLayer()
{
    // The stream fills texture data under the node: it goes first.
    m_textures.reset();
    delete m_node;
}

void MeshLayer::setVisible(bool visible)
{
    QuickScene::setVisible(m_node, visible);
}

size_t MeshLayer::batchCount() const
{
    return size_t(
        std::count_if(m_batches.begin(), m_batches.end(), [](const Batch& b) { return b.drawing; }));
}

void MeshLayer::leaveBatches(size_t instance, std::vector<bool>& changed)
{
    auto* table = new InstanceTable();
    QuickScene::adopt(table, m_node);
    table->matrices.push_back(m_placed[instance]);
    m_slots[instance] = {m_tables.size(), 0};
    m_tables.push_back(table);
    changed.push_back(true);
    for (size_t b : m_batchesOf[instance]) {
        MeshBatch& batch = *m_batches[b].batch;
        for (size_t m = 0; m < batch.members().size(); ++m) {
            const BatchMember& member = batch.members()[m];
            if (member.instance != instance || member.removed)
                continue;
            const bool textured = batch.textured();
            auto* geometry = new MeshGeometry(textured ? VertexLayout::Textured : VertexLayout::Plain,
                                              batch.ownVertices(m), indexBytes(*member.triangles));
            QuickScene::adopt(geometry, m_node);
            m_scene.makeMeshModel(m_node, geometry, table, materialColor(member.color),
                                  textured ? m_batches[b].map : nullptr, false,
                                  MeshLook{m_batches[b].culled});
            ++m_models;
            batch.remove(m);
        }
    }
    std::vector<size_t>().swap(m_batchesOf[instance]);
}

void MeshLayer::setInstanceTransforms(const std::vector<QMatrix4x4>& world)
{
    m_moved = world;
    applyTransforms();
}

void MeshLayer::setHiddenNode(std::optional<size_t> node)
{
    if (node == m_hiddenNode)
        return;
    m_hiddenNode = node;
    applyTransforms();
}

void MeshLayer::applyTransforms()
{
    QMatrix4x4 collapsed;
    collapsed.fill(0);
    std::vector<bool> changed(m_tables.size(), false);
    std::vector<bool> batchChanged(m_batches.size(), false);
    for (size_t i = 0; i < m_slots.size(); ++i) {
        const QMatrix4x4& m = m_hiddenNode == m_nodeOf[i] ? collapsed
                              : i < m_moved.size()        ? m_moved[i]
                                                          : m_placed[i];
        if (m_slots[i].table == kBatched) {
            if (m == m_placed[i])
                continue;
            for (size_t b : m_batchesOf[i])
                batchChanged[b] = true;
            leaveBatches(i, changed);
        }
        QMatrix4x4& current = m_tables[m_slots[i].table]->matrices[m_slots[i].index];
        if (current != m) {
            current = m;
            changed[m_slots[i].table] = true;
        }
    }
    for (size_t t = 0; t < m_tables.size(); ++t)
        if (changed[t])
            m_tables[t]->changed();
    for (size_t b = 0; b < m_batches.size(); ++b) {
        if (!batchChanged[b] || !m_batches[b].drawing)
            continue;
        if (!m_batches[b].batch->rebuild()) {
            // Nothing left to draw: the model goes.
            m_batches[b].drawing = false;
            QuickScene::setVisible(m_batches[b].model, false);
            --m_models;
        }
    }
}

} // namespace cs::ui
