#pragma once

#include "Diagnostic.h"
#include "gltf/JsonText.h"
#include "physics/PhysicsModel.h"

#include <string>
#include <string_view>
#include <vector>

namespace cs::physics {

/// Reads typed properties of one JSON object, never throwing: a property of the wrong type or length gives an
/// error diagnostic (with the property's pointer) and the default, so that one bad value does not lose the
/// rest.
class FieldReader
{
public:
    FieldReader(const Json& object, std::string pointer, Diagnostics& diagnostics)
        : m_object(object), m_pointer(std::move(pointer)), m_diagnostics(diagnostics)
    {}

    bool has(const char* key) const
    {
        return m_object.is_object() && m_object.find(std::string_view(key)) != m_object.end();
    }
    std::string pointerTo(const char* key) const { return jsonPointerAppend(m_pointer, key); }
    const std::string& pointer() const { return m_pointer; }

    double number(const char* key, double fallback) const;
    /// An array of exactly N numbers (the length is checked, since the schema checks only some of them).
    Vec3 vec3(const char* key, const Vec3& fallback) const;
    Quat quat(const char* key, const Quat& fallback) const;
    /// Any-length array of numbers; nullopt (and an error) when it is not one.
    std::optional<std::vector<double>> numbers(const char* key) const;
    /// A glTF index: -1 (the README's "none") is accepted with a warning; other negatives or non-integers are
    /// errors. Absent or invalid gives -1.
    int index(const char* key) const;
    std::vector<int> indexArray(const char* key) const;
    std::optional<std::string> string(const char* key) const;
    std::vector<std::string> strings(const char* key) const;
    std::optional<bool> boolean(const char* key) const;
    /// The object at key, or nullptr (with an error when it exists but is not an object).
    const Json* object(const char* key) const;

private:
    void wrongType(const char* key, const char* expected) const;
    /// The value at key, which has() found (looked up as string_view: lengths are compared first).
    const Json& member(const char* key) const { return gltf::jsonMember(m_object, key); }

    const Json& m_object;
    std::string m_pointer;
    Diagnostics& m_diagnostics;
};

/// A copy of `object` without the given keys (the keys a legacy form used and the reader consumed).
Json withoutKeys(const Json& object, std::initializer_list<const char*> keys);
/// A copy of `object` whose values at the given keys are null: the keys keep their places (a writer puts the
/// rewritten values there), and values read into objects of their own are not copied a second time.
Json withValuesCleared(const Json& object, std::initializer_list<std::string_view> keys);

} // namespace cs::physics
