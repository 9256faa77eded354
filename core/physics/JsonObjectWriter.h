#pragma once

#include "physics/PhysicsModel.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cs::physics {

/// Builds a JSON object from a source object and typed values, so that writing an unchanged object gives back
/// its source exactly: keys keep their order, unknown keys are copied, and a value equal to the one the
/// source spelled is copied as spelled (1 stays 1, an explicit default stays). A changed value is written in
/// the source key's place; a value equal to its default is left out (unless the source spelled it); new keys
/// are appended in the order they are given.
class JsonObjectWriter
{
public:
    explicit JsonObjectWriter(const Json& source);

    void number(const char* key, double value, std::optional<double> fallback);
    template <size_t N>
    void numbers(const char* key, const std::array<double, N>& value, const std::array<double, N>& fallback)
    {
        if (sourceNumbersEqual(key, std::vector<double>(value.begin(), value.end())))
            keep(key);
        else if (value == fallback)
            omit(key);
        else
            set(key, Json(value));
    }
    /// A value the object may leave out: nullopt leaves the key out; a value is written even when it equals
    /// the family's default (it was given, so it stays given).
    void optionalNumber(const char* key, std::optional<double> value);
    template <size_t N>
    void optionalNumbers(const char* key, const std::optional<std::array<double, N>>& value)
    {
        if (!value)
            omit(key);
        else if (sourceNumbersEqual(key, std::vector<double>(value->begin(), value->end())))
            keep(key);
        else
            set(key, Json(*value));
    }
    void optionalString(const char* key, std::optional<std::string> value);
    /// An index; a negative value (none) is left out, never written as -1.
    void index(const char* key, int value);
    /// An index array; an empty one is left out.
    void indices(const char* key, const std::vector<int>& value);
    void string(const char* key, const std::string& value, std::optional<std::string> fallback);
    /// A string array; an empty one is left out unless the source spelled it.
    void strings(const char* key, const std::vector<std::string>& value);
    /// A value computed by the caller (nullopt leaves the key out).
    void value(const char* key, std::optional<Json> value);
    /// A key this object must not have (a legacy key, or the sub-object of another shape type).
    void omit(const char* key);

    Json finish() const;

private:
    bool sourceNumbersEqual(const char* key, const std::vector<double>& value) const;
    void keep(const char* key);
    void set(const char* key, Json value);

    Json m_source;
    std::vector<std::pair<std::string, std::optional<Json>>> m_decisions;
};

} // namespace cs::physics
