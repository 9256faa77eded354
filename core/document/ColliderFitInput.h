#pragma once

// How well the colliders of a node fit the mesh they stand for, as the window shows it (the Shape section's
// figures, the fit heat map, the result of a fit or of Add Collider). Gathering reads the document (GUI
// thread); measuring only reads the gathered copy, so it may run on another thread while the user edits.

#include "Diagnostic.h"
#include "document/Selection.h"
#include "geometry/ColliderFit.h"

#include <optional>
#include <vector>

namespace cs::document {

class Document;

/// The mesh and the collider parts of one node, in world space (metres).
struct ColliderFitInput
{
    NodeIndex meshNode = 0;               ///< the node whose mesh is measured against
    std::vector<NodeIndex> colliderNodes; ///< the nodes whose collider shapes make the parts
    gltf::TriangleMesh mesh;              ///< the mesh in its node's space
    geometry::Mat4d meshToWorld;
    std::vector<geometry::FitPart> parts; ///< each in world space
};

/// The mesh is fitMeshSource(node)'s; the colliders are the node's own and those of its children that carry
/// no mesh (an offset fit's child, the parts of a decomposition), each with a readable shape; a plane is the
/// half-space below it. Errors: FIT_NO_MESH, FIT_NO_COLLIDER, the mesh reader's.
Result<ColliderFitInput> gatherColliderFit(const Document& document, NodeIndex node);

/// Measures the gathered input (any thread).
Result<geometry::FitMeasurement> measureColliderFit(const ColliderFitInput& input,
                                                    const geometry::FitOptions& options = {});

} // namespace cs::document
