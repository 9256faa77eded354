#pragma once

// Edits of top-level members of the glTF JSON that are not physics objects, such as the extensionsUsed and
// extensionsRequired lists.

#include "document/DocumentCommand.h"

#include <optional>
#include <string>

namespace cs::document {

/// Sets (or, with no value, removes) one top-level member of the glTF JSON, e.g. "extensionsUsed". A new
/// member goes last. Undo puts the member back exactly: its old value at its old place among the root's keys,
/// or no member at all. Obsolete when the member already holds the value (or is already absent).
///
/// It edits the document's JSON, not the physics model, so it does not count as a physics edit; the validator
/// sees the change at once (it reads the extension lists from that JSON).
class SetRootMember : public DocumentCommand
{
public:
    SetRootMember(Document* document, std::string key, std::optional<gltf::Json> value, const QString& text,
                  QUndoCommand* parent = nullptr);

    bool touchesPhysics() const override { return false; }
    void redo() override;
    void undo() override;

private:
    std::string m_key;
    std::optional<gltf::Json> m_value;
    bool m_checked = false;
    std::optional<gltf::Json> m_before; // the member before the first redo (none: absent)
    size_t m_position = 0;              // its place among the root's keys
};

/// The value `key` ("extensionsUsed" or "extensionsRequired") would have with `name` listed or not (see
/// physics::setExtensionListed): nothing when the list would be empty.
std::optional<gltf::Json> extensionListWith(const gltf::Json& root, const char* key, const std::string& name,
                                            bool listed);

} // namespace cs::document
