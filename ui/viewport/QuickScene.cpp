#include "viewport/QuickScene.h"

#include "gltf/TextureInfo.h"

#include <QQmlComponent>
#include <QQmlEngine>
#include <QQuaternion>
#include <QQuickItem>
#include <QQuickView>
#include <QVariant>
#include <QtQuick3D/qquick3dgeometry.h>
#include <QtQuick3D/qquick3dinstancing.h>
#include <QtQuick3D/qquick3dobject.h>
#include <QtQuick3D/qquick3dtexturedata.h>

namespace cs::ui {

namespace {
// Texture.TilingMode and Texture.Filter (Qt Quick 3D 6.4).
enum TilingMode
{
    ClampToEdge = 1,
    MirroredRepeat = 2,
    Repeat = 3
};
enum Filter
{
    FilterNone = 0,
    Nearest = 1,
    Linear = 2
};

int tiling(int gl)
{
    switch (gl) {
    case 33071:
        return ClampToEdge;
    case 33648:
        return MirroredRepeat;
    default:
        return Repeat;
    }
}

} // namespace

QuickScene::QuickScene() : m_view(new QQuickView())
{
    m_view->setResizeMode(QQuickView::SizeRootObjectToView);
    m_view->setColor(QColor(38, 40, 46));
    // Loaded synchronously from the resources, imports included; the view keeps using the component it was
    // given, so it owns it.
    auto* scene = new QQmlComponent(m_view->engine(), QUrl(QStringLiteral("qrc:/viewport/Viewport.qml")),
                                    QQmlComponent::PreferSynchronous, m_view);
    auto* root = scene->isReady() ? qobject_cast<QQuickItem*>(scene->create()) : nullptr;
    if (!root) {
        qFatal("viewport: the Qt Quick 3D scene could not be made: %s (is qml6-module-quick3d installed?)",
               qPrintable(scene->errorString()));
    }
    m_view->setContent(scene->url(), scene, root);
    auto component = [root](const char* name) {
        auto* c = qvariant_cast<QQmlComponent*>(root->property(name));
        if (!c || !c->isReady())
            qFatal("viewport: component %s is not ready", name);
        return c;
    };
    m_node = component("node");
    m_meshModel = component("meshModel");
    m_alphaMeshModel = component("alphaMeshModel");
    m_lineModel = component("lineModel");
    m_heatModel = component("heatModel");
    m_texture = component("texture");
    m_meshRoot = qobject_cast<QQuick3DObject*>(root->findChild<QObject*>(QStringLiteral("meshes")));
    m_lineRoot = qobject_cast<QQuick3DObject*>(root->findChild<QObject*>(QStringLiteral("lines")));
    m_camera = root->findChild<QObject*>(QStringLiteral("camera"));
    m_light = root->findChild<QObject*>(QStringLiteral("light"));
}

QuickScene::~QuickScene()
{
    delete m_view;
}

void QuickScene::setCamera(const QVector3D& eye, const QVector3D& target, const QVector3D& up,
                           float fovDegrees, float nearPlane, float farPlane)
{
    // A camera looks along its local -Z: its +Z points from the target back to the eye.
    m_camera->setProperty("position", eye);
    m_camera->setProperty("rotation", QQuaternion::fromDirection(eye - target, up));
    m_camera->setProperty("fieldOfView", fovDegrees);
    m_camera->setProperty("clipNear", nearPlane);
    m_camera->setProperty("clipFar", farPlane);
    // The light comes from slightly above and to the right of the eye, so that faces facing the viewer are
    // not flat.
    const QVector3D forward = (target - eye).normalized();
    const QVector3D right = QVector3D::crossProduct(forward, up).normalized();
    const QVector3D from = eye + (up + right) * 0.2f * (target - eye).length();
    m_light->setProperty("rotation", QQuaternion::fromDirection(from - target, up));
}

QQuick3DObject* QuickScene::create(QQmlComponent& component, QQuick3DObject* parent,
                                   const QVariantMap& properties)
{
    auto* object = qobject_cast<QQuick3DObject*>(
        component.createWithInitialProperties(properties, m_view->engine()->rootContext()));
    if (!object)
        qFatal("viewport: %s", qPrintable(component.errorString()));
    adopt(object, parent);
    return object;
}

QQuick3DObject* QuickScene::makeNode(QQuick3DObject* parent)
{
    return create(*m_node, parent, {});
}

QQuick3DObject* QuickScene::makeMeshModel(QQuick3DObject* parent, QQuick3DGeometry* geometry,
                                          QQuick3DInstancing* instancing, const QColor& color,
                                          QQuick3DObject* texture, bool vertexColors, const MeshLook& look)
{
    QVariantMap properties{{QStringLiteral("geometry"), QVariant::fromValue(geometry)},
                           {QStringLiteral("color"), color},
                           {QStringLiteral("twoSided"), !look.culled}};
    if (instancing)
        properties.insert(QStringLiteral("instancing"), QVariant::fromValue(instancing));
    const bool alpha = look.alphaMode != gltf::AlphaMode::Opaque;
    if (alpha) {
        properties.insert(QStringLiteral("alpha"), look.alphaMode == gltf::AlphaMode::Mask ? 1 : 2);
        properties.insert(QStringLiteral("alphaCutoff"), look.alphaCutoff);
    } else {
        properties.insert(QStringLiteral("vertexColors"), vertexColors);
    }
    QQuick3DObject* model = create(alpha ? *m_alphaMeshModel : *m_meshModel, parent, properties);
    if (texture)
        model->setProperty("map", QVariant::fromValue(texture));
    return model;
}

QQuick3DObject* QuickScene::makeHeatModel(QQuick3DObject* parent, QQuick3DGeometry* geometry, float opacity)
{
    return create(
        *m_heatModel, parent,
        {{QStringLiteral("geometry"), QVariant::fromValue(geometry)}, {QStringLiteral("opacity"), opacity}});
}

QQuick3DObject* QuickScene::makeLineModel(QQuick3DObject* parent, QQuick3DGeometry* geometry,
                                          const QColor& color, float alpha, bool onTop)
{
    return create(*m_lineModel, parent,
                  {{QStringLiteral("geometry"), QVariant::fromValue(geometry)},
                   {QStringLiteral("lineColor"),
                    QVector4D(float(color.redF()), float(color.greenF()), float(color.blueF()), 1.0f)},
                   {QStringLiteral("alpha"), alpha},
                   {QStringLiteral("onTop"), onTop ? 1.0 : 0.0}});
}

void QuickScene::setLineColor(QQuick3DObject* model, const QColor& color)
{
    model->setProperty("lineColor",
                       QVector4D(float(color.redF()), float(color.greenF()), float(color.blueF()), 1.0f));
}

QQuick3DObject* QuickScene::makeTexture(QQuick3DObject* parent, QQuick3DTextureData* data,
                                        const gltf::TextureSampler& sampler)
{
    // glTF's minification filters: 9728 nearest, 9729 linear, 9984-9987 the mipmapped ones (none given:
    // the smoothest).
    const int min = sampler.minFilter;
    const bool mipmaps = min != 9728 && min != 9729;
    const int minFilter = (min == 9728 || min == 9984 || min == 9986) ? Nearest : Linear;
    const int mipFilter = !mipmaps ? FilterNone : (min == 9984 || min == 9985) ? Nearest : Linear;
    return create(*m_texture, parent,
                  {{QStringLiteral("textureData"), QVariant::fromValue(data)},
                   {QStringLiteral("tilingModeHorizontal"), tiling(sampler.wrapS)},
                   {QStringLiteral("tilingModeVertical"), tiling(sampler.wrapT)},
                   {QStringLiteral("magFilter"), sampler.magFilter == 9728 ? Nearest : Linear},
                   {QStringLiteral("minFilter"), minFilter},
                   {QStringLiteral("mipFilter"), mipFilter},
                   {QStringLiteral("generateMipmaps"), mipmaps}});
}

void QuickScene::adopt(QQuick3DObject* object, QQuick3DObject* parent)
{
    object->setParentItem(parent);
    object->setParent(parent);
}

void QuickScene::setVisible(QQuick3DObject* node, bool visible)
{
    node->setProperty("visible", visible);
}

} // namespace cs::ui
