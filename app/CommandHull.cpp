// collidoscope hull IN --node NAME -o OUT: one capped convex hull collider for one mesh node.
// Exit status: 0 done, 1 the mesh has no hull (flat, too few points), 2 unusable input or arguments.
#include "CliSupport.h"
#include "ColliderRun.h"
#include "Commands.h"
#include "geometry/HullCap.h"

#include <QCommandLineParser>

namespace cs::app {

namespace {

/// The node named `name`; a number names a node by index when no node has that name.
std::string selectNode(const gltf::GltfDocument& doc, const std::string& name,
                       import::ColliderOptions& options)
{
    std::vector<size_t> found = gltf::nodesNamed(doc, name);
    if (found.empty() && !name.empty() && name.find_first_not_of("0123456789") == std::string::npos &&
        std::stoull(name) < doc.count("nodes"))
        found.push_back(std::stoull(name));
    if (found.empty())
        return "no node is named '" + name + "'";
    if (found.size() > 1) {
        std::string list;
        for (size_t i : found)
            list += (list.empty() ? "" : ", ") + std::to_string(i);
        return std::to_string(found.size()) + " nodes are named '" + name + "' (" + list +
               "); give the node's index instead";
    }
    if (!gltf::nodeMesh(doc, found.front()))
        return "node '" + name + "' has no mesh";
    options.nodes = found;
    return {};
}

/// The options of hull beyond the import ones.
struct HullCli
{
    QCommandLineOption node{QStringLiteral("node"), QStringLiteral("The mesh node, by name or index."),
                            QStringLiteral("NAME")};
    QCommandLineOption output{{QStringLiteral("o"), QStringLiteral("output")},
                              QStringLiteral("The file to write (.gltf or .glb)."),
                              QStringLiteral("OUT")};
    QCommandLineOption maxPoints{
        QStringLiteral("max-points"),
        QStringLiteral("Most vertices of the hull (default %1).").arg(geometry::kMaxHullPoints),
        QStringLiteral("N")};
    QCommandLineOption body{QStringLiteral("body"),
                            QStringLiteral("Motion of the body: static (default), kinematic, dynamic."),
                            QStringLiteral("TYPE")};
    QCommandLineOption inPlace{QStringLiteral("in-place"),
                               QStringLiteral("Allow OUT to be IN (or write IN itself when -o is absent).")};
    QCommandLineOption json{QStringLiteral("json"), QStringLiteral("Print the report as JSON.")};
    QCommandLineOption simplifyFirst = simplifyFirstOption();
    OutputCliOptions written;
    EncloseCli enclose;

    void addTo(QCommandLineParser& parser) const
    {
        for (const auto* o : {&node, &output, &maxPoints, &body, &simplifyFirst, &inPlace, &json})
            parser.addOption(*o);
        written.addTo(parser);
        enclose.addTo(parser);
    }

    /// The hull's options and where it is written; why the arguments cannot be used.
    std::optional<std::string> read(const QCommandLineParser& parser, import::ColliderOptions& options,
                                    OutputChoice& output) const
    {
        options.strategy = import::ColliderStrategy::Hull;
        options.strict = true; // asked for a hull by name: a flat mesh is an error, not a box
        if (auto problem = readColliderOptions(parser, maxPoints, body, options))
            return problem;
        if (auto problem = readSimplifyFirst(parser, simplifyFirst, options))
            return problem;
        if (auto problem = readEnclose(parser, enclose, options))
            return problem;
        return written.read(parser, output, options, parser.isSet(maxPoints));
    }
};

} // namespace

int runHull(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Add a convex hull collider (at most --max-points "
                                                    "vertices, stored as a new mesh) to one mesh node."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("IN"), QStringLiteral("The asset to read (any format)."));
    const HullCli cli;
    ImportCliOptions importCli;
    cli.addTo(parser);
    importCli.addTo(parser);
    if (auto stop = parseArguments(parser, args, "hull"))
        return *stop;
    if (parser.positionalArguments().size() != 1 || !parser.isSet(cli.node))
        return failUsage("hull", "expected IN --node NAME -o OUT (see --help)");
    const std::filesystem::path in = parser.positionalArguments().first().toStdString();
    if (!parser.isSet(cli.output) && !parser.isSet(cli.inPlace))
        return failUsage("hull", "expected -o OUT (or --in-place)");
    const Job job{in, parser.isSet(cli.output) ? std::filesystem::path(parser.value(cli.output).toStdString())
                                               : in};

    import::ColliderOptions options;
    OutputChoice written;
    if (auto problem = cli.read(parser, options, written))
        return failUsage("hull", *problem);
    std::string error;
    const auto importOptions = importCli.read(parser, error);
    if (!importOptions)
        return failUsage("hull", error);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(in, ec))
        return failUsage("hull", "cannot open '" + in.string() + "': no such file");
    const std::string ext = lowerExtension(job.output);
    if (ext != ".gltf" && ext != ".glb")
        return failUsage("hull", "the output '" + job.output.string() + "' must end in .gltf or .glb");
    if (sameFile(job.input, job.output) && !parser.isSet(cli.inPlace))
        return failUsage("hull", "the output '" + job.output.string() +
                                     "' is the input; give --in-place to overwrite it");

    const std::string name = parser.value(cli.node).toStdString();
    ColliderRun run;
    {
        ProgressLine progress("hull", 1);
        run = runColliders(
            job, *importOptions, options,
            [&](const gltf::GltfDocument& doc, import::ColliderOptions& o) {
                return selectNode(doc, name, o);
            },
            written);
    }
    if (parser.isSet(cli.json))
        std::printf("%s\n", colliderRunJson(job, run).dump(2).c_str());
    else
        printColliderRun(job, run);
    return colliderRunExitCode(run);
}

} // namespace cs::app
