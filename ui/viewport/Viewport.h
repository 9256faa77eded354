#pragma once

#include "gltf/PosedPrimitive.h"
#include "viewport/OrbitCamera.h"
#include "viewport/OverlayLayer.h"

#include <QColor>
#include <QImage>
#include <QMatrix4x4>
#include <QRect>
#include <QWidget>
#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace cs::gltf {
struct RenderScene;
}
namespace cs::scene {
struct JointLines;
}

namespace cs::ui {

class GizmoInput;
class HeatSurfaceLayer;
struct HeatBuffers;
struct MeshPlan;

/// The 3D view. Everything Qt Quick 3D is behind this interface (see DESIGN.md): the rest of the UI sets
/// meshes and line lists, steers the camera and asks for images; it never touches the renderer.
class Viewport : public QWidget
{
    Q_OBJECT

public:
    explicit Viewport(QWidget* parent = nullptr);
    ~Viewport() override;

    /// Replaces the drawn meshes (the document's own geometry). `plan`: their drawing planned and filled
    /// while the file was read (MeshPlan), for an open (a large scene is shown a frame late: see
    /// MeshLayer::holdUntilSynced; an edit keeps the last frame on screen until the next is drawn instead);
    /// null: planned here.
    void setRenderScene(const gltf::RenderScene& scene, std::shared_ptr<MeshPlan> plan = nullptr);
    /// Moves the meshes without rebuilding them: a world matrix per RenderScene instance, new vertices for
    /// `shapes`' primitives (MeshLayer::setPrimitiveVertices); an empty `world` puts all back as placed.
    void setInstanceTransforms(const std::vector<QMatrix4x4>& world,
                               const std::vector<gltf::PosedPrimitive>& shapes = {});
    /// The Qt Quick 3D models drawing the meshes (see MeshLayer: meshes drawn once are merged into batches).
    size_t meshModelCount() const;
    /// Instances of the drawn render scene (0 before setRenderScene).
    size_t instanceCount() const;
    /// Base colour images of the drawn scene still being decoded (see texturesLoading).
    int texturesPending() const;
    /// Replaces a layer's lines: world-space points, two per segment.
    void setOverlayLines(OverlayLayer layer, const std::vector<QVector3D>& segmentPoints);
    /// Writes level `level` of a layer's moving lines (world-space points, two per segment) into `out`.
    using MovingLines = std::function<void(int level, std::vector<QVector3D>& out)>;
    /// Replaces a layer's moving lines (a simulation preview's bodies), drawn beside its lines as one buffer;
    /// see LineLayer::setMovingSegments. A null `make` removes them.
    void setMovingOverlayLines(OverlayLayer layer, const std::array<double, 4>& detailLength,
                               size_t givenCount, MovingLines make);
    /// Replaces the joints' lines (frames, links, limits and drives, each in its colour, see JointLayer).
    void setJointLines(const scene::JointLines& lines);
    /// Points of the joints' lines, every part together.
    size_t jointPointCount() const;
    void setJointsVisible(bool visible);
    bool jointsVisible() const;
    /// Where the joints' lines are on screen: their bounds projected at the current camera, in the render
    /// window's pixels; empty when there are none (the render tests check the pixels there).
    QRect jointScreenRect() const;
    /// A temporary set of lines in their own colour (previewColor()), e.g. a hull shown before it is applied:
    /// world-space points, two per segment. It replaces the previous preview; frameAll() leaves it out.
    void setPreviewLines(const std::vector<QVector3D>& segmentPoints);
    void clearPreview();
    /// Several preview sets at once, each in its own colour (previewPartColor(i)), e.g. the parts of a convex
    /// decomposition: world-space points, two per segment. An empty list removes them; clearPreview() too.
    void setPreviewParts(const std::vector<std::vector<QVector3D>>& parts);
    size_t previewPartPointCount() const; ///< points of every preview part together
    /// The fit heat map's coloured surfaces and the collider's wireframe (see HeatSurfaceLayer), replacing
    /// the previous ones (empty buffers remove them); the meshes of `hiddenNode` are hidden while they show,
    /// and come back exactly as they were drawn when another node or none is given.
    void setHeatSurfaces(const HeatBuffers& buffers, std::optional<size_t> hiddenNode);
    HeatSurfaceLayer& heatSurfaces();
    /// Where the heat map is on screen (its bounds projected at the current camera, in the render window's
    /// pixels); empty when nothing is drawn.
    QRect heatScreenRect() const;
    size_t previewPointCount() const; ///< 0: no preview
    /// Points of a layer as given, and as drawn at the current camera distance: far away, circles are drawn
    /// with fewer segments (see LineLayer).
    size_t overlayPointCount(OverlayLayer layer) const;
    size_t drawnOverlayPointCount(OverlayLayer layer) const;
    void setLayerVisible(OverlayLayer layer, bool visible);
    bool isLayerVisible(OverlayLayer layer) const;
    void setMeshesVisible(bool visible);
    bool meshesVisible() const { return m_meshesVisible; }
    /// X-ray: lines hidden behind meshes are drawn too, faintly.
    void setXray(bool on);
    bool xray() const { return m_xray; }

