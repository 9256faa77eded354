#pragma once

#include "Diagnostic.h"
#include "physics/PhysicsModel.h"

namespace cs::physics {

/// How to read one shape object: which era's container it came from decides the meaning of a capsule's
/// height.
struct ShapeReadContext
{
    bool flatContainer =
        false; ///< OMI_collider colliders[] or V4 flat shapes: parameters may sit on the shape
    bool draftDialect = false; ///< the 2022 draft (extents, mesh/compound types, inline colliders)
};

struct ShapeReadResult
{
    Shape shape;
    bool legacyIsTrigger = false; ///< OMI_collider `isTrigger`
    bool compound = false;        ///< draft `compound` type: a grouping node, not a shape
    bool legacy = false;          ///< a legacy form was converted
};

/// One shape (any variant) from its JSON object; `pointer` is where the object is.
ShapeReadResult readShape(const Json& object, const std::string& pointer, const ShapeReadContext& context,
                          Diagnostics& diagnostics);

} // namespace cs::physics
