#include "viewport/MeshLayer.h"

#include "gltf/RenderScene.h"
#include "viewport/MeshBatches.h"
#include "viewport/QuickScene.h"
#include "viewport/TextureStream.h"
#include "viewport/WindowFrames.h"

#include <QQuickWindow>
#include <QTimer>
#include <QtQuick3D/qquick3dgeometry.h>
#include <QtQuick3D/qquick3dinstancing.h>
#include <QtQuick3D/qquick3dtexturedata.h>
#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

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

    /// The texture of `key`; null for none.
    QQuick3DObject* of(const std::optional<TextureKey>& key)
    {
        if (!key)
            return nullptr;
        for (const auto& [k, t] : m_textures)
            if (k == *key)
                return t;
        QQuick3DTextureData*& d = m_data[{key->image, key->alpha}];
        if (!d) {
            d = placeholderTextureData(key->alpha);
            QuickScene::adopt(d, m_owner);
        }
        QQuick3DObject* t = m_scene.makeTexture(m_owner, d, key->sampler);
        m_textures.emplace_back(*key, t);
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
    std::vector<std::pair<TextureKey, QQuick3DObject*>> m_textures;
};

void MeshLayer::replace(std::unique_ptr<MeshLayer>& layer, QuickScene& scene,
                        const gltf::RenderScene& renderScene, QQuick3DObject* parent,
                        std::shared_ptr<MeshPlan> plan)
{
    // The pixels stay shared with the old texture data; the old layer goes before the new one is made.
    const std::vector<DecodedTexture> known =
        layer ? layer->textures().decoded() : std::vector<DecodedTexture>();
    // Those waiting for a held layer now wait for this one: once it is shown, or on the next turn of the
    // event loop if it is not held (the caller may hold it first).
    auto waiting = layer ? std::exchange(layer->m_whenShown, {}) : decltype(m_whenShown)();
    layer.reset();
    layer = std::make_unique<MeshLayer>(scene, renderScene, parent, known, std::move(plan));
    layer->m_whenShown = std::move(waiting);
    if (!layer->m_whenShown.empty())
        QTimer::singleShot(0, layer->m_node, [next = layer.get()] {
            if (!next->m_held)
                next->showWaiting();
        });
}

MeshLayer::MeshLayer(QuickScene& scene, const gltf::RenderScene& renderScene, QQuick3DObject* parent,
                     const std::vector<DecodedTexture>& known, std::shared_ptr<MeshPlan> plan)
    : m_scene(scene), m_node(scene.makeNode(parent))
{
    if (!plan || !plan->plans(renderScene))
        plan = std::make_shared<MeshPlan>(renderScene);
    plan->fill();
    MeshTextures textures(scene, m_node, renderScene);
    for (size_t t = 0; t < plan->tableCount; ++t) {
        m_tables.push_back(new InstanceTable());
        QuickScene::adopt(m_tables.back(), m_node);
    }
    for (size_t i = 0; i < renderScene.instances.size(); ++i) {
        const auto& instance = renderScene.instances[i];
        for (const auto& p : renderScene.meshes[instance.mesh].primitives)
            m_triangles += p.triangles ? p.triangles->indices.size() / 3 : 0;
        m_placed.push_back(instance.world);
        m_nodeOf.push_back(instance.node);
        m_meshOf.push_back(instance.mesh);
        if (plan->instanceSlots[i].table != MeshPlan::kBatched)
            m_tables[plan->instanceSlots[i].table]->matrices.push_back(instance.world);
    }
    for (size_t m = 0; m < renderScene.meshes.size(); ++m)
        for (const auto& p : renderScene.meshes[m].primitives)
            m_primitiveOf[p.triangles.get()] = {m, p.primitive};
    m_slots = plan->instanceSlots;
    m_batchesOf = std::move(plan->batchesOf);
    addTableModels(renderScene, *plan, textures);
    addBatchModels(*plan, textures);
    m_textures = textures.stream(known);
}

void MeshLayer::addTableModels(const gltf::RenderScene& renderScene, const MeshPlan& plan,
                               MeshTextures& textures)
{
    for (size_t m = 0; m < renderScene.meshes.size(); ++m) {
        if (plan.tableOfMesh[m] == MeshPlan::kBatched)
            continue;
        for (const auto& p : renderScene.meshes[m].primitives) {
            if (!p.triangles || p.triangles->indices.empty())
                continue;
            QQuick3DObject* map = textures.of(textureKeyOf(renderScene, p));
            auto* geometry = new MeshGeometry(map ? VertexLayout::Textured : VertexLayout::Plain,
                                              localVertices(p, map != nullptr), indexBytes(*p.triangles));
            QuickScene::adopt(geometry, m_node);
            addReshapable(geometry, {m, p.primitive});
            // The base colour factor tints a texture as well. Back faces are culled as MeshPlan says.
            m_scene.makeMeshModel(m_node, geometry, m_tables[plan.tableOfMesh[m]], lookColor(p), map, false,
                                  {!p.doubleSided && !plan.mirrored[m], p.alphaMode, p.alphaCutoff});
            ++m_models;
        }
    }
}

