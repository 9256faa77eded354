// collidoscope validate FILE... [--json] [--target NAME|all] [--strict-target]: the glTF structure and
// physics findings of each file, and what each chosen engine target does with it. Exit status: 0 no errors, 1
// errors found, 2 a file could not be read (wins over 1). Target findings change it only with
// --strict-target: then a "won't load" or "ignored" finding counts as an error.
#include "CliSupport.h"
#include "Commands.h"
#include "geometry/Parallel.h"
#include "gltf/GltfDocument.h"
#include "physics/Validator.h"
#include "targets/TargetCheck.h"

#include <QCommandLineParser>
#include <algorithm>
#include <filesystem>
#include <functional>

namespace cs::app {

namespace {

using TargetList = std::vector<const targets::Target*>;

struct FileResult
{
    bool readable = false;
    Diagnostics diagnostics;
    std::vector<std::vector<targets::Finding>> targetFindings; ///< one list per chosen target
};

/// Checks one file; `stage` (when given) hears what it is doing, for the progress line of a single file.
FileResult validateFile(const std::string& file, const TargetList& chosen,
                        const std::function<void(const char*)>& stage = {})
{
    FileResult r;
    if (stage)
        stage("reading");
    auto loaded = loadGltfInput(file);
    r.diagnostics = loaded.diagnostics;
    r.readable = bool(loaded);
    if (loaded) {
        if (stage)
            stage("checking the physics");
        const Diagnostics physics = physics::validatePhysics(*loaded);
        r.diagnostics.insert(r.diagnostics.end(), physics.begin(), physics.end());
        const auto occurrences = targets::scanFeatures(*loaded);
        for (const targets::Target* t : chosen)
            r.targetFindings.push_back(targets::checkTarget(occurrences, *t));
    }
    return r;
}

/// True when a finding makes --strict-target fail: the engine will not load or will drop something.
bool strictFailure(const std::vector<targets::Finding>& findings)
{
    return std::any_of(findings.begin(), findings.end(), [](const targets::Finding& f) {
        return f.verdict == targets::Verdict::Fails || f.verdict == targets::Verdict::Ignored;
    });
}

gltf::Json targetsJson(const std::string& file, const FileResult& r, const TargetList& chosen)
{
    gltf::Json out = gltf::Json::object();
    for (size_t t = 0; t < r.targetFindings.size(); ++t) {
        gltf::Json findings = gltf::Json::array();
        for (const auto& f : r.targetFindings[t])
            findings.push_back(targets::findingJson(f));
        out[chosen[t]->name] = {
            {"summary", targets::summaryText(r.targetFindings[t])},
            {"verdict", targets::verdictName(targets::overallVerdict(r.targetFindings[t]))},
            {"findings", findings}};
        const std::string fix = targets::fixCommand(r.targetFindings[t], file, *chosen[t]);
        if (!fix.empty())
            out[chosen[t]->name]["fix"] = fix;
    }
    return out;
}

/// "FILE: target NAME: fix: collidoscope upgrade ..." when the target will not load the file.
void printFix(const std::string& file, const std::vector<targets::Finding>& findings,
              const targets::Target& target)
{
    const std::string fix = targets::fixCommand(findings, file, target);
    if (!fix.empty())
        std::printf("%s: target %s: fix: %s\n", file.c_str(), target.name.c_str(), fix.c_str());
}

/// One line per finding of a single target; with several targets, the matrix file x target.
void printTargets(const std::string& file, const FileResult& r, const TargetList& chosen)
{
    if (chosen.size() == 1 && !r.targetFindings.empty()) {
        for (const auto& f : r.targetFindings[0])
            std::printf("%s: target %s: %s\n", file.c_str(), chosen[0]->name.c_str(),
                        targets::formatFinding(f).c_str());
        std::printf("%s: target %s: %s\n", file.c_str(), chosen[0]->name.c_str(),
                    targets::summaryText(r.targetFindings[0]).c_str());
        printFix(file, r.targetFindings[0], *chosen[0]);
        return;
    }
    std::printf("%s", file.c_str());
    for (size_t t = 0; t < r.targetFindings.size(); ++t)
        std::printf(" | %s: %s", chosen[t]->name.c_str(), targets::summaryText(r.targetFindings[t]).c_str());
    std::printf("\n");
    for (size_t t = 0; t < r.targetFindings.size(); ++t)
        printFix(file, r.targetFindings[t], *chosen[t]);
}

gltf::Json fileJson(const std::string& file, const FileResult& r, const TargetList& chosen)
{
    gltf::Json result = {{"file", file},
                         {"readable", r.readable},
                         {"errors", countSeverity(r.diagnostics, Severity::Error)},
                         {"warnings", countSeverity(r.diagnostics, Severity::Warning)},
                         {"infos", countSeverity(r.diagnostics, Severity::Info)},
                         {"diagnostics", diagnosticsJson(r.diagnostics)}};
    if (!chosen.empty())
        result["targets"] = targetsJson(file, r, chosen);
    return result;
}

void printFile(const std::string& file, const FileResult& r, const TargetList& chosen)
{
    printDiagnostics(stdout, file, r.diagnostics);
    std::printf("%s: %s, %zu error(s), %zu warning(s), %zu info\n", file.c_str(),
                !r.readable                ? "cannot be read"
                : hasErrors(r.diagnostics) ? "invalid"
                                           : "valid",
                countSeverity(r.diagnostics, Severity::Error),
                countSeverity(r.diagnostics, Severity::Warning),
                countSeverity(r.diagnostics, Severity::Info));
    if (!chosen.empty())
        printTargets(file, r, chosen);
}

/// The targets --target names: one, or every target for "all"; empty with `error` set for an unknown name.
TargetList chooseTargets(const QString& value, std::string& error)
{
    TargetList chosen;
    if (value == QStringLiteral("all")) {
        for (const auto& t : targets::allTargets())
            chosen.push_back(&t);
    } else if (const targets::Target* t = targets::findTarget(value.toStdString())) {
        chosen.push_back(t);
    } else {
        error = "unknown target '" + value.toStdString() + "' (known: all";
        for (const auto& known : targets::allTargets())
            error += ", " + known.name;
        error += ")";
    }
    return chosen;
}

/// Prints each file's findings (or one JSON array of them) in the order of `files`; the exit code.
int printResults(const QStringList& files, const std::vector<FileResult>& checked, const TargetList& chosen,
                 bool json, bool strictTarget)
{
    bool unreadable = false;
    bool errors = false;
    gltf::Json results = gltf::Json::array();
    for (size_t i = 0; i < checked.size(); ++i) {
        const std::string file = files[qsizetype(i)].toStdString();
        unreadable = unreadable || !checked[i].readable;
        errors = errors || hasErrors(checked[i].diagnostics);
        if (strictTarget) {
            for (const auto& findings : checked[i].targetFindings)
                errors = errors || strictFailure(findings);
        }
        if (json)
            results.push_back(fileJson(file, checked[i], chosen));
        else
            printFile(file, checked[i], chosen);
    }
    if (json)
        std::printf("%s\n", results.dump(2).c_str());
    if (unreadable)
        return ExitUnusable;
    return errors ? ExitFindings : ExitOk;
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
    const QCommandLineOption target(
        QStringLiteral("target"),
        QStringLiteral("Also report what an engine does with each file: a target name (see 'collidoscope "
                       "targets') or all (a file x target matrix)."),
        QStringLiteral("NAME"));
    const QCommandLineOption strictTarget(
        QStringLiteral("strict-target"),
        QStringLiteral("Exit 1 when a target will not load a file or ignores part of it."));
    const BatchCliOptions batch;
    parser.addOption(json);
    parser.addOption(target);
    parser.addOption(strictTarget);
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

    TargetList chosen;
    if (parser.isSet(target)) {
        chosen = chooseTargets(parser.value(target), error);
        if (chosen.empty())
            return failUsage("validate", error);
    }

    // Files are checked on every core; the results are printed afterwards in argument order (sorted order
    // with --shard, which takes its part of the sorted list).
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
        // One file: the line says what is being done to it.
        std::function<void(const char*)> stage;
        if (checked.size() == 1)
            stage = [&progress, name = std::filesystem::path(files[0].toStdString()).filename().string()](
                        const char* what) { progress.status(name + ": " + what); };
        geometry::parallelFor(checked.size(), 0, [&](size_t i) {
            checked[i] = validateFile(files[qsizetype(i)].toStdString(), chosen, stage);
            progress.step(files[qsizetype(i)].toStdString());
        });
    }

    return printResults(files, checked, chosen, parser.isSet(json), parser.isSet(strictTarget));
}

} // namespace cs::app
