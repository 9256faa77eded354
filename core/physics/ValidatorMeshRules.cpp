#include "gltf/MeshTriangles.h"
#include "physics/DiagnosticCodes.h"
#include "physics/Validator.h"

#include <cmath>
#include <set>
#include <tuple>

namespace cs::physics {

namespace {

// The OMI spec once limited hulls to 255 points (removed in 2023); Unity and PhysX still do.
constexpr size_t kHullPointLimit = 255;

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

} // namespace

Diagnostics validateShapeMeshes(const gltf::GltfDocument& doc, const PhysicsModel& model)
{
    Diagnostics out;
    std::set<int> checked;
    for (size_t i = 0; i < model.shapes.size(); ++i) {
        const Shape& s = model.shapes[i];
        if (s.opaque || (s.type != ShapeType::Convex && s.type != ShapeType::Trimesh))
            continue;
        const std::string where = meshPointer(s);
        const std::string label = "shape " + std::to_string(i) + " (" + shapeTypeName(s.type) + ")";
        if (s.mesh < 0 || static_cast<size_t>(s.mesh) >= doc.count("meshes")) {
            out.push_back(makeError(
                code::MeshIndexInvalid,
                label + (s.mesh < 0 ? " has no mesh"
                                    : " refers to mesh " + std::to_string(s.mesh) + ", which does not exist"),
                where.empty() ? s.pointer : where));
            continue;
        }
        const Json* mesh = doc.element("meshes", static_cast<size_t>(s.mesh));
        const std::string meshAt = jsonPointerAppend("/meshes", static_cast<size_t>(s.mesh));
        const bool firstLook = checked.insert(s.mesh).second;
        if (mesh && mesh->contains("primitives") && (*mesh)["primitives"].is_array()) {
            const Json& prims = (*mesh)["primitives"];
            if (prims.size() > 1 && firstLook) {
                out.push_back(makeWarning(code::MeshMultiplePrimitives,
                                          "mesh " + std::to_string(s.mesh) + " of " + label + " has " +
                                              std::to_string(prims.size()) +
                                              " primitives; the spec asks for one (they are merged)",
                                          meshAt + "/primitives"));
            }
            for (size_t p = 0; p < prims.size() && firstLook; ++p) {
                // A mode beyond the int range reads as -1, an unknown mode (input: "mode": 1e300 overflowed
                // the int).
                const double modeValue =
                    prims[p].is_object() && prims[p].contains("mode") && prims[p]["mode"].is_number()
                        ? prims[p]["mode"].get<double>()
                        : 4.0;
                const int mode = modeValue >= 0 && modeValue <= 255 ? static_cast<int>(modeValue) : -1;
                if (mode == 4)
                    continue;
                const bool triangles = mode == 5 || mode == 6;
                const std::string text =
                    "primitive " + std::to_string(p) + " of mesh " + std::to_string(s.mesh) + " has mode " +
                    std::to_string(mode) +
                    (triangles ? " (strip or fan); the spec asks for a triangle list"
                               : " (points or lines); collision meshes must be triangles");
                out.push_back(triangles ? makeWarning(code::MeshNotTriangles, text,
                                                      jsonPointerAppend(meshAt + "/primitives", p) + "/mode")
                                        : makeError(code::MeshNotTriangles, text,
                                                    jsonPointerAppend(meshAt + "/primitives", p) + "/mode"));
            }
        }
        auto triangles = gltf::meshTriangles(doc, static_cast<size_t>(s.mesh));
        if (!triangles) {
            // The glTF structure check reports unreadable accessors; it does not look at the values, so NaN
            // or infinite positions are reported here, once per mesh, for the shape that needs them.
            for (const auto& d : triangles.diagnostics) {
                if (d.code == "ACCESSOR_NON_FINITE" && firstLook)
                    out.push_back(makeError(
                        d.code, label + " cannot use mesh " + std::to_string(s.mesh) + ": " + d.message,
                        d.pointer));
            }
            continue;
        }
        if (triangles->triangleCount() == 0) {
            out.push_back(makeError(code::MeshNoTriangles,
                                    label + ": mesh " + std::to_string(s.mesh) + " has no triangles",
                                    meshAt));
            continue;
        }
        if (s.type != ShapeType::Convex)
            continue;
        std::set<Point> points;
        for (std::uint32_t index : triangles->indices) {
            const QVector3D& v = triangles->positions[index];
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
            out.push_back(makeError(
                code::ConvexFlat,
                label + ": the " + std::to_string(points.size()) + " points of its mesh lie within " +
                    std::to_string(kDegenerateShapeSize) + " m of one plane; a hull has no volume",
                where));
        }
    }
    return out;
}

} // namespace cs::physics
