// collidoscope add-colliders IN -o OUT: a fitted collider on every mesh node (or the ones matching --nodes).
// IN may be a folder: every asset below it is processed into OUT (a folder) on all cores.
// Exit status: 0 done, 1 a mesh could not be fitted or nothing matched, 2 unusable input or arguments.
#include "CliSupport.h"
#include "ColliderRun.h"
#include "Commands.h"
#include "FromNamesOption.h"
#include "PartsReport.h"
#include "geometry/HullCap.h"
#include "geometry/Parallel.h"

#include <QCommandLineParser>
#include <cmath>

namespace cs::app {

namespace {

/// The options of add-colliders beyond the shared ones (import, batch, --max-points, --body).
struct AddCollidersCli
{
    QCommandLineOption output{{QStringLiteral("o"), QStringLiteral("output")},
                              QStringLiteral("The file to write (.gltf or .glb), or a folder."),
                              QStringLiteral("OUT")};
    QCommandLineOption strategy{
        QStringLiteral("strategy"),
        QStringLiteral("box, obb, sphere, capsule, hull, trimesh, simplified, decompose or auto (default)."),
        QStringLiteral("STRATEGY"), QStringLiteral("auto")};
    QCommandLineOption maxPoints{
        QStringLiteral("max-points"),
        QStringLiteral("Most vertices of a hull (default %1; 64 per part for decompose).")
            .arg(geometry::kMaxHullPoints),
        QStringLiteral("N")};
    QCommandLineOption body{QStringLiteral("body"),
                            QStringLiteral("Motion of each new body: static (default), kinematic, dynamic."),
                            QStringLiteral("TYPE")};
    QCommandLineOption nodes{
        QStringLiteral("nodes"),
        QStringLiteral("Only mesh nodes whose name matches this wildcard (e.g. 'Rock*')."),
        QStringLiteral("PATTERN"), QStringLiteral("*")};
    QCommandLineOption tolerance{
        QStringLiteral("tolerance"),
        QStringLiteral("auto: the largest distance (metres) a primitive may leave between itself and the "
                       "mesh (see above)."),
        QStringLiteral("M")};
    QCommandLineOption maxError{
        QStringLiteral("max-error"),
        QStringLiteral("simplified: the largest deviation of the collision mesh from the mesh, in metres "
                       "(default 0.01)."),
        QStringLiteral("M")};
    QCommandLineOption maxParts{QStringLiteral("max-parts"),
                                QStringLiteral("decompose: the most parts per mesh (default 16)."),
                                QStringLiteral("N")};
    QCommandLineOption concavity{
        QStringLiteral("concavity"),
        QStringLiteral(
            "decompose: how far a part's hull may stray from the mesh, as a fraction of the mesh's "
            "bounding-box diagonal (default 0.03)."),
        QStringLiteral("C")};
    QCommandLineOption strict{
        QStringLiteral("strict"),
        QStringLiteral("hull and decompose: a flat mesh (no volume) is an error instead of getting the thin "
                       "box auto gives it.")};
    QCommandLineOption format{QStringLiteral("format"),
                              QStringLiteral("For a folder: write glb (default) or gltf files."),
                              QStringLiteral("glb|gltf"), QStringLiteral("glb")};
    QCommandLineOption inPlace{QStringLiteral("in-place"),
                               QStringLiteral("Allow OUT to be IN (or write IN itself when -o is absent).")};
    QCommandLineOption axis{
        QStringLiteral("axis"),
        QStringLiteral("capsule (and auto's capsule): the node axis it runs along: auto (default: the mesh's "
                       "long axis, of its principal axes the one it reaches furthest along), x, y or z."),
        QStringLiteral("AXIS"), QStringLiteral("auto")};
    QCommandLineOption json{QStringLiteral("json"), QStringLiteral("Print the report as JSON.")};
    QCommandLineOption primitives{
        QStringLiteral("primitives"),
        QStringLiteral(
            "decompose: each part becomes the box, oriented box, sphere, capsule or cylinder that "
            "encloses it most tightly where that stands off the part by at most --tolerance metres "
            "(default: --concavity times the mesh's diagonal), else stays a hull; neighbouring "
            "parts one primitive encloses are merged. auto with --tolerance: a dynamic body's mesh that no "
            "one "
            "convex collider fits gets such parts when they come within the tolerance.")};
    QCommandLineOption simplifyFirst = simplifyFirstOption();
    OutputCliOptions written;
    EncloseCli enclose;

