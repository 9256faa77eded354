#include "gltf/Uri.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace cs::gltf {

namespace {

constexpr char kBase64Chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr std::array<int16_t, 256> makeBase64Table()
{
    std::array<int16_t, 256> t{};
    for (auto& v : t)
        v = -1;
    for (int i = 0; i < 64; ++i)
        t[static_cast<unsigned char>(kBase64Chars[i])] = static_cast<int16_t>(i);
    return t;
}
constexpr auto kBase64Table = makeBase64Table();

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

bool startsWithNoCase(std::string_view s, std::string_view prefix)
{
    return s.size() >= prefix.size() &&
           std::equal(prefix.begin(), prefix.end(), s.begin(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) ==
                      std::tolower(static_cast<unsigned char>(b));
           });
}

} // namespace

bool isDataUri(std::string_view uri)
{
    return startsWithNoCase(uri, "data:");
}

std::optional<Bytes> decodeBase64(std::string_view text)
{
    Bytes out;
    out.reserve(text.size() / 4 * 3);
    uint32_t acc = 0;
    int bits = 0;
    size_t padding = 0;
    for (char c : text) {
        if (c == '=') {
            ++padding;
            continue;
        }
        if (c == '\r' || c == '\n' || c == ' ' || c == '\t')
            continue;
        if (padding > 0)
            return std::nullopt; // data after padding
        const int v = kBase64Table[static_cast<unsigned char>(c)];
        if (v < 0)
            return std::nullopt;
        acc = (acc << 6) | static_cast<uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<uint8_t>((acc >> bits) & 0xFF));
        }
    }
    if (padding > 2 || bits >= 6)
        return std::nullopt;
    return out;
}

std::string encodeBase64(const Bytes& data)
{
    std::string out;
    out.reserve((data.size() + 2) / 3 * 4);
    size_t i = 0;
    for (; i + 2 < data.size(); i += 3) {
        const uint32_t v = (uint32_t(data[i]) << 16) | (uint32_t(data[i + 1]) << 8) | data[i + 2];
        out += kBase64Chars[(v >> 18) & 63];
        out += kBase64Chars[(v >> 12) & 63];
        out += kBase64Chars[(v >> 6) & 63];
        out += kBase64Chars[v & 63];
    }
    if (i + 1 == data.size()) {
        const uint32_t v = uint32_t(data[i]) << 16;
        out += kBase64Chars[(v >> 18) & 63];
        out += kBase64Chars[(v >> 12) & 63];
        out += "==";
    } else if (i + 2 == data.size()) {
        const uint32_t v = (uint32_t(data[i]) << 16) | (uint32_t(data[i + 1]) << 8);
        out += kBase64Chars[(v >> 18) & 63];
        out += kBase64Chars[(v >> 12) & 63];
        out += kBase64Chars[(v >> 6) & 63];
        out += '=';
    }
    return out;
}

std::optional<DataUri> decodeDataUri(std::string_view uri)
{
    if (!isDataUri(uri))
        return std::nullopt;
    const size_t comma = uri.find(',');
    if (comma == std::string_view::npos)
        return std::nullopt;
    std::string_view header = uri.substr(5, comma - 5);
    const std::string_view payload = uri.substr(comma + 1);
    bool base64 = false;
    constexpr std::string_view kBase64Suffix = ";base64";
    if (header.size() >= kBase64Suffix.size() &&
        startsWithNoCase(header.substr(header.size() - kBase64Suffix.size()), kBase64Suffix)) {
        base64 = true;
        header.remove_suffix(kBase64Suffix.size());
    }
    DataUri result;
    result.mediaType = std::string(header.substr(0, header.find(';')));
    if (base64) {
        auto bytes = decodeBase64(payload);
        if (!bytes)
            return std::nullopt;
        result.data = std::move(*bytes);
    } else {
        auto text = percentDecode(payload);
        if (!text)
            return std::nullopt;
        result.data.assign(text->begin(), text->end());
    }
    return result;
}

std::string encodeDataUri(std::string_view mediaType, const Bytes& data)
{
    std::string out = "data:";
    out += mediaType;
    out += ";base64,";
    out += encodeBase64(data);
    return out;
}

std::optional<std::string> percentDecode(std::string_view uri)
{
    std::string out;
    out.reserve(uri.size());
    for (size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] != '%') {
            out += uri[i];
            continue;
        }
        if (i + 2 >= uri.size())
            return std::nullopt;
        const int hi = hexValue(uri[i + 1]);
        const int lo = hexValue(uri[i + 2]);
        if (hi < 0 || lo < 0)
            return std::nullopt;
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
    }
    return out;
}

bool isPlainRelativePath(std::string_view decodedUri)
{
    if (decodedUri.empty() || decodedUri.front() == '/' || decodedUri.front() == '\\')
        return false;
    if (decodedUri.find(':') != std::string_view::npos)
        return false; // a scheme or a drive letter
    size_t start = 0;
    while (start <= decodedUri.size()) {
        size_t end = decodedUri.find_first_of("/\\", start);
        if (end == std::string_view::npos)
            end = decodedUri.size();
        if (decodedUri.substr(start, end - start) == "..")
            return false;
        start = end + 1;
    }
    return true;
}

std::string imageMimeType(std::string_view fileName, const Bytes& data)
{
    auto has = [&](std::initializer_list<uint8_t> magic, size_t offset = 0) {
        if (data.size() < offset + magic.size())
            return false;
        return std::equal(magic.begin(), magic.end(), data.begin() + static_cast<std::ptrdiff_t>(offset));
    };
    if (has({0x89, 'P', 'N', 'G'}))
        return "image/png";
    if (has({0xFF, 0xD8, 0xFF}))
        return "image/jpeg";
    if (has({'R', 'I', 'F', 'F'}) && has({'W', 'E', 'B', 'P'}, 8))
        return "image/webp";
    if (has({0xAB, 'K', 'T', 'X', ' ', '2', '0'}))
        return "image/ktx2";
    std::string ext(fileName.substr(std::min(fileName.size(), fileName.rfind('.') + 1)));
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    if (ext == "png")
        return "image/png";
    if (ext == "jpg" || ext == "jpeg")
        return "image/jpeg";
    if (ext == "webp")
        return "image/webp";
    if (ext == "ktx2")
        return "image/ktx2";
    return {};
}

} // namespace cs::gltf
