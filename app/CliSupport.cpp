#include "CliSupport.h"

#include "Commands.h"
#include "DiagnosticText.h"

#include <QCoreApplication>
#include <algorithm>
#include <cctype>
#include <set>
#include <unistd.h>

namespace cs::app {

namespace fs = std::filesystem;

std::optional<int> parseArguments(QCommandLineParser& parser, const QStringList& args, const char* command)
{
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    if (!parser.parse(args))
        return failUsage(command, parser.errorText().toStdString() + " (see --help)");
    if (parser.isSet(QStringLiteral("help")) || parser.isSet(QStringLiteral("help-all"))) {
        // Qt's usage line names the program as it was started (a full path, perhaps): name it and the
        // subcommand.
        QString help = parser.helpText();
        const QString started = QStringLiteral("Usage: ") + QCoreApplication::arguments().value(0);
        if (help.startsWith(started))
            help.replace(0, started.size(),
                         QStringLiteral("Usage: collidoscope ") + QString::fromUtf8(command));
        std::fputs(help.toLocal8Bit().constData(), stdout);
        return ExitOk;
    }
    return std::nullopt;
}

int failUsage(const char* command, const std::string& message)
{
    std::fprintf(stderr, "collidoscope %s: %s\n", command, message.c_str());
    return ExitUnusable;
}

void ImportCliOptions::addTo(QCommandLineParser& parser) const
{
    parser.addOption(unitScale);
    parser.addOption(upAxis);
}

std::optional<import::ImportOptions> ImportCliOptions::read(const QCommandLineParser& parser,
                                                            std::string& error) const
{
    import::ImportOptions options;
    if (parser.isSet(unitScale)) {
        bool ok = false;
        const double v = parser.value(unitScale).toDouble(&ok);
        if (!ok || !(v > 0) || !std::isfinite(v)) {
            error = "--unit-scale must be a positive number of metres, not '" +
                    parser.value(unitScale).toStdString() + "'";
            return std::nullopt;
        }
        options.unitScale = v;
    }
    if (parser.isSet(upAxis)) {
        const QString axis = parser.value(upAxis).toLower();
        if (axis != QLatin1String("y") && axis != QLatin1String("z")) {
            error = "--up-axis must be y or z, not '" + parser.value(upAxis).toStdString() + "'";
            return std::nullopt;
        }
        options.upAxis = axis == QLatin1String("z") ? import::UpAxis::Z : import::UpAxis::Y;
    }
    return options;
}

size_t countSeverity(const Diagnostics& diagnostics, Severity s)
{
    return size_t(std::count_if(diagnostics.begin(), diagnostics.end(),
                                [s](const Diagnostic& d) { return d.severity == s; }));
}

void printDiagnostics(std::FILE* out, const std::string& file, const Diagnostics& diagnostics)
{
    if (!diagnostics.empty())
        std::fprintf(out, "%s\n", formatDiagnostics(diagnostics, fullLines(file + ": ")).c_str());
}

Result<gltf::GltfDocument> loadGltfInput(const std::string& file)
{
    auto loaded = gltf::loadGltf(file);
    const std::string ext = lowerExtension(file);
    if (loaded || ext == ".gltf" || loaded.diagnostics.empty() ||
        loaded.diagnostics.front().code != "JSON_PARSE_ERROR")
        return loaded;
    // A .gltf is glTF text whatever its state, and its parse error says where; any other file that is no
    // JSON was never glTF, and an asset Assimp reads gets the way to convert it.
    const std::vector<std::string> importable = import::importableExtensions();
    if (ext.empty() || ext == ".glb" ||
        std::find(importable.begin(), importable.end(), ext.substr(1)) == importable.end()) {
        if (std::optional<Diagnostic> notGltf = import::notGltfFile(file))
            return Result<gltf::GltfDocument>::failure(*notGltf);
        return loaded;
    }
    const std::string stem = std::filesystem::path(file).stem().string();
    return Result<gltf::GltfDocument>::failure(makeError(
        "NOT_GLTF", "'" + file + "' is a " + ext + " file, not glTF: this command reads .gltf and .glb; " +
                        "`collidoscope convert " + file + " -o " + stem +
                        ".glb` converts it (the window opens it as it is)"));
}

bool sameFile(const fs::path& a, const fs::path& b)
{
    std::error_code ec;
    if (fs::exists(a, ec) && fs::exists(b, ec))
        return fs::equivalent(a, b, ec);
    return fs::absolute(a, ec).lexically_normal() == fs::absolute(b, ec).lexically_normal();
}

std::optional<std::string> planJobs(const fs::path& input, const fs::path& output,
                                    const std::string& folderExtension, std::vector<Job>& jobs)
{
    std::error_code ec;
    if (!fs::is_directory(input, ec)) {
        jobs.push_back({input, output});
        return std::nullopt;
    }
    if (fs::exists(output, ec) && !fs::is_directory(output, ec))
        return "'" + input.string() + "' is a folder, so the output must be a folder too, not '" +
               output.string() + "'";
    const auto extensions = import::importableExtensions();
    std::set<std::string> known(extensions.begin(), extensions.end());
    known.insert({"gltf", "glb"});
    for (auto it = fs::recursive_directory_iterator(input, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (!it->is_regular_file(ec))
            continue;
        const std::string ext = lowerExtension(it->path());
        if (ext.empty() || !known.count(ext.substr(1)))
            continue;
        fs::path relative = fs::relative(it->path(), input, ec);
        relative.replace_extension(folderExtension);
        jobs.push_back({it->path(), output / relative});
    }
    std::sort(jobs.begin(), jobs.end(), [](const Job& a, const Job& b) { return a.input < b.input; });
    // Two inputs (a.obj and a.fbx) would write the same a.glb: keep the first, say so.
    for (size_t i = 1; i < jobs.size(); ++i) {
        for (size_t j = 0; j < i; ++j) {
            if (jobs[i].output == jobs[j].output)
                return "'" + jobs[j].input.string() + "' and '" + jobs[i].input.string() +
                       "' would both be written to '" + jobs[i].output.string() + "'";
        }
    }
    if (jobs.empty())
        return "no readable asset files below '" + input.string() + "'";
    return std::nullopt;
}

std::optional<Shard> parseShard(const std::string& text)
{
    constexpr unsigned long long kMost = 1000000;
    const size_t slash = text.find('/');
    if (slash == std::string::npos)
        return std::nullopt;
    auto whole = [](const std::string& digits) -> std::optional<unsigned long long> {
        if (digits.empty() || digits.size() > 7 ||
            !std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); }))
            return std::nullopt;
        return std::stoull(digits);
    };
    const auto k = whole(text.substr(0, slash));
    const auto n = whole(text.substr(slash + 1));
    if (!k || !n || *k < 1 || *n < 1 || *k > *n || *n > kMost)
        return std::nullopt;
    return Shard{size_t(*k - 1), size_t(*n)};
}