    OrbitCamera& camera() { return m_camera; }
    void setView(OrbitCamera::View view);
    /// Frames the scene's bounds (the meshes and every overlay line).
    void frameAll();
    void frameBox(const QVector3D& boxMin, const QVector3D& boxMax);

    /// Renders a frame once the meshes are shown and every texture is in; hands its image to `done`.
    void capture(std::function<void(const QImage&)> done);
    /// Renders one frame and hands it over, without waiting for the scene to settle or its textures to
    /// arrive (for frame timing).
    void captureFrame(std::function<void(const QImage&)> done);
    /// Calls `done` once a frame showing the scene as it is now (meshes shown) is on screen: how long the
    /// user waits for the view. Asks for no frame and, unlike capture(), leaves the GUI thread free
    /// meanwhile.
    void whenPresented(std::function<void()> done);
    /// Left-button drags that start on a handle go to `input` (null: none); the camera gets the rest.
    void setGizmoInput(GizmoInput* input);
    /// The gizmo's lines (world-space points, two per segment), drawn in front of everything, each part in
    /// its colour.
    struct GizmoLines
    {
        /// The parts about or along the X, Y and Z axes (arrows, plane squares by their normal, rings, scale
        /// boxes), in gizmoAxisColor.
        std::array<std::vector<QVector3D>, 3> axes;
        std::vector<QVector3D> view;    ///< the ring about the view direction, in gizmoViewColor
        std::vector<QVector3D> handles; ///< the shape's handles, in handleColor (the shape's own)
        QColor handleColor{255, 255, 255};
        std::vector<QVector3D> warning; ///< a warning badge beside the gizmo, in gizmoWarningColor
    };
    void setGizmoLines(const GizmoLines& lines);
    /// Points of every gizmo part.
    size_t gizmoPointCount() const;
    /// Points of the handles, and their colour.
    size_t gizmoHandlePointCount() const;
    size_t gizmoWarningPointCount() const;
    QColor gizmoHandleColor() const;
    /// Shows or hides the drawn gizmo (every part but the handles) and the handles, keeping their lines.
    void setGizmoVisible(bool gizmo, bool handles);
    /// Where the gizmo (or only its handles) is on screen: its lines' bounds projected at the current
    /// camera, in the render window's pixels; empty when nothing is drawn. The render tests compare the
    /// pixels there with a budget of their own, so that a missing gizmo or handle fails.
    QRect gizmoScreenRect(bool handlesOnly) const;
    /// The native window Qt Quick 3D draws into (for tests that send it mouse events).
    QWindow* renderWindow() const;
    /// The renderer in use, e.g. "OpenGL 4.5 (llvmpipe)" (empty until the first frame).
    QString rendererDescription() const;

signals:
    /// A click without dragging: the ray through the clicked pixel, for picking.
    void clicked(const QVector3D& rayOrigin, const QVector3D& rayDirection, Qt::KeyboardModifiers modifiers);
    /// F was pressed: the owner frames the selection (it knows what is selected).
    void frameSelectionRequested();
    void cameraChanged();
    /// `ready` of the `total` base colour images of the drawn scene are in (their materials show their base
    /// colours meanwhile): emitted when a scene is set (ready 0) and as each image arrives.
    void texturesLoading(int ready, int total);

private:
    void applyCamera();
    /// The camera's projection times its view, at the render window's aspect.
    QMatrix4x4 viewProjection() const;
    void updateDetail();
    void updateGrid();

    struct Impl;
    std::unique_ptr<Impl> m_impl;
    OrbitCamera m_camera;
    bool m_meshesVisible = true;
    bool m_xray = false;
    QVector3D m_sceneMin{-1, -1, -1};
    QVector3D m_sceneMax{1, 1, 1};
};

} // namespace cs::ui
