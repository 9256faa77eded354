#pragma once

// "Add colliders to all meshes" on the undoable Document: the window's Add Colliders and the add-colliders
// and hull commands (which run it on a headless Document) both run it. The strategies are
// import::ColliderStrategy and the choice per mesh is import::chooseMeshCollider: box, oriented box, sphere
// and capsule fits, the capped hull, a convex decomposition (one child node per part), the mesh itself or a
// simplified copy as a trimesh, or auto (see import::ColliderStrategy).
//
// Three steps, so that the heavy one can run off the GUI thread:
//   1. gatherAutoColliders(document, options)    GUI thread: which nodes, and copies of their meshes
//   2. planAutoColliders(input, progress, cancel) any thread: the fits and hulls (reads only the input)
//   3. applyAutoColliders(document, plan)         GUI thread: everything pushed as ONE undo step
// addAutoColliders() runs the three in a row.

#include "Diagnostic.h"
#include "document/ColliderEdits.h"
#include "geometry/Vec3d.h"
#include "import/AutoColliders.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cs::document {

class Document;

struct AutoColliderOptions
{
    /// strategy, maxPoints, autoTolerance, nodePattern and nodes as for the add-colliders command; `body` is
    /// the motion given when addMotion is set.
    import::ColliderOptions collider;
    /// Leave alone mesh nodes that have a collider or trigger, on themselves or on a child node without a
    /// mesh (where "Add Collider" puts one). Otherwise such a node gets another collider on a new child node.
    bool skipExisting = true;
    /// Give each chosen mesh node that is not inside a body (no motion on it or above it) a motion of type
    /// collider.body. Off: the colliders are static colliders without a body.
    bool addMotion = false;
};

/// One mesh to fit, copied out of the document.
struct AutoColliderMesh
{
    size_t mesh = 0;
    std::string name;                                    ///< the mesh's name, or "mesh N"
    std::shared_ptr<const gltf::TriangleMesh> triangles; ///< null when the mesh could not be read
    Diagnostics problems;                                ///< why it could not be read
    /// The uniform world scale of the first node that uses the mesh: a simplified copy's largest error is
    /// asked in world metres and met in the mesh's space.
    double scale = 1;
    /// No node that uses the mesh is (or is made) a dynamic body: auto by the measured fit may give a
    /// concave mesh a trimesh of itself (import::ColliderOptions::trimeshAllowed).
    bool trimeshAllowed = true;
    /// The mesh is one primitive of triangles (a list): a trimesh may refer to it as it is. Otherwise a
    /// trimesh gets a copy of its triangles in one primitive, which is what the OMI spec asks of a collision
    /// mesh (the validator's MESH_MULTIPLE_PRIMITIVES and MESH_NOT_TRIANGLES).
    bool onePrimitive = true;
};

/// One node that gets a collider.
struct AutoColliderNode
{
    size_t node = 0;
    std::string name;     ///< "" when unnamed
    size_t meshInput = 0; ///< index into AutoColliderInput::meshes
    /// The node, or a child of it without a mesh, had a collider or trigger when gathered (skipExisting off).
    bool hadCollider = false;
};

/// What gatherAutoColliders() found: everything planAutoColliders() reads.
struct AutoColliderInput
{
    AutoColliderOptions options;
    std::vector<AutoColliderMesh> meshes; ///< each mesh once, however many nodes use it
    std::vector<AutoColliderNode> nodes;  ///< parents first
    std::vector<size_t> skipped;          ///< matched nodes left alone (they have a collider)
    size_t matched = 0;                   ///< mesh nodes that matched the selection
    std::uint64_t revision = 0;           ///< Document::revision() when gathered
    /// Set when the meshes were not copied (MeshCopies::ReadWhenFitted): planAutoColliders reads each one
    /// from this document when it fits it and lets it go after, so the meshes are never all in memory at
    /// once. The document must not change until the plan is made.
    const gltf::GltfDocument* source = nullptr;
};

/// Whether gatherAutoColliders copies every mesh (the window: the document may change while the plan is
/// made off the GUI thread) or leaves them to be read as they are fitted (a caller that plans at once).
enum class MeshCopies
{
    Copy,
    ReadWhenFitted
};

/// The collider chosen for one mesh, in the space of the nodes that use it.
struct MeshColliderFit
{
    physics::ShapeType type = physics::ShapeType::Box;
    FittedPrimitive primitive;              ///< box/sphere/capsule: shape and its offset from the node
    std::optional<gltf::TriangleMesh> hull; ///< convex: the hull (in the node's space)
    double volume = 0;                      ///< of the shape (0 for a trimesh)
    double hullVolume = 0;                  ///< of the mesh's full hull, when computed
    size_t hullPoints = 0;
    bool capped = false;
    /// Simplified (type Trimesh): the collision mesh, and the triangle counts before and after; also a
    /// trimesh of a mesh that is not one triangle-list primitive (AutoColliderMesh::onePrimitive): its
    /// triangles in one.
    std::optional<gltf::TriangleMesh> simplified;
    size_t trianglesBefore = 0, trianglesAfter = 0;
    bool hullFromCopy = false; ///< convex: the hull's points came from a simplified copy (the counts are its)
    std::optional<geometry::EnclosureFigures> enclosed{}; ///< convex: a hull that encloses every vertex
    /// Decompose into more than one part (type Convex): each part's hull and its volume. Each part is a new
    /// mesh with a convex shape, on its own child node of every mesh node that uses the mesh (a compound).
    std::vector<gltf::TriangleMesh> parts;
    std::vector<double> partVolumes;
    /// Decompose with primitive parts: per part its primitive where it is one (its mesh in `parts` is then
    /// empty and no mesh is added for it; the shape goes on the part's node placed at the fit), and the
    /// figures of every part (geometry::PrimitiveParts, its hull meshes left out).
    std::vector<std::optional<FittedPrimitive>> partPrimitives;
    std::shared_ptr<const geometry::PrimitiveParts> primitiveParts;
    /// How well the collider (for parts: the whole compound) fits the mesh, in the mesh's space (see
    /// import::MeshColliderChoice).
    std::optional<geometry::FitSummary> measured;