std::pair<size_t, size_t> shardRange(size_t total, Shard shard)
{
    // With total = q N + r, the first r parts take q + 1 items and the others q: part i starts at q i +
    // min(i, r).
    const size_t q = total / shard.count, r = total % shard.count;
    auto start = [&](size_t i) { return q * i + std::min(i, r); };
    return {start(shard.index), start(shard.index + 1)};
}

void BatchCliOptions::addTo(QCommandLineParser& parser) const
{
    parser.addOption(shard);
    parser.addOption(listInputs);
}

std::optional<Shard> BatchCliOptions::read(const QCommandLineParser& parser, std::string& error) const
{
    if (!parser.isSet(shard))
        return Shard{};
    const std::string value = parser.value(shard).toStdString();
    auto part = parseShard(value);
    if (!part)
        error = "--shard wants K/N, whole numbers with 1 <= K <= N (e.g. 2/8 for the second of eight parts), "
                "not '" +
                value + "'";
    return part;
}

std::optional<int> BatchCliOptions::apply(const QCommandLineParser& parser, Shard part, const char* command,
                                          std::vector<Job>& jobs) const
{
    std::stable_sort(jobs.begin(), jobs.end(), [](const Job& a, const Job& b) { return a.input < b.input; });
    const size_t total = jobs.size();
    const auto [begin, end] = shardRange(total, part);
    jobs = std::vector<Job>(jobs.begin() + std::ptrdiff_t(begin), jobs.begin() + std::ptrdiff_t(end));
    if (parser.isSet(listInputs)) {
        for (const Job& job : jobs)
            std::printf("%s\n", job.input.string().c_str());
        return ExitOk;
    }
    if (jobs.empty())
        std::fprintf(stderr, "collidoscope %s: part %zu/%zu has no inputs (%zu in all)\n", command,
                     part.index + 1, part.count, total);
    return std::nullopt;
}

ProgressLine::ProgressLine(const char* command, size_t total)
    : m_enabled(::isatty(STDERR_FILENO) == 1), m_command(command), m_total(total)
{}

ProgressLine::~ProgressLine()
{
    if (m_enabled && m_width > 0)
        std::fprintf(stderr, "\r%*s\r", int(m_width), "");
}

void ProgressLine::step(const std::string& item)
{
    std::lock_guard lock(m_mutex);
    ++m_done;
    draw("[" + std::to_string(m_done) + "/" + std::to_string(m_total) + "] " + item);
}

void ProgressLine::fraction(const std::string& item, double done)
{
    std::lock_guard lock(m_mutex);
    draw(item + " " + std::to_string(int(done * 100)) + "%");
}

void ProgressLine::status(const std::string& text)
{
    std::lock_guard lock(m_mutex);
    draw(text);
}

void ProgressLine::draw(const std::string& text)
{
    if (!m_enabled)
        return;
    std::string line = "collidoscope " + m_command + ": " + text;
    if (line.size() > 100)
        line = line.substr(0, 97) + "...";
    std::fprintf(stderr, "\r%-*s", int(std::max(m_width, line.size())), line.c_str());
    std::fflush(stderr);
    m_width = std::max(m_width, line.size());
}

} // namespace cs::app
