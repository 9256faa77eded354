#pragma once

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace cs::gltf {

/// What a decoder made of one compressed stream: its value (type known to the decoder) or why there is none.
struct CachedDecode
{
    std::shared_ptr<const void> value;
    Diagnostics diagnostics;
};

/// Decoded Draco primitives and meshopt buffer views of a document, kept so that each stream is decoded once.
/// An entry remembers the JSON it was decoded from and the length and a 64-bit hash of the compressed bytes,
/// and is used only while they are unchanged, so an edited document never reads stale geometry (hashing
/// instead of keeping a copy saves a copy of every stream). Failures are kept too (a corrupt stream is
/// reported, not decoded again). Safe to use from several threads: decoding runs outside the lock.
class DecodeCache
{
public:
    /// The entry in `slot` when `key` and the bytes [source, source + size) match it; otherwise `decode()` is
    /// run and its result stored.
    CachedDecode get(const std::string& slot, const Json& key, const std::uint8_t* source, size_t size,
                     const std::function<CachedDecode()>& decode);

    /// Drops every entry (the next read decodes again), e.g. to free memory or to time decoding.
    void clear();

    /// A value derived from the document's JSON alone (the Draco accessor map), rebuilt when `key` changes.
    std::shared_ptr<const void> derived(const std::string& slot, const Json& key,
                                        const std::function<std::shared_ptr<const void>()>& build);

    /// get() for a decoder that returns Result<T>: the shared decoded value, or the decoder's diagnostics.
    template <class T, class Decode>
    Result<std::shared_ptr<const T>> typed(const std::string& slot, const Json& key,
                                           const std::uint8_t* source, size_t size, Decode&& decode)
    {
        CachedDecode cached = get(slot, key, source, size, [&] {
            Result<T> decoded = decode();
            CachedDecode c;
            c.diagnostics = std::move(decoded.diagnostics);
            if (decoded)
                c.value = std::make_shared<const T>(std::move(*decoded.value));
            return c;
        });
        if (!cached.value)
            return {std::nullopt, std::move(cached.diagnostics)};
        return {std::static_pointer_cast<const T>(cached.value), {}};
    }

private:
    struct Entry
    {
        Json key;
        size_t size = 0;
        std::uint64_t hash = 0;
        CachedDecode decoded;
    };
    std::mutex m_mutex;
    std::map<std::string, Entry> m_entries;
};

} // namespace cs::gltf
