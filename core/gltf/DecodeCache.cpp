#include "gltf/DecodeCache.h"

#include <cstring>

namespace cs::gltf {

std::shared_ptr<DecodeCache> makeDecodeCache()
{
    return std::make_shared<DecodeCache>();
}

CachedDecode DecodeCache::get(const std::string& slot, const Json& key, const std::uint8_t* source,
                              size_t size, const std::function<CachedDecode()>& decode)
{
    {
        std::lock_guard lock(m_mutex);
        auto it = m_entries.find(slot);
        if (it != m_entries.end() && it->second.key == key && it->second.source.size() == size &&
            (size == 0 || std::memcmp(it->second.source.data(), source, size) == 0))
            return it->second.decoded;
    }
    CachedDecode made = decode();
    Entry entry{key, Bytes(source, source + size), made};
    std::lock_guard lock(m_mutex);
    m_entries[slot] = std::move(entry);
    return made;
}

std::shared_ptr<const void> DecodeCache::derived(const std::string& slot, const Json& key,
                                                 const std::function<std::shared_ptr<const void>()>& build)
{
    {
        std::lock_guard lock(m_mutex);
        auto it = m_entries.find(slot);
        if (it != m_entries.end() && it->second.key == key)
            return it->second.decoded.value;
    }
    auto value = build();
    std::lock_guard lock(m_mutex);
    m_entries[slot] = Entry{key, {}, CachedDecode{value, {}}};
    return value;
}

} // namespace cs::gltf
