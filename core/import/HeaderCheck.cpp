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

} // namespace

std::optional<Diagnostic> declaredCountsBeyondSize(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    char head[1024] = {};
    in.read(head, sizeof head);
    const std::vector<std::string> words = headerWords(std::string(head, size_t(in.gcount())), 4);
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
