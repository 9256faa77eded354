#pragma once

// One drag of a gizmo arrow or a shape handle, from button press to release, turned into document edits:
// what the viewport forwards (rays in world space) becomes node translations and shape sizes, as one undo
// step per drag. The maths is geometry/Gizmo.h; this class only keeps the state at press and pushes commands.

#include "document/Selection.h"
#include "geometry/Gizmo.h"
#include "geometry/Transform.h"
#include "physics/PhysicsModel.h"

#include <optional>
#include <string>
#include <vector>

namespace cs::document {

class Document;

/// What the shape handles of a node work on: its collider's shape, else its trigger's. A plane with sizes
/// is handled as a flat box (its X and Z faces set sizeX and sizeZ); an unbounded plane, convex and trimesh
/// shapes have no handles.
struct HandleTarget
{
    size_t shape = 0;                 ///< index into the model's shapes
    geometry::ShapeGeometry geometry; ///< a plane: a box of its sizes, 0 high
    std::optional<physics::PlaneParams> plane;
    std::vector<geometry::ShapeHandle> handles;
    bool trigger = false;
    /// The motion of the body the collider belongs to (the node's or its nearest ancestor's): the colour
    /// the shape is drawn in.
    physics::MotionType motion = physics::MotionType::Static;
};

/// The handle target of `node`, or nothing when it has no shape with handles.
std::optional<HandleTarget> handleTarget(const Document& document, NodeIndex node);

class HandleDragSession
{
public:
    /// Moving `node` along world axis 0, 1 or 2 (the move gizmo's arrows). Nothing for a node that does not
    /// exist or a parent that flattens space.
    static std::optional<HandleDragSession> moveAlongAxis(Document& document, NodeIndex node, int axis,
                                                          const geometry::Ray& start);
    /// Moving `node` in the world plane through its origin whose normal is world axis 0, 1 or 2 (the move
    /// gizmo's plane squares).
    static std::optional<HandleDragSession> moveInPlane(Document& document, NodeIndex node, int normalAxis,
                                                        const geometry::Ray& start);
    /// Turning `node` about world axis 0, 1 or 2 through its origin (the rotate gizmo's rings). The axis is
    /// taken into the parent's space, exact for parents without non-uniform scale.
    static std::optional<HandleDragSession> rotateAbout(Document& document, NodeIndex node, int axis,
                                                        const geometry::Ray& start);
    /// Turning `node` about the world direction `axis` through its origin (the rotate gizmo's outer ring,
    /// about the view direction).
    static std::optional<HandleDragSession> rotateAboutDirection(Document& document, NodeIndex node,
                                                                 const geometry::Vec3d& axis,
                                                                 const geometry::Ray& start);
    /// Scaling `node` along its own axis 0, 1 or 2 (the scale gizmo's boxes): the scale component is
    /// multiplied by the ratio of the cursor's distance from the origin now to at the press.
    static std::optional<HandleDragSession> scaleAlong(Document& document, NodeIndex node, int axis,
                                                       const geometry::Ray& start);
    /// Dragging a handle (handleTarget's) of the shape of `node`'s collider, else its trigger. Nothing when
    /// the node has no such shape or its world matrix is singular.
    static std::optional<HandleDragSession> shapeHandle(Document& document, NodeIndex node,
                                                        const geometry::ShapeHandle& handle,
                                                        const geometry::Ray& start);

    /// The drag with the cursor's ray now: the node (and shape) as they would be, pushed into the document.
    /// step: the grid step in metres (0: no snapping); a moved node's world coordinate along the axis or a
    /// shape's changed size snaps to it; with snapping on, a rotation snaps to the angle step and a scale to
    /// tenths. symmetric: a shape handle moves the opposite face too. False when the ray says nothing
    /// (parallel to the axis).
    bool update(const geometry::Ray& current, double step = 0, bool symmetric = false);
    /// Moves and rotations along the node's own axes (as they were at the press) instead of the world's; set
    /// before the first update. Scaling is always along the node's own axes.
    void setOwnAxes(bool on) { m_ownAxes = on; }
    /// The angle a snapped rotation moves in, in degrees (default 15).
    void setAngleStep(double degrees) { m_angleStep = degrees; }
    /// Ends the drag: everything it pushed is one undo step.
    void finish();
    /// Ends the drag and takes back everything it pushed (Esc).
    void cancel();

    /// What the drag sets now, for the label next to the cursor ("y 2.25 m", "size x 1.5 m").
    const std::string& valueText() const { return m_text; }

private:
    HandleDragSession(Document& document, NodeIndex node, const geometry::Ray& start);
    void begin();

    Document* m_document;
    NodeIndex m_node;
    geometry::Ray m_start;
    geometry::Trs m_trs;             ///< the node's TRS at press
    geometry::Mat4d m_parentWorld;   ///< the parent's world matrix (identity for a root)
    geometry::Mat4d m_parentInverse; ///< its inverse
    geometry::Mat4d m_worldInverse;  ///< inverse of the node's world matrix
    enum class Kind
    {
        Axis,
        Plane,
        Rotate,
        Scale,
        Shape
    };
    bool updateNode(const geometry::Ray& current, double step);
    /// The node's own axis `a` at the press, in the world.
    geometry::Vec3d ownAxis(int a) const;
    // Each kind of node drag: the transform it gives for the ray `current` (false: none) and m_text.
    bool moveAlong(const geometry::Ray& current, double step, const geometry::Vec3d& origin,
                   const geometry::Vec3d& axis, geometry::Trs& trs);
    bool moveInPlane(const geometry::Ray& current, double step, const geometry::Vec3d& origin,
                     const geometry::Vec3d& axis, geometry::Trs& trs);
    bool turn(const geometry::Ray& current, double step, const geometry::Vec3d& origin,
              const geometry::Vec3d& axis, geometry::Trs& trs);
    bool scaleAlong(const geometry::Ray& current, double step, const geometry::Vec3d& origin,
                    geometry::Trs& trs);
    Kind m_kind = Kind::Axis;
    double m_angleStep = 15.0;
    bool m_ownAxes = false;
    int m_axis = -1; ///< the world axis (move, rotate), the plane's normal, or the node's axis (scale)
    std::optional<geometry::Vec3d> m_freeAxis; ///< rotation about a world direction instead of an axis
    int m_shape = -1;                          ///< shape handle: the shape index
    geometry::ShapeGeometry m_geometry;
    std::optional<physics::PlaneParams> m_plane; ///< the plane whose sizes the handle sets
    geometry::ShapeHandle m_handle;
    bool m_open = false; ///< the undo macro is open
    std::string m_text;
};

} // namespace cs::document
