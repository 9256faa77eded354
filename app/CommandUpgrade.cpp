// collidoscope upgrade IN -o OUT [--to omi|khr] [--allow-loss]: read any OMI variant or KHR, write the newest
// OMI form or KHR. The output format (.gltf or .glb) follows OUT's extension. What the target cannot express
// is listed, and nothing is written unless --allow-loss. IN may be a folder: every .gltf and .glb below it is
// written to the same place below OUT (a folder), in the same format.
#include "CliSupport.h"
#include "Commands.h"
#include "gltf/GltfDocument.h"
#include "physics/OmiReader.h"
#include "physics/PhysicsWriter.h"

#include <QCommandLineParser>

namespace cs::app {

namespace {

/// Upgrades one file; prints what it did and returns its exit status.
int upgradeOne(const Job& job, physics::Family family, bool allowLoss)
{
    const std::string in = job.input.string();
    const std::string out = job.output.string();
    auto loaded = gltf::loadGltf(in);
    for (const auto& d : loaded.diagnostics)
        std::fprintf(stderr, "%s: %s\n", in.c_str(), formatDiagnostic(d).c_str());
    if (!loaded)
        return ExitUnusable;
    gltf::GltfDocument doc = std::move(*loaded);

    auto model = physics::readPhysics(doc);
    const Diagnostics losses = physics::conversionLosses(*model, doc, family);
    if (!losses.empty() && !allowLoss) {
        for (const auto& d : losses)
            std::fprintf(stderr, "%s: %s\n", in.c_str(), formatDiagnostic(d).c_str());
        std::fprintf(stderr,
                     "collidoscope upgrade: %zu item(s) cannot be written as %s; nothing was written (use "
                     "--allow-loss to write without them)\n",
                     losses.size(), physics::familyName(family));
        return ExitFindings;
    }
    Diagnostics changes = model.diagnostics;
    const Diagnostics written = physics::writePhysics(*model, doc, family);
    changes.insert(changes.end(), written.begin(), written.end());
    for (const auto& d : changes)
        std::printf("%s: %s\n", in.c_str(), formatDiagnostic(d).c_str());

    std::error_code ec;
    if (job.output.has_parent_path())
        std::filesystem::create_directories(job.output.parent_path(), ec);
    const Diagnostics saved = gltf::saveGltf(doc, out);
    for (const auto& d : saved)
        std::fprintf(stderr, "%s: %s\n", out.c_str(), formatDiagnostic(d).c_str());
    if (hasErrors(saved))
        return ExitUnusable;
    std::printf("wrote %s (%s)\n", out.c_str(),
                family == physics::Family::Khr ? "KHR_physics_rigid_bodies" : "OMI, newest form");
    return ExitOk;
}

/// The family --to and --khr ask for, or why they cannot be used.
std::optional<physics::Family> familyOf(const QCommandLineParser& parser, const QCommandLineOption& to,
                                        const QCommandLineOption& khr, std::string& error)
{
    physics::Family family = physics::Family::Omi;
    if (parser.isSet(to)) {
        const QString value = parser.value(to).toLower();
        if (value == QStringLiteral("khr"))
            family = physics::Family::Khr;
        else if (value != QStringLiteral("omi"))
            error = "--to takes omi or khr";
        else if (parser.isSet(khr))
            error = "--khr and --to omi contradict each other";
        if (!error.empty())
            return std::nullopt;
    }
    return parser.isSet(khr) ? physics::Family::Khr : family;
}

/// The files to upgrade: IN itself, or every .gltf and .glb below the folder IN, each written with its own
/// extension to the same place below OUT. An error message when there is nothing to do.
std::optional<std::string> upgradeJobs(const std::filesystem::path& in, const std::filesystem::path& out,
                                       std::vector<Job>& jobs)
{
    std::error_code ec;
    if (!std::filesystem::is_directory(in, ec)) {
        jobs.push_back({in, out});
        return std::nullopt;
    }
    if (std::filesystem::exists(out, ec) && !std::filesystem::is_directory(out, ec))
        return "'" + in.string() + "' is a folder, so the output must be a folder too, not '" + out.string() +
               "'";
    namespace fs = std::filesystem;
    for (auto it = fs::recursive_directory_iterator(in, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const std::string ext = lowerExtension(it->path());
        if (it->is_regular_file(ec) && (ext == ".gltf" || ext == ".glb"))
            jobs.push_back({it->path(), out / fs::relative(it->path(), in, ec)});
    }
    std::sort(jobs.begin(), jobs.end(), [](const Job& a, const Job& b) { return a.input < b.input; });
    if (jobs.empty())
        return "no .gltf or .glb files below '" + in.string() + "'";
    return std::nullopt;
}

} // namespace

int runUpgrade(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Rewrite the physics data of a glTF file in the newest OMI form or as KHR. IN may be a "
        "folder: every .gltf and .glb below it is written to the same place below OUT."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("IN"),
                                 QStringLiteral("The .gltf or .glb file (or a folder of them) to read."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("The file to write (.gltf or .glb), or a folder."),
                                    QStringLiteral("OUT"));
    const QCommandLineOption to(
        QStringLiteral("to"),
        QStringLiteral("The family to write: omi (OMI_physics_*, newest form; the default) or khr "
                       "(KHR_physics_rigid_bodies + KHR_implicit_shapes)."),
        QStringLiteral("FAMILY"));
    const QCommandLineOption khr(QStringLiteral("khr"), QStringLiteral("The same as --to khr."));
    const QCommandLineOption allowLoss(
        QStringLiteral("allow-loss"),
        QStringLiteral(
            "Write even when the target family cannot express everything (the losses are listed)."));
    const BatchCliOptions batch;
    for (const auto* o : {&output, &to, &khr, &allowLoss})
        parser.addOption(*o);
    batch.addTo(parser);
    if (auto stop = parseArguments(parser, args, "upgrade"))
        return *stop;
    const bool listing = parser.isSet(batch.listInputs);
    if (parser.positionalArguments().size() != 1 || (!parser.isSet(output) && !listing))
        return failUsage("upgrade", "expected IN -o OUT");
    std::string error;
    const auto family = familyOf(parser, to, khr, error);
    if (!family)
        return failUsage("upgrade", error);
    const auto part = batch.read(parser, error);
    if (!part)
        return failUsage("upgrade", error);
    const std::filesystem::path in = parser.positionalArguments().first().toStdString();
    const std::filesystem::path out =
        parser.isSet(output) ? std::filesystem::path(parser.value(output).toStdString()) : in;
    std::vector<Job> jobs;
    if (auto problem = upgradeJobs(in, out, jobs))
        return failUsage("upgrade", *problem);
    if (auto stop = batch.apply(parser, *part, "upgrade", jobs))
        return *stop;
    int exit = ExitOk;
    for (const Job& job : jobs)
        exit = std::max(exit, upgradeOne(job, *family, parser.isSet(allowLoss)));
    return exit;
}

} // namespace cs::app
