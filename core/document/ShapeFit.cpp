#include "document/ShapeFit.h"

#include "document/ColliderEdits.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/GeometryInputs.h"
#include "document/ModelCommands.h"
#include "document/NodeCommands.h"
#include "document/References.h"
#include "document/ShapeConversion.h"
#include "geometry/EulerAngles.h"

#include <algorithm>
#include <cmath>

namespace cs::document {

namespace {

using physics::Shape;
using physics::ShapeType;

// Quaternions are x, y, z, w as glTF writes them; computed in double so that a fit lands where it was found.
Quat multiply(const Quat& a, const Quat& b)
{
    return {a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
            a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
            a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
            a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
}

geometry::Vec3d rotate(const Quat& q, const geometry::Vec3d& v)
{
    const geometry::Vec3d u{q[0], q[1], q[2]};
    const geometry::Vec3d t = 2.0 * geometry::cross(u, v);
    return v + q[3] * t + geometry::cross(u, t);
}

bool isIdentityRotation(const Quat& q)
{
    // 2 acos(|w|) below 1e-6 rad
    return std::abs(geometry::normalizedQuat(q)[3]) >= std::cos(0.5e-6);
}

/// True when a fit sits at the node's origin, unturned (up to rounding).
bool centred(const FittedPrimitive& fitted)
{
    const Vec3 extents = shapeExtents(fitted.shape);
    const double scale = std::max({extents[0], extents[1], extents[2], 1e-9});
    const double offset =
        geometry::length({fitted.translation[0], fitted.translation[1], fitted.translation[2]});
    return offset <= 1e-7 * scale && isIdentityRotation(fitted.rotation);
}

void copyParameters(const Shape& from, Shape& to)
{
    to.size = from.size;
    to.radius = from.radius;
    to.height = from.height;
    to.radiusTop = from.radiusTop;
    to.radiusBottom = from.radiusBottom;
}

/// The node carries the mesh and the fit is off its origin: the fit on a new child node, replacing the
/// node's own collider or trigger that used the shape.
Result<ShapeFit> fitOnChildNode(Document& doc, size_t shapeIndex, NodeIndex node, FittedPrimitive primitive,
                                ShapeFit fit, const QString& undoText)
{
    const physics::NodePhysics* np = doc.model().node(node);
    const int shape = static_cast<int>(shapeIndex);
    const bool collider = np && np->collider && np->collider->shape == shape;
    const bool trigger = np && np->trigger && np->trigger->shape == shape;
    NewShapeNode options;
    options.trigger = trigger && !collider;
    if (collider) {
        options.physicsMaterial = np->collider->physicsMaterial;
        options.collisionFilter = np->collider->collisionFilter;
    } else if (trigger) {
        options.collisionFilter = np->trigger->collisionFilter;
    }
    const std::string name =
        gltf::nodeLabel(doc.gltf(), node) + " " + fittedShapeName(primitive.shape.type, primitive.rotation);
    Shape named = makeShape(primitive.shape.type, name);
    copyParameters(primitive.shape, named);
    primitive.shape = named;
    options.nodeName = name;
    QUndoStack* stack = doc.undoStack();
    stack->beginMacro(undoText);
    const std::optional<size_t> added = fitPrimitive(doc, node, primitive, options);
    if (added && collider)
        doc.push(removeCollider(&doc, node));
    else if (added && trigger)
        doc.push(removeTrigger(&doc, node));
    stack->endMacro();
    if (!added)
        return Result<ShapeFit>::failure(makeError("FIT_CHILD_NODE", "the child node could not be added"));
    fit.outcome = ShapeFit::Outcome::ChildNode;
    fit.shape = primitive.shape;
    fit.childNode = *added;
    fit.replacedCollider = collider;
    fit.replacedTrigger = trigger && !collider;
    Result<ShapeFit> result;
    result.value = fit;
    return result;
}

} // namespace

Result<geometry::FittedShape> fitPoints(FitKind kind, const std::vector<geometry::Vec3d>& points,
                                        geometry::RoundAxis axis)
{
    switch (kind) {
    case FitKind::Box:
        return geometry::fitBox(points);
    case FitKind::OrientedBox:
        return geometry::fitOrientedBox(points);
    case FitKind::Sphere:
        return geometry::fitSphere(points);
    case FitKind::Capsule:
        return geometry::fitCapsule(points, axis);
    case FitKind::Cylinder:
        return geometry::fitCylinder(points, axis);
    }
    return Result<geometry::FittedShape>::failure(makeError("FIT_UNKNOWN", "unknown fit"));
}

FitMeshSource fitMeshSource(const Document& document, NodeIndex node)
{
    FitMeshSource source;
    if (node >= document.gltf().count("nodes"))
        return source;
    if (gltf::nodeMesh(document.gltf(), node)) {
        source.meshNode = node;
        return source;
    }
    const gltf::SceneGraph& graph = document.sceneGraph();
    const std::optional<NodeIndex> parent = node < graph.nodeCount() ? graph.parent(node) : std::nullopt;
    if (parent && gltf::nodeMesh(document.gltf(), *parent)) {
        source.meshNode = *parent;
        source.fromParent = true;
    }
    return source;
}

Result<std::vector<geometry::Vec3d>> fitMeshPoints(const Document& document, NodeIndex node)
{
    using R = Result<std::vector<geometry::Vec3d>>;
    const FitMeshSource source = fitMeshSource(document, node);
    if (!source.meshNode)
        return R::failure(makeError("FIT_NO_MESH", "neither the node nor its parent has a mesh to fit to",
                                    jsonPointerAppend("/nodes", node)));
    auto mesh = nodeMeshTriangles(document, *source.meshNode);
    R result;
    result.diagnostics = mesh.diagnostics;
    if (!mesh)
        return result;
    std::vector<geometry::Vec3d> points;
    points.reserve(mesh->positions.size());
    if (!source.fromParent) {
        for (const QVector3D& p : mesh->positions)
            points.emplace_back(p);
    } else {
        // The parent's mesh in the node's space: undo the node's translation, rotation and scale.
        const Trs trs = nodeTrs(*document.gltf().element("nodes", size_t(node)));
        const Quat r = geometry::normalizedQuat(trs.rotation);
        const Quat inverse{-r[0], -r[1], -r[2], r[3]};
        for (const QVector3D& p : mesh->positions) {
            geometry::Vec3d local =
                rotate(inverse, geometry::Vec3d(p) - geometry::Vec3d{trs.translation[0], trs.translation[1],
                                                                     trs.translation[2]});
            for (int axis = 0; axis < 3; ++axis) {
                if (trs.scale[size_t(axis)] != 0)
                    local[axis] /= trs.scale[size_t(axis)];
            }
            points.push_back(local);
        }
    }
    result.value = std::move(points);
    return result;
}

namespace {

/// Why a fit of `shapeIndex` on `node` cannot be applied, else nothing.
std::optional<Diagnostic> fitRefused(const Document& doc, size_t shapeIndex, NodeIndex node)
{
    if (shapeIndex >= doc.model().shapes.size())
        return makeError("FIT_NO_SHAPE", "shape " + std::to_string(shapeIndex) + " does not exist");
    if (doc.model().shapes[shapeIndex].opaque)
        return makeError("FIT_OPAQUE_SHAPE", "the shape's type is not understood");
    if (node >= doc.gltf().count("nodes"))
        return makeError("FIT_NO_NODE", "node " + std::to_string(node) + " does not exist");
    return std::nullopt;
}

/// The commands that give shape `shapeIndex` the parameters of `target` (of the same type).
void pushShapeParameters(Document& doc, size_t shapeIndex, const Shape& target)
{
    switch (target.type) {
    case ShapeType::Box:
        doc.push(new SetShapeSize(&doc, shapeIndex, target.size));
        break;
    case ShapeType::Sphere:
        doc.push(new SetShapeRadius(&doc, shapeIndex, target.radius));
        break;
    case ShapeType::Capsule:
    case ShapeType::Cylinder:
        doc.push(new SetShapeHeight(&doc, shapeIndex, target.height));
        doc.push(new SetShapeRadiusTop(&doc, shapeIndex, target.radiusTop));
        doc.push(new SetShapeRadiusBottom(&doc, shapeIndex, target.radiusBottom));
        break;
    case ShapeType::Convex:
    case ShapeType::Trimesh:
        break;
    }
}

} // namespace

Result<ShapeFit> fitShapeToMesh(Document& doc, size_t shapeIndex, NodeIndex node, FitKind kind,
                                const QString& undoText, geometry::RoundAxis axis)
{
    if (const auto refused = fitRefused(doc, shapeIndex, node))
        return Result<ShapeFit>::failure(*refused);
    Result<geometry::FittedShape> fitted;
    auto points = fitMeshPoints(doc, node);
    if (points)
        fitted = fitPoints(kind, *points, axis);
    else
        fitted.diagnostics = points.diagnostics;
    return applyShapeFit(doc, shapeIndex, node, fitted, undoText);
}

Result<ShapeFit> applyShapeFit(Document& doc, size_t shapeIndex, NodeIndex node,
                               const Result<geometry::FittedShape>& fitted, const QString& undoText)
{
    using R = Result<ShapeFit>;
    if (const auto refused = fitRefused(doc, shapeIndex, node))
        return R::failure(*refused);
    if (!fitted) {
        R failed;
        failed.diagnostics = fitted.diagnostics;
        return failed;
    }
    ShapeFit fit;
    fit.source = fitMeshSource(doc, node);
    FittedPrimitive primitive = fittedPrimitive(*fitted);

    if (!fit.source.fromParent && !centred(primitive))
        return fitOnChildNode(doc, shapeIndex, node, primitive, fit, undoText);

    // The shape takes the fit in place; a collider child node moves to the fitted offset.
    const Shape& current = doc.model().shapes[shapeIndex];
    Shape target = current;
    target.type = primitive.shape.type;
    copyParameters(primitive.shape, target);
    const Trs trs = nodeTrs(*doc.gltf().element("nodes", node));
    Vec3 translation = trs.translation;
    Quat rotation = trs.rotation;
    if (fit.source.fromParent) {
        // new local transform = current local * fitted offset (exact for uniform scale)
        const Quat r = geometry::normalizedQuat(trs.rotation);
        const geometry::Vec3d scaled{primitive.translation[0] * trs.scale[0],
                                     primitive.translation[1] * trs.scale[1],
                                     primitive.translation[2] * trs.scale[2]};
        const geometry::Vec3d moved = rotate(r, scaled);
        translation = {trs.translation[0] + moved.x, trs.translation[1] + moved.y,
                       trs.translation[2] + moved.z};
        rotation = isIdentityRotation(primitive.rotation)
                       ? trs.rotation
                       : geometry::normalizedQuat(multiply(r, primitive.rotation));
        const bool uniform = trs.scale[0] == trs.scale[1] && trs.scale[1] == trs.scale[2];
        fit.skewed = !uniform && !isIdentityRotation(primitive.rotation);
    }
    fit.shape = target;
    R result;
    if (current.type == target.type && current.sameGeometry(target) && translation == trs.translation &&
        rotation == trs.rotation) {
        fit.outcome = ShapeFit::Outcome::Unchanged;
        result.value = fit;
        return result;
    }

    QUndoStack* stack = doc.undoStack();
    stack->beginMacro(undoText);
    if (current.type != target.type)
        doc.push(new ChangeShapeType(&doc, shapeIndex, target.type));
    pushShapeParameters(doc, shapeIndex, target);
    if (fit.source.fromParent) {
        doc.push(new SetNodeTranslation(&doc, node, translation));
        doc.push(new SetNodeRotation(&doc, node, rotation));
    }
    stack->endMacro();
    fit.outcome = ShapeFit::Outcome::ShapeChanged;
    fit.shapeUsers = usersOf(doc.model(), ListKind::Shape, static_cast<int>(shapeIndex)).size();
    result.value = fit;
    return result;
}

} // namespace cs::document
