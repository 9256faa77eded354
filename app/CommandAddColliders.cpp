// collidoscope add-colliders IN -o OUT: a fitted collider on every mesh node (or the ones matching --nodes).
// IN may be a folder: every asset below it is processed into OUT (a folder) on all cores.
// Exit status: 0 done, 1 a mesh could not be fitted or nothing matched, 2 unusable input or arguments.
#include "CliSupport.h"
#include "ColliderRun.h"
#include "Commands.h"

#include <QCommandLineParser>
#include <cmath>

namespace cs::app {

int runAddColliders(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Add an OMI collider to every mesh node of an asset (any format; the output is glTF), fitted in the "
        "node's space. auto picks the primitive that fits within --tolerance metres (nothing pokes out "
        "further, 95% of its surface stands off no further), else a capped hull; without --tolerance, the "
        "primitive whose volume is within 15% of the mesh's convex hull. simplified makes a trimesh over a "
        "simplified copy of the mesh, within --max-error metres. Every collider's fit is measured and "
        "printed. decompose splits a concave mesh into convex parts (a compound "
        "collider: one child node per "
        "part, each hull of at most --max-points, default 64). IN may be a folder: every asset below it goes "
        "to OUT (a "
        "folder)."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("IN"), QStringLiteral("The asset (or folder) to read."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("The file to write (.gltf or .glb), or a folder."),
                                    QStringLiteral("OUT"));
    const QCommandLineOption strategy(
        QStringLiteral("strategy"),
        QStringLiteral("box, obb, sphere, capsule, hull, trimesh, simplified, decompose or auto (default)."),
        QStringLiteral("STRATEGY"), QStringLiteral("auto"));
    const QCommandLineOption maxPoints(
        QStringLiteral("max-points"),
        QStringLiteral("Most vertices of a hull (default 255; 64 per part for decompose)."),
        QStringLiteral("N"));
    const QCommandLineOption body(
        QStringLiteral("body"),
        QStringLiteral("Motion of each new body: static (default), kinematic, dynamic."),
        QStringLiteral("TYPE"));
    const QCommandLineOption nodes(
        QStringLiteral("nodes"),
        QStringLiteral("Only mesh nodes whose name matches this wildcard (e.g. 'Rock*')."),
        QStringLiteral("PATTERN"), QStringLiteral("*"));
    const QCommandLineOption tolerance(
        QStringLiteral("tolerance"),
        QStringLiteral("auto: the largest distance (metres) a primitive may leave between itself and the "
                       "mesh (see above)."),
        QStringLiteral("M"));
    const QCommandLineOption maxError(
        QStringLiteral("max-error"),
        QStringLiteral("simplified: the largest deviation of the collision mesh from the mesh, in metres "
                       "(default 0.01)."),
        QStringLiteral("M"));
    const QCommandLineOption maxParts(QStringLiteral("max-parts"),
                                      QStringLiteral("decompose: the most parts per mesh (default 16)."),
                                      QStringLiteral("N"));
    const QCommandLineOption concavity(
        QStringLiteral("concavity"),
        QStringLiteral(
            "decompose: how far a part's hull may stray from the mesh, as a fraction of the mesh's "
            "bounding-box diagonal (default 0.03)."),
        QStringLiteral("C"));
    const QCommandLineOption format(QStringLiteral("format"),
                                    QStringLiteral("For a folder: write glb (default) or gltf files."),
                                    QStringLiteral("glb|gltf"), QStringLiteral("glb"));
    const QCommandLineOption inPlace(
        QStringLiteral("in-place"),
        QStringLiteral("Allow OUT to be IN (or write IN itself when -o is absent)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the report as JSON."));
    ImportCliOptions importCli;
    for (const auto* o : {&output, &strategy, &maxPoints, &body, &nodes, &tolerance, &maxError, &maxParts,
                          &concavity, &format, &inPlace, &json})
        parser.addOption(*o);
    importCli.addTo(parser);
    if (auto stop = parseArguments(parser, args, "add-colliders"))
        return *stop;
    if (parser.positionalArguments().size() != 1)
        return failUsage("add-colliders", "expected one IN (see --help)");
    const std::filesystem::path in = parser.positionalArguments().first().toStdString();
    if (!parser.isSet(output) && !parser.isSet(inPlace))
        return failUsage("add-colliders", "expected -o OUT (or --in-place)");
    const std::filesystem::path out =
        parser.isSet(output) ? std::filesystem::path(parser.value(output).toStdString()) : in;

    import::ColliderOptions options;
    const auto chosen = import::colliderStrategyFromName(parser.value(strategy).toLower().toStdString());
    if (!chosen)
        return failUsage(
            "add-colliders",
            "--strategy must be box, obb, sphere, capsule, hull, trimesh, simplified, decompose or "
            "auto, "
            "not '" +
                parser.value(strategy).toStdString() + "'");
    options.strategy = *chosen;
    options.nodePattern = parser.value(nodes).toStdString();
    if (auto problem = readColliderOptions(parser, maxPoints, body, options))
        return failUsage("add-colliders", *problem);
    if (options.strategy == import::ColliderStrategy::Decompose && !parser.isSet(maxPoints))
        options.maxPoints = 64;
    if (options.strategy == import::ColliderStrategy::Decompose && options.maxPoints > 255)
        return failUsage("add-colliders", "--max-points must be at most 255 for decompose");
    if (parser.isSet(maxParts)) {
        bool ok = false;
        options.maxParts = parser.value(maxParts).toInt(&ok);
        if (!ok || options.maxParts < 1)
            return failUsage("add-colliders", "--max-parts must be a whole number of at least 1");
    }
    if (parser.isSet(concavity)) {
        bool ok = false;
        options.concavity = parser.value(concavity).toDouble(&ok);
        if (!ok || !(options.concavity > 0) || !(options.concavity < 1))
            return failUsage("add-colliders", "--concavity must be a number above 0 and below 1");
    }
    if (parser.isSet(tolerance)) {
        bool ok = false;
        options.fitTolerance = parser.value(tolerance).toDouble(&ok);
        if (!ok || !(*options.fitTolerance >= 0) || !std::isfinite(*options.fitTolerance))
            return failUsage("add-colliders", "--tolerance must be a distance in metres of at least 0");
    }
    if (parser.isSet(maxError)) {
        bool ok = false;
        options.maxError = parser.value(maxError).toDouble(&ok);
        if (!ok || !(options.maxError > 0) || !std::isfinite(options.maxError))
            return failUsage("add-colliders", "--max-error must be a distance in metres above 0");
    }
    std::string error;
    const auto importOptions = importCli.read(parser, error);
    if (!importOptions)
        return failUsage("add-colliders", error);
    const QString folderFormat = parser.value(format).toLower();
    if (folderFormat != QLatin1String("glb") && folderFormat != QLatin1String("gltf"))
        return failUsage("add-colliders", "--format must be glb or gltf");
    std::error_code ec;
    if (!std::filesystem::exists(in, ec))
        return failUsage("add-colliders", "cannot open '" + in.string() + "': no such file or folder");

    std::vector<Job> jobs;
    if (auto problem = planJobs(in, out, "." + folderFormat.toStdString(), jobs))
        return failUsage("add-colliders", *problem);
    for (const Job& job : jobs) {
        std::string ext = job.output.extension().string();
        std::transform(ext.begin(), ext.end(), ext.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
        if (ext != ".gltf" && ext != ".glb")
            return failUsage("add-colliders",
                             "the output '" + job.output.string() + "' must end in .gltf or .glb");
        if (sameFile(job.input, job.output) && !parser.isSet(inPlace))
            return failUsage("add-colliders", "the output '" + job.output.string() +
                                                  "' is the input; give --in-place to overwrite it");
    }

    std::vector<ColliderRun> runs(jobs.size());
    {
        ProgressLine progress("add-colliders", jobs.size());
        parallelFor(jobs.size(), [&](size_t i) {
            runs[i] = runColliders(jobs[i], *importOptions, options);
            progress.step(jobs[i].input.filename().string());
        });
    }

    int exit = ExitOk;
    gltf::Json report = gltf::Json::array();
    for (size_t i = 0; i < jobs.size(); ++i) {
        exit = std::max(exit, colliderRunExitCode(runs[i]));
        if (parser.isSet(json))
            report.push_back(colliderRunJson(jobs[i], runs[i]));
        else
            printColliderRun(jobs[i], runs[i]);
    }
    if (parser.isSet(json))
        std::printf("%s\n", (std::filesystem::is_directory(in, ec) ? report : report[0]).dump(2).c_str());
    return exit;
}

} // namespace cs::app
