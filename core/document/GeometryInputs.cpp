#include "document/GeometryInputs.h"

#include "document/Document.h"
#include "physics/ResolvedScene.h"
#include "physics/ShapeMesh.h"

#include <charconv>

namespace cs::document {

namespace {

/// A figure measured on float data (vertex positions, a QQuaternion) as the shortest decimal that reads back
/// to the same float: 0.1 rather than 0.10000000149011612, the double of 0.1f, which the document would
/// otherwise keep and write.
double floatFigure(double value)
{
    char text[32];
    const auto written = std::to_chars(text, text + sizeof text, float(value));
    double shortest = value;
    if (written.ec != std::errc() || std::from_chars(text, written.ptr, shortest).ec != std::errc())
        return value; // not finite as a float: left as it is
    return shortest;
}

Quat toQuat(const QQuaternion& q)
{
    return {q.x(), q.y(), q.z(), q.scalar()};
}

Vec3 toVec3(const geometry::Vec3d& v)
{
    return {v.x, v.y, v.z};
}

} // namespace

Result<gltf::TriangleMesh> nodeMeshTriangles(const Document& document, size_t node)
{
    const std::optional<size_t> mesh = gltf::nodeMesh(document.gltf(), node);
    if (!mesh)
        return Result<gltf::TriangleMesh>::failure(makeError("NODE_NO_MESH",
                                                             "node " + std::to_string(node) + " has no mesh",
                                                             jsonPointerAppend("/nodes", node)));
    // Posed by this node: its skin and morph weights, as the node draws it.
    return gltf::posedMeshTriangles(document.gltf(), *mesh, node);
}

Result<gltf::TriangleMesh> hullOfNodeMesh(const Document& document, size_t node,
                                          const geometry::ConvexHullOptions& options)
{
    Result<gltf::TriangleMesh> result;
    auto mesh = nodeMeshTriangles(document, node);
    result.diagnostics = mesh.diagnostics;
    if (!mesh)
        return result;
    auto hull = geometry::generateConvexHull(*mesh, options);
    result.diagnostics.insert(result.diagnostics.end(), hull.diagnostics.begin(), hull.diagnostics.end());
    if (hull)
        result.value = std::move(hull->mesh);
    return result;
}

void placeAtFit(gltf::Json& node, const FittedPrimitive& fit, bool turned)
{
    const Vec3& t = fit.translation;
    Quat q = fit.rotation;
    if (q[3] < 0)
        q = {-q[0], -q[1], -q[2], -q[3]};
    if (t != Vec3{0, 0, 0})
        node["translation"] = t;
    if (turned && q != Quat{0, 0, 0, 1})
        node["rotation"] = q;
}

FittedPrimitive fittedPrimitive(const geometry::FittedShape& fit)
{
    FittedPrimitive out;
    const geometry::ShapeGeometry& g = fit.shape;
    const physics::ShapeType types[] = {physics::ShapeType::Box,     physics::ShapeType::Sphere,
                                        physics::ShapeType::Capsule, physics::ShapeType::Cylinder,
                                        physics::ShapeType::Convex,  physics::ShapeType::Trimesh};
    out.shape = physics::Shape::defaults(types[static_cast<int>(g.kind)]);
    // The fits measure float vertex data: each figure is written at that precision.
    out.shape.size = {floatFigure(g.size.x), floatFigure(g.size.y), floatFigure(g.size.z)};
    out.shape.radius = floatFigure(g.radius);
    out.shape.height = floatFigure(g.height);
    out.shape.radiusTop = floatFigure(g.radiusTop);
    out.shape.radiusBottom = floatFigure(g.radiusBottom);
    out.translation = {floatFigure(fit.offset.x), floatFigure(fit.offset.y), floatFigure(fit.offset.z)};
    const QQuaternion& q = fit.rotation;
    out.rotation = {floatFigure(q.x()), floatFigure(q.y()), floatFigure(q.z()), floatFigure(q.scalar())};
    return out;
}

Result<geometry::ShapeGeometry> shapeGeometry(const Document& document, const physics::Shape& s)
{
    using G = geometry::ShapeGeometry;
    Result<G> result;
    switch (s.type) {
    case physics::ShapeType::Box:
        result.value = G::box({s.size[0], s.size[1], s.size[2]});
        return result;
    case physics::ShapeType::Sphere:
        result.value = G::sphere(s.radius);
        return result;
    case physics::ShapeType::Capsule:
        result.value = G::capsule(s.height, s.radiusBottom, s.radiusTop);
        return result;
    case physics::ShapeType::Cylinder:
        result.value = G::cylinder(s.height, s.radiusBottom, s.radiusTop);
        return result;
    case physics::ShapeType::Convex:
    case physics::ShapeType::Trimesh:
        break;
    }
    if (s.mesh < 0)
        return Result<G>::failure(makeError("MESH_INDEX_INVALID", "the shape has no mesh", s.pointer));
    auto mesh =
        physics::shapeMeshTriangles(document.gltf(), document.model().format, static_cast<size_t>(s.mesh));
    result.diagnostics = mesh.diagnostics;
    if (mesh)
        result.value =
            s.type == physics::ShapeType::Convex ? G::convex(std::move(*mesh)) : G::trimesh(std::move(*mesh));
    return result;
}

Result<MassProperties> bodyMassProperties(const Document& document, size_t bodyNode, double density,
                                          MassFrom from)
{
    using R = Result<MassProperties>;
    const physics::NodePhysics* n = document.model().node(bodyNode);
    if (!n || !n->motion)
        return R::failure(makeError("MASS_NO_BODY", "node " + std::to_string(bodyNode) + " has no motion"));
    const physics::ResolvedScene scene = physics::resolveScene(document.model(), document.sceneGraph());
    const auto body = std::find_if(scene.bodies.begin(), scene.bodies.end(),
                                   [&](const physics::ResolvedBody& b) { return b.node == bodyNode; });
    if (body == scene.bodies.end() || body->colliders.empty())
        return R::failure(
            makeError("MASS_NO_SHAPES", "the body on node " + std::to_string(bodyNode) +
                                            " has no collider shapes to compute its mass from"));
    // Shapes are placed relative to the body node, whose own world transform does not count.
    const QMatrix4x4 toBody = document.sceneGraph().worldTransform(bodyNode).inverted();
    R result;
    std::vector<geometry::PlacedMass> parts;
    for (size_t i : body->colliders) {
        const physics::ShapeInstance& instance = scene.instances[i];
        auto geometry = shapeGeometry(document, document.model().shapes[static_cast<size_t>(instance.shape)]);
        result.diagnostics.insert(result.diagnostics.end(), geometry.diagnostics.begin(),
                                  geometry.diagnostics.end());
        if (!geometry)
            return result;
        auto mass = geometry::shapeMassProperties(*geometry, density);
        result.diagnostics.insert(result.diagnostics.end(), mass.diagnostics.begin(), mass.diagnostics.end());
        if (!mass)
            return result;
        parts.push_back({*mass, toBody * instance.world});
    }
    geometry::MassProperties total = geometry::combineMassProperties(parts);
    MassProperties out;
    const physics::MassReading given = physics::massReading(*n->motion, document.model().format);
    if (from == MassFrom::BodyWhenSet && given.meaning == physics::MassMeaning::Given && given.value > 0)
        total = total.withMass(given.value);
    else
        out.mass = total.mass;
    const geometry::PrincipalInertia principal = geometry::principalInertia(total.inertia);
    out.centerOfMass = toVec3(total.centerOfMass);
    out.inertiaDiagonal = toVec3(principal.diagonal);
    out.inertiaOrientation = toQuat(principal.orientation);
    result.value = out;
    return result;
}

} // namespace cs::document
