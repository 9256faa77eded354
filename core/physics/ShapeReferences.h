#pragma once

#include "Diagnostic.h"
#include "physics/PhysicsModel.h"

#include <functional>
#include <string>
#include <vector>

namespace cs::physics {

/// A shape index written outside the physics extensions: an extension the tool does not know (a voxel
/// primitive, a region, ...) that names a shape of the file's shapes list by an integer `shape` member.
/// KHR_implicit_shapes is meant for such users, not for colliders alone. The writers never prune a shape so
/// referred to: they renumber the reference along with the shapes, keep the old list as it was when the
/// family changes, and report what they cannot keep.
struct ForeignShapeReference
{
    std::string pointer; ///< JSON pointer of the `shape` member
    std::string by;      ///< the extension that holds it
    int shape = -1;      ///< the index as the file wrote it
};

/// Every such reference, in document order. None when the file has a glTF 2.1 core `shapes` array: the
/// references then point there, and the physics writers leave that array alone.
std::vector<ForeignShapeReference> foreignShapeReferences(const Json& root);

/// The references whose index lies within the `shapes` array of `shapesExtension` (a document-level
/// KHR_implicit_shapes or OMI_physics_shape object as the file had it); an index beyond it names nothing of
/// ours and is left to the glTF validator.
std::vector<ForeignShapeReference> referencesInto(const std::vector<ForeignShapeReference>& references,
                                                  const Json& shapesExtension);

/// Rewrites each reference to `newIndex(old)` in the list `listName`. A reference whose index moved is
/// rewritten (an info); one whose shape has no place in the new list (newIndex gives -1) is left as it was
/// and reported as a loss with `lossCode`, so that a conversion refuses it without --allow-loss.
Diagnostics renumberForeignShapeReferences(Json& root, const std::vector<ForeignShapeReference>& references,
                                           const std::function<int(int)>& newIndex, const char* lossCode,
                                           const std::string& listName);

/// The info that a change of family kept the shapes extension `name` as the file had it, naming its users.
Diagnostic shapeListKept(const std::string& name, const std::vector<ForeignShapeReference>& references);

/// Puts the document-level shapes extension `name` back as the file had it (`oldList`) after a writer removed
/// it, and lists it in extensionsUsed (and in extensionsRequired when `wasRequired`).
void restoreShapeList(Json& root, const std::string& name, const Json& oldList, bool wasRequired);

} // namespace cs::physics
