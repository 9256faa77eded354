#include "physics/JsonFields.h"

#include "physics/DiagnosticCodes.h"

#include <algorithm>
#include <cmath>

namespace cs::physics {

void FieldReader::wrongType(const char* key, const char* expected) const
{
    m_diagnostics.push_back(makeError(
        code::WrongType, std::string("'") + key + "' must be " + expected + "; the default is used instead",
        pointerTo(key)));
}

double FieldReader::number(const char* key, double fallback) const
{
    if (!has(key))
        return fallback;
    const Json& v = member(key);
    if (!v.is_number() || !std::isfinite(v.get<double>())) {
        wrongType(key, "a finite number");
        return fallback;
    }
    return v.get<double>();
}

std::optional<std::vector<double>> FieldReader::numbers(const char* key) const
{
    if (!has(key))
        return std::nullopt;
    const Json& v = member(key);
    if (!v.is_array()) {
        wrongType(key, "an array of numbers");
        return std::nullopt;
    }
    std::vector<double> out;
    for (const auto& x : v) {
        if (!x.is_number() || !std::isfinite(x.get<double>())) {
            wrongType(key, "an array of numbers");
            return std::nullopt;
        }
        out.push_back(x.get<double>());
    }
    return out;
}

namespace {
template <size_t N>
std::array<double, N> fixedArray(const FieldReader& r, const char* key, const std::array<double, N>& fallback,
                                 Diagnostics& diagnostics)
{
    auto values = r.numbers(key);
    if (!values)
        return fallback;
    if (values->size() != N) {
        diagnostics.push_back(makeError(code::ArrayLength,
                                        std::string("'") + key + "' must have " + std::to_string(N) +
                                            " numbers, not " + std::to_string(values->size()) +
                                            "; the default is used instead",
                                        r.pointerTo(key)));
        return fallback;
    }
    std::array<double, N> out{};
    for (size_t i = 0; i < N; ++i)
        out[i] = (*values)[i];
    return out;
}
} // namespace

Vec3 FieldReader::vec3(const char* key, const Vec3& fallback) const
{
    return fixedArray(*this, key, fallback, m_diagnostics);
}

Quat FieldReader::quat(const char* key, const Quat& fallback) const
{
    return fixedArray(*this, key, fallback, m_diagnostics);
}

static int indexValue(const Json& v, bool& ok, bool& sentinel)
{
    ok = false;
    sentinel = false;
    if (v.is_number_integer() || (v.is_number_float() && std::floor(v.get<double>()) == v.get<double>())) {
        const double d = v.get<double>();
        if (d == -1) {
            ok = true;
            sentinel = true;
            return -1;
        }
        if (d >= 0 && d < 2147483647.0) {
            ok = true;
            return static_cast<int>(d);
        }
    }
    return -1;
}

int FieldReader::index(const char* key) const
{
    if (!has(key))
        return -1;
    bool ok = false, sentinel = false;
    const int i = indexValue(member(key), ok, sentinel);
    if (!ok) {
        wrongType(key, "an index (an integer >= 0)");
        return -1;
    }
    if (sentinel) {
        m_diagnostics.push_back(
            makeWarning(code::IndexSentinel,
                        std::string("'") + key +
                            "' is -1, which the README reads as 'none' but the schema does "
                            "not allow; leave the property out instead",
                        pointerTo(key)));
    }
    return i;
}

std::vector<int> FieldReader::indexArray(const char* key) const
{
    std::vector<int> out;
    if (!has(key))
        return out;
    const Json& v = member(key);
    if (!v.is_array()) {
        wrongType(key, "an array of indices");
        return out;
    }
    for (size_t i = 0; i < v.size(); ++i) {
        bool ok = false, sentinel = false;
        const int n = indexValue(v[i], ok, sentinel);
        if (!ok || sentinel) {
            m_diagnostics.push_back(makeError(code::WrongType,
                                              std::string("'") + key + "' must hold indices (integers >= 0)",
                                              jsonPointerAppend(pointerTo(key), i)));
            continue;
        }
        out.push_back(n);
    }
    return out;
}

std::optional<std::string> FieldReader::string(const char* key) const
{
    if (!has(key))
        return std::nullopt;
    const Json& v = member(key);
    if (!v.is_string()) {
        wrongType(key, "a string");
        return std::nullopt;
    }
    return v.get<std::string>();
}

std::vector<std::string> FieldReader::strings(const char* key) const
{
    std::vector<std::string> out;
    if (!has(key))
        return out;
    const Json& v = member(key);
    if (!v.is_array()) {
        wrongType(key, "an array of strings");
        return out;
    }
    for (const auto& s : v) {
        if (s.is_string())
            out.push_back(s.get<std::string>());
        else
            wrongType(key, "an array of strings");
    }
    return out;
}

std::optional<bool> FieldReader::boolean(const char* key) const
{
    if (!has(key))
        return std::nullopt;
    const Json& v = member(key);
    if (!v.is_boolean()) {
        wrongType(key, "true or false");
        return std::nullopt;
    }
    return v.get<bool>();
}

const Json* FieldReader::object(const char* key) const
{
    if (!has(key))
        return nullptr;
    const Json& v = member(key);
    if (!v.is_object()) {
        wrongType(key, "an object");
        return nullptr;
    }
    return &v;
}

Json withoutKeys(const Json& object, std::initializer_list<const char*> keys)
{
    Json out = object.is_object() ? object : Json::object();
    for (const char* k : keys)
        out.erase(k);
    return out;
}

Json withValuesCleared(const Json& object, std::initializer_list<std::string_view> keys)
{
    if (!object.is_object())
        return Json::object();
    Json out(Json::value_t::object);
    // Member by member, so that a repeated key stays repeated, as in a copy.
    auto& members =
        static_cast<std::vector<std::pair<const std::string, Json>>&>(out.get_ref<Json::object_t&>());
    members.reserve(object.size());
    for (auto it = object.begin(); it != object.end(); ++it) {
        const bool cleared = std::find(keys.begin(), keys.end(), std::string_view(it.key())) != keys.end();
        members.emplace_back(it.key(), cleared ? Json() : it.value());
    }
    return out;
}

} // namespace cs::physics