    /// The new meshes the collider needs: a hull, a simplified copy, or the parts; none for a primitive or
    /// the mesh itself.
    std::vector<const gltf::TriangleMesh*> newMeshes() const;
    /// True when the shape is not centred on the node and so goes on a child node placed at the fit.
    bool offset() const;
};

/// The fit for one mesh under options.collider (strategy, maxPoints, autoTolerance):
/// import::chooseMeshCollider, the decision the add-colliders command makes, with the primitive as a
/// FittedPrimitive. Trimesh needs no fit (the result refers to the mesh itself). Errors as the add-colliders
/// command reports them (COLLIDER_NO_TRIANGLES, HULL_*, FIT_*, COLLIDER_FIT_FAILED) and HULL_CANCELLED when
/// `cancel` was set.
Result<MeshColliderFit> fitMeshCollider(const gltf::TriangleMesh& mesh, const AutoColliderOptions& options,
                                        const std::atomic<bool>* cancel = nullptr);

struct AutoColliderPlan
{
    AutoColliderInput input;
    std::vector<std::optional<MeshColliderFit>> fits; ///< per input mesh; empty when it failed
    /// Per input mesh: why it could not be read or fitted (errors), or a substitution (a flat mesh's thin
    /// box, an info). applyAutoColliders reports them at the nodes that use the mesh.
    std::vector<Diagnostics> meshDiagnostics;
    bool cancelled = false;
};

/// Step 1 (GUI thread): the mesh nodes the options select, parents first, with copies of their meshes (for
/// every strategy, the mesh itself as a trimesh too: a mesh that cannot be read gets no collider).
AutoColliderInput gatherAutoColliders(Document& document, const AutoColliderOptions& options,
                                      MeshCopies copies = MeshCopies::Copy);
/// Step 2 (any thread): the fit of every mesh, the meshes on every core (the plan is the same on any number
/// of cores). `progress` gets the fraction done (0..1) and options.collider.progress the meshes done and to
/// do, each from the worker threads one call at a time; setting `cancel` stops at the next mesh or inside a
/// hull (the plan is then marked cancelled).
AutoColliderPlan planAutoColliders(AutoColliderInput input, const std::function<void(double)>& progress = {},
                                   const std::atomic<bool>* cancel = nullptr);

/// What was added, in the add-colliders command's terms.
struct AutoColliderReport
{
    std::vector<import::AddedCollider> added;
    std::vector<size_t> skipped; ///< nodes left alone because they had a collider
    size_t matched = 0;
    /// At the mesh nodes ("/nodes/N", the node named in the text): meshes that could not be read or fitted
    /// (an error at every node that uses the mesh), substitutions such as COLLIDER_FLAT_MESH_BOX (an info at
    /// the first one), unevenly scaled nodes (warnings).
    Diagnostics diagnostics;
    bool cancelled = false;
    bool pushed = false; ///< one undo step was pushed
};

/// Step 3 (GUI thread): shapes, hull meshes, child nodes for offset fits, colliders and (addMotion) motions,
/// all in one undo step ("Add Colliders"); nothing is pushed when there is nothing to add or the plan was
/// cancelled. A mesh used by several nodes gets one shape (or one shape per part) that they share. The
/// collider goes on the mesh node itself when the fit is centred on it and the node has no collider, else on
/// a new child node named "<node> <type>" at the fit's offset; a decomposition in several parts puts each
/// part on a new child node "<node> part i" (meshes and shapes "<mesh> part i"), and the report lists each
/// part (AddedCollider::part, parts). When the document changed since gathering (the undo index moved),
/// nothing is pushed and the report says DOCUMENT_CHANGED.
AutoColliderReport applyAutoColliders(Document& document, const AutoColliderPlan& plan);

/// One info per skipped node (COLLIDER_EXISTS, at "/nodes/N"): it has a collider or trigger and was left as
/// it is. The add-colliders command lists them; the window counts them.
Diagnostics skippedNotes(const Document& document, const std::vector<size_t>& skipped);

/// The three steps in a row, on the calling thread.
AutoColliderReport addAutoColliders(Document& document, const AutoColliderOptions& options);

/// The positions of a node's mesh in the node's space, and with `descendants` those of every mesh below it
/// brought into the node's space (for a hull of a whole object). Errors: NODE_NO_MESH when there is no mesh
/// at all; meshes that cannot be read are reported and left out.
Result<std::vector<geometry::Vec3d>> nodeMeshPoints(const Document& document, size_t node, bool descendants);

} // namespace cs::document
