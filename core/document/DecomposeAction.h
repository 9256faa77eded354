#pragma once

// "Decompose into Convex Parts" on the undoable Document: a mesh node gets a compound collider, one child
// node per convex part, each with a convex shape whose mesh is that part's capped hull
// (geometry::decomposeConvex).
//
// Three steps, so that the window can show a live preview and run the heavy one off the GUI thread:
//   1. gatherDecomposition(document, node)          GUI thread: a copy of the node's mesh
//   2. previewDecomposition(input, options)         any thread: the parts and their quality figures
//   (cancellable,
//                                                   with progress through options.progress / options.cancel)
//   3. applyDecomposition(document, input, result)  GUI thread: everything pushed as ONE undo step

#include "Diagnostic.h"
#include "geometry/Decomposition.h"
#include "physics/PhysicsModel.h"

#include <memory>
#include <string>
#include <vector>

namespace cs::document {

class Document;

/// A node's mesh, copied out of the document.
struct DecomposeInput
{
    size_t node = 0;
    std::string name;                               ///< the node's name ("" when unnamed)
    std::string meshName;                           ///< the mesh's name, or "mesh N"
    std::shared_ptr<const gltf::TriangleMesh> mesh; ///< in the node's space
    std::uint64_t revision = 0;                     ///< Document::revision() when gathered
};

/// The nodes of `nodes` that name a mesh (a `mesh` member), in the given order: what Decompose into Convex
/// Parts works on. Indices that are not nodes of the document are left out.
std::vector<size_t> nodesWithMesh(const Document& document, const std::vector<size_t>& nodes);

/// Step 1. Errors: NODE_INDEX_INVALID, NODE_NO_MESH, and the mesh reader's errors when it cannot be read.
Result<DecomposeInput> gatherDecomposition(Document& document, size_t node);

/// Step 2 (any thread): geometry::decomposeConvex with `options` (its quality figures included when
/// options.measure is set). Each part's `hull` is what applyDecomposition writes, so a preview shows exactly
/// what Apply adds.
Result<geometry::Decomposition> previewDecomposition(const DecomposeInput& input,
                                                     const geometry::DecompositionOptions& options);

/// True when `a` and `b` are the same nodes with the same meshes (positions and triangles), whatever the
/// revisions they were gathered at: parts made for `a` stand for `b`.
bool sameMeshes(const std::vector<DecomposeInput>& a, const std::vector<DecomposeInput>& b);

/// previewDecomposition of every input in turn (any thread): options.progress sees the whole, each input an
/// equal share; options.cancel is also checked between inputs. The first failure ends it with that input's
/// diagnostics; stopped by options.cancel, it fails with DECOMPOSE_CANCELLED.
Result<std::vector<geometry::Decomposition>>
previewDecompositions(const std::vector<DecomposeInput>& inputs,
                      const geometry::DecompositionOptions& options);

/// previewDecompositions, then each decomposition's parts given primitives as `add-colliders --strategy
/// decompose --primitives` gives them (geometry::fitPrimitiveParts with import::primitivePartsOptions at
/// options.concavity): each result's parts become the colliders Apply writes (a primitive part with an empty
/// hull), Decomposition::primitives says which part is which, and `fit` is the compound's against the mesh.
/// Errors: those of previewDecompositions, PARTS_CANCELLED.
Result<std::vector<geometry::Decomposition>>
previewPrimitiveParts(const std::vector<DecomposeInput>& inputs,
                      const geometry::DecompositionOptions& options);

struct DecomposeApplyOptions
{
    /// Give the node a motion of this type when neither it nor an ancestor has one (a compound needs a body
    /// to move; static colliders need none).
    bool addMotion = false;
    physics::MotionType body = physics::MotionType::Dynamic;
};

struct DecomposeReport
{
    std::vector<size_t> partNodes; ///< the new child nodes, one per part
    std::vector<size_t> shapes;    ///< their shapes
    std::vector<size_t> meshes;    ///< the hull meshes
    Diagnostics diagnostics;
    bool pushed = false; ///< one undo step was pushed
};

/// Step 3 (GUI thread): per part a new mesh "<mesh> part i", a convex shape on it and a child node
/// "<node> part i" carrying a collider with that shape (a part with a primitive: that shape, named the same,
/// on a child node placed and turned at the fit, no mesh); with addMotion a motion on the node. One undo step
/// ("Decompose into Convex Parts"). Nothing is pushed when the document changed since gathering (the undo
/// index moved: DOCUMENT_CHANGED), when there are no parts (DECOMPOSE_NO_PARTS), or when a hull cannot be
/// added.
DecomposeReport applyDecomposition(Document& document, const DecomposeInput& input,
                                   const geometry::Decomposition& result,
                                   const DecomposeApplyOptions& options = {});

/// applyDecomposition for several nodes (inputs[i] with results[i]) as one undo step. When one cannot be
/// applied, the ones before it are taken back and nothing stays pushed (pushed false, that node's
/// diagnostics). The report lists the part nodes, shapes and meshes of every node.
DecomposeReport applyDecompositions(Document& document, const std::vector<DecomposeInput>& inputs,
                                    const std::vector<geometry::Decomposition>& results,
                                    const DecomposeApplyOptions& options = {});

} // namespace cs::document
