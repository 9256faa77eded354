#include "geometry/HullCap.h"
#include "gltf/MeshTriangles.h"
#include "physics/DiagnosticCodes.h"
#include "physics/ShapeMesh.h"
#include "physics/Validator.h"

#include <cmath>
#include <set>
#include <tuple>

namespace cs::physics {

namespace {

// The OMI spec once limited hulls to 255 points (removed in 2023); Unity and PhysX still do.
constexpr size_t kHullPointLimit = geometry::kMaxHullPoints;

std::string meshPointer(const Shape& s)
{
    return s.pointer.empty() ? std::string() : jsonPointerAppend(s.pointer, shapeTypeName(s.type)) + "/mesh";
}

using Point = std::tuple<float, float, float>;

QVector3D vec(const Point& p)
{
    return {std::get<0>(p), std::get<1>(p), std::get<2>(p)};
}

/// True when every point lies within kDegenerateShapeSize of one plane (or line): the plane through a first
/// point, the point farthest from it and the point farthest from their line. A set found flat is flat; a set
/// only nearly flat along some other plane can be found solid (never an error on a good hull).
bool flat(const std::set<Point>& points)
{
    const QVector3D a = vec(*points.begin());
    QVector3D b = a;
    for (const auto& p : points)
        if ((vec(p) - a).lengthSquared() > (b - a).lengthSquared())
            b = vec(p);
    const QVector3D ab = b - a;
    if (ab.length() < kDegenerateShapeSize)
        return true;
    QVector3D c = a;
    float best = 0;
    for (const auto& p : points) {
        const float d = QVector3D::crossProduct(vec(p) - a, ab).length() / ab.length();
        if (d > best) {
            best = d;
            c = vec(p);
        }
    }
    if (best < kDegenerateShapeSize)
        return true;
    const QVector3D normal = QVector3D::crossProduct(ab, c - a).normalized();
    for (const auto& p : points)
        if (std::abs(QVector3D::dotProduct(vec(p) - a, normal)) >= kDegenerateShapeSize)
            return false;
    return true;
}

/// One primitive is what the OMI spec asks for ("should be made of only one glTF mesh primitive"; KHR's
/// geometry is the whole mesh and says nothing of it), as a triangle list; strips and fans are a warning,
/// points and lines an error.
void checkPrimitives(Diagnostics& out, const Json& mesh, int meshIndex, const std::string& label,
                     const std::string& meshAt, bool omi)
{
    if (!mesh.contains("primitives") || !mesh["primitives"].is_array())
        return;
    const Json& prims = mesh["primitives"];
    if (prims.size() > 1 && omi) {
        out.push_back(makeWarning(code::MeshMultiplePrimitives,
                                  "mesh " + std::to_string(meshIndex) + " of " + label + " has " +
                                      std::to_string(prims.size()) +
                                      " primitives; the spec asks for one (they are merged)",
                                  meshAt + "/primitives"));
    }
    for (size_t p = 0; p < prims.size(); ++p) {
        // A mode beyond the int range reads as -1, an unknown mode (input: "mode": 1e300 overflowed the int).
        const double modeValue =
            prims[p].is_object() && prims[p].contains("mode") && prims[p]["mode"].is_number()
                ? prims[p]["mode"].get<double>()
                : 4.0;
        const int mode = modeValue >= 0 && modeValue <= 255 ? static_cast<int>(modeValue) : -1;
        if (mode == 4)
            continue;
        const bool triangles = mode == 5 || mode == 6;
        const std::string text = "primitive " + std::to_string(p) + " of mesh " + std::to_string(meshIndex) +
                                 " has mode " + std::to_string(mode) +
                                 (triangles ? " (strip or fan); the spec asks for a triangle list"
                                            : " (points or lines); collision meshes must be triangles");
        const std::string at = jsonPointerAppend(meshAt + "/primitives", p) + "/mode";
        out.push_back(triangles ? makeWarning(code::MeshNotTriangles, text, at)
                                : makeError(code::MeshNotTriangles, text, at));
    }
}

/// A convex mesh within the hull point limit and with volume.
void checkHullPoints(Diagnostics& out, const gltf::TriangleMesh& triangles, const std::string& label,
                     const std::string& where)
{
    std::set<Point> points;
    for (std::uint32_t index : triangles.indices) {
        const QVector3D& v = triangles.positions[index];
        points.insert({v.x(), v.y(), v.z()});
    }
    if (points.size() > kHullPointLimit) {
        out.push_back(makeWarning(code::HullPointLimit,
                                  label + " has " + std::to_string(points.size()) +
                                      " distinct points; Unity and PhysX accept at most 255 hull points",
                                  where));
    } else if (points.size() < 4) {
        out.push_back(makeError(code::ConvexFlat,
                                label + " has only " + std::to_string(points.size()) +
                                    " distinct points; a hull needs at least 4 not in one plane",
                                where));
    } else if (flat(points)) {
        out.push_back(makeError(code::ConvexFlat,
                                label + ": the " + std::to_string(points.size()) +
                                    " points of its mesh lie within " + std::to_string(kDegenerateShapeSize) +
                                    " m of one plane; a hull has no volume",
                                where));
    }
}

/// A finding of gltf::meshTriangles' skin and morph deformation (Skinning.h).
bool deformationFinding(const Diagnostic& d)
{
    return d.code.rfind("SKIN_", 0) == 0 || d.code.rfind("MORPH_", 0) == 0 || d.code == "MESH_POSES_DIFFER";
}

/// The checks of one convex or trimesh shape's mesh (`firstLook`: the mesh's own problems are reported once,
/// for the first shape that uses it).
void checkShapeMesh(Diagnostics& out, const gltf::GltfDocument& doc, const Shape& s, size_t i, bool firstLook,
                    SourceFormat family)
{
    const std::string where = meshPointer(s);
    const std::string label = "shape " + std::to_string(i) + " (" + shapeTypeName(s.type) + ")";
    const std::string meshAt = jsonPointerAppend("/meshes", static_cast<size_t>(s.mesh));
    const Json* mesh = doc.element("meshes", static_cast<size_t>(s.mesh));
    if (mesh && firstLook)
        checkPrimitives(out, *mesh, s.mesh, label, meshAt, family != SourceFormat::Khr);
    auto triangles = shapeMeshTriangles(doc, family, static_cast<size_t>(s.mesh));
    if (!triangles) {
        // The glTF structure check reports unreadable accessors; it does not look at the values, so NaN or
        // infinite positions are reported here, once per mesh, for the shape that needs them.
        for (const auto& d : triangles.diagnostics) {
            if ((d.code == "ACCESSOR_NON_FINITE" || deformationFinding(d)) && firstLook)
                out.push_back(
                    makeError(d.code, label + " cannot use mesh " + std::to_string(s.mesh) + ": " + d.message,
                              d.pointer));
        }
        return;
    }
    // Nothing else reads skins and morph targets: what posing the mesh found is reported here.
    for (const auto& d : triangles.diagnostics) {
        if (deformationFinding(d) && firstLook)
            out.push_back(d);
    }
    if (triangles->triangleCount() == 0) {
        out.push_back(makeError(code::MeshNoTriangles,
                                label + ": mesh " + std::to_string(s.mesh) + " has no triangles", meshAt));
        return;
    }
    if (s.type == ShapeType::Convex)
        checkHullPoints(out, *triangles, label, where);
}

} // namespace

Diagnostics validateShapeMeshes(const gltf::GltfDocument& doc, const PhysicsModel& model)
{
    Diagnostics out;
    std::set<int> checked;
    for (size_t i = 0; i < model.shapes.size(); ++i) {
        const Shape& s = model.shapes[i];
        if (s.opaque || (s.type != ShapeType::Convex && s.type != ShapeType::Trimesh))
            continue;
        if (s.mesh < 0 || static_cast<size_t>(s.mesh) >= doc.count("meshes")) {
            const std::string where = meshPointer(s);
            const std::string label = "shape " + std::to_string(i) + " (" + shapeTypeName(s.type) + ")";
            out.push_back(makeError(
                code::MeshIndexInvalid,
                label + (s.mesh < 0 ? " has no mesh"
                                    : " refers to mesh " + std::to_string(s.mesh) + ", which does not exist"),
                where.empty() ? s.pointer : where));
            continue;
        }
        checkShapeMesh(out, doc, s, i, checked.insert(s.mesh).second, model.format);
    }
    return out;
}

} // namespace cs::physics
