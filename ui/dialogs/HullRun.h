#pragma once

#include "Diagnostic.h"
#include "geometry/ColliderFit.h"
#include "geometry/ConvexHull.h"
#include "geometry/SimplifiedHull.h"

#include <QString>
#include <optional>
#include <vector>

namespace cs::ui {

class JobToken;

/// One computation of HullDialog, made on a worker thread.
struct HullRun
{
    std::optional<geometry::ConvexHull> hull;
    /// Of the hull against the node's own mesh, in its space, sampled as every view samples
    /// (document::standardFitOptions).
    std::optional<geometry::FitSummary> fit;
    Diagnostics diagnostics;
    std::optional<geometry::HullChoice> choice; ///< with a simplified copy asked for: how both measured
};

/// The hull of `points` and, when `mesh` is given, its fit against that mesh; with `simplifyFirst` (in the
/// mesh's units) and a mesh, the closer of the mesh's hull and a simplified copy's
/// (geometry::chooseHullWithSimplifiedCopy). Progress and cancel go through `token`.
HullRun computeHullRun(const std::vector<geometry::Vec3d>& points, const gltf::TriangleMesh* mesh,
                       geometry::ConvexHullOptions options, std::optional<double> simplifyFirst,
                       const JobToken& token);

/// A length for the dialog: "0 m", "4.2 mm", "13 cm", "1.25 m".
QString lengthText(double metres);

/// Which hull was kept when a simplified copy was tried, with both deviations in world metres (the choice's
/// figures times `scale`); the reason when no copy was tried.
QString simplifiedCopyText(const geometry::HullChoice& choice, double scale);

} // namespace cs::ui
