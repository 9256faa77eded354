#include "gltf/DecodeCache.h"

#include <cstring>

namespace cs::gltf {

namespace {

/// FNV-1a style hash over 8-byte words in four independent lanes (so that the multiplications overlap), then
/// the tail byte by byte. About a memory pass; far cheaper than decoding.
std::uint64_t hashBytes(const std::uint8_t* data, size_t size)
{
    constexpr std::uint64_t prime = 0x100000001b3ull;
    std::uint64_t lane[4] = {0xcbf29ce484222325ull, 0x84222325cbf29ce4ull, 0x9ce484222325cbf2ull,
                             0x2325cbf29ce48422ull};
    size_t i = 0;
    for (; i + 32 <= size; i += 32) {
        for (int k = 0; k < 4; ++k) {
            std::uint64_t w;
            std::memcpy(&w, data + i + 8 * size_t(k), 8);
            lane[k] = (lane[k] ^ w) * prime;
        }
    }
    std::uint64_t h = lane[0] ^ (lane[1] * 3) ^ (lane[2] * 5) ^ (lane[3] * 7);
    for (; i < size; ++i)
        h = (h ^ data[i]) * prime;
    return h ^ size;
}

} // namespace

std::shared_ptr<DecodeCache> makeDecodeCache()
{
    return std::make_shared<DecodeCache>();
}

CachedDecode DecodeCache::get(const std::string& slot, const Json& key, const std::uint8_t* source,
                              size_t size, const std::function<CachedDecode()>& decode)
{
    const std::uint64_t hash = hashBytes(source, size);
    {
        std::lock_guard lock(m_mutex);
        auto it = m_entries.find(slot);
        if (it != m_entries.end() && it->second.key == key && it->second.size == size &&
            it->second.hash == hash)
            return it->second.decoded;
    }
    CachedDecode made = decode();
    Entry entry{key, size, hash, made};
    std::lock_guard lock(m_mutex);
    m_entries[slot] = std::move(entry);
    return made;
}

void DecodeCache::clear()
{
    std::lock_guard lock(m_mutex);
    m_entries.clear();
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
    m_entries[slot] = Entry{key, 0, 0, CachedDecode{value, {}}};
    return value;
}

} // namespace cs::gltf
