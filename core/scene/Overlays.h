#pragma once

#include "gltf/GltfDocument.h"
#include "gltf/SceneGraph.h"
#include "physics/PhysicsModel.h"
#include "physics/ResolvedScene.h"

#include <QVector3D>
#include <array>
#include <vector>

namespace cs::scene {

/// The kinds of overlay line the views draw; each kind is one colour and one switch in the view.
enum class OverlayKind
{
    Static, ///< colliders no body moves (static world geometry, or a body of type static)
    Kinematic,
    Dynamic,
    Trigger,      ///< every trigger volume, dashed
    Selection,    ///< the shapes of the selected nodes (and of the bodies they are), drawn again on top
    CenterOfMass, ///< a cross at each body's centre of mass
    Inertia,      ///< each body's equivalent inertia box (the solid box with the same principal moments)
    Velocity,     ///< each body's initial linear velocity (an arrow) and angular velocity (its axis)
    /// Colliders by the kind of their shape, filled instead of Static, Kinematic and Dynamic when
    /// OverlayOptions::byShape asks (the links between a body's parts stay in their motion's kind).
    ShapeBox,
    ShapeSphere,
    ShapeCapsule,
    ShapeCylinder,
    ShapeHull, ///< convex hulls
    ShapeMesh, ///< triangle meshes
    ShapePlane,
    Count
};

/// The kind a collider of `shape` is drawn as when colliders are coloured by shape.
OverlayKind shapeOverlayKind(const physics::Shape& shape);

/// Consecutive points of one kind's lines that one body or node carries (an even count: whole segments).
struct OverlayRun
{
    size_t first = 0;
    size_t count = 0;
    int body = -1; ///< index into physics::ResolvedScene::bodies; -1: static world geometry
    /// The node whose world transform places the points: a collider's or trigger's own node, the body's (or
    /// compound trigger's) node for the links between its parts; -1 for none.
    int node = -1;
};

/// World-space line segments per kind: each consecutive pair of points is one segment.
struct Overlays
{
    std::array<std::vector<QVector3D>, size_t(OverlayKind::Count)> lines;
    /// Per kind, in order: the runs of points a body or node carries (each collider's and trigger's
    /// wireframe, static ones too, the links between a body's parts, and their copies in the selection), so
    /// that a preview can move them with the body (a simulation) or with their node (an animation). Points
    /// outside every run belong to nothing that moves. Centres of mass, inertia boxes and velocities have no
    /// runs.
    std::array<std::vector<OverlayRun>, size_t(OverlayKind::Count)> bodyRuns;
    size_t shapesDrawn = 0;
    size_t shapesSkipped = 0;       ///< instances whose shape could not be drawn (unknown type, broken mesh)
    QVector3D boundsMin, boundsMax; ///< of the collider and trigger lines (zero when there are none)

    const std::vector<QVector3D>& operator[](OverlayKind k) const { return lines[size_t(k)]; }
};

struct OverlayOptions
{
    int circleSegments = 32; ///< segments of a full circle (geometry::circleSegments gives a value)
    std::vector<size_t> selectedNodes;
    /// Dash length for triggers in metres; 0: 1/100 of the scene's size.
    float dashLength = 0.0f;
    /// Colliders sorted by the kind of their shape (ShapeBox ... ShapePlane) rather than by what moves them
    /// (View > Colour Colliders by Shape); triggers stay triggers.
    bool byShape = false;
};

/// The options the window draws a scene of `shapes` collider and trigger instances with, `selected` selected:
/// circles of 32 segments for a few hundred shapes, fewer as the count grows (12 at 10,000), so that large
/// scenes stay interactive (a shape among thousands is small on screen anyway).
OverlayOptions windowOverlayOptions(size_t shapes, std::vector<size_t> selected, bool byShape = false);

/// Everything the viewport draws over the meshes, as plain data: each collider and trigger's wireframe placed
/// by its node's world transform and sorted by what moves it; lines from a body (or compound trigger) to each
/// of its parts when it has several, so that parts read as one; the selection; centres of mass, inertia boxes
/// and velocities. Wireframes are made once per shape and reused by every node that uses the shape.
/// Velocities are drawn in the body node's space (OMI does not say which frame; KHR uses node space).
Overlays buildOverlays(const gltf::GltfDocument& doc, const physics::PhysicsModel& model,
                       const physics::ResolvedScene& scene, const gltf::SceneGraph& graph,
                       const OverlayOptions& options = {});

/// Half the side of the patch that stands for an unbounded plane direction, in metres.
inline constexpr float kUnboundedPlaneHalfSize = 5.0f;

/// A KHR plane in its node's space: the rectangle sizeX by sizeZ at y = 0 (kUnboundedPlaneHalfSize either
/// side in a direction without a size), the two centre lines, and the normal (+Y, and -Y when double-sided) a
/// quarter of the shorter half-side long. Unbounded planes do not count toward Overlays' bounds.
std::vector<QVector3D> planeWireframe(const physics::PlaneParams& plane);

/// Splits each segment into dashes of `dash` length separated by gaps of the same length (a segment shorter
/// than one dash stays whole).
std::vector<QVector3D> dashed(const std::vector<QVector3D>& segments, float dash);

/// The side lengths of the solid box of `mass` whose principal moments are `diagonal` (I_x = m (b^2 + c^2) /
/// 12 and so on, solved for a, b, c); a side whose square would be negative (moments that break the triangle
/// inequality) is 0.
QVector3D inertiaBoxSize(const QVector3D& diagonal, double mass);

} // namespace cs::scene
