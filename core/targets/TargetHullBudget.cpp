#include "targets/TargetHullBudget.h"

#include "geometry/ConvexHull.h"
#include "geometry/EnclosingHull.h"
#include "geometry/HullCap.h"
#include "geometry/HullCounts.h"
#include "geometry/MeshWriter.h"
#include "gltf/MeshTriangles.h"
#include "targets/TargetExport.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace cs::targets {

int hullCount(const geometry::HullCounts& counts, HullUnit unit)
{
    switch (unit) {
    case HullUnit::Polygons:
        return counts.polygons;
    case HullUnit::Triangles:
        return counts.triangles;
    default:
        return counts.vertices;
    }
}

std::optional<HullLimit> exceededLimit(const geometry::HullCounts& counts, const HullBudget& budget)
{
    for (const HullLimit& l : budget.limits) {
        if (hullCount(counts, l.unit) > l.most)
            return l;
    }
    return std::nullopt;
}

namespace {

std::string countsText(const geometry::HullCounts& c)
{
    return std::to_string(c.vertices) + " vertices, " + std::to_string(c.polygons) + " polygons, " +
           std::to_string(c.triangles) + " triangles";
}

/// The enclosing hull's options for the budget (its ranges: 4..255 vertices and faces, 4..1024 triangles).
geometry::EnclosingHullOptions enclosingOptions(const HullBudget& budget)
{
    geometry::EnclosingHullOptions o;
    auto within = [](std::optional<int> cap, int most) { return std::clamp(cap.value_or(most), 4, most); };
    o.maxVertices = within(budget.most(HullUnit::Vertices), geometry::kMaxHullPoints);
    o.maxFaces = within(budget.most(HullUnit::Polygons), geometry::kMaxHullPoints);
    if (const auto t = budget.most(HullUnit::Triangles))
        o.maxTriangles = std::clamp(*t, 4, 1024);
    return o;
}

/// The new mesh for convex mesh `mesh` when its hull is over the budget; none when it is within it. A
/// failure is a loss (warning) to report.
Result<std::optional<size_t>> cutMesh(gltf::GltfDocument& doc, int mesh, const Target& target,
                                      std::string& note)
{
    using R = Result<std::optional<size_t>>;
    const auto triangles = gltf::meshTriangles(doc, size_t(mesh));
    const auto counts = triangles ? geometry::hullCounts(*triangles) : std::nullopt;
    if (!counts)
        return R::failure(makeWarning(kTargetLoss, target.name + ": the hull of mesh " +
                                                       std::to_string(mesh) +
                                                       " cannot be counted against its budget (unreadable "
                                                       "or without volume)"));
    if (!exceededLimit(*counts, target.hullBudget))
        return R{std::optional<size_t>(), {}};
    std::vector<geometry::Vec3d> points;
    geometry::appendPoints(points, *triangles);
    auto enclosed = geometry::encloseWithBudget(points, enclosingOptions(target.hullBudget));
    if (!enclosed)
        return R::failure(makeWarning(
            kTargetLoss, target.name + ": the hull of mesh " + std::to_string(mesh) +
                             " could not be cut to the budget: " + enclosed.diagnostics.front().message));
    const auto added = geometry::addTriangleMesh(doc, enclosed->mesh,
                                                 "mesh " + std::to_string(mesh) + " hull for " + target.name);
    if (!added)
        return R::failure(makeWarning(kTargetLoss, "hull not written: " + added.diagnostics.front().message));
    const auto after = geometry::hullCounts(enclosed->mesh);
    char volume[32];
    std::snprintf(volume, sizeof volume, "%.1f", 100.0 * enclosed->figures.addedOverHull());
    note = "convex hull over " + target.name + "'s budget (" + countsText(*counts) + ") cut to " +
           (after ? countsText(*after) : std::string("the budget")) + " holding every vertex (+" + volume +
           " % volume), as mesh " + std::to_string(*added);
    return R{std::optional<size_t>(*added), {}};
}

} // namespace

void fitHullsToBudget(physics::PhysicsModel& model, gltf::GltfDocument& doc, const Target& target,
                      Diagnostics& changes)
{
    if (target.hullBudget.limits.empty() || target.hullBudget.moot)
        return;
    std::map<int, std::optional<size_t>> cut; // old mesh -> new mesh (none: within the budget or failed)
    for (physics::Shape& shape : model.shapes) {
        if (shape.type != physics::ShapeType::Convex || shape.opaque || shape.mesh < 0)
            continue;
        auto known = cut.find(shape.mesh);
        if (known == cut.end()) {
            std::string note;
            auto made = cutMesh(doc, shape.mesh, target, note);
            if (!made)
                changes.push_back(made.diagnostics.front());
            else if (*made)
                changes.push_back(makeInfo(kTargetChanged, note, shape.pointer));
            known = cut.emplace(shape.mesh, made ? *made : std::nullopt).first;
        }
        if (known->second)
            shape.mesh = int(*known->second);
    }
}

} // namespace cs::targets
