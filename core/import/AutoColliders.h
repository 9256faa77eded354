#pragma once

#include "Diagnostic.h"
#include "geometry/ColliderFit.h"
#include "geometry/EnclosingHull.h"
#include "geometry/PrimitiveFit.h"
#include "geometry/PrimitiveParts.h"
#include "gltf/GltfDocument.h"
#include "gltf/MeshTriangles.h"
#include "physics/PhysicsModel.h"
#include "physics/Validator.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cs::import {

/// How a mesh node's collider is made. Box: axis-aligned in the node's space; OrientedBox: turned to fit;
/// Hull: a convex hull of at most maxPoints vertices, stored as a new mesh; Trimesh: the node's own mesh;
/// Auto: with fitTolerance, the primitive (box, oriented box, sphere, capsule) whose measured fit is within
/// it (nothing pokes out further, 95 % of its surface stands off no further), the one standing off least on
/// average, else the capped hull; without fitTolerance (the fallback), the primitive of least volume when
/// that volume is within autoTolerance of the mesh's hull volume, else the capped hull; Decompose: a compound
/// of convex parts (geometry::decomposeConvex), one child node per part, each hull of at most maxPoints
/// vertices (with primitiveParts, each part a primitive where one fits); Simplified: a trimesh over a
/// simplified copy of the mesh (geometry::simplifyMesh) within maxError.
enum class ColliderStrategy
{
    Box,
    OrientedBox,
    Sphere,
    Capsule,
    Hull,
    Trimesh,
    Auto,
    Decompose,
    Simplified
};

const char* colliderStrategyName(ColliderStrategy s); ///< "box", "obb", "sphere", "capsule", "hull", ...
std::optional<ColliderStrategy> colliderStrategyFromName(const std::string& name);

struct ColliderOptions
{
    ColliderStrategy strategy = ColliderStrategy::Auto;
    int maxPoints = 255; ///< hull vertex cap (Unity and PhysX accept 255)
    /// The motion given to each mesh node that has no motion itself or above it.
    physics::MotionType body = physics::MotionType::Static;
    /// Shell wildcard (*, ?, [..]) matched against whole node names; "*" matches every mesh node.
    std::string nodePattern = "*";
    /// When not empty: exactly these nodes (the pattern is ignored).
    std::vector<size_t> nodes;
    double autoTolerance = 0.15;
    /// Decompose: the most parts per mesh, and the concavity threshold (fraction of the mesh's diagonal).
    int maxParts = 16;
    double concavity = 0.03;
    /// Decompose: give each part the primitive (box, oriented box, sphere, capsule, cylinder) that encloses
    /// it most tightly where one stands off the part by no more than partTolerance, else its hull, and merge
    /// neighbouring parts one primitive encloses (geometry::fitPrimitiveParts).
    bool primitiveParts = false;
    /// Decompose with primitiveParts: that distance, in metres (in the space of the first node that uses the
    /// mesh); unset: concavity times the mesh's bounding-box diagonal, the error the parts already have.
    std::optional<double> partTolerance;
    /// Auto: choose by the measured fit against this distance (metres) instead of the volume rule. A
    /// collider is never made beyond it silently: when nothing convex fits within it (a concave mesh), the
    /// mesh gets a trimesh of itself when trimeshAllowed (COLLIDER_CONCAVE_TRIMESH, an info), else the
    /// closest convex collider with a warning (COLLIDER_BEYOND_TOLERANCE) that gives its figures.
    std::optional<double> fitTolerance;
    /// Auto with fitTolerance: no node that uses the mesh is in a dynamic body, so a triangle mesh may stand
    /// for a concave mesh (engines do not move one).
    bool trimeshAllowed = false;
    /// Simplified: the largest deviation of the copy from the mesh (metres in the space of the first node
    /// that uses the mesh).
    double maxError = 0.01;
    /// Hull (and auto's hull): when set and the hull is capped, also the hull of a copy of the mesh
    /// simplified within this error (metres in the mesh's space), kept when it fits the mesh closer
    /// (geometry::chooseHullWithSimplifiedCopy).
    std::optional<double> simplifyFirst;
    /// Hull (and auto's hull): a hull that holds every vertex (geometry::encloseWithBudget) within maxPoints
    /// vertices and maxFaces polygons, in place of the capped hull of chosen points. Not with simplifyFirst.
    bool enclose = false;
    int maxFaces = 255;
    /// An engine's caps on every hull made, beside maxPoints (add-colliders --target; 0: none): polygons
    /// (coplanar triangles counted once) and triangles, as geometry::hullCounts counts them. A capped hull
    /// over one is made again with fewer vertices, an enclosing hull is cut to them, and decomposition parts
    /// get at most hullVertexCap() vertices, which no closed hull can exceed.
    int polygonBudget = 0;
    int triangleBudget = 0;
    /// The engine the colliders are for, when it drops some of the shapes a strategy makes (a target that
    /// builds no convex or no triangle mesh collider): auto chooses among the rest, a strategy that makes
    /// only dropped shapes falls back to auto's primitives, and a note (COLLIDER_TARGET_SHAPE) says so.
    struct EngineShapes
    {
        std::string name;
        bool convexDropped = false;
        bool trimeshDropped = false;
    };
    std::optional<EngineShapes> engine;
    /// Capsule (and auto's capsule): the axis it runs along, in the node's space (auto: the long axis).
    geometry::RoundAxis roundAxis = geometry::RoundAxis::Auto;
    /// Points drawn on the mesh and on the collider to measure each fit (besides the vertices).
    size_t fitSamples = 5000;
    /// A box collider's overhang figures come within this fraction of the mesh's diagonal of the exact ones
    /// (geometry::FitOptions::boxAccuracy): its surface is sampled on a grid as fine as that needs, at most
    /// fitSamples points, rather than on fitSamples random points.
    double fitAccuracy = 0.05;
    /// Called as each mesh's collider is chosen (on worker threads, one call at a time), with the meshes done
    /// and the meshes to do; the last call has done == total.
    std::function<void(size_t done, size_t total)> progress;
    /// Hull and Decompose: a mesh with no volume (flat, or a line) is an error, as the hull or the
    /// decomposition reports it. When false it gets the thin box Auto gives such a mesh, with a
    /// COLLIDER_FLAT_MESH_BOX info.
    bool strict = false;
};

