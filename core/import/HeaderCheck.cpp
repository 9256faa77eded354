#include "import/HeaderCheck.h"

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace cs::import {

namespace {

/// The first `count` whitespace-separated words of `text`, skipping '#' comments to the end of their line.
std::vector<std::string> headerWords(const std::string& text, size_t count)
{
    std::vector<std::string> words;
    std::istringstream lines(text);
    std::string line;
    while (words.size() < count && std::getline(lines, line)) {
        std::istringstream in(line.substr(0, line.find('#')));
        for (std::string word; words.size() < count && in >> word;)
            words.push_back(word);
    }
    return words;
}

std::optional<std::uint64_t> parseCount(const std::string& word)
{
    if (word.empty() || word.size() > 19 || word.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    return std::stoull(word);
}

/// The bytes a binary PLY property type takes; 0 for a name that is no type.
std::uint64_t plyTypeBytes(const std::string& type)
{
    for (const auto& [name, bytes] : {std::pair<const char*, std::uint64_t>{"char", 1},
                                      {"uchar", 1},
                                      {"int8", 1},
                                      {"uint8", 1},
                                      {"short", 2},
                                      {"ushort", 2},
                                      {"int16", 2},
                                      {"uint16", 2},
                                      {"int", 4},
                                      {"uint", 4},
                                      {"float", 4},
                                      {"int32", 4},
                                      {"uint32", 4},
                                      {"float32", 4},
                                      {"double", 8},
                                      {"float64", 8}}) {
        if (type == name)
            return bytes;
    }
    return 0;
}

/// One `element NAME COUNT` of a PLY header and the fewest bytes one of its entries can take.
struct PlyElement
{
    std::string line;
    std::uint64_t count = 0;
    std::uint64_t minimumBytes = 0;
};

/// PLY: the elements of the header (up to `end_header`) with the fewest bytes each entry takes: in ASCII two
/// per property ("0 "), a list's count included; in binary each property's type size, a list's count type
/// (the list may be empty). Nothing when the header is not one (or is cut off before `end_header`).
std::optional<std::pair<std::vector<PlyElement>, size_t>> plyElements(const std::string& head)
{
    if (head.rfind("ply", 0) != 0)
        return std::nullopt;
    std::istringstream lines(head);
    std::vector<PlyElement> elements;
    bool ascii = true;
    for (std::string line; std::getline(lines, line);) {
        std::istringstream in(line);
        std::string keyword;
        in >> keyword;
        if (keyword == "end_header") {
            const auto end = lines.tellg();
            return std::pair{elements, end < 0 ? head.size() : size_t(end)};
        }
        std::string a, b, c;
        in >> a >> b >> c;
        if (keyword == "format")
            ascii = a == "ascii";
        else if (keyword == "element") {
            const auto count = parseCount(b);
            if (!count)
                return std::nullopt;
            elements.push_back({line, *count, 0});
        } else if (keyword == "property" && !elements.empty())
            elements.back().minimumBytes += ascii ? 2 : plyTypeBytes(a == "list" ? b : a);
    }
    return std::nullopt;
}

std::optional<Diagnostic> plyCountsBeyondSize(const std::filesystem::path& path, const std::string& head,
                                              std::uintmax_t size)
{
    const auto header = plyElements(head);
    if (!header)
        return std::nullopt;
    const auto& [elements, headerBytes] = *header;
    long double needed = 0;
    for (const PlyElement& e : elements)
        needed += (long double)e.count * (long double)e.minimumBytes;
    if (needed <= (long double)size - (long double)headerBytes)
        return std::nullopt;
    std::string declared;
    for (const PlyElement& e : elements)
        declared += (declared.empty() ? "'" : ", '") + e.line + "'";
    return makeError("IMPORT_FAILED", "cannot import '" + path.string() + "': its PLY header declares " +
                                          declared + ", more than its " + std::to_string(size) +
                                          " bytes can hold (a damaged or malicious file)");
}

} // namespace

std::optional<Diagnostic> declaredCountsBeyondSize(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::string head(64 * 1024, '\0');
    in.read(head.data(), std::streamsize(head.size()));
    head.resize(size_t(in.gcount()));
    if (head.rfind("ply", 0) == 0) {
        std::error_code ec;
        const std::uintmax_t size = std::filesystem::file_size(path, ec);
        return ec ? std::nullopt : plyCountsBeyondSize(path, head, size);
    }
    const std::vector<std::string> words = headerWords(head.substr(0, 1024), 4);
    if (words.empty() || words[0].size() < 3 || words[0].compare(words[0].size() - 3, 3, "OFF") != 0)
        return std::nullopt;
    // "nOFF" (any prefix with an 'n') is followed by the vertex dimension before the counts.
    const size_t first = words[0].find('n') != std::string::npos ? 2 : 1;
    if (words.size() < first + 2)
        return std::nullopt;
    const auto vertices = parseCount(words[first]);
    const auto faces = parseCount(words[first + 1]);
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (!vertices || !faces || ec)
        return std::nullopt;
    const long double needed = 6.0L * (long double)*vertices + 2.0L * (long double)*faces;
    if (needed <= (long double)size)
        return std::nullopt;
    return makeError("IMPORT_FAILED", "cannot import '" + path.string() + "': its OFF header declares " +
                                          words[first] + " vertices and " + words[first + 1] +
                                          " faces, more than its " + std::to_string(size) +
                                          " bytes can hold (a damaged or malicious file)");
}

} // namespace cs::import
