#include "TestSupport.h"

#include <QCoreApplication>
#include <QProcess>
#include <QStandardPaths>
#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace cs::test {

std::filesystem::path dataPath(const std::string& relative)
{
    return std::filesystem::path(CS_TEST_DATA_DIR) / relative;
}

std::vector<std::filesystem::path> filesBelow(const std::filesystem::path& dir,
                                              const std::vector<std::string>& extensions)
{
    std::vector<std::filesystem::path> out;
    if (!std::filesystem::exists(dir))
        return out;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
        if (!entry.is_regular_file())
            continue;
        std::string ext = entry.path().extension().string();
        std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
        if (std::find(extensions.begin(), extensions.end(), ext) != extensions.end())
            out.push_back(entry.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

gltf::Bytes readBytes(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error("cannot read " + path.string());
    return gltf::Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void writeBytes(const std::filesystem::path& path, const gltf::Bytes& bytes)
{
    std::filesystem::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

void writeText(const std::filesystem::path& path, const std::string& text)
{
    writeBytes(path, gltf::Bytes(text.begin(), text.end()));
}

std::string describe(const Diagnostics& diagnostics)
{
    std::string out;
    for (const auto& d : diagnostics) {
        out += formatDiagnostic(d);
        out += '\n';
    }
    return out;
}

void appendFloats(gltf::Bytes& out, std::initializer_list<float> values)
{
    appendValues<float>(out, values);
}

std::string base64DataUri(const gltf::Bytes& bytes)
{
    static const char* chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out = "data:application/octet-stream;base64,";
    for (size_t i = 0; i < bytes.size(); i += 3) {
        const uint32_t b0 = bytes[i];
        const uint32_t b1 = i + 1 < bytes.size() ? bytes[i + 1] : 0;
        const uint32_t b2 = i + 2 < bytes.size() ? bytes[i + 2] : 0;
        const uint32_t v = (b0 << 16) | (b1 << 8) | b2;
        out += chars[(v >> 18) & 63];
        out += chars[(v >> 12) & 63];
        out += i + 1 < bytes.size() ? chars[(v >> 6) & 63] : '=';
        out += i + 2 < bytes.size() ? chars[v & 63] : '=';
    }
    return out;
}

gltf::GltfDocument loadJson(const std::string& jsonText)
{
    auto loaded = gltf::loadGltfFromBytes(gltf::Bytes(jsonText.begin(), jsonText.end()), "memory.gltf");
    if (!loaded)
        throw std::runtime_error("test asset did not load: " + describe(loaded.diagnostics));
    return std::move(*loaded.value);
}

TempDir::TempDir()
{
    static int counter = 0;
    m_path = std::filesystem::temp_directory_path() /
             ("collidoscope-test-" + std::to_string(QCoreApplication::applicationPid()) + "-" +
              std::to_string(counter++));
    std::filesystem::remove_all(m_path);
    std::filesystem::create_directories(m_path);
}

TempDir::~TempDir()
{
    std::error_code ec;
    std::filesystem::remove_all(m_path, ec);
}

static std::filesystem::path validatorScript()
{
    return std::filesystem::path(CS_TEST_TOOLS_DIR) / "validate.js";
}

bool validatorAvailable()
{
    return std::filesystem::exists(std::filesystem::path(CS_TEST_TOOLS_DIR) / "node_modules" /
                                   "gltf-validator") &&
           !QStandardPaths::findExecutable("node").isEmpty();
}

std::vector<ValidatorReport> runValidator(const std::vector<std::filesystem::path>& files)
{
    std::vector<ValidatorReport> reports(files.size());
    if (!validatorAvailable()) {
        for (auto& r : reports)
            r.failure = "the glTF-Validator is not installed (run scripts/setup.sh)";
        return reports;
    }
    QStringList args{QString::fromStdString(validatorScript().string())};
    for (const auto& f : files)
        args << QString::fromStdString(f.string());
    QProcess process;
    process.start(QStandardPaths::findExecutable("node"), args);
    if (!process.waitForFinished(600000)) {
        for (auto& r : reports)
            r.failure = "the glTF-Validator did not finish";
        return reports;
    }
    const QList<QByteArray> lines = process.readAllStandardOutput().split('\n');
    size_t i = 0;
    for (const QByteArray& line : lines) {
        if (line.trimmed().isEmpty() || i >= reports.size())
            continue;
        ValidatorReport& r = reports[i++];
        r.text = line.toStdString();
        const auto j = nlohmann::json::parse(r.text, nullptr, false);
        if (j.is_discarded() || !j.is_object()) {
            r.failure = "unreadable validator output: " + r.text;
            continue;
        }
        if (j.contains("failure")) {
            r.failure = j["failure"].get<std::string>();
            continue;
        }
        r.ran = true;
        r.errors = j.value("errors", 0);
        r.warnings = j.value("warnings", 0);
        for (const auto& issue : j["issues"]) {
            if (issue.value("severity", 3) == 0)
                r.errorCodes.insert(issue.value("code", std::string()));
        }
    }
    for (; i < reports.size(); ++i)
        reports[i].failure = "no validator output: " + process.readAllStandardError().toStdString();
    return reports;
}

bool numbersNear(const gltf::Json& array, std::initializer_list<double> want, double tolerance)
{
    if (!array.is_array() || array.size() != want.size())
        return false;
    size_t i = 0;
    for (double w : want) {
        const gltf::Json& v = array[i++];
        if (!v.is_number() || std::fabs(v.get<double>() - w) > tolerance)
            return false;
    }
    return true;
}

} // namespace cs::test
