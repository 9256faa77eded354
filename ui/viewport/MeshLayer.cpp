#include "viewport/MeshLayer.h"

#include "gltf/RenderScene.h"
#include "viewport/QuickScene.h"

#include <QImage>
#include <QtConcurrent/QtConcurrentMap>
#include <QtQuick3D/qquick3dgeometry.h>
#include <QtQuick3D/qquick3dinstancing.h>
#include <QtQuick3D/qquick3dtexturedata.h>
#include <cstring>
#include <map>

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

/// One primitive: interleaved positions, normals and (when textured) texture coordinates, 32-bit indices.
class MeshGeometry : public QQuick3DGeometry
{
public:
    explicit MeshGeometry(const gltf::RenderPrimitive& p)
    {
        const auto& positions = p.triangles->positions;
        const bool textured = p.image >= 0 && p.uvs.size() == positions.size();
        const int floats = textured ? 8 : 6;
        QByteArray vertices(static_cast<qsizetype>(positions.size() * size_t(floats) * 4), Qt::Uninitialized);
        auto* out = reinterpret_cast<float*>(vertices.data());
        QVector3D lo = positions.empty() ? QVector3D() : positions[0], hi = lo;
        for (size_t i = 0; i < positions.size(); ++i) {
            const QVector3D& v = positions[i];
            const QVector3D n = i < p.normals.size() ? p.normals[i] : QVector3D(0, 1, 0);
            float* o = out + i * size_t(floats);
            o[0] = v.x();
            o[1] = v.y();
            o[2] = v.z();
            o[3] = n.x();
            o[4] = n.y();
            o[5] = n.z();
            if (textured) {
                o[6] = p.uvs[i].x();
                o[7] = p.uvs[i].y();
            }
            lo = QVector3D(std::min(lo.x(), v.x()), std::min(lo.y(), v.y()), std::min(lo.z(), v.z()));
            hi = QVector3D(std::max(hi.x(), v.x()), std::max(hi.y(), v.y()), std::max(hi.z(), v.z()));
        }
        const auto& indices = p.triangles->indices;
        setVertexData(vertices);
        setIndexData(QByteArray(reinterpret_cast<const char*>(indices.data()),
                                static_cast<qsizetype>(indices.size() * 4)));
        setStride(floats * 4);
        setPrimitiveType(PrimitiveType::Triangles);
        addAttribute(Attribute::PositionSemantic, 0, Attribute::F32Type);
        addAttribute(Attribute::NormalSemantic, 12, Attribute::F32Type);
        if (textured)
            addAttribute(Attribute::TexCoord0Semantic, 24, Attribute::F32Type);
        addAttribute(Attribute::IndexSemantic, 0, Attribute::U32Type);
        setBounds(lo, hi);
    }
};

/// The pixels of every image some primitive shows, decoded on all cores. An image that cannot be decoded
/// is shown as one grey texel, so that a broken file still opens with its shapes visible.
std::vector<QImage> decodeImages(const gltf::RenderScene& scene)
{
    std::vector<int> used;
    for (const auto& mesh : scene.meshes)
        for (const auto& p : mesh.primitives)
            if (p.image >= 0 && p.image < int(scene.images.size()) &&
                !scene.images[size_t(p.image)].encoded.isEmpty())
                used.push_back(p.image);
    std::sort(used.begin(), used.end());
    used.erase(std::unique(used.begin(), used.end()), used.end());
    std::vector<QImage> images(scene.images.size());
    QtConcurrent::blockingMap(used, [&](int i) {
        QImage image = gltf::decodeForDisplay(scene.images[size_t(i)].encoded);
        if (image.isNull()) {
            image = QImage(1, 1, QImage::Format_RGBA8888);
            image.fill(QColor(200, 200, 200));
        }
        images[size_t(i)] = std::move(image);
    });
    return images;
}

