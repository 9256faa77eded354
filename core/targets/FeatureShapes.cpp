#include "targets/FeatureShapes.h"

#include "gltf/JsonIndex.h"
#include "targets/FeatureScanner.h"

namespace cs::targets {

using gltf::Json;

/// The shape a collider or trigger names (its `shape`, or KHR's `geometry.shape`) in `shapes`; null when
/// none.
const Json& shapeNamed(const Json& holder, const Json& shapes)
{
    const Json* geometry = objectAt(holder, "geometry");
    const Json index = geometry ? fieldOf(*geometry, "shape") : fieldOf(holder, "shape");
    static const Json none;
    return gltf::isJsonIndex(index) && index.get<size_t>() < shapes.size() ? shapes[index.get<size_t>()]
                                                                           : none;
}

/// The mesh index of a convex shape; null for any other shape.
const Json* convexMesh(const Json& shape)
{
    const Json& type = fieldOf(shape, "type");
    if (type != Json("convex") && type != Json("hull"))
        return nullptr;
    const Json& params = fieldOf(shape, type.get<std::string>().c_str());
    return &fieldOf(params.is_object() ? params : shape, "mesh");
}

} // namespace cs::targets
