#include "targets/TargetColliders.h"

#include "geometry/HullCap.h"

#include <algorithm>

namespace cs::targets {

void applyTargetToColliders(const Target& target, import::ColliderOptions& options)
{
    const HullBudget& budget = target.hullBudget;
    if (const auto cap = budget.most(HullUnit::Vertices))
        options.maxPoints = std::min({options.maxPoints, *cap, geometry::kMaxHullPoints});
    options.polygonBudget = budget.most(HullUnit::Polygons).value_or(0);
    options.triangleBudget = budget.most(HullUnit::Triangles).value_or(0);
    const bool convex = buildsConvex(target), trimesh = buildsTrimesh(target);
    options.engine.reset();
    if (!convex || !trimesh)
        options.engine = import::ColliderOptions::EngineShapes{target.name, !convex, !trimesh};
}

int partPointsFor(const Target& target, int points)
{
    import::ColliderOptions options;
    options.maxPoints = points;
    applyTargetToColliders(target, options);
    return import::hullVertexCap(options);
}

} // namespace cs::targets
