// collidoscope upgrade IN -o OUT [--to omi|khr|godot-names | --target NAME [--max-seconds S]] [--allow-loss]
// [--shard K/N] [--list-inputs]: read any OMI variant, KHR or MSFT_rigid_bodies, write the newest OMI form or
// KHR, the variant an engine target reads best, or (godot-names) the colliders as Godot's node-name suffixes
// without a physics extension. The output format (.gltf or .glb) follows OUT's extension. What the target
// cannot express is listed, and nothing is written unless --allow-loss. IN may be a folder: every .gltf and
// .glb below it is written to the same place below OUT (a folder), in the same format.
#include "CliSupport.h"
#include "Commands.h"
#include "gltf/GltfDocument.h"
#include "import/NamedColliderWriter.h"
#include "physics/OmiReader.h"
#include "physics/PhysicsWriter.h"
#include "scene/ComputedCenterOfMass.h"
#include "targets/Target.h"
#include "targets/TargetExport.h"

#include <QCommandLineParser>
#include <algorithm>
#include <cmath>
#include <filesystem>

namespace cs::app {

namespace {

/// Saves the upgraded document; the writer's findings go to stderr. ExitOk, or ExitUnusable when it failed.
int saveUpgraded(const gltf::GltfDocument& doc, const std::string& out)
{
    const Diagnostics saved = gltf::saveGltf(doc, out);
    printDiagnostics(stderr, out, saved);
    return hasErrors(saved) ? ExitUnusable : ExitOk;
}

/// Lists the losses and refuses (ExitFindings) unless they are allowed; nullopt to go on.
std::optional<int> refuseLosses(const std::string& in, const Diagnostics& losses, bool allowLoss,
                                const std::string& heldBy)
{
    printDiagnostics(stderr, in, losses);
    if (losses.empty() || allowLoss)
        return std::nullopt;
    std::fprintf(stderr,
                 "collidoscope upgrade: %zu item(s) cannot be %s; nothing was written (use "
                 "--allow-loss to write without them)\n",
                 losses.size(), heldBy.c_str());
    return ExitFindings;
}

/// upgrade --to: the model written in `family`.
int upgradeToFamily(const std::string& in, const std::string& out, gltf::GltfDocument doc,
                    physics::Family family, bool allowLoss)
{
    auto model = physics::readPhysics(doc);
    // KHR computes an absent centre of mass, OMI reads it as the node origin: the computed one is written.
    const Diagnostics centres =
        family == physics::Family::Omi ? scene::writeComputedCentersOfMass(*model, doc) : Diagnostics{};
    // Written once: the losses are those of this write, and nothing is saved when they are refused.
    const physics::Conversion converted = physics::convertPhysics(*model, doc, family);
    if (auto stop = refuseLosses(in, converted.losses, allowLoss,
                                 std::string("written as ") + physics::familyName(family)))
        return *stop;
    Diagnostics changes = model.diagnostics;
    changes.insert(changes.end(), centres.begin(), centres.end());
    changes.insert(changes.end(), converted.written.begin(), converted.written.end());
    printDiagnostics(stdout, in, changes);
    if (const int saved = saveUpgraded(doc, out); saved != ExitOk)
        return saved;
    std::printf("wrote %s (%s)\n", out.c_str(),
                family == physics::Family::Khr ? "KHR_physics_rigid_bodies" : "OMI, newest form");
    return ExitOk;
}

/// upgrade --target: every change first, one line each; then what the target still cannot load or ignores
/// (with the family conversion's losses). Nothing is written when something is lost, unless allowLoss.
int upgradeForTarget(const std::string& in, const std::string& out, gltf::GltfDocument doc,
                     const targets::Target& target, bool allowLoss, double maxSeconds)
{
    // The decompositions of dynamic trimeshes can take long: their progress on the line, within the budget.
    ProgressLine line("upgrade", 1);
    targets::ExportWork work;
    work.maxSeconds = maxSeconds;
    const std::string name = std::filesystem::path(in).filename().string();
    work.progress = [&line, &name](double f) { line.fraction(name + ": decomposing", f); };
    const targets::TargetExportResult exported = targets::exportForTarget(std::move(doc), target, work);
    printDiagnostics(stdout, in, exported.changes);
    if (exported.unusable)
        return ExitUnusable;
    if (auto stop = refuseLosses(in, exported.losses, allowLoss, "held by " + target.name))
        return *stop;
    if (const int saved = saveUpgraded(exported.document, out); saved != ExitOk)
        return saved;
    std::printf("wrote %s (for %s, %s)\n", out.c_str(), target.name.c_str(),
                physics::familyName(exported.family));
    return ExitOk;
}

/// upgrade --to godot-names: the colliders written as Godot's node-name suffixes, the physics extensions
/// removed; what the names cannot say is listed and refused as a family's losses are.
int upgradeToGodotNames(const std::string& in, const std::string& out, gltf::GltfDocument doc, bool allowLoss)
{
    import::GodotNamesResult named = import::writeGodotNames(std::move(doc));
    if (named.unusable) {
        printDiagnostics(stderr, in, named.losses);
        return ExitUnusable;
    }
    if (auto stop = refuseLosses(in, named.losses, allowLoss, "said by Godot's node names"))
        return *stop;
    printDiagnostics(stdout, in, named.written);
    if (const int saved = saveUpgraded(named.document, out); saved != ExitOk)
        return saved;
    std::printf("wrote %s (Godot's node-name suffixes, %zu name(s))\n", out.c_str(), named.written.size());
    return ExitOk;
}

/// The family of --to and --khr (OMI when neither is given); an error message for a contradiction.
std::optional<std::string> chosenFamily(const std::optional<QString>& to, bool khr, physics::Family& family)
{
    family = khr ? physics::Family::Khr : physics::Family::Omi;
    if (!to)
        return std::nullopt;
    const QString value = to->toLower();
    if (value == QStringLiteral("khr"))
        family = physics::Family::Khr;
    else if (value != QStringLiteral("omi"))
        return "--to takes omi, khr or godot-names";
    if (khr && family != physics::Family::Khr)
        return "--khr and --to omi contradict each other";
    return std::nullopt;
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

/// What `--target` asks for: the target and the time its decompositions may take.
struct TargetChoice
{
    const targets::Target* target = nullptr;
    double maxSeconds = 0;
};

/// One file (a job) upgraded to the family, or for the target when there is one.
int upgradeJob(const Job& job, const TargetChoice& chosen, std::optional<physics::Family> family,
               bool allowLoss)
{
    const std::string in = job.input.string();
    const std::string out = job.output.string();
    auto loaded = loadGltfInput(in);
    printDiagnostics(stderr, in, loaded.diagnostics);
    if (!loaded)
        return ExitUnusable;
    std::error_code ec;
    if (job.output.has_parent_path())
        std::filesystem::create_directories(job.output.parent_path(), ec);
    if (chosen.target)
        return upgradeForTarget(in, out, std::move(*loaded), *chosen.target, allowLoss, chosen.maxSeconds);
    if (!family)
        return upgradeToGodotNames(in, out, std::move(*loaded), allowLoss);
    return upgradeToFamily(in, out, std::move(*loaded), *family, allowLoss);
}

/// --target NAME [--max-seconds S] read from the parser; an error message for a wrong value.
std::optional<std::string> readTarget(const QCommandLineParser& parser, const QCommandLineOption& target,
                                      const QCommandLineOption& maxSeconds, TargetChoice& chosen)
{
    if (parser.isSet(maxSeconds)) {
        bool ok = false;
        chosen.maxSeconds = parser.value(maxSeconds).toDouble(&ok);
        if (!ok || !(chosen.maxSeconds >= 0) || !std::isfinite(chosen.maxSeconds))
            return "--max-seconds takes a number of seconds, 0 or more (0: no limit), not '" +
                   parser.value(maxSeconds).toStdString() + "'";
        if (!parser.isSet(target))
            return "--max-seconds bounds the decompositions of --target; give --target NAME too";
    }
    if (!parser.isSet(target))
        return std::nullopt;
    chosen.target = targets::findTarget(parser.value(target).toStdString());
    if (!chosen.target)
        return "unknown target '" + parser.value(target).toStdString() + "' (see 'collidoscope targets')";
    return std::nullopt;
}

} // namespace

int runUpgrade(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Rewrite the physics data of a glTF file in the newest OMI form, as KHR, or as "
                       "Godot's node-name suffixes. IN may be a "
                       "folder: every .gltf and .glb below it is written to the same place below OUT."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("IN"),
                                 QStringLiteral("The .gltf or .glb file (or a folder of them) to read."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("The file to write (.gltf or .glb), or a folder."),
                                    QStringLiteral("OUT"));
    const QCommandLineOption to(
        QStringLiteral("to"),
        QStringLiteral(
            "The family to write: omi (OMI_physics_*, newest form; the default), khr "
            "(KHR_physics_rigid_bodies + KHR_implicit_shapes), or godot-names (no physics extension: the "
            "colliders as Godot's node-name suffixes, -col, -convcol, -rigid, ...-colonly)."),
        QStringLiteral("FAMILY"));
    const QCommandLineOption khr(QStringLiteral("khr"), QStringLiteral("The same as --to khr."));
    const QCommandLineOption allowLoss(
        QStringLiteral("allow-loss"),
        QStringLiteral(
            "Write even when the target family cannot express everything (the losses are listed)."));
    const QCommandLineOption target(
        QStringLiteral("target"),
        QStringLiteral("Write the variant an engine reads best (see 'collidoscope targets'): its family and "
                       "form, with every change listed."),
        QStringLiteral("NAME"));
    const QCommandLineOption maxSeconds(
        QStringLiteral("max-seconds"),
        QStringLiteral("With --target: the most seconds the convex decompositions of dynamic triangle-mesh "
                       "colliders may take together (default 0: no limit). Once spent, the parts found so "
                       "far are written and each such change says so."),
        QStringLiteral("S"));
    const BatchCliOptions batch;
    for (const auto* o : {&output, &to, &khr, &allowLoss, &target, &maxSeconds})
        parser.addOption(*o);
    batch.addTo(parser);
    if (auto stop = parseArguments(parser, args, "upgrade"))
        return *stop;
    if (parser.positionalArguments().size() != 1 ||
        (!parser.isSet(output) && !parser.isSet(batch.listInputs)))
        return failUsage("upgrade", "expected IN -o OUT");
    TargetChoice chosen;
    if (auto error = readTarget(parser, target, maxSeconds, chosen))
        return failUsage("upgrade", *error);
    if (chosen.target && (parser.isSet(to) || parser.isSet(khr)))
        return failUsage("upgrade", "--target chooses the family itself; leave out --to and --khr");
    physics::Family family = physics::Family::Omi;
    const bool names = parser.isSet(to) && parser.value(to).toLower() == QStringLiteral("godot-names");
    if (names && parser.isSet(khr))
        return failUsage("upgrade", "--khr and --to godot-names contradict each other");
    if (auto error = names ? std::nullopt
                           : chosenFamily(parser.isSet(to) ? std::optional(parser.value(to)) : std::nullopt,
                                          parser.isSet(khr), family))
        return failUsage("upgrade", *error);
    std::string error;
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
        exit = std::max(exit, upgradeJob(job, chosen, names ? std::nullopt : std::optional(family),
                                         parser.isSet(allowLoss)));
    return exit;
}

} // namespace cs::app
