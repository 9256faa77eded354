#pragma once

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"
#include "import/AssetImporter.h"
#include "physics/InspectReport.h"

#include <QCommandLineParser>
#include <QStringList>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace cs::app {

/// Shared behaviour of the subcommands: argument errors exit with ExitUnusable (QCommandLineParser::process
/// would exit with 1, which means "findings" here), --help prints to stdout and exits with ExitOk.
/// Returns the exit code to stop with, or nullopt to go on.
std::optional<int> parseArguments(QCommandLineParser& parser, const QStringList& args, const char* command);

/// "collidoscope COMMAND: message" on stderr; returns ExitUnusable so that callers can `return usage(...)`.
int failUsage(const char* command, const std::string& message);

/// The options --unit-scale M and --up-axis y|z, shared by the commands that import.
struct ImportCliOptions
{
    QCommandLineOption unitScale{
        QStringLiteral("unit-scale"),
        QStringLiteral("Metres per source unit, replacing the file's (e.g. 0.001 for mm)."),
        QStringLiteral("M")};
    QCommandLineOption upAxis{QStringLiteral("up-axis"),
                              QStringLiteral("The source's up axis, replacing the file's: y or z."),
                              QStringLiteral("AXIS")};
    void addTo(QCommandLineParser& parser) const;
    /// The import options, or an error message for a bad value.
    std::optional<import::ImportOptions> read(const QCommandLineParser& parser, std::string& error) const;
};

using physics::diagnosticsJson;
size_t countSeverity(const Diagnostics& diagnostics, Severity s);
/// One "FILE: severity CODE at POINTER: message" line per diagnostic.
void printDiagnostics(std::FILE* out, const std::string& file, const Diagnostics& diagnostics);

/// gltf::loadGltf for the commands that read glTF only; a file that does not parse and whose extension is one
/// Assimp reads (.ply, .fbx, ...) gets one NOT_GLTF error saying so and naming `convert`, in place of the
/// JSON parser's message about its first byte.
Result<gltf::GltfDocument> loadGltfInput(const std::string& file);

using import::lowerExtension;

/// True when both name the same existing file, or the same path once made absolute and normal.
bool sameFile(const std::filesystem::path& a, const std::filesystem::path& b);

/// Input files and where their results go. A folder input is walked recursively for every file glTF or
/// Assimp can read; its outputs mirror the tree under the output folder with the extension replaced.
struct Job
{
    std::filesystem::path input;
    std::filesystem::path output;
};
/// Fills `jobs`; returns an error message for an unusable combination (folder in, file out; no files).
std::optional<std::string> planJobs(const std::filesystem::path& input, const std::filesystem::path& output,
                                    const std::string& folderExtension, std::vector<Job>& jobs);

/// One part of a batch split over several machines: part index + 1 of count ("--shard K/N" is index K - 1).
struct Shard
{
    size_t index = 0;
    size_t count = 1;
};
/// "K/N" with whole numbers 1 <= K <= N (at most 1,000,000); nullopt for anything else.
std::optional<Shard> parseShard(const std::string& text);
/// The items [begin, end) of a sorted list of `total` that `shard` takes: N contiguous runs whose sizes
/// differ by at most one (the larger ones first), so that parts 1..N in order are the whole list in order,
/// each item in exactly one part.
std::pair<size_t, size_t> shardRange(size_t total, Shard shard);

/// --shard K/N and --list-inputs, shared by the batch commands (add-colliders, convert, validate, upgrade).
struct BatchCliOptions
{
    QCommandLineOption shard{
        QStringLiteral("shard"),
        QStringLiteral(
            "Process only part K of N of the sorted inputs (1 <= K <= N): N machines that each run "
            "one part cover every input exactly once."),
        QStringLiteral("K/N")};
    QCommandLineOption listInputs{
        QStringLiteral("list-inputs"),
        QStringLiteral("Print the sorted inputs (with --shard: that part's) one a line, and exit.")};
    void addTo(QCommandLineParser& parser) const;
    /// The shard asked for (1/1 when none), or an error message for a bad --shard value.
    std::optional<Shard> read(const QCommandLineParser& parser, std::string& error) const;
    /// Whether the inputs are to be sorted and split: --shard or --list-inputs was given.
    bool batch(const QCommandLineParser& parser) const
    {
        return parser.isSet(shard) || parser.isSet(listInputs);
    }
    /// Keeps the shard's part of `jobs` (sorted by input). With --list-inputs prints the inputs kept and
    /// returns ExitOk to stop with; nullopt to go on.
    std::optional<int> apply(const QCommandLineParser& parser, Shard part, const char* command,
                             std::vector<Job>& jobs) const;
};

/// "[3/40] name" on stderr, rewritten in place, only when stderr is a terminal (never in logs or pipes).
class ProgressLine
{
public:
    ProgressLine(const char* command, size_t total);
    ~ProgressLine();
    /// One more item done (thread-safe).
    void step(const std::string& item);
    /// A fraction of a single long item (thread-safe), e.g. an import's progress.
    void fraction(const std::string& item, double done);
    /// What a single long item is doing now (thread-safe), e.g. "big.glb: reading".
    void status(const std::string& text);

private:
    void draw(const std::string& text);
    bool m_enabled = false;
    std::string m_command;
    size_t m_total = 0;
    size_t m_done = 0;
    size_t m_width = 0;
    std::mutex m_mutex;
};

} // namespace cs::app
