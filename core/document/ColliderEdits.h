#pragma once

// Collider edits made of several commands, each pushed as one macro (one undo step): child collider nodes,
// fitted primitives, hulls, mass, deleting shapes, materials and filters, the legacy upgrade. Heavy inputs (a
// hull, a fitted primitive, mass properties) are computed by the caller, possibly off the GUI thread, and
// passed in, so these functions only change the document.

#include "Diagnostic.h"
#include "document/ModelCommands.h"
#include "document/NodeCommands.h"
#include "gltf/MeshTriangles.h"

#include <optional>
#include <string>
#include <vector>

namespace cs::document {

class Document;

/// Where a new collider or trigger node goes under its parent, and what it refers to.
struct NewShapeNode
{
    std::string nodeName; ///< empty: the parent's name + " Collider" (or " Trigger")
    Vec3 translation{0, 0, 0};
    Quat rotation{0, 0, 0, 1};
    bool trigger = false; ///< a trigger instead of a collider
    int physicsMaterial = -1;
    int collisionFilter = -1;
};

/// "Add collider child node", the layout the spec recommends for an offset shape: a new shape, a new child
/// node of `parent` with the offset transform, and a collider (or trigger) on it that uses the shape.
/// A shape without source JSON (made in code) gets one as makeShape() gives. Returns the new node's index;
/// nullopt when `parent` does not exist (nothing is pushed).
std::optional<size_t> addColliderChildNode(Document& document, size_t parent, const physics::Shape& shape,
                                           const NewShapeNode& options = {});

/// A primitive fitted to a node's mesh: the shape and where it sits in the node's space.
struct FittedPrimitive
{
    physics::Shape shape;
    Vec3 translation{0, 0, 0};
    Quat rotation{0, 0, 0, 1};
};
/// "Fit primitive": the fitted shape on a new child node at the fitted offset (addColliderChildNode).
std::optional<size_t> fitPrimitive(Document& document, size_t node, const FittedPrimitive& fitted,
                                   NewShapeNode options = {});

struct HullOptions
{
    std::string meshName;       ///< empty: the node's name + " Hull"
    bool onNewChildNode = true; ///< false: the hull becomes the node's own collider (or trigger) shape
    NewShapeNode node; ///< for the child node (its transform is ignored: the hull is in the node's space)
};
/// "Generate convex hull": the hull (in `node`'s space) as a new mesh with its buffer data, a convex shape on
/// it, and a collider referring to the shape, on a new child node or on the node itself (replacing the shape
/// of a collider it has, keeping its material and filter). One undo step, which removes the mesh data again.
/// Returns the new shape's index, or why nothing was done.
Result<size_t> generateConvexHull(Document& document, size_t node, const gltf::TriangleMesh& hull,
                                  const HullOptions& options = {});

/// "Compute mass properties from shapes": centre of mass and inertia (and mass when given) in one step.
/// False when the node has no motion or nothing would change.
bool computeMassProperties(Document& document, size_t node, const MassProperties& properties);

/// Deletes a shape/material/filter with every reference fixed up (see changesForRemoval). Returns the nodes
/// that referred to it, to tell the user. Nothing happens for an index out of range.
std::vector<size_t> deleteShape(Document& document, size_t shape);
std::vector<size_t> deleteMaterial(Document& document, size_t material);
std::vector<size_t> deleteFilter(Document& document, size_t filter);

/// Pushes UpgradeLegacy; false when there was nothing to upgrade.
bool upgradeLegacy(Document& document);

} // namespace cs::document
