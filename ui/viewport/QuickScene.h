#pragma once

#include "gltf/RenderScene.h"

#include <QColor>
#include <QObject>
#include <QVariantMap>
#include <QVector3D>
#include <QVector4D>
#include <memory>

class QQuickView;
class QQuick3DObject;
class QQuick3DGeometry;
class QQuick3DInstancing;
class QQuick3DTextureData;
class QQmlComponent;

namespace cs::ui {

/// How a mesh's material treats its sides and its alpha (glTF doubleSided, alphaMode, alphaCutoff). The
/// default is today's look of an opaque material drawn from both sides.
struct MeshLook
{
    bool culled = false; ///< back faces are not drawn (a material that is not doubleSided)
    gltf::AlphaMode alphaMode = gltf::AlphaMode::Opaque;
    float alphaCutoff = 0.5f;
    bool operator==(const MeshLook&) const = default;
};

/// The Qt Quick 3D scene behind the viewport: a QQuickView holding one View3D with a camera, a headlight and
/// two root nodes (meshes, lines), and the factories that make the scene's objects from C++. Everything QML
/// is here; the layers only ask for nodes, models and textures.
class QuickScene
{
public:
    QuickScene();
    ~QuickScene();
    QuickScene(const QuickScene&) = delete;
    QuickScene& operator=(const QuickScene&) = delete;

    QQuickView* view() const { return m_view; }
    QQuick3DObject* meshRoot() const { return m_meshRoot; }
    QQuick3DObject* lineRoot() const { return m_lineRoot; }

    /// Places the camera (eye, target, up; vertical field of view in degrees, clip planes in metres) and the
    /// headlight, which shines from the camera along its view direction.
    void setCamera(const QVector3D& eye, const QVector3D& target, const QVector3D& up, float fovDegrees,
                   float nearPlane, float farPlane);

    /// An empty node under `parent`, for grouping (visibility applies to its subtree).
    QQuick3DObject* makeNode(QQuick3DObject* parent);
    /// A lit model of `geometry` drawn once per entry of `instancing` (once when null), in `color` (sRGB; its
    /// alpha counts for a MASK or BLEND look) times the base colour texture `texture` when there is one,
    /// times the geometry's vertex colours (linear) when `vertexColors`; sides and alpha as `look` says.
    QQuick3DObject* makeMeshModel(QQuick3DObject* parent, QQuick3DGeometry* geometry,
                                  QQuick3DInstancing* instancing, const QColor& color,
                                  QQuick3DObject* texture, bool vertexColors = false,
                                  const MeshLook& look = {});
    /// A lit model of `geometry` (VertexLayout::Coloured) in its vertices' colours, both sides drawn, at
    /// `opacity` (below 1: blended over what is behind it).
    QQuick3DObject* makeHeatModel(QQuick3DObject* parent, QQuick3DGeometry* geometry, float opacity);
    /// An unlit line model in `color` (sRGB) at opacity `alpha`; `onTop`: drawn in front of every mesh.
    QQuick3DObject* makeLineModel(QQuick3DObject* parent, QQuick3DGeometry* geometry, const QColor& color,
                                  float alpha, bool onTop);
    /// A texture of `data` sampled as the glTF sampler says.
    QQuick3DObject* makeTexture(QQuick3DObject* parent, QQuick3DTextureData* data,
                                const gltf::TextureSampler& sampler);

    /// Puts `object` into the scene under `parent` (scene tree and ownership).
    static void adopt(QQuick3DObject* object, QQuick3DObject* parent);
    static void setVisible(QQuick3DObject* node, bool visible);
    /// The colour of a model made by makeLineModel.
    static void setLineColor(QQuick3DObject* model, const QColor& color);

private:
    QQuick3DObject* create(QQmlComponent& component, QQuick3DObject* parent, const QVariantMap& properties);

    QQuickView* m_view = nullptr;
    QQuick3DObject* m_meshRoot = nullptr;
    QQuick3DObject* m_lineRoot = nullptr;
    QObject* m_camera = nullptr;
    QObject* m_light = nullptr;
    QQmlComponent* m_node = nullptr; ///< owned by the scene, like the other three
    QQmlComponent* m_meshModel = nullptr;
    QQmlComponent* m_alphaMeshModel = nullptr;
    QQmlComponent* m_lineModel = nullptr;
    QQmlComponent* m_heatModel = nullptr;
    QQmlComponent* m_texture = nullptr;
};

} // namespace cs::ui