    void addTo(QCommandLineParser& parser) const
    {
        for (const auto* o :
             {&output, &strategy, &maxPoints, &body, &nodes, &tolerance, &maxError, &maxParts, &concavity,
              &strict, &simplifyFirst, &axis, &format, &inPlace, &json, &primitives})
            parser.addOption(*o);
        written.addTo(parser);
        enclose.addTo(parser);
    }
};

/// The collider options the arguments ask for, or why they cannot be used.
std::optional<std::string> readColliderArguments(const QCommandLineParser& parser, const AddCollidersCli& cli,
                                                 import::ColliderOptions& options)
{
    const auto chosen = import::colliderStrategyFromName(parser.value(cli.strategy).toLower().toStdString());
    if (!chosen)
        return "--strategy must be box, obb, sphere, capsule, hull, trimesh, simplified, decompose or auto, "
               "not '" +
               parser.value(cli.strategy).toStdString() + "'";
    options.strategy = *chosen;
    options.nodePattern = parser.value(cli.nodes).toStdString();
    const auto axis = geometry::roundAxisFromName(parser.value(cli.axis).toLower().toStdString());
    if (!axis)
        return "--axis must be auto, x, y or z, not '" + parser.value(cli.axis).toStdString() + "'";
    options.roundAxis = *axis;
    options.strict = parser.isSet(cli.strict);
    if (auto problem = readColliderOptions(parser, cli.maxPoints, cli.body, options))
        return problem;
    const bool decompose = options.strategy == import::ColliderStrategy::Decompose;
    if (decompose && !parser.isSet(cli.maxPoints))
        options.maxPoints = 64;
    if (decompose && options.maxPoints > geometry::kMaxHullPoints)
        return "--max-points must be at most " + std::to_string(geometry::kMaxHullPoints) + " for decompose";
    bool ok = true;
    if (parser.isSet(cli.maxParts)) {
        options.maxParts = parser.value(cli.maxParts).toInt(&ok);
        if (!ok || options.maxParts < 1)
            return std::string("--max-parts must be a whole number of at least 1");
    }
    if (parser.isSet(cli.concavity)) {
        options.concavity = parser.value(cli.concavity).toDouble(&ok);
        if (!ok || !(options.concavity > 0) || !(options.concavity < 1))
            return std::string("--concavity must be a number above 0 and below 1");
    }
    if (parser.isSet(cli.tolerance)) {
        options.fitTolerance = parser.value(cli.tolerance).toDouble(&ok);
        if (!ok || !(*options.fitTolerance >= 0) || !std::isfinite(*options.fitTolerance))
            return std::string("--tolerance must be a distance in metres of at least 0");
    }
    if (auto problem = readPrimitiveParts(parser.isSet(cli.primitives), options))
        return problem;
    if (auto problem = readSimplifyFirst(parser, cli.simplifyFirst, options))
        return problem;
    if (auto problem = readEnclose(parser, cli.enclose, options))
        return problem;
    if (parser.isSet(cli.maxError)) {
        options.maxError = parser.value(cli.maxError).toDouble(&ok);
        if (!ok || !(options.maxError > 0) || !std::isfinite(options.maxError))
            return std::string("--max-error must be a distance in metres above 0");
    }
    return std::nullopt;
}

/// Why the planned outputs cannot be written (not glTF, or the input itself without --in-place).
std::optional<std::string> checkOutputs(const std::vector<Job>& jobs, bool inPlace)
{
    for (const Job& job : jobs) {
        const std::string ext = lowerExtension(job.output);
        if (ext != ".gltf" && ext != ".glb")
            return "the output '" + job.output.string() + "' must end in .gltf or .glb";
        if (sameFile(job.input, job.output) && !inPlace)
            return "the output '" + job.output.string() + "' is the input; give --in-place to overwrite it";
    }
    return std::nullopt;
}

/// "big.glb: 120/2000 meshes 6%" on the progress line, as the meshes of one file are fitted.
std::function<void(size_t, size_t)> meshProgress(ProgressLine& progress, const std::string& name)
{
    return [&progress, name](size_t done, size_t total) {
        progress.fraction(name + ": " + std::to_string(done) + "/" + std::to_string(total) + " meshes",
                          double(done) / double(total));
    };
}

/// Every job, the files on every core; a single file has its meshes fitted on every core, and the progress
/// line counts them.
std::vector<ColliderRun> runJobs(const std::vector<Job>& jobs, const import::ImportOptions& importOptions,
                                 import::ColliderOptions options, const OutputChoice& output)
{
    std::vector<ColliderRun> runs(jobs.size());
    ProgressLine progress("add-colliders", jobs.size());
    if (jobs.size() == 1)
        options.progress = meshProgress(progress, jobs[0].input.filename().string());
    geometry::parallelFor(jobs.size(), 0, [&](size_t i) {
        runs[i] = runColliders(jobs[i], importOptions, options, {}, output);
        progress.step(jobs[i].input.filename().string());
    });
    return runs;
}

} // namespace

int runAddColliders(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Add a collider to every mesh node of an asset (any format; the output is glTF, its physics in the "
        "file's own family unless --to or --target chooses), fitted in the node's space. auto picks the "
        "primitive that fits within --tolerance metres (nothing pokes out "
        "further, 95% of its surface stands off no further), else a capped hull; without --tolerance, the "
        "primitive whose volume is within 15% of the mesh's convex hull. simplified makes a trimesh over a "
        "simplified copy of the mesh, within --max-error metres. Every collider's fit is measured and "
        "printed. decompose splits a concave mesh into convex parts (a compound collider: one child node per "
        "part, each hull of at most --max-points, default 64). IN may be a folder: every asset below it goes "
        "to OUT (a folder)."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("IN"), QStringLiteral("The asset (or folder) to read."));
    const AddCollidersCli cli;
    const BatchCliOptions batch;
    const ImportAndNamesOptions importCli;
    cli.addTo(parser);
    batch.addTo(parser);
    importCli.addTo(parser);
    if (auto stop = parseArguments(parser, args, "add-colliders"))
        return *stop;
    if (parser.positionalArguments().size() != 1)
        return failUsage("add-colliders", "expected one IN (see --help)");
    const std::filesystem::path in = parser.positionalArguments().first().toStdString();
    const bool listing = parser.isSet(batch.listInputs);
    if (!parser.isSet(cli.output) && !parser.isSet(cli.inPlace) && !listing)
        return failUsage("add-colliders", "expected -o OUT (or --in-place)");
    const std::filesystem::path out =
        parser.isSet(cli.output) ? std::filesystem::path(parser.value(cli.output).toStdString()) : in;

    import::ColliderOptions options;
    if (auto problem = readColliderArguments(parser, cli, options))
        return failUsage("add-colliders", *problem);
    OutputChoice written;
    if (auto problem = cli.written.read(parser, written, options, parser.isSet(cli.maxPoints)))
        return failUsage("add-colliders", *problem);
    std::string error;
    const auto importOptions = importCli.read(parser, error);
    if (!importOptions)
        return failUsage("add-colliders", error);
    const auto part = batch.read(parser, error);
    if (!part)
        return failUsage("add-colliders", error);
    const QString folderFormat = parser.value(cli.format).toLower();
    if (folderFormat != QLatin1String("glb") && folderFormat != QLatin1String("gltf"))
        return failUsage("add-colliders", "--format must be glb or gltf");
    std::error_code ec;
    if (!std::filesystem::exists(in, ec))
        return failUsage("add-colliders", "cannot open '" + in.string() + "': no such file or folder");

    std::vector<Job> jobs;
    if (auto problem = planJobs(in, out, "." + folderFormat.toStdString(), jobs))
        return failUsage("add-colliders", *problem);
    if (auto stop = batch.apply(parser, *part, "add-colliders", jobs))
        return *stop;
    if (auto problem = checkOutputs(jobs, parser.isSet(cli.inPlace)))
        return failUsage("add-colliders", *problem);

    const std::vector<ColliderRun> runs = runJobs(jobs, *importOptions, options, written);
    int exit = ExitOk;
    gltf::Json report = gltf::Json::array();
    for (size_t i = 0; i < jobs.size(); ++i) {
        exit = std::max(exit, colliderRunExitCode(runs[i]));
        if (parser.isSet(cli.json))
            report.push_back(colliderRunJson(jobs[i], runs[i]));
        else
            printColliderRun(jobs[i], runs[i]);
    }
    // One file gives one report object; a folder or a part of a batch gives a list (possibly empty).
    const bool list = std::filesystem::is_directory(in, ec) || batch.batch(parser);
    if (parser.isSet(cli.json))
        std::printf("%s\n", (list ? report : report.at(0)).dump(2).c_str());
    return exit;
}

} // namespace cs::app