/// The most vertices a hull may have under options' caps: maxPoints (at most 255) and, for a polygon or
/// triangle budget B, (B + 4) / 2, since a closed hull of V vertices has at most 2V - 4 faces.
int hullVertexCap(const ColliderOptions& options);

/// The smallest size, radius or height of a collider (metres): smaller ones are degenerate (the validator's
/// SHAPE_DEGENERATE), and meshes smaller than this in every direction get no collider.
inline constexpr double kMinimumColliderSize = physics::kDegenerateShapeSize;

/// One collider that was added (document::AutoColliderReport lists them).
struct AddedCollider
{
    size_t meshNode = 0; ///< the node whose mesh was fitted
    std::string name;    ///< its name ("" when unnamed)
    size_t colliderNode =
        0;            ///< the node carrying the collider: meshNode, or a new child when the fit is offset
    size_t shape = 0; ///< index into the OMI shapes
    physics::ShapeType type = physics::ShapeType::Box;
    std::string typeName = "box"; ///< what summaries call it: the type, or "oriented box" for a turned box
    ColliderStrategy strategy = ColliderStrategy::Auto; ///< what was asked for
    double volume = 0;                                  ///< of the shape, cubic metres (0 for a trimesh)
    double hullVolume = 0;                              ///< of the mesh's convex hull, when it was computed
    size_t hullPoints = 0;                              ///< vertices of a hull shape
    bool capped = false;                                ///< the hull left points out to meet maxPoints
    size_t part = 0;  ///< decompose: which part of the mesh this collider is (0-based)
    size_t parts = 0; ///< decompose: how many parts the mesh was split into (0 for other strategies)
    /// Decompose with primitive parts: this part's primitive against the part (all zero for a hull), and
    /// the figures of the whole compound (kinds, bytes, distances; the same for every part of a mesh).
    std::optional<geometry::FitSummary> partFit;
    std::shared_ptr<const geometry::PrimitiveParts> primitiveParts;
    double partsScale = 1; ///< the node's mean world scale: primitiveParts' distances times it are metres
    /// How well the collider (for a part: the whole compound) fits the mesh, in world metres (the node's
    /// uniform scale applied; `approximate` under a non-uniform one).
    std::optional<geometry::FitSummary> fit;
    size_t trianglesBefore = 0; ///< simplified, or a hull from a copy: the mesh's triangles
    size_t trianglesAfter = 0;  ///< simplified: the collision mesh's triangles; a hull: the copy's
    bool hullFromCopy = false;  ///< the hull's points were taken from a simplified copy (simplifyFirst)
    /// A hull that encloses every vertex (ColliderOptions::enclose): its counts and added volume.
    std::optional<geometry::EnclosureFigures> enclosed{};
};