QQuick3DTextureData* textureData(const QImage& image)
{
    auto* data = new QQuick3DTextureData();
    // decodeForDisplay gives RGBA8888 rows bottom-up, the order the texture expects.
    const QImage rgba =
        image.format() == QImage::Format_RGBA8888 ? image : image.convertToFormat(QImage::Format_RGBA8888);
    data->setSize(rgba.size());
    data->setFormat(QQuick3DTextureData::RGBA8);
    data->setHasTransparency(rgba.hasAlphaChannel());
    QByteArray bytes(static_cast<qsizetype>(rgba.width()) * rgba.height() * 4, Qt::Uninitialized);
    for (int y = 0; y < rgba.height(); ++y)
        std::memcpy(bytes.data() + qsizetype(y) * rgba.width() * 4, rgba.constScanLine(y),
                    size_t(rgba.width()) * 4);
    data->setTextureData(bytes);
    return data;
}

} // namespace

MeshLayer::MeshLayer(QuickScene& scene, const gltf::RenderScene& renderScene, QQuick3DObject* parent)
    : m_node(scene.makeNode(parent))
{
    // The instance tables first: which nodes draw each mesh.
    m_tables.assign(renderScene.meshes.size(), nullptr);
    for (const auto& instance : renderScene.instances) {
        InstanceTable*& table = m_tables[instance.mesh];
        if (!table) {
            table = new InstanceTable();
            QuickScene::adopt(table, m_node);
        }
        m_slots.push_back({instance.mesh, table->matrices.size()});
        table->matrices.push_back(instance.world);
        m_placed.push_back(instance.world);
    }

    const std::vector<QImage> images = decodeImages(renderScene);
    std::map<int, QQuick3DTextureData*> data;
    std::vector<std::pair<std::pair<int, gltf::TextureSampler>, QQuick3DObject*>> textures;
    auto texture = [&](const gltf::RenderPrimitive& p) -> QQuick3DObject* {
        if (p.image < 0 || size_t(p.image) >= images.size() || images[size_t(p.image)].isNull())
            return nullptr;
        for (const auto& [key, t] : textures)
            if (key.first == p.image && key.second == p.sampler)
                return t;
        QQuick3DTextureData*& d = data[p.image];
        if (!d) {
            d = textureData(images[size_t(p.image)]);
            QuickScene::adopt(d, m_node);
        }
        QQuick3DObject* t = scene.makeTexture(m_node, d, p.sampler);
        textures.push_back({{p.image, p.sampler}, t});
        return t;
    };

    for (size_t m = 0; m < renderScene.meshes.size(); ++m) {
        if (!m_tables[m])
            continue;
        for (const auto& p : renderScene.meshes[m].primitives) {
            if (!p.triangles || p.triangles->indices.empty())
                continue;
            auto* geometry = new MeshGeometry(p);
            QuickScene::adopt(geometry, m_node);
            QQuick3DObject* map = texture(p);
            const QColor color =
                map ? QColor(Qt::white) : QColor::fromRgbF(p.baseColor[0], p.baseColor[1], p.baseColor[2]);
            scene.makeMeshModel(m_node, geometry, m_tables[m], color, map);
        }
    }
}

MeshLayer::~MeshLayer()
{
    delete m_node;
}

void MeshLayer::setVisible(bool visible)
{
    QuickScene::setVisible(m_node, visible);
}

void MeshLayer::setInstanceTransforms(const std::vector<QMatrix4x4>& world)
{
    std::vector<bool> changed(m_tables.size(), false);
    for (size_t i = 0; i < m_slots.size(); ++i) {
        const QMatrix4x4& m = i < world.size() ? world[i] : m_placed[i];
        QMatrix4x4& current = m_tables[m_slots[i].table]->matrices[m_slots[i].index];
        if (current != m) {
            current = m;
            changed[m_slots[i].table] = true;
        }
    }
    for (size_t t = 0; t < m_tables.size(); ++t)
        if (changed[t])
            m_tables[t]->changed();
}

} // namespace cs::ui
