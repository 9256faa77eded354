// primitivePartsChoice: a decomposition's parts as primitives where they fit (geometry::fitPrimitiveParts).
#include "import/AutoColliderParts.h"

#include "geometry/Decomposition.h"

#include <algorithm>
#include <sstream>

namespace cs::import {

namespace {

double diagonal(const gltf::TriangleMesh& mesh)
{
    if (mesh.positions.empty())
        return 0;
    geometry::Vec3d lo(mesh.positions[0]), hi = lo;
    for (const QVector3D& q : mesh.positions) {
        lo = geometry::minOf(lo, geometry::Vec3d(q));
        hi = geometry::maxOf(hi, geometry::Vec3d(q));
    }
    return geometry::length(hi - lo);
}

/// A compound of one part: that primitive, or that hull.
MeshColliderChoice onePart(geometry::PrimitivePart only)
{
    MeshColliderChoice out;
    out.volume = only.volume;
    if (only.primitive) {
        out.type = fittedPhysicsShape(only.primitive->shape).type;
        out.fit = std::move(*only.primitive);
        return out;
    }
    out.type = physics::ShapeType::Convex;
    out.hullPoints = only.hull.positions.size();
    out.parts.push_back(only.hull);
    out.hull = std::move(only.hull);
    return out;
}

} // namespace

geometry::PrimitivePartsOptions primitivePartsOptions(const gltf::TriangleMesh& mesh,
                                                      const ColliderOptions& options,
                                                      const std::atomic<bool>* cancel)
{
    geometry::PrimitivePartsOptions o;
    o.tolerance = options.partTolerance ? *options.partTolerance : options.concavity * diagonal(mesh);
    o.minimumSize = kMinimumColliderSize;
    o.cancel = cancel;
    return o;
}

Result<MeshColliderChoice> primitivePartsChoice(const gltf::TriangleMesh& mesh,
                                                const std::vector<gltf::TriangleMesh>& hulls,
                                                const ColliderOptions& options,
                                                const std::atomic<bool>* cancel)
{
    auto fitted = geometry::fitPrimitiveParts(mesh, hulls, primitivePartsOptions(mesh, options, cancel));
    if (!fitted)
        return {std::nullopt, fitted.diagnostics};
    geometry::PrimitiveParts& pp = *fitted;
    Result<MeshColliderChoice> r;
    if (pp.parts.size() == 1) {
        r.value = onePart(std::move(pp.parts[0]));
        r.value->measured = pp.fit;
        return r;
    }
    MeshColliderChoice out;
    out.type = physics::ShapeType::Convex;
    out.measured = pp.fit;
    for (geometry::PrimitivePart& part : pp.parts) {
        out.volume += part.volume;
        out.partFits.push_back(part.primitive);
        out.hullPoints = std::max(out.hullPoints, part.hull.positions.size());
        out.parts.push_back(std::move(part.hull));
        part.hull = {};
    }
    out.primitiveParts = std::make_shared<const geometry::PrimitiveParts>(std::move(pp));
    r.value = std::move(out);
    return r;
}

std::optional<AutoParts> autoPrimitiveParts(const gltf::TriangleMesh& mesh, const ColliderOptions& options,
                                            const std::atomic<bool>* cancel)
{
    if (!options.primitiveParts || options.trimeshAllowed || !options.fitTolerance ||
        !(*options.fitTolerance > 0))
        return std::nullopt;
    const double tolerance = *options.fitTolerance, size = diagonal(mesh);
    if (!(size > 0))
        return std::nullopt;
    geometry::DecompositionOptions d;
    d.pointsPerPart = std::min(hullVertexCap(options), 64);
    d.maxParts = options.maxParts;
    d.concavity = std::min(0.999, tolerance / 2 / size);
    d.measure = false;
    d.cancel = cancel;
    auto decomposed = geometry::decomposeConvex(mesh, d);
    if (!decomposed)
        return std::nullopt;
    std::vector<gltf::TriangleMesh> hulls;
    bool concave = false;
    for (geometry::DecomposedPart& part : decomposed->parts) {
        concave = concave || part.concavity > tolerance / 2;
        hulls.push_back(std::move(part.hull));
    }
    ColliderOptions o = options;
    o.partTolerance = tolerance / 2;
    AutoParts out{primitivePartsChoice(mesh, hulls, o, cancel)};
    if (!out.choice || !out.choice->measured)
        return std::nullopt;
    out.choice->chosenByFit = true;
    out.within = !concave && out.choice->measured->outside.max <= tolerance;
    if (!out.within)
        return out;
    std::ostringstream text;
    text.precision(3);
    text << "no one convex collider fits within " << tolerance
         << " m: " << std::max<size_t>(1, out.choice->parts.size())
         << " primitive-first part(s), each within " << tolerance / 2
         << " m of its part and every part within " << tolerance / 2 << " m of the mesh";
    out.choice.diagnostics.push_back(makeInfo("COLLIDER_PRIMITIVE_PARTS", text.str()));
    return out;
}

std::string partsTotalsText(const AddedCollider& added)
{
    if (!added.primitiveParts || added.part + 1 != added.parts)
        return {};
    const geometry::PrimitiveParts& pp = *added.primitiveParts;
    std::ostringstream text;
    text.precision(3);
    text << "parts:";
    const char* separator = " ";
    for (size_t k = 0; k < geometry::kPartKinds; ++k) {
        if (pp.counts[k] == 0)
            continue;
        text << separator << pp.counts[k] << " " << geometry::partKindName(geometry::PartKind(k));
        separator = ", ";
    }
    text << "; " << pp.bytes << " bytes of mesh data (as hulls " << pp.hullBytes << "); " << pp.merges
         << " merged; ";
    if (pp.counts[size_t(geometry::PartKind::Hull)] < pp.parts.size())
        text << "largest stand-off of a primitive from its part " << pp.maxStandOff * added.partsScale
             << " m; ";
    if (pp.leftOut > 0)
        text << pp.leftOut << " mesh points the capped hulls left out taken into the parts; ";
    text << "largest distance of a mesh vertex outside the parts " << pp.vertexOutside * added.partsScale
         << " m";
    return text.str();
}

} // namespace cs::import
