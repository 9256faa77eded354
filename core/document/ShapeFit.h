#pragma once

// "Fit <primitive> to mesh" on a shape as one node uses it: the points come from the node's mesh (or its
// parent's, brought into the node's space), the primitive is fitted by core/geometry, and the edit is one
// undo step. The shape panel's fit buttons call fitShapeToMesh and nothing else.

#include "Diagnostic.h"
#include "document/Selection.h"
#include "geometry/PrimitiveFit.h"
#include "geometry/Vec3d.h"
#include "physics/PhysicsModel.h"

#include <QString>
#include <optional>
#include <vector>

namespace cs::document {

class Document;

/// The primitive a fit makes.
enum class FitKind
{
    Box,         ///< axis-aligned in the node's space
    OrientedBox, ///< turned to fit
    Sphere,
    Capsule,
    Cylinder
};
inline constexpr int kFitKindCount = 5;

/// Runs the fit of `kind` on points; a capsule or cylinder along `axis` (in the points' space).
Result<geometry::FittedShape> fitPoints(FitKind kind, const std::vector<geometry::Vec3d>& points,
                                        geometry::RoundAxis axis = geometry::RoundAxis::Auto);

/// Where fits for a node take their points from.
struct FitMeshSource
{
    std::optional<NodeIndex> meshNode; ///< the node whose mesh is used, empty when there is none
    bool fromParent = false;           ///< the node has no mesh; its parent's is brought into its space
};
/// The node's own mesh, else its parent's.
FitMeshSource fitMeshSource(const Document& document, NodeIndex node);
/// The points a fit for `node` uses, in the node's space. Error FIT_NO_MESH when neither the node nor its
/// parent has a mesh; the mesh reader's errors when the mesh cannot be read.
Result<std::vector<geometry::Vec3d>> fitMeshPoints(const Document& document, NodeIndex node);

struct ShapeFit
{
    enum class Outcome
    {
        Unchanged,    ///< the shape already had the fitted values (nothing pushed)
        ShapeChanged, ///< the shape took the fit (and a collider node without a mesh its offset)
        ChildNode,    ///< the fit went on a new child node with a new shape
    };
    Outcome outcome = Outcome::Unchanged;
    physics::Shape shape;               ///< the fitted shape as it is now (the new one for ChildNode)
    FitMeshSource source;               ///< where the points came from
    std::optional<NodeIndex> childNode; ///< ChildNode: the new node
    /// ChildNode: the node's own collider (or trigger) used the shape and was removed in the same step.
    bool replacedCollider = false;
    bool replacedTrigger = false;
    /// ShapeChanged from the parent's mesh: the node's scale is not uniform and the fit is turned, so the
    /// shape is only approximately where the mesh is.
    bool skewed = false;
    size_t shapeUsers = 0; ///< ShapeChanged: how many nodes use the shape (all of them changed)
};

/// Fits a primitive of `kind` to the mesh `node` sees (fitMeshSource) and applies it to shape `shape`:
/// - the node carries the mesh and the fit is off its origin (or turned): the node cannot move, so the
///   fitted primitive goes on a new child node at the fitted offset, with a new shape named "<node> <type>";
///   a collider (or trigger) of the node that used `shape` is removed in the same step, and the child's
///   takes its material and filter;
/// - otherwise the shape takes the fitted type and parameters, and a node that fits its parent's mesh moves
///   to the fitted offset (its rotation too; exact for a uniform scale).
/// One undo step named `undoText`. A capsule or cylinder runs along `axis` of the node's space. Errors: no
/// such shape or node, an opaque shape, no mesh, or the fit's own error.
Result<ShapeFit> fitShapeToMesh(Document& document, size_t shape, NodeIndex node, FitKind kind,
                                const QString& undoText,
                                geometry::RoundAxis axis = geometry::RoundAxis::Auto);

/// The second half of fitShapeToMesh, for a fit computed elsewhere (off the GUI thread): applies `fitted`,
/// the primitive fitted to fitMeshPoints(document, node), as fitShapeToMesh does. The same errors, and the
/// fit's own when `fitted` failed.
Result<ShapeFit> applyShapeFit(Document& document, size_t shape, NodeIndex node,
                               const Result<geometry::FittedShape>& fitted, const QString& undoText);

} // namespace cs::document
