#include "physics/JsonObjectWriter.h"

#include <algorithm>

namespace cs::physics {

JsonObjectWriter::JsonObjectWriter(const Json& source)
    : m_source(source.is_object() ? source : Json::object())
{}

void JsonObjectWriter::keep(const char* key)
{
    m_decisions.emplace_back(key, m_source[key]);
}
void JsonObjectWriter::omit(const char* key)
{
    m_decisions.emplace_back(key, std::nullopt);
}
void JsonObjectWriter::set(const char* key, Json value)
{
    m_decisions.emplace_back(key, std::move(value));
}
void JsonObjectWriter::value(const char* key, std::optional<Json> value)
{
    m_decisions.emplace_back(key, std::move(value));
}

bool JsonObjectWriter::sourceNumbersEqual(const char* key, const std::vector<double>& value) const
{
    if (!m_source.contains(key))
        return false;
    const Json& s = m_source[key];
    if (!s.is_array() || s.size() != value.size())
        return false;
    for (size_t i = 0; i < value.size(); ++i) {
        if (!s[i].is_number() || s[i].get<double>() != value[i])
            return false;
    }
    return true;
}

void JsonObjectWriter::number(const char* key, double value, std::optional<double> fallback)
{
    if (m_source.contains(key) && m_source[key].is_number() && m_source[key].get<double>() == value)
        keep(key);
    else if (fallback && value == *fallback)
        omit(key);
    else
        set(key, value);
}

void JsonObjectWriter::optionalNumber(const char* key, std::optional<double> value)
{
    if (value)
        number(key, *value, std::nullopt);
    else
        omit(key);
}

void JsonObjectWriter::optionalString(const char* key, std::optional<std::string> value)
{
    if (value)
        string(key, *value, std::nullopt);
    else
        omit(key);
}

void JsonObjectWriter::index(const char* key, int value)
{
    if (value < 0)
        omit(key);
    else if (m_source.contains(key) && m_source[key].is_number() && m_source[key].get<double>() == value)
        keep(key);
    else
        set(key, value);
}

void JsonObjectWriter::indices(const char* key, const std::vector<int>& value)
{
    std::vector<double> asDouble(value.begin(), value.end());
    if (value.empty())
        omit(key);
    else if (sourceNumbersEqual(key, asDouble))
        keep(key);
    else
        set(key, Json(value));
}

void JsonObjectWriter::string(const char* key, const std::string& value, std::optional<std::string> fallback)
{
    if (m_source.contains(key) && m_source[key].is_string() && m_source[key].get<std::string>() == value)
        keep(key);
    else if (fallback && value == *fallback)
        omit(key);
    else
        set(key, value);
}

void JsonObjectWriter::strings(const char* key, const std::vector<std::string>& value)
{
    const bool same = m_source.contains(key) && m_source[key].is_array() && m_source[key] == Json(value);
    if (same)
        keep(key);
    else if (value.empty())
        omit(key);
    else
        set(key, Json(value));
}

Json JsonObjectWriter::finish() const
{
    auto decision = [&](const std::string& key) {
        return std::find_if(m_decisions.begin(), m_decisions.end(),
                            [&](const auto& d) { return d.first == key; });
    };
    Json out = Json::object();
    for (auto it = m_source.begin(); it != m_source.end(); ++it) {
        auto d = decision(it.key());
        if (d == m_decisions.end())
            out[it.key()] = it.value();
        else if (d->second)
            out[it.key()] = *d->second;
    }
    for (const auto& [key, v] : m_decisions) {
        if (v && !m_source.contains(key))
            out[key] = *v;
    }
    return out;
}

} // namespace cs::physics
