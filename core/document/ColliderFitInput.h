#pragma once

// How well the colliders of a node fit the mesh they stand for, as the window shows it (the Shape section's
// figures, the fit heat map, the result of a fit or of Add Collider). Gathering reads the document (GUI
// thread); measuring only reads the gathered copy, so it may run on another thread while the user edits.

#include "Diagnostic.h"
#include "document/Selection.h"
#include "geometry/ColliderFit.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace cs::document {

class Document;

/// The mesh and the collider parts of one node, in world space (metres).
struct ColliderFitInput
{
    NodeIndex node = 0;                   ///< the node whose colliders these are
    NodeIndex meshNode = 0;               ///< the node whose mesh is measured against
    std::vector<NodeIndex> colliderNodes; ///< the nodes whose collider shapes make the parts
    gltf::TriangleMesh mesh;              ///< the mesh in its node's space
    geometry::Mat4d meshToWorld;
    std::vector<geometry::FitPart> parts;     ///< each in world space
    std::vector<geometry::FitPart> meshParts; ///< the same parts in the mesh node's space
    /// The mesh node's mean world scale, and whether its world transform is not a similarity (a scale that
    /// differs between axes, or a shear).
    double meshScale = 1;
    bool unevenScale = false;
    std::uint64_t revision = 0; ///< the document's revision when gathered
};

/// The sampling of every fit figure the window and the add-colliders command show (Add Colliders' default
/// import::ColliderOptions::fitSamples, the fixed seed): one collider, one set of figures.
geometry::FitOptions standardFitOptions();

/// The mesh is fitMeshSource(node)'s; the colliders are the node's own and those of its children that carry
/// no mesh (an offset fit's child, the parts of a decomposition), each with a readable shape; a plane is the
/// half-space below it. Errors: FIT_NO_MESH, FIT_NO_COLLIDER, the mesh reader's.
Result<ColliderFitInput> gatherColliderFit(const Document& document, NodeIndex node);

/// Measures the gathered input in world space (any thread), every sampled point kept (the heat map).
Result<geometry::FitMeasurement> measureColliderFit(const ColliderFitInput& input,
                                                    const geometry::FitOptions& options = {});

/// The figures of the gathered colliders as the window shows them everywhere (any thread), with
/// standardFitOptions(), as Add Colliders and the hull dialog measure what they make: when the mesh node's
/// world transform is a similarity (geometry::similarity), measured in its space and then in world metres
/// (times its scale); otherwise measured in world space (exact for boxes, hulls and meshes; a sphere, capsule
/// or cylinder there is approximate).
Result<geometry::FitSummary> colliderFitFigures(const ColliderFitInput& input);
/// The figures of a measurement in the mesh node's space, `worldTransform` being the mesh node's: in world
/// metres, exact under a similarity, approximate under any other transform (which colliderFitFigures
/// measures in world space instead).
geometry::FitSummary worldFitFigures(const geometry::FitSummary& meshSpace, const QMatrix4x4& worldTransform);
/// The diagonal of the box around every mesh the scene's nodes draw, in world metres (from the POSITION
/// accessors' declared bounds, which glTF requires); 0 without meshes. What the fit heat map's default
/// tolerance is in proportion to.
double modelDiagonal(const Document& document);

/// The figures of `node`'s colliders at the document's revision (documentRevision): those in its fitCache(),
/// else gathered and measured now (on the calling thread) and stored there.
Result<geometry::FitSummary> colliderFitFigures(const Document& document, NodeIndex node);

} // namespace cs::document
