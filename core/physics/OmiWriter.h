#pragma once

#include "Diagnostic.h"
#include "physics/PhysicsModel.h"

namespace cs::physics {

/// Writes the model into the document's JSON in the newest OMI form (E7) and nothing else: shapes into
/// extensions.OMI_physics_shape, materials and filters into extensions.OMI_physics_body, node data into
/// nodes[i].extensions.OMI_physics_body.
///
/// - A model read from an already newest file and not edited gives back the same JSON, key order included
///   (see JsonObjectWriter). Unknown keys, names, extensions and extras of physics objects are kept.
/// - Defaults are left out unless the source spelled them; -1 is never written.
/// - Legacy data is removed once converted: OMI_collider (document and nodes), node-level OMI_physics_shape,
/// and
///   for a model imported from KHR the KHR physics extensions.
/// - extensionsUsed lists OMI_physics_shape/OMI_physics_body exactly when they are used; extensionsRequired
///   keeps them as the file had it. A model converted from KHR (or legacy OMI_collider) whose file required
///   those names has the OMI names that are used required in their place.
/// - Meshes are never touched, so a mesh only a shape refers to stays.
/// Returns info diagnostics for what was removed or rewritten, and warnings for data the newest form cannot
/// hold.
Diagnostics writeOmi(const PhysicsModel& model, gltf::GltfDocument& doc);

/// The JSON of one model object in the newest form (used by writeOmi; exposed for tests and the inspector).
Json shapeToJson(const Shape& shape);
Json motionToJson(const Motion& motion);
Json materialToJson(const PhysicsMaterial& material);
Json filterToJson(const CollisionFilter& filter);

/// Adds or removes `name` in the top-level string array `key` ("extensionsUsed"/"extensionsRequired"); the
/// array is removed when it becomes empty. Returns true when something changed.
bool setExtensionListed(Json& root, const char* key, const std::string& name, bool listed);
/// Whether the top-level string array `key` lists any of `names`.
bool anyExtensionListed(const Json& root, const char* key, const std::vector<std::string>& names);
/// The lists after a writer wrote extension `name`: extensionsUsed lists it exactly when `used`;
/// extensionsRequired keeps it as the file had it while it is used, loses it when it is not (glTF: a required
/// extension is also used) and gains it when `required` (a conversion from a family the file required).
/// Taking an optional physics extension out of extensionsRequired is the validator's finding and its fix.
void listWrittenExtension(Json& root, const std::string& name, bool used, bool required);

/// Removes `name` from nodes[*].extensions and from the document's extensions; empty `extensions` objects
/// that this removal emptied are removed too. Returns true when something was removed.
bool removeExtensionEverywhere(Json& root, const std::string& name, bool eraseEmptied = true);
/// Objects whose `extensions` held something before a write: an `extensions` the write emptied goes, one that
/// was already empty in the file stays (see eraseEmptiedExtensions).
struct ExtensionOwners
{
    bool root = false;
    std::vector<bool> nodes;
};
ExtensionOwners extensionOwners(const Json& root);
void eraseEmptiedExtensions(Json& root, const ExtensionOwners& owners);
/// True when the extension name appears in the document's or any node's extensions.
bool extensionPresent(const Json& root, const std::string& name);
/// A file may repeat a key within one object; the loader keeps every copy and lookups find the first. Before
/// a writer rewrites the physics it drops the later copies of the keys it edits: "extensions",
/// "extensionsUsed" and "extensionsRequired" of the document, "extensions" of each node, and the physics
/// extension names inside those "extensions" objects. Otherwise erasing the first copy would bring back the
/// old second one. Returns an info diagnostic per dropped copy (pointer to the object that held it).
Diagnostics dropRepeatedPhysicsKeys(Json& root);

} // namespace cs::physics
