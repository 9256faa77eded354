#pragma once

// Colliders spelled by names instead of a physics extension: Godot's importer suffixes on node names and
// Unreal's collision-mesh prefixes. readNamedColliders() turns them into real colliders in the file's own
// physics family (OMI, or KHR for a KHR file), on any GltfDocument: a glTF file as loaded, or the document
// an Assimp import built (FBX and OBJ keep their object names).
//
// Godot (editor/import/3d/resource_importer_scene.cpp, _teststr() and _pre_fix_node(), commit 00180ac9):
//   Name-col        a trimesh of the node's own mesh on the node; the mesh is still drawn
//   Name-convcol    a convex hull of the node's mesh on the node; the mesh is still drawn
//   Name-colonly    a trimesh, and the node's mesh is no longer drawn (the collider keeps using it)
//   Name-convcolonly  a convex hull, and the node's mesh is no longer drawn
//   Name-rigid      a dynamic body with a convex hull of the node's mesh; the mesh is still drawn
//   Box-colonly     (a node without a mesh) a primitive named by the node's name: box, sphere, capsule,
//                   cylinder (see godotEmptyShape); Godot reads an empty's shape from the meta
//                   "empty_draw_type", which its Collada reader sets and its glTF reader never does (a glTF
//                   node's extras go to the meta "extras", gltf_document.cpp _attach_extras_to_meta)
//   A mesh named Name-col or Name-convcol on a node without a hint reads as the node's hint (Godot's last
//   branch).
// Unreal (its static mesh import documentation; prefixes in upper case as documented):
//   UBX_Name, USP_Name, UCP_Name   the oriented box, sphere or capsule enclosing that mesh
//   UCX_Name, UCX_Name_01, ...     a convex hull of that mesh each (capped at maxPoints)
//   all attached to the node of the render mesh Name (node name, else mesh name) as one compound collider:
//   one new child node per part; the collision mesh's node is no longer drawn.

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"
#include "physics/PhysicsModel.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cs::import {

/// Godot's node-name hints that make colliders. None for every other name (Godot's other hints, -noimp,
/// -navmesh, -occ, -vehicle, -wheel, make no collider and are left alone).
enum class GodotHint
{
    None,
    Col,
    ConvCol,
    ColOnly,
    ConvColOnly,
    Rigid
};

const char* godotHintName(GodotHint hint); ///< "-col", "-convcol", "-colonly", "-convcolonly", "-rigid", ""

/// Godot's test of a name for one hint (`hint` in lower case, e.g. "col"): the name without the characters
/// Godot's glTF importer drops from node names (. : @ / " %) and without trailing digits, spaces, control
/// characters and underscores; then true when it contains "$hint" (any case) or ends, in lower case, with
/// "-hint" or "_hint". So "Wall-COL", "Wall_col.001", "Wall-col2" and "Wall$col" all read as -col.
bool godotNameHas(std::string_view name, std::string_view hint);

/// The collider hint of a node name, tested in Godot's order: -colonly / -convcolonly, -rigid, -col /
/// -convcol (a name that ends in -convcolonly is never -col).
GodotHint godotHint(std::string_view name);

/// True when a name without Godot's hint looks like a collider name Godot does not read: after Godot's
/// trimming, it ends in -collider, _collider, -collision or _collision (any case), as "Wall-collider".
bool looksLikeGodotHint(std::string_view name);

/// The primitive an empty named "...-colonly" stands for, read from its name (any case): "box" or "cube": a
/// box 2 x 2 x 2 m (Godot's size for an empty drawn as a cube); "sphere": radius 1 m (Godot's size for every
/// other empty); "capsule", "cylinder": Godot's default CapsuleShape3D / CylinderShape3D (radius 0.5 m,
/// total height 2 m). None when the name says none of these.
std::optional<physics::Shape> godotEmptyShape(std::string_view name);

/// Unreal's collision prefixes.
enum class UnrealKind
{
    Box,     ///< UBX_
    Sphere,  ///< USP_
    Capsule, ///< UCP_
    Convex   ///< UCX_
};

struct UnrealName
{
    UnrealKind kind = UnrealKind::Convex;
    std::string prefix; ///< "UBX_", ...
    std::string rest;   ///< what follows the prefix: the render mesh's name, maybe with "_NN"
};

/// The Unreal reading of a name: one of the four prefixes in upper case followed by at least one character.
std::optional<UnrealName> unrealName(std::string_view name);

/// True when the name starts with one of the prefixes in another case ("ucx_Wall"): listed as looking like
/// the convention without being it.
bool looksLikeUnrealName(std::string_view name);

struct NamedColliderOptions
{
    int maxPoints = 255; ///< the most vertices of a convex hull (Unity and PhysX accept 255)
};

/// One collider made from a name.
struct NamedCollider
{
    size_t node = 0;         ///< the node whose name (or whose mesh's name) was read
    std::string name;        ///< that name
    std::string convention;  ///< "godot" or "unreal"
    std::string hint;        ///< "-col", "UCX_", ...
    size_t colliderNode = 0; ///< the node that carries the collider
    size_t shape = 0;        ///< index into the model's shapes
    physics::ShapeType type = physics::ShapeType::Box;
    bool dynamic = false;              ///< the node became a dynamic body (-rigid)
    bool removedFromRendering = false; ///< the named node's mesh is no longer drawn
    size_t hullPoints = 0;             ///< a convex hull's vertices
};

/// The code of the info that says a name was read as a collider.
inline constexpr const char* kNamedCollider = "NAMED_COLLIDER";

struct NamedColliderReport
{
    std::vector<NamedCollider> colliders;
    /// Every name read (info NAMED_COLLIDER), every mesh no longer drawn (info NAMED_MESH_HIDDEN), every name
    /// that looks like a convention and is not read (warning NAMED_COLLIDER_UNMATCHED), and what could not be
    /// made (warning NAMED_COLLIDER_FAILED), each at its node ("/nodes/N").
    Diagnostics diagnostics;
    bool changed = false; ///< the document was changed (physics written, meshes hidden, nodes added)
};

/// Reads every name of `doc` as above and writes the colliders into it, in the family its physics came in
/// (OMI when it had none). Nodes that already have a collider or trigger are left as they are (an info), so
/// reading a written file again adds nothing. Nothing changes when no name matches (the document stays byte
/// for byte as it was), nor when its physics cannot be read (a warning says why).
NamedColliderReport readNamedColliders(gltf::GltfDocument& doc, const NamedColliderOptions& options = {});

} // namespace cs::import
