#pragma once

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"

#include <QString>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace cs::test {

/// A file under tests/data.
std::filesystem::path dataPath(const std::string& relative);
/// Every file below `dir` whose extension is one of `extensions` (lower case, with the dot), sorted.
std::vector<std::filesystem::path> filesBelow(const std::filesystem::path& dir,
                                              const std::vector<std::string>& extensions);
gltf::Bytes readBytes(const std::filesystem::path& path);
void writeBytes(const std::filesystem::path& path, const gltf::Bytes& bytes);
void writeText(const std::filesystem::path& path, const std::string& text);

/// All diagnostics as one string, for failure messages.
std::string describe(const Diagnostics& diagnostics);

/// Little-endian packing for hand-built buffers.
void appendFloats(gltf::Bytes& out, std::initializer_list<float> values);
template <class T> void appendValues(gltf::Bytes& out, std::initializer_list<T> values)
{
    for (T v : values) {
        const auto* p = reinterpret_cast<const std::uint8_t*>(&v);
        out.insert(out.end(), p, p + sizeof(T));
    }
}

/// Loads a document from JSON text (through the real loader, as a .gltf in memory); fails the test on a load
/// failure. Buffers are best given as data: URIs (see base64DataUri).
gltf::GltfDocument loadJson(const std::string& jsonText);
/// True when `array` is a JSON array of numbers each within `tolerance` of `want`.
bool numbersNear(const gltf::Json& array, std::initializer_list<double> want, double tolerance = 1e-12);
std::string base64DataUri(const gltf::Bytes& bytes);

/// A fresh empty folder under the system temp folder, removed when the returned object dies.
class TempDir
{
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return m_path; }
    std::filesystem::path operator/(const std::string& name) const { return m_path / name; }

private:
    std::filesystem::path m_path;
};

/// What the Khronos glTF-Validator said of one file.
struct ValidatorReport
{
    bool ran = false;    ///< false: the validator could not be run or could not read the file
    std::string failure; ///< why, when !ran
    int errors = 0;
    int warnings = 0;
    std::multiset<std::string> errorCodes; ///< code of every error-severity issue
    std::string text;                      ///< the raw report line
};

/// True when node and the validator package (tests/tools/node_modules) are installed.
bool validatorAvailable();
/// Runs tests/tools/validate.js on the files, one report per file, in order.
std::vector<ValidatorReport> runValidator(const std::vector<std::filesystem::path>& files);

} // namespace cs::test
