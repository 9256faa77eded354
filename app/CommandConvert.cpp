// collidoscope convert IN -o OUT: any readable asset (or a folder of them) to .gltf or .glb.
// Exit status: 0 written, 1 written but the input has errors, 2 unusable input or arguments.
#include "CliSupport.h"
#include "Commands.h"
#include "FromNamesOption.h"
#include "geometry/Parallel.h"
#include "gltf/GltfDocument.h"
#include "import/AssetImporter.h"

#include <QCommandLineParser>

namespace cs::app {

namespace {

struct ConvertResult
{
    bool read = false;
    bool written = false;
    Diagnostics diagnostics;
    gltf::Json counts = gltf::Json::object();
};

ConvertResult convertOne(const Job& job, const import::ImportOptions& options)
{
    ConvertResult r;
    auto loaded = import::openAnyAsset(job.input, options);
    r.diagnostics = loaded.diagnostics;
    if (!loaded)
        return r;
    r.read = true;
    for (const char* array : {"nodes", "meshes", "materials", "images"})
        r.counts[array] = loaded->count(array);
    std::error_code ec;
    if (job.output.has_parent_path())
        std::filesystem::create_directories(job.output.parent_path(), ec);
    const Diagnostics saved = gltf::saveGltf(*loaded, job.output);
    r.diagnostics.insert(r.diagnostics.end(), saved.begin(), saved.end());
    r.written = !hasErrors(saved);
    return r;
}

/// Prints what each conversion did (lines, or JSON: one object, or a list when `list`); the exit status.
int reportResults(const std::vector<Job>& jobs, const std::vector<ConvertResult>& results, bool json,
                  bool list)
{
    bool unusable = false, errors = false;
    gltf::Json report = gltf::Json::array();
    for (size_t i = 0; i < jobs.size(); ++i) {
        const ConvertResult& r = results[i];
        const std::string input = jobs[i].input.string(), written = jobs[i].output.string();
        unusable = unusable || !r.written;
        errors = errors || hasErrors(r.diagnostics);
        if (json) {
            report.push_back({{"input", input},
                              {"output", written},
                              {"written", r.written},
                              {"counts", r.counts},
                              {"diagnostics", diagnosticsJson(r.diagnostics)}});
            continue;
        }
        printDiagnostics(r.written ? stdout : stderr, input, r.diagnostics);
        if (r.written)
            std::printf("wrote %s (%zu nodes, %zu meshes, %zu materials)\n", written.c_str(),
                        r.counts.value("nodes", size_t(0)), r.counts.value("meshes", size_t(0)),
                        r.counts.value("materials", size_t(0)));
        else
            std::fprintf(stderr, "%s: not converted\n", input.c_str());
    }
    if (json)
        std::printf("%s\n", (list ? report : report.at(0)).dump(2).c_str());
    if (unusable)
        return ExitUnusable;
    return errors ? ExitFindings : ExitOk;
}

} // namespace

int runConvert(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Convert any asset Assimp reads (FBX, OBJ, DAE, STL, PLY, 3DS, BLEND, ...) or a glTF file to .gltf "
        "or "
        ".glb, in metres and Y up. A .glb embeds every resource. IN may be a folder: every asset below it is "
        "converted into OUT (a folder), on all cores. Colliders spelled by names (Godot's -col, -colonly, "
        "... "
        "suffixes, Unreal's UCX_, UBX_, ... prefixes) are written as real colliders unless --from-names "
        "off."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("IN"), QStringLiteral("The asset (or folder) to read."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("The file to write (.gltf or .glb), or a folder."),
                                    QStringLiteral("OUT"));
    const QCommandLineOption format(QStringLiteral("format"),
                                    QStringLiteral("For a folder: write glb (default) or gltf files."),
                                    QStringLiteral("glb|gltf"), QStringLiteral("glb"));
    const QCommandLineOption inPlace(QStringLiteral("in-place"),
                                     QStringLiteral("Allow OUT to be IN (a glTF input rewritten)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the report as JSON."));
    const ImportAndNamesOptions importCli;
    const BatchCliOptions batch;
    parser.addOption(output);
    parser.addOption(format);
    parser.addOption(inPlace);
    parser.addOption(json);
    importCli.addTo(parser);
    batch.addTo(parser);
    if (auto stop = parseArguments(parser, args, "convert"))
        return *stop;
    if (parser.positionalArguments().size() != 1)
        return failUsage("convert", "expected one IN (see --help)");
    const std::filesystem::path in = parser.positionalArguments().first().toStdString();
    if (!parser.isSet(output) && !parser.isSet(inPlace) && !parser.isSet(batch.listInputs))
        return failUsage("convert", "expected -o OUT");
    const std::filesystem::path out =
        parser.isSet(output) ? std::filesystem::path(parser.value(output).toStdString()) : in;
    std::string error;
    const auto options = importCli.read(parser, error);
    if (!options)
        return failUsage("convert", error);
    const auto part = batch.read(parser, error);
    if (!part)
        return failUsage("convert", error);
    const QString folderFormat = parser.value(format).toLower();
    if (folderFormat != QLatin1String("glb") && folderFormat != QLatin1String("gltf"))
        return failUsage("convert", "--format must be glb or gltf");
    std::error_code ec;
    if (!std::filesystem::exists(in, ec))
        return failUsage("convert", "cannot open '" + in.string() + "': no such file or folder");

    std::vector<Job> jobs;
    if (auto problem = planJobs(in, out, "." + folderFormat.toStdString(), jobs))
        return failUsage("convert", *problem);
    if (auto stop = batch.apply(parser, *part, "convert", jobs))
        return *stop;
    for (const Job& job : jobs) {
        const std::string ext = lowerExtension(job.output);
        if (ext != ".gltf" && ext != ".glb")
            return failUsage("convert", "the output '" + job.output.string() + "' must end in .gltf or .glb");
        if (sameFile(job.input, job.output) && !parser.isSet(inPlace))
            return failUsage("convert", "the output '" + job.output.string() +
                                            "' is the input; give --in-place to overwrite it");
    }

    std::vector<ConvertResult> results(jobs.size());
    {
        ProgressLine progress("convert", jobs.size());
        geometry::parallelFor(jobs.size(), 0, [&](size_t i) {
            results[i] = convertOne(jobs[i], *options);
            progress.step(jobs[i].input.filename().string());
        });
    }

    // One file gives one report object; a folder or a part of a batch gives a list (possibly empty).
    const bool list = std::filesystem::is_directory(in, ec) || batch.batch(parser);
    return reportResults(jobs, results, parser.isSet(json), list);
}

} // namespace cs::app
