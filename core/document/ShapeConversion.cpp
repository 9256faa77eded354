#include "document/ShapeConversion.h"

#include <algorithm>
#include <cmath>

namespace cs::document {

namespace {

using physics::Shape;
using physics::ShapeType;

// Mid-height of a capsule (or height of a cylinder) is kept at least this, so a conversion never yields a
// zero or negative height, which the validator would reject.
constexpr double kMinHeight = 1e-3;

bool isRound(ShapeType t)
{
    return t == ShapeType::Sphere || t == ShapeType::Capsule || t == ShapeType::Cylinder;
}

// The source object with the old type's key renamed in place to the new type (key order kept).
physics::Json renameTypeKey(const physics::Json& source, const std::string& from, const std::string& to)
{
    physics::Json out = physics::Json::object();
    bool placed = false;
    for (auto it = source.begin(); it != source.end(); ++it) {
        if (it.key() == from || it.key() == to) {
            if (!placed)
                out[to] = physics::Json::object();
            placed = true;
            continue;
        }
        out[it.key()] = it.value();
        if (it.key() == "type" && !placed) {
            out[to] = physics::Json::object();
            placed = true;
        }
    }
    if (!placed)
        out[to] = physics::Json::object();
    return out;
}

} // namespace

Shape makeShape(ShapeType type, const std::string& name)
{
    Shape s = Shape::defaults(type);
    s.source = physics::Json::object();
    if (!name.empty())
        s.source["name"] = name;
    s.source["type"] = physics::shapeTypeName(type);
    s.source[physics::shapeTypeName(type)] = physics::Json::object();
    return s;
}

physics::Vec3 shapeExtents(const Shape& s)
{
    switch (s.type) {
    case ShapeType::Box:
        return s.size;
    case ShapeType::Sphere:
        return {2 * s.radius, 2 * s.radius, 2 * s.radius};
    case ShapeType::Capsule: {
        const double r = std::max(s.radiusTop, s.radiusBottom);
        return {2 * r, s.height + (s.radiusTop + s.radiusBottom), 2 * r};
    }
    case ShapeType::Cylinder: {
        const double r = std::max(s.radiusTop, s.radiusBottom);
        return {2 * r, s.height, 2 * r};
    }
    case ShapeType::Convex:
    case ShapeType::Trimesh:
        break;
    }
    return {0, 0, 0};
}

Shape convertShape(const Shape& shape, ShapeType type)
{
    Shape out = shape;
    if (shape.type == type || shape.opaque)
        return out;
    out.type = type;
    out.source =
        renameTypeKey(shape.source, physics::shapeTypeName(shape.type), physics::shapeTypeName(type));
    out.source["type"] = physics::shapeTypeName(type);
    out.paramsSource = physics::Json::object();
    for (const char* keep : {"extensions", "extras"}) {
        if (shape.paramsSource.contains(keep))
            out.paramsSource[keep] = shape.paramsSource[keep];
    }

    const bool fromMesh = shape.type == ShapeType::Convex || shape.type == ShapeType::Trimesh;
    if (fromMesh || type == ShapeType::Convex || type == ShapeType::Trimesh)
        return out; // mesh <-> mesh keeps the mesh; mesh <-> primitive has nothing to carry but the mesh
                    // field

    const physics::Vec3 e = shapeExtents(shape);
    const double horizontal = std::max(e[0], e[2]) / 2;
    if (type == ShapeType::Box) {
        out.size = e;
        return out;
    }
    if (type == ShapeType::Sphere) {
        // From a box: the sphere through its largest side; from a capsule or cylinder: the larger radius.
        out.radius = isRound(shape.type) ? std::max(shape.radiusTop, shape.radiusBottom)
                                         : std::max({e[0], e[1], e[2]}) / 2;
        return out;
    }
    // Capsule or cylinder from anything primitive.
    if (shape.type == ShapeType::Sphere || shape.type == ShapeType::Box) {
        const double r = shape.type == ShapeType::Sphere ? shape.radius : horizontal;
        out.radiusTop = out.radiusBottom = r;
    }
    const double total = e[1];
    out.height = type == ShapeType::Capsule ? std::max(total - (out.radiusTop + out.radiusBottom), kMinHeight)
                                            : std::max(total, kMinHeight);
    return out;
}

physics::Shape writableShape(const physics::Shape& shape, const std::string& name)
{
    if (!shape.source.empty())
        return shape;
    physics::Shape out = makeShape(shape.type, name);
    out.size = shape.size;
    out.radius = shape.radius;
    out.height = shape.height;
    out.radiusTop = shape.radiusTop;
    out.radiusBottom = shape.radiusBottom;
    out.mesh = shape.mesh;
    return out;
}

std::string fittedShapeName(physics::ShapeType type, const physics::Quat& rotation)
{
    const double norm = std::sqrt(rotation[0] * rotation[0] + rotation[1] * rotation[1] +
                                  rotation[2] * rotation[2] + rotation[3] * rotation[3]);
    // A turn of less than 1e-6 rad (2 acos |w|) is no turn.
    const bool turned = norm > 0 && std::abs(rotation[3]) / norm < std::cos(0.5e-6);
    if (type == physics::ShapeType::Box && turned)
        return "oriented box";
    return physics::shapeTypeName(type);
}

} // namespace cs::document
