#include "viewport/MeshLayer.h"

#include "gltf/RenderScene.h"
#include "viewport/TextureUpload.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QDiffuseMapMaterial>
#include <Qt3DExtras/QPhongMaterial>
#include <Qt3DRender/QCullFace>
#include <Qt3DRender/QEffect>
#include <Qt3DRender/QGeometryRenderer>
#include <Qt3DRender/QParameter>
#include <Qt3DRender/QRenderPass>
#include <Qt3DRender/QTechnique>
#include <Qt3DRender/QTexture>
#include <cstring>
#include <map>

namespace cs::ui {

namespace {

Qt3DCore::QAttribute* attribute(Qt3DCore::QGeometry* geometry, const QString& name, const void* data,
                                size_t count, uint components)
{
    auto* buffer = new Qt3DCore::QBuffer(geometry);
    buffer->setData(
        QByteArray(static_cast<const char*>(data), static_cast<qsizetype>(count * components * 4)));
    auto* a = new Qt3DCore::QAttribute(geometry);
    a->setName(name);
    a->setVertexBaseType(Qt3DCore::QAttribute::Float);
    a->setVertexSize(components);
    a->setAttributeType(Qt3DCore::QAttribute::VertexAttribute);
    a->setBuffer(buffer);
    a->setByteStride(components * 4);
    a->setCount(static_cast<uint>(count));
    geometry->addAttribute(a);
    return a;
}

Qt3DRender::QGeometryRenderer* makeRenderer(const gltf::RenderPrimitive& p, Qt3DCore::QNode* owner)
{
    auto* geometry = new Qt3DCore::QGeometry(owner);
    static_assert(sizeof(QVector3D) == 12 && sizeof(QVector2D) == 8);
    attribute(geometry, Qt3DCore::QAttribute::defaultPositionAttributeName(), p.triangles->positions.data(),
              p.triangles->positions.size(), 3);
    attribute(geometry, Qt3DCore::QAttribute::defaultNormalAttributeName(), p.normals.data(),
              p.normals.size(), 3);
    if (p.image >= 0)
        attribute(geometry, Qt3DCore::QAttribute::defaultTextureCoordinateAttributeName(), p.uvs.data(),
                  p.uvs.size(), 2);
    auto* indexBuffer = new Qt3DCore::QBuffer(geometry);
    const std::vector<std::uint32_t>& order = p.triangles->indices;
    indexBuffer->setData(
        QByteArray(reinterpret_cast<const char*>(order.data()), static_cast<qsizetype>(order.size() * 4)));
    auto* indices = new Qt3DCore::QAttribute(geometry);
    indices->setAttributeType(Qt3DCore::QAttribute::IndexAttribute);
    indices->setVertexBaseType(Qt3DCore::QAttribute::UnsignedInt);
    indices->setBuffer(indexBuffer);
    indices->setCount(static_cast<uint>(order.size()));
    geometry->addAttribute(indices);
    auto* renderer = new Qt3DRender::QGeometryRenderer(owner);
    renderer->setGeometry(geometry);
    renderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
    return renderer;
}

/// Files with inward-wound triangles are common, and a viewer must show them as they are: meshes are drawn
/// from both sides (Qt 3D culls back faces by default).
void drawBothSides(Qt3DRender::QEffect* effect)
{
    for (Qt3DRender::QTechnique* technique : effect->techniques()) {
        for (Qt3DRender::QRenderPass* pass : technique->renderPasses()) {
            auto* cull = new Qt3DRender::QCullFace(pass);
            cull->setMode(Qt3DRender::QCullFace::NoCulling);
            pass->addRenderState(cull);
        }
    }
}

/// One texture per image and sampler, shared by every primitive that uses them: an image is decoded and
/// uploaded once however many materials show it.
class TextureCache
{
public:
    TextureCache(const gltf::RenderScene& scene, Qt3DCore::QNode* owner) : m_scene(scene), m_owner(owner) {}

