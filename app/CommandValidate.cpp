// collidoscope validate FILE... [--json]: the glTF structure and physics findings of each file.
// Exit status: 0 no errors, 1 errors found, 2 a file could not be read (wins over 1).
#include "CliSupport.h"
#include "Commands.h"
#include "gltf/GltfDocument.h"
#include "physics/Validator.h"

#include <QCommandLineParser>

namespace cs::app {

namespace {

struct FileResult
{
    bool readable = false;
    Diagnostics diagnostics;
};

FileResult validateFile(const std::string& file)
{
    FileResult r;
    auto loaded = gltf::loadGltf(file);
    r.diagnostics = loaded.diagnostics;
    r.readable = bool(loaded);
    if (loaded) {
        const Diagnostics physics = physics::validatePhysics(*loaded);
        r.diagnostics.insert(r.diagnostics.end(), physics.begin(), physics.end());
    }
    return r;
}

} // namespace

int runValidate(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Check glTF files and their physics data."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("One or more .gltf or .glb files."),
                                 QStringLiteral("FILE..."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the findings as JSON."));
    const BatchCliOptions batch;
    parser.addOption(json);
    batch.addTo(parser);
    if (auto stop = parseArguments(parser, args, "validate"))
        return *stop;
    if (parser.positionalArguments().isEmpty()) {
        std::fprintf(stderr, "collidoscope validate: expected at least one FILE\n");
        return ExitUnusable;
    }
    std::string error;
    const auto part = batch.read(parser, error);
    if (!part)
        return failUsage("validate", error);

    // Files are checked on every core; the results are printed afterwards in argument order (sorted order
    // with
    // --shard, which takes its part of the sorted list).
    QStringList files = parser.positionalArguments();
    if (batch.batch(parser)) {
        std::vector<Job> jobs;
        for (const QString& file : files)
            jobs.push_back({file.toStdString(), {}});
        if (auto stop = batch.apply(parser, *part, "validate", jobs))
            return *stop;
        files.clear();
        for (const Job& job : jobs)
            files << QString::fromStdString(job.input.string());
    }
    std::vector<FileResult> checked(size_t(files.size()));
    {
        ProgressLine progress("validate", checked.size());
        parallelFor(checked.size(), [&](size_t i) {
            checked[i] = validateFile(files[qsizetype(i)].toStdString());
            progress.step(files[qsizetype(i)].toStdString());
        });
    }

    bool unreadable = false;
    bool errors = false;
    gltf::Json results = gltf::Json::array();
    for (size_t i = 0; i < checked.size(); ++i) {
        const std::string file = files[qsizetype(i)].toStdString();
        const bool loaded = checked[i].readable;
        const Diagnostics& diagnostics = checked[i].diagnostics;
        unreadable = unreadable || !loaded;
        errors = errors || hasErrors(diagnostics);
        if (parser.isSet(json)) {
            results.push_back({{"file", file},
                               {"readable", loaded},
                               {"errors", countSeverity(diagnostics, Severity::Error)},
                               {"warnings", countSeverity(diagnostics, Severity::Warning)},
                               {"infos", countSeverity(diagnostics, Severity::Info)},
                               {"diagnostics", diagnosticsJson(diagnostics)}});
            continue;
        }
        for (const auto& d : diagnostics)
            std::printf("%s: %s\n", file.c_str(), formatDiagnostic(d).c_str());
        std::printf("%s: %s, %zu error(s), %zu warning(s), %zu info\n", file.c_str(),
                    !loaded                  ? "cannot be read"
                    : hasErrors(diagnostics) ? "invalid"
                                             : "valid",
                    countSeverity(diagnostics, Severity::Error),
                    countSeverity(diagnostics, Severity::Warning),
                    countSeverity(diagnostics, Severity::Info));
    }
    if (parser.isSet(json))
        std::printf("%s\n", results.dump(2).c_str());
    if (unreadable)
        return ExitUnusable;
    return errors ? ExitFindings : ExitOk;
}

} // namespace cs::app
