#pragma once

// Node operations, each one undo step: add an empty collider or trigger node, duplicate nodes with their
// subtrees and physics, rename, delete nodes with their subtrees, reparent keeping the world transform, and
// set the transform (TRS) of several nodes at once. Every node reference in the file is carried over (see
// physics/NodeReferences.h); what cannot be is reported before the change (deletionProblems) and an
// operation that would break the file (a skin losing a joint) is refused with the reason.

#include "Diagnostic.h"
#include "document/NodeCommands.h"
#include "document/Selection.h"
#include "geometry/Transform.h"
#include "physics/NodeReferences.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cs::document {

// Node renumbering is a glTF and physics matter (export reorders nodes too); the document's operations use
// it.
using physics::identityMap;
using physics::NodeMap;
using physics::nodeMapProblems;
using physics::remapDocument;
using physics::remapNodeObject;
using physics::remapPhysicsNodes;

class Document;

/// A node's local transform for editing: TRS, or its `matrix` taken apart (geometry::decompose), with how
/// well TRS holds that matrix.
struct NodeTransform
{
    geometry::Trs trs;
    bool fromMatrix = false; ///< the node has a `matrix`
    double shear = 0;        ///< see geometry::MatrixDecomposition::shear
    bool exact = true;       ///< TRS holds the node's transform (always for TRS nodes)
};
NodeTransform nodeTransform(const gltf::Json& node);
/// The node's local matrix (its `matrix`, else T * R * S), in double.
geometry::Mat4d nodeLocalMatrix(const gltf::Json& node);
/// The product of the local matrices from the root down to `node` (identity for a node that does not exist).
geometry::Mat4d nodeWorldMatrix(const Document& document, NodeIndex node);
/// Whether `node` carries a collider or trigger shape and its own scale differs between axes
/// (geometry::nonUniformScale): the physics extensions discourage it, as engines cannot scale every shape so.
bool shapeScaledUnevenly(const Document& document, NodeIndex node);

namespace field {
/// Translation, rotation and scale at once. Only the parts that differ are written (an unchanged part keeps
/// its spelling); a node with a `matrix` gets all three parts that are not the default instead.
struct NodeTransformAll
{
    using Object = gltf::Json;
    using Value = geometry::Trs;
    static constexpr MergeId mergeId = MergeId::NodeTransform;
    static constexpr std::uint32_t property =
        ChangeEvent::Translation | ChangeEvent::Rotation | ChangeEvent::Scale;
    static Value get(const Object& node);
    static void set(Object& node, const Value& value);
    static const char* text() { return "Transform Node"; }
};
} // namespace field
using SetNodeTransform = SetField<locate::Node, field::NodeTransformAll>;

/// Sets each listed node's TRS as one undo step that merges with the next call for the same nodes (a gizmo
/// drag or a spin box is one step). A node with a matrix is written back as TRS.
void setNodeTransforms(Document& document, std::vector<std::pair<NodeIndex, geometry::Trs>> transforms);

/// A change of the node structure: the top-level JSON arrays it touches and the model's node entries, before
/// and after. Redo and undo swap them whole, so undo gives back the exact JSON.
class RestructureNodes : public DocumentCommand
{
public:
    struct State
    {
        std::vector<std::pair<std::string, std::optional<gltf::Json>>> keys; ///< absent key: nullopt
        std::map<size_t, physics::NodePhysics> physics;
    };
    /// removed: the node indices that go (before); created: the indices that come (after).
    RestructureNodes(Document* document, const QString& text, State before, State after,
                     std::vector<NodeIndex> removed, std::vector<NodeIndex> created, bool physicsChanged);

    bool touchesPhysics() const override { return m_physicsChanged; }
    void redo() override;
    void undo() override;

private:
    void apply(const State& state, const std::vector<NodeIndex>& gone, const std::vector<NodeIndex>& come);

    State m_before, m_after;
    std::vector<NodeIndex> m_removed, m_created;
    bool m_physicsChanged;
};

/// What "Add Empty Collider" / "Add Empty Trigger" makes.
struct EmptyShapeNode
{
    bool trigger = false;
    physics::ShapeType type = physics::ShapeType::Box;
    geometry::Vec3d position;        ///< world space, metres
    std::optional<NodeIndex> parent; ///< none: a root of the default scene
    std::string name;                ///< empty: "Box Collider", "Sphere Trigger", ...
};
/// A new shape with the spec's defaults, a new node at `position` and a collider or trigger on it using the
/// shape, as one undo step. The new node's index, or why not (no such parent; a parent that flattens space).
Result<NodeIndex> addEmptyShapeNode(Document& document, const EmptyShapeNode& options);

/// "Duplicate": each listed node with its subtree, appended to `nodes` and placed next to the original
/// (same parent, or the same scenes). Physics are copied too, with the references inside the subtree
/// pointing at the copies. A listed node inside another listed node's subtree is copied once. One undo step;
/// the copies of the listed nodes (empty when none exists).
std::vector<NodeIndex> duplicateNodes(Document& document, const std::vector<NodeIndex>& nodes);

/// "Rename": false when the node does not exist or already has the name. An empty name removes it.
bool renameNode(Document& document, NodeIndex node, const std::string& name);

/// The listed nodes and every node below them, in index order.
std::vector<NodeIndex> withSubtrees(const Document& document, const std::vector<NodeIndex>& nodes);
/// What deleting the listed nodes (with their subtrees) would do besides deleting them: errors refuse it,
/// warnings are to be shown before (see nodeMapProblems).
Diagnostics deletionProblems(const Document& document, const std::vector<NodeIndex>& nodes);
/// "Delete": the listed nodes and their subtrees go, every reference renumbered, as one undo step. With
/// errors in deletionProblems nothing happens and they are returned; otherwise the warnings are returned
/// along with the number of nodes deleted.
Result<size_t> deleteNodes(Document& document, const std::vector<NodeIndex>& nodes);

/// "Reparent": `node` becomes a child of `parent` (none: a root of the default scene) and keeps its world
/// transform. Refused (errors returned, nothing changed) when the node or parent does not exist, the parent
/// is the node or below it, or the parent's world matrix cannot be inverted. When the new local transform
/// has shear (a non-uniformly scaled, rotated parent) it is written as a `matrix` with a warning, or refused
/// when the node is animated. Returns the diagnostics; no errors means done (or nothing to do).
Diagnostics reparentNode(Document& document, NodeIndex node, std::optional<NodeIndex> parent);
/// Several nodes moved under one parent (a drop in the scene tree) as one undo step, each keeping its world
/// transform. Nodes below another of the list move with it and are left out. Refused as a whole (nothing
/// changed, the errors returned) when any of them would be refused.
Diagnostics reparentNodes(Document& document, const std::vector<NodeIndex>& nodes,
                          std::optional<NodeIndex> parent);

} // namespace cs::document
