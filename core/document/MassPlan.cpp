#include "document/MassPlan.h"

#include "document/ComponentEdits.h"
#include "document/Document.h"
#include "document/GeometryInputs.h"

namespace cs::document {

namespace {

/// The density the shapes are measured at when the total mass decides: any positive value gives the same
/// scaled result.
constexpr double kReferenceDensity = 1000.0;

bool sameMassProperties(const physics::Motion& m, const MassProperties& p)
{
    return (!p.mass || *p.mass == m.mass) && m.centerOfMass == p.centerOfMass &&
           p.inertiaDiagonal == m.inertiaDiagonal && p.inertiaOrientation == m.inertiaOrientation;
}

std::string firstError(const std::vector<Diagnostic>& diagnostics)
{
    for (const Diagnostic& d : diagnostics) {
        if (d.severity == Severity::Error)
            return d.message;
    }
    return {};
}

/// The shapes' result scaled to `mass`.
MassProperties scaledTo(MassProperties properties, double mass)
{
    const double from = properties.mass.value_or(0.0);
    if (from > 0) {
        const double factor = mass / from;
        for (double& v : properties.inertiaDiagonal)
            v *= factor;
    }
    properties.mass = mass;
    return properties;
}

} // namespace

MassPlan planMassFromShapes(const Document& document, const std::vector<NodeIndex>& nodes, MassSource source,
                            double value)
{
    const double density = source == MassSource::Density ? value : kReferenceDensity;
    MassPlan plan;
    for (NodeIndex node : nodes) {
        const physics::NodePhysics* n = document.model().node(node);
        if (!n || !n->motion || n->motion->type != physics::MotionType::Dynamic)
            continue;
        const auto result = bodyMassProperties(document, node, density, MassFrom::Density);
        if (!result) {
            plan.failures.push_back({node, firstError(result.diagnostics)});
            continue;
        }
        const MassProperties properties = source == MassSource::Density ? *result : scaledTo(*result, value);
        if (sameMassProperties(*n->motion, properties))
            ++plan.unchanged;
        else
            plan.changes.emplace_back(node, properties);
    }
    return plan;
}

bool applyMassPlan(Document& document, const MassPlan& plan)
{
    return !plan.changes.empty() && computeMassProperties(document, plan.changes);
}

} // namespace cs::document
