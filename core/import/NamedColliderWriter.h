#pragma once

// The reverse of readNamedColliders(): a document's colliders written as Godot's node-name suffixes, for a
// pipeline that reads names and no physics extension (Godot's scene importer, Tres). What the names can say
// is what Godot's importer makes of them (editor/import/3d/resource_importer_scene.cpp, _pre_fix_node(),
// commit 00180ac9; the same reading as NamedColliders.h):
//   a static trimesh of the node's own mesh: the node renamed Name-col
//   a static convex hull of the node's own mesh: Name-convcol
//   a dynamic body whose collider is a hull of its own mesh: Name-rigid (a RigidBody3D with that hull)
//   a static trimesh or hull of another mesh, or on a node without one: a new child node with that mesh,
//     "<Name>-colonly" / "<Name>-convcolonly" (Godot does not draw it; the collider keeps it)
//   a static box, sphere, cylinder (equal radii) or capsule of height 2 x radius: a new child empty
//     "Box-colonly", "Sphere-colonly", ..., scaled from the name's unit primitive (godotEmptyShape).
//     Godot's glTF importer itself makes no collider of an empty (it reads an empty's shape from Collada's
//     draw type only); this project's reader does.
// Everything else cannot be named and is a loss, one warning per item at its JSON pointer: physics
// materials and collision filters (and a collider's reference to one), joints, triggers, kinematic bodies,
// a dynamic body's mass, centre of mass, inertia, velocities and gravity factor when written, a dynamic
// body's collider that is not a hull of its own mesh, colliders that are parts of a moving body (the names
// make each a static body of its own), planes, shapes of unknown type, cones and other capsules.
// "Its own mesh" includes a hull mesh whose vertices are all the node's mesh's, with the same bounds (the
// hull readNamedColliders makes). A file whose colliders were read from names keeps its names: a node whose
// name already says its collider is not renamed, a -colonly / -convcolonly node gets its mesh back, and an
// empty whose name already says its primitive gets no child, so names in and names out give the same nodes.
// The physics extensions are removed from the written document.

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"

namespace cs::import {

/// The code of the warnings that list what the names cannot say.
inline constexpr const char* kGodotNamesLoss = "GODOT_NAMES_NOT_EXPRESSIBLE";
/// The code of the infos that list each name written.
inline constexpr const char* kGodotNameWritten = "GODOT_NAME_WRITTEN";

struct GodotNamesResult
{
    gltf::GltfDocument document; ///< the document with names and without physics extensions
    Diagnostics written;         ///< one info (kGodotNameWritten) per node renamed or added
    Diagnostics losses;          ///< one warning (kGodotNamesLoss) per item the names cannot say
    bool unusable = false;       ///< the physics could not be read; `losses` says why, nothing was written
};

/// Writes `doc`'s colliders as Godot's suffixes (see above). Whether to keep the result when something is
/// lost is the caller's choice.
GodotNamesResult writeGodotNames(gltf::GltfDocument doc);

} // namespace cs::import
