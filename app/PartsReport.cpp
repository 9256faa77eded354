// The parts of add-colliders --strategy decompose --primitives in the report.
#include "PartsReport.h"

#include "ColliderRun.h"

namespace cs::app {

std::optional<std::string> readPrimitiveParts(bool primitives, import::ColliderOptions& options)
{
    if (!primitives)
        return std::nullopt;
    options.primitiveParts = true;
    if (options.strategy == import::ColliderStrategy::Auto) {
        if (!options.fitTolerance)
            return std::string("--primitives with auto needs --tolerance");
        return std::nullopt;
    }
    if (options.strategy != import::ColliderStrategy::Decompose)
        return std::string("--primitives goes with --strategy decompose or auto");
    options.partTolerance = options.fitTolerance;
    options.fitTolerance.reset();
    return std::nullopt;
}

void addPartJson(const import::AddedCollider& added, nlohmann::ordered_json& entry)
{
    if (!added.primitiveParts)
        return;
    const geometry::PrimitiveParts& pp = *added.primitiveParts;
    const double s = added.partsScale;
    entry["kind"] = added.typeName;
    if (added.partFit)
        entry["partFit"] = fitJson(*added.partFit);
    nlohmann::ordered_json counts = nlohmann::ordered_json::object();
    for (size_t k = 0; k < geometry::kPartKinds; ++k)
        counts[geometry::partKindName(geometry::PartKind(k))] = pp.counts[k];
    entry["primitiveParts"] = {{"counts", counts},
                               {"bytes", pp.bytes},
                               {"hullBytes", pp.hullBytes},
                               {"merges", pp.merges},
                               {"leftOutPoints", pp.leftOut},
                               {"maxStandOff", pp.maxStandOff * s},
                               {"vertexOutside", pp.vertexOutside * s}};
}

} // namespace cs::app
