#pragma once

// "Convex Hull..." on the undoable Document, in the three steps every heavy tool has, so that the window can
// preview the hull while its options are tuned and compute it off the GUI thread:
//   1. gatherHullSource(document, node, ...)  GUI thread: the points (and the node's own mesh for the fit)
//   2. planHull(source, progress, cancel)      any thread: the capped hull and its fit against the mesh
//   3. applyHull(document, node, hull, ...)    GUI thread: one undo step (generateConvexHull)

#include "Diagnostic.h"
#include "document/ColliderEdits.h"
#include "document/Selection.h"
#include "geometry/ColliderFit.h"
#include "geometry/ConvexHull.h"
#include "geometry/EnclosingHull.h"
#include "geometry/SimplifiedHull.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace cs::document {

class Document;

/// What a hull is made from, copied out of the document.
struct HullSource
{
    std::vector<geometry::Vec3d> points; ///< the node's mesh (with descendants theirs too), node space
    std::shared_ptr<const gltf::TriangleMesh>
        mesh;                            ///< the node's own mesh, for the fit; null with descendants
    geometry::ConvexHullOptions options; ///< cap and kind (progress and cancel are planHull's)
    std::optional<double> simplifyFirst; ///< in the node's units; none: no simplified copy tried
    /// Conservative: the most polygon faces of the hull that encloses every point
    /// (geometry::encloseWithBudget within options.maxVertices vertices and these faces).
    int maxFaces = geometry::kMaxHullPoints;
};

/// Step 1: the points of `node`'s mesh in its space, with `descendants` those below it too
/// (nodeMeshPoints); without, the node's own triangles for the fit. `simplifyFirstWorld` (metres) becomes
/// the node's units through its mean world scale. Errors: nodeMeshPoints's (NODE_NO_MESH).
Result<HullSource> gatherHullSource(const Document& document, NodeIndex node, bool descendants,
                                    const geometry::ConvexHullOptions& options,
                                    std::optional<double> simplifyFirstWorld);

/// A hull made from a HullSource, or why there is none.
struct HullPlan
{
    std::optional<geometry::ConvexHull> hull;
    /// Of the hull against the node's own mesh, in its space, sampled as every view samples
    /// (standardFitOptions).
    std::optional<geometry::FitSummary> fit;
    Diagnostics diagnostics;
    std::optional<geometry::HullChoice> choice; ///< with a simplified copy asked for: how both measured
    /// Conservative: the enclosing hull's counts and its volume against the full hull and the oriented box.
    std::optional<geometry::EnclosureFigures> enclosed;
};

/// Step 2 (any thread): the hull of the source's points and, with a mesh, its fit against it; conservative:
/// the hull that encloses every point within the vertex and face budget (geometry::encloseWithBudget; no
/// simplified copy); else with simplifyFirst and a mesh, the closer of the mesh's hull and a simplified
/// copy's (geometry::chooseHullWithSimplifiedCopy). Setting `cancel` stops it (HULL_CANCELLED).
HullPlan planHull(const HullSource& source, const std::function<void(double)>& progress = {},
                  const std::atomic<bool>* cancel = nullptr);

/// Step 3: generateConvexHull(document, node, hull, options); when the node's colliders are then this hull
/// alone (it had none, or the hull replaced its only one) and it is not a trigger, `worldFit` (the hull's
/// figures in world metres) goes into the document's fit cache, so that every view shows the figures the
/// tool showed.
Result<size_t> applyHull(Document& document, NodeIndex node, const gltf::TriangleMesh& hull,
                         const HullOptions& options, const std::optional<geometry::FitSummary>& worldFit);

} // namespace cs::document
