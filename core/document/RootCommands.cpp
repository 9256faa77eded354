#include "document/RootCommands.h"

#include "physics/OmiWriter.h"

namespace cs::document {

SetRootMember::SetRootMember(Document* document, std::string key, std::optional<gltf::Json> value,
                             const QString& text, QUndoCommand* parent)
    : DocumentCommand(document, text, parent), m_key(std::move(key)), m_value(std::move(value))
{}

void SetRootMember::redo()
{
    gltf::Json& root = gltf().json();
    if (!root.is_object()) {
        setObsolete(true);
        return;
    }
    const auto it = root.find(m_key);
    if (!m_checked) {
        const bool present = it != root.end();
        if ((!present && !m_value) || (present && m_value && *it == *m_value)) {
            setObsolete(true);
            return;
        }
        m_checked = true;
        if (present) {
            m_before = *it;
            m_position = static_cast<size_t>(std::distance(root.begin(), it));
        }
    }
    if (m_value)
        root[m_key] = *m_value;
    else
        root.erase(m_key);
    notify(ChangeEvent::Kind::Document, -1, ChangeEvent::All);
}

void SetRootMember::undo()
{
    gltf::Json& root = gltf().json();
    if (!m_before) {
        root.erase(m_key);
    } else if (root.contains(m_key)) {
        root[m_key] = *m_before;
    } else {
        // The member was removed: rebuild the root's key order with it back in its place (values are moved,
        // not copied).
        gltf::Json rebuilt = gltf::Json::object();
        size_t i = 0;
        for (auto it = root.begin(); it != root.end(); ++it, ++i) {
            if (i == m_position)
                rebuilt[m_key] = *m_before;
            rebuilt[it.key()] = std::move(it.value());
        }
        if (!rebuilt.contains(m_key))
            rebuilt[m_key] = *m_before;
        root = std::move(rebuilt);
    }
    notify(ChangeEvent::Kind::Document, -1, ChangeEvent::All);
}

std::optional<gltf::Json> extensionListWith(const gltf::Json& root, const char* key, const std::string& name,
                                            bool listed)
{
    gltf::Json holder = gltf::Json::object();
    if (root.is_object() && root.contains(key))
        holder[key] = root[key];
    physics::setExtensionListed(holder, key, name, listed);
    if (!holder.contains(key))
        return std::nullopt;
    return holder[key];
}

} // namespace cs::document