void MeshLayer::addBatchModels(MeshPlan& plan, MeshTextures& textures)
{
    for (MeshPlan::Batch& planned : plan.batches) {
        Batch b{std::move(planned.batch),
                nullptr,
                textures.of(planned.texture),
                true,
                planned.tint,
                planned.culled};
        MeshGeometry* geometry = b.batch->makeGeometry();
        QuickScene::adopt(geometry, m_node);
        // The colours are in the vertices, or the batch is of one colour (which tints a texture too).
        const bool vertexColours = b.batch->layout() == VertexLayout::Coloured;
        b.model = m_scene.makeMeshModel(m_node, geometry, nullptr,
                                        vertexColours ? QColor(Qt::white) : materialColor(b.tint), b.map,
                                        vertexColours, MeshLook{b.culled});
        m_batches.push_back(std::move(b));
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
    m_visible = visible;
    QuickScene::setVisible(m_node, visible && !m_held);
}

bool MeshLayer::holdUntilSynced(QQuickWindow* window)
{
    // A window not on screen presents no frame: nothing would show the layer.
    if (m_triangles <= heldTriangles || !window->isExposed())
        return false;
    m_held = true;
    setVisible(m_visible);
    whenFramePresented(window, m_node, [this] {
        m_held = false;
        setVisible(m_visible);
        showWaiting();
    });
    return true;
}

void MeshLayer::showWaiting()
{
    for (const auto& done : std::exchange(m_whenShown, {}))
        done();
}

void MeshLayer::whenShown(std::function<void()> done)
{
    if (m_held)
        m_whenShown.push_back(std::move(done));
    else
        done();
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
            if (const auto key = m_primitiveOf.find(member.triangles.get()); key != m_primitiveOf.end())
                addReshapable(geometry, key->second);
            m_scene.makeMeshModel(m_node, geometry, table, materialColor(member.color),
                                  textured ? m_batches[b].map : nullptr, false,
                                  MeshLook{m_batches[b].culled});
            ++m_models;
            batch.remove(m);
        }
    }
    std::vector<size_t>().swap(m_batchesOf[instance]);
}

void MeshLayer::setInstanceTransforms(const std::vector<QMatrix4x4>& world,
                                      const std::vector<gltf::PosedPrimitive>& shapes)
{
    m_moved = world;
    applyTransforms();
    if (world.empty())
        restorePrimitiveVertices();
    for (const gltf::PosedPrimitive& p : shapes)
        setPrimitiveVertices(p.mesh, p.primitive, p.positions, p.normals);
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
        if (m_slots[i].table == MeshPlan::kBatched) {
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
    rebuildBatches(batchChanged);
}

void MeshLayer::rebuildBatches(const std::vector<bool>& batchChanged)
{
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

bool MeshLayer::setPrimitiveVertices(size_t mesh, size_t primitive, const std::vector<QVector3D>& positions,
                                     const std::vector<QVector3D>& normals)
{
    // Batches hold their members placed in the world: a primitive reshaped is drawn on its own, as a moved
    // instance is.
    std::vector<bool> changed(m_tables.size(), false);
    std::vector<bool> batchChanged(m_batches.size(), false);
    for (size_t i = 0; i < m_slots.size(); ++i) {
        if (m_meshOf[i] != mesh || m_slots[i].table != MeshPlan::kBatched)
            continue;
        for (size_t b : m_batchesOf[i])
            batchChanged[b] = true;
        leaveBatches(i, changed);
    }
    rebuildBatches(batchChanged);
    for (size_t t = 0; t < m_tables.size(); ++t)
        if (changed[t])
            m_tables[t]->changed();
    if (std::find(changed.begin(), changed.end(), true) != changed.end())
        applyTransforms(); // the tables just made take the matrices the instances have now (hidden, moved)
    const auto geometries = m_geometriesOf.find({mesh, primitive});
    if (geometries == m_geometriesOf.end())
        return false;
    bool all = true;
    for (MeshGeometry* g : geometries->second) {
        const QByteArray before = g->vertexData();
        if (!g->setPositions(positions, normals)) {
            all = false;
            continue;
        }
        m_replaced.try_emplace(g, before);
    }
    return all;
}

void MeshLayer::addReshapable(MeshGeometry* geometry, PrimitiveKey key)
{
    geometry->setObjectName(QStringLiteral("mesh %1 primitive %2").arg(key.first).arg(key.second));
    m_geometriesOf[key].push_back(geometry);
}

void MeshLayer::restorePrimitiveVertices()
{
    for (auto& [geometry, vertices] : m_replaced)
        geometry->replace(vertices, geometry->indexData());
    m_replaced.clear();
}

} // namespace cs::ui
