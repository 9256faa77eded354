#pragma once

#include <QByteArray>
#include <QColor>
#include <QMatrix4x4>
#include <QVector3D>
#include <memory>
#include <vector>

class QQuick3DObject;

namespace cs::scene {
struct HeatSurfaces;
} // namespace cs::scene

namespace cs::ui {

class LineLayer;
class MeshGeometry;
class QuickScene;

/// The fit heat map's vertex data (VertexLayout::Coloured, 32-bit indices), its wireframe and its bounds,
/// made from the surfaces on any thread (the worker that measured them), so that the GUI thread only hands
/// the bytes to the scene.
struct HeatBuffers
{
    QByteArray meshVertices, meshIndices, colliderVertices, colliderIndices;
    size_t meshCorners = 0, colliderCorners = 0;
    std::vector<QVector3D> lines; ///< the collider's wireframe, two points per segment
    bool any = false;             ///< something to draw; lo and hi are its bounds
    QVector3D lo, hi;
};
HeatBuffers heatBuffers(const scene::HeatSurfaces& surfaces);

/// The fit heat map in the Qt Quick 3D scene: the mesh's surface in its vertices' colours (opaque), the
/// collider's surface in its own (translucent, so the mesh shows through it where it is inside), and the
/// collider's wireframe in front of both, so its shape stays readable over the colours. One model each; new
/// surfaces replace the vertex data of the models already made.
class HeatSurfaceLayer
{
public:
    /// The surfaces go under `meshParent`, the wireframe under `lineParent`.
    HeatSurfaceLayer(QuickScene& scene, QQuick3DObject* meshParent, QQuick3DObject* lineParent);
    ~HeatSurfaceLayer();
    HeatSurfaceLayer(const HeatSurfaceLayer&) = delete;
    HeatSurfaceLayer& operator=(const HeatSurfaceLayer&) = delete;

    /// Replaces what is drawn; empty buffers remove it.
    void setSurfaces(const HeatBuffers& buffers);
    /// Shows or hides the surfaces and the wireframe, keeping them.
    void setVisible(bool visible);
    bool isVisible() const { return m_visible; }
    /// Shows or hides the collider's surface alone (the render tests compare the mesh seen through it with
    /// the mesh alone).
    void setColliderSurfaceVisible(bool visible);
    /// Triangle corners drawn of the mesh's surface and of the collider's, points of the wireframe.
    size_t meshCornerCount() const { return m_mesh.corners; }
    size_t colliderCornerCount() const { return m_collider.corners; }
    size_t linePointCount() const;
    /// The wireframe's level of detail and culling for the camera (see LineLayer::updateDetail).
    void updateDetail(const QVector3D& eye, float pixelsPerMetreAtUnitDistance,
                      const QMatrix4x4& viewProjection);
    /// Bounds of everything drawn (false when nothing is).
    bool bounds(QVector3D& lo, QVector3D& hi) const;

    /// The wireframe's colour.
    static QColor lineColor() { return {25, 25, 30}; }

private:
    struct Surface
    {
        MeshGeometry* geometry = nullptr;
        QQuick3DObject* model = nullptr;
        size_t corners = 0;
    };
    void setSurface(Surface& surface, const QByteArray& vertices, const QByteArray& indices, size_t corners,
                    float opacity);

    QuickScene& m_scene;
    QQuick3DObject* m_node = nullptr;
    Surface m_mesh, m_collider;
    std::unique_ptr<LineLayer> m_lines;
    bool m_any = false;
    QVector3D m_lo, m_hi;
    bool m_visible = true;
    bool m_colliderShown = true;
};

} // namespace cs::ui
