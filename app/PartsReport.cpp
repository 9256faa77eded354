// The parts of add-colliders --strategy decompose --primitives in the report.
#include "PartsReport.h"

#include "ColliderRun.h"

#include <sstream>

namespace cs::app {

std::optional<std::string> readPrimitiveParts(bool primitives, import::ColliderOptions& options)
{
    if (!primitives)
        return std::nullopt;
    if (options.strategy != import::ColliderStrategy::Decompose)
        return std::string("--primitives goes with --strategy decompose");
    options.primitiveParts = true;
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
                               {"leftOutVertices", pp.leftOut},
                               {"maxStandOff", pp.maxStandOff * s},
                               {"vertexOutside", pp.vertexOutside * s}};
}

std::string partsTotalsText(const import::AddedCollider& added)
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
        if (pp.leftOut > 0)
            text << pp.leftOut << " mesh vertices the capped hulls left out taken into the parts; ";
    text << "largest stand-off of a primitive from its part " << pp.maxStandOff * added.partsScale << " m; ";
    if (pp.leftOut > 0)
        text << pp.leftOut << " mesh vertices the capped hulls left out taken into the parts; ";
    text << "largest distance of a mesh vertex outside the parts " << pp.vertexOutside * added.partsScale
         << " m";
    return text.str();
}

} // namespace cs::app