    Qt3DRender::QAbstractTexture* texture(int image, const gltf::TextureSampler& sampler)
    {
        if (image < 0 || image >= static_cast<int>(m_scene.images.size()) ||
            m_scene.images[image].encoded.isEmpty())
            return nullptr;
        for (const Entry& e : m_entries) {
            if (e.image == image && e.sampler == sampler)
                return e.texture;
        }
        auto* texture = makeEncodedTexture(m_scene.images[image].encoded, sampler, m_owner);
        m_entries.push_back({image, sampler, texture});
        return texture;
    }

private:
    struct Entry
    {
        int image;
        gltf::TextureSampler sampler;
        Qt3DRender::QAbstractTexture* texture;
    };
    const gltf::RenderScene& m_scene;
    Qt3DCore::QNode* m_owner;
    std::vector<Entry> m_entries;
};

/// The materials of one scene. Qt3DExtras' materials each build their own effect, with shader programs
/// generated from a shader graph per material: a file with a few hundred materials spent most of its first
/// frame there. Here one Phong and one diffuse-map material serve as templates whose effects every material
/// shares; a material only carries its own parameters (which take precedence over the effect's), and
/// primitives with the same colour or the same texture share one material.
class MaterialCache
{
public:
    explicit MaterialCache(Qt3DCore::QNode* owner)
        : m_owner(owner), m_plain(new Qt3DExtras::QPhongMaterial(owner)),
          m_textured(new Qt3DExtras::QDiffuseMapMaterial(owner))
    {
        drawBothSides(m_plain->effect());
        drawBothSides(m_textured->effect());
    }

    Qt3DRender::QMaterial* material(const gltf::RenderPrimitive& p, TextureCache& textures)
    {
        if (Qt3DRender::QAbstractTexture* texture = textures.texture(p.image, p.sampler)) {
            auto& slot = m_byTexture[texture];
            if (!slot) {
                slot = make(m_textured->effect());
                add(slot, "diffuseTexture", QVariant::fromValue(texture));
                add(slot, "ka", QColor(70, 70, 70));
                add(slot, "ks", QColor(20, 20, 20));
            }
            return slot;
        }
        const QColor color = QColor::fromRgbF(p.baseColor[0], p.baseColor[1], p.baseColor[2]);
        auto& slot = m_byColor[color.rgba64()];
        if (!slot) {
            slot = make(m_plain->effect());
            add(slot, "kd", color);
            add(slot, "ka", color.darker(350));
            add(slot, "ks", QColor(25, 25, 25));
            add(slot, "shininess", 20.0f);
        }
        return slot;
    }

private:
    Qt3DRender::QMaterial* make(Qt3DRender::QEffect* effect)
    {
        auto* material = new Qt3DRender::QMaterial(m_owner);
        material->setEffect(effect);
        return material;
    }
    static void add(Qt3DRender::QMaterial* material, const char* name, const QVariant& value)
    {
        material->addParameter(new Qt3DRender::QParameter(QString::fromLatin1(name), value, material));
    }

    Qt3DCore::QNode* m_owner;
    Qt3DExtras::QPhongMaterial* m_plain;
    Qt3DExtras::QDiffuseMapMaterial* m_textured;
    std::map<Qt3DRender::QAbstractTexture*, Qt3DRender::QMaterial*> m_byTexture;
    std::map<quint64, Qt3DRender::QMaterial*> m_byColor;
};

} // namespace

MeshLayer::MeshLayer(const gltf::RenderScene& scene, Qt3DCore::QNode* parent) : Qt3DCore::QEntity(parent)
{
    // One renderer and material per primitive, shared by every instance of its mesh.
    std::vector<std::vector<std::pair<Qt3DRender::QGeometryRenderer*, Qt3DRender::QMaterial*>>> parts(
        scene.meshes.size());
    TextureCache textures(scene, this);
    MaterialCache materials(this);
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        for (const auto& p : scene.meshes[m].primitives) {
            if (!p.triangles || p.triangles->indices.empty())
                continue;
            parts[m].emplace_back(makeRenderer(p, this), materials.material(p, textures));
        }
    }
    for (const auto& instance : scene.instances) {
        auto* entity = new Qt3DCore::QEntity(this);
        auto* transform = new Qt3DCore::QTransform(entity);
        transform->setMatrix(instance.world);
        entity->addComponent(transform);
        m_transforms.push_back(transform);
        m_placed.push_back(instance.world);
        for (const auto& [renderer, material] : parts[instance.mesh]) {
            auto* part = new Qt3DCore::QEntity(entity);
            part->addComponent(renderer);
            part->addComponent(material);
        }
    }
}

void MeshLayer::setInstanceTransforms(const std::vector<QMatrix4x4>& world)
{
    for (size_t i = 0; i < m_transforms.size(); ++i)
        m_transforms[i]->setMatrix(i < world.size() ? world[i] : m_placed[i]);
}

} // namespace cs::ui
