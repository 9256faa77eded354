#pragma once

#include "geometry/HullCounts.h"
#include "gltf/GltfDocument.h"
#include "gltf/SceneGraph.h"
#include "targets/Target.h"

#include <optional>
#include <string>
#include <vector>

namespace cs::targets {

/// One place in a file where a feature occurs.
struct Occurrence
{
    Feature feature;
    std::string pointer; ///< JSON pointer of the object that shows it ("" = the document)
    std::string detail;  ///< what was seen, e.g. "shape 2 is a plane"
    double amount = 0;   ///< for the capped features: the number of hull points, filters or systems
    /// HullPoints: the counts of the hull an engine builds from the mesh's points (none when the mesh cannot
    /// be read: `amount` is then its number of points, which the hull's vertices cannot exceed).
    std::optional<geometry::HullCounts> hull;
};

/// Every feature occurrence in the document's physics data (either family, read from the JSON as written,
/// so that the form a reader sees is the form checked). Empty when the file has no physics.
std::vector<Occurrence> scanFeatures(const gltf::GltfDocument& doc);
/// The same over the document's node graph as the caller built it (an export scans what it wrote).
std::vector<Occurrence> scanFeatures(const gltf::GltfDocument& doc, const gltf::SceneGraph& graph);

} // namespace cs::targets
