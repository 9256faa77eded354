#pragma once

// Primitive-first parts: the convex parts of a decomposition (decomposeConvex) given the primitive that
// encloses each one most tightly, where one comes within a tolerance of the part, else kept as the part's
// hull. Engines step a box, sphere, capsule or cylinder far more cheaply than a hull and store no mesh for
// it. Neighbouring parts whose union one primitive encloses within the tolerance are merged (greedily, the
// merge that adds the least volume first). Every primitive encloses its part's points (PrimitiveFit), and a
// mesh vertex or point of its surface (samples) that the parts' hulls left out (a capped hull drops points of
// its piece) is added to the points of the part nearest it,
// and a part kept as its hull is grown (a conservative hull at the same cap) until it holds them, so the
// colliders cover every mesh vertex; the coverage is measured, not assumed (vertexOutside, fit). Distances
// are in the mesh's units (metres in a node's space), volumes in their cube.

#include "Diagnostic.h"
#include "geometry/ColliderFit.h"
#include "geometry/PrimitiveFit.h"
#include "gltf/MeshTriangles.h"

#include <array>
#include <atomic>
#include <optional>
#include <vector>

namespace cs::geometry {

/// What stands for a part: one of the primitives, or its hull.
enum class PartKind
{
    Box,         ///< axis-aligned in the mesh's space
    OrientedBox, ///< a box turned to fit
    Sphere,
    Capsule,
    Cylinder,
    Hull
};
inline constexpr size_t kPartKinds = 6;
/// "box", "oriented box", "sphere", "capsule", "cylinder", "hull".
const char* partKindName(PartKind kind);

struct PrimitivePartsOptions
{
    /// A primitive stands for a part when no point of its surface is further than this from the part (its
    /// hulls' surfaces, ColliderFit's overhang maximum). Mesh units; 0 takes only exact fits.
    double tolerance = 0;
    /// Merge neighbouring parts whose union one primitive encloses within the tolerance.
    bool merge = true;
    /// Points drawn on each candidate's surface and on the part's to measure the fit.
    size_t samples = 2000;
    /// Sizes, radii and heights are raised to at least this (the validator's smallest shape).
    double minimumSize = 0;
    /// Polled between parts and merges; when set the result is PARTS_CANCELLED.
    const std::atomic<bool>* cancel = nullptr;
};

/// One collider of the compound.
struct PrimitivePart
{
    PartKind kind = PartKind::Hull;
    std::optional<FittedShape> primitive; ///< every kind but Hull: the shape and its placement
    gltf::TriangleMesh hull;              ///< Hull: the part's hull, what is written; else empty
    std::vector<size_t> sources;          ///< the decomposition's parts it stands for (more than one: merged)
    double volume = 0;                    ///< of the collider
    double partVolume = 0;                ///< of the hulls of its sources
    /// The primitive against its sources' hulls (outside: a point of the part beyond the primitive;
    /// overhang: how far the primitive's surface stands off the part). All zero for a hull not grown.
    FitSummary fit;
    size_t bytes = 0; ///< binary collision data: a hull's float positions and 16-bit indices; 0 otherwise
    /// Hull: its cap had left mesh vertices out, so it is the conservative hull of the part's points at the
    /// same cap (grown about its centroid until it holds them).
    bool grown = false;
};

struct PrimitiveParts
{
    std::vector<PrimitivePart> parts;
    std::array<size_t, kPartKinds> counts{}; ///< parts per PartKind
    size_t bytes = 0;                        ///< binary collision data of every part
    size_t hullBytes = 0;                    ///< the same for the decomposition's hulls as they came
    size_t merges = 0;                       ///< parts that went into another
    /// Mesh points (vertices, and 10 x samples points drawn on its triangles) outside every hull, added to
    /// the points of the part nearest them.
    size_t leftOut = 0;
    double maxStandOff = 0; ///< the largest overhang of a primitive over its part
    /// The largest distance of a mesh vertex outside every collider, computed exactly for each vertex (0:
    /// every vertex is inside or on the compound).
    double vertexOutside = 0;
    /// The compound against the mesh (ColliderFit: outside over vertices and samples, overhang).
    std::optional<FitSummary> fit;
};

/// The primitive-first parts of `mesh` from its decomposition's part hulls (closed, convex, outward). Of the
/// box, oriented box, sphere, capsule and cylinder that enclose a part, the one of least volume whose
/// measured overhang is within the tolerance; none: its hull. Errors: PARTS_NO_PARTS, PARTS_CANCELLED.
Result<PrimitiveParts> fitPrimitiveParts(const gltf::TriangleMesh& mesh,
                                         const std::vector<gltf::TriangleMesh>& hulls,
                                         const PrimitivePartsOptions& options = {});

/// The colliders as parts of a measurement (ColliderFit), in the mesh's space.
std::vector<FitPart> fitPartsOf(const PrimitiveParts& parts);

/// Binary bytes of a hull written as a glTF mesh: float positions, 16-bit indices, each padded to 4.
size_t hullBytes(const gltf::TriangleMesh& hull);

/// The signed distance of p to a closed convex mesh (outward faces): negative inside (the deepest face
/// plane), the distance to its nearest triangle outside.
double convexSignedDistance(const gltf::TriangleMesh& hull, const Vec3d& p);

} // namespace cs::geometry