/// The collider `options` (strategy, maxPoints, autoTolerance) choose for one mesh, in the mesh's own space.
struct MeshColliderChoice
{
    physics::ShapeType type = physics::ShapeType::Box;
    std::optional<geometry::FittedShape> fit; ///< box, sphere or capsule: the fitted primitive
    std::optional<gltf::TriangleMesh> hull;   ///< convex: the hull's triangles
    double volume = 0;                        ///< of the chosen shape (0 for a trimesh)
    double hullVolume = 0;                    ///< of the mesh's full hull, when one was computed
    size_t hullPoints = 0;                    ///< vertices of a hull
    bool capped = false;                      ///< the hull left points out to meet maxPoints
    /// Decompose: the convex parts (type Convex); with one part, `hull` is that part too.
    std::vector<gltf::TriangleMesh> parts;
    /// Decompose with primitiveParts and more than one part: per part its primitive, where the part is one
    /// (its mesh in `parts` is then empty), and the figures of every part (their hull meshes left out).
    std::vector<std::optional<geometry::FittedShape>> partFits;
    std::shared_ptr<const geometry::PrimitiveParts> primitiveParts;
    /// Simplified: the collision mesh (type Trimesh), and the triangle counts before and after (also set for
    /// a hull whose points came from a simplified copy, hullFromCopy).
    std::optional<gltf::TriangleMesh> simplified;
    size_t trianglesBefore = 0, trianglesAfter = 0;
    bool hullFromCopy = false;
    /// The chosen collider's fit, in the mesh's own space (a trimesh of the mesh itself: all zero).
    std::optional<geometry::FitSummary> measured;
    /// Auto: true when the measured fit chose (fitTolerance given), false for the volume rule.
    bool chosenByFit = false;
    /// A hull that encloses every vertex (ColliderOptions::enclose): its counts and added volume.
    std::optional<geometry::EnclosureFigures> enclosed{};
};

/// The OMI shape of a fitted primitive (box, sphere, capsule or cylinder; anything else: a convex shape).
physics::Shape fittedPhysicsShape(const geometry::ShapeGeometry& g);

/// The one place where a mesh's collider is chosen (document::planAutoColliders, which the add-colliders and
/// hull commands and the window's "Add Colliders to All Meshes" run, calls it). Trimesh needs no geometry:
/// the result names the type only. Auto computes the hull and every primitive and chooses as ColliderStrategy
/// says. Every choice is measured (`measured`). Hull and Decompose give a mesh with no volume the thin box
/// Auto would (an info, COLLIDER_FLAT_MESH_BOX, in the result's diagnostics), or fail when options.strict.
/// Errors: COLLIDER_NO_TRIANGLES; COLLIDER_DEGENERATE_MESH when every vertex lies within kMinimumColliderSize
/// of one point; a hull's or a fit's own error when that one strategy was asked for; COLLIDER_FIT_FAILED when
/// auto found nothing; HULL_CANCELLED when `cancel` was set; simplified: the simplifier's errors.
Result<MeshColliderChoice> chooseMeshCollider(const gltf::TriangleMesh& mesh, const ColliderOptions& options,
                                              const std::atomic<bool>* cancel = nullptr);

} // namespace cs::import
