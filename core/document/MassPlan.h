#pragma once

#include "document/ModelCommands.h"
#include "document/Selection.h"

#include <string>
#include <vector>

namespace cs::document {

class Document;

/// How "Compute from shapes" decides the mass of each body.
enum class MassSource
{
    Density,   ///< every shape at the given density (kg/m^3); the mass is what the shapes give
    TotalMass, ///< the body gets the given mass (kg), spread over its shapes by volume
};

/// What "Compute from shapes" would do to a selection of nodes, before anything is pushed: the bodies whose
/// mass properties change, the bodies already as the shapes give, and those the shapes give nothing for.
/// Only dynamic bodies use mass properties; other nodes of the selection are left out of every list.
struct MassPlan
{
    struct Failure
    {
        NodeIndex node;
        std::string message; ///< the first error the shapes gave; empty when they gave none
    };

    std::vector<std::pair<NodeIndex, MassProperties>> changes;
    std::vector<Failure> failures;
    size_t unchanged = 0;
};

/// The plan for `nodes`: with MassSource::Density every shape has density `value`; with TotalMass the
/// shapes' result at any density is scaled to the mass `value` (inertia is proportional to the mass).
MassPlan planMassFromShapes(const Document& document, const std::vector<NodeIndex>& nodes, MassSource source,
                            double value);

/// Applies a plan's changes as one undo step; false when there are none.
bool applyMassPlan(Document& document, const MassPlan& plan);

} // namespace cs::document
