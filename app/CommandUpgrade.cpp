// collidoscope upgrade IN -o OUT [--to omi|khr | --target NAME] [--allow-loss]: read any OMI variant or KHR,
// write the newest OMI form or KHR, or the variant an engine target reads best. The output format (.gltf or
// .glb) follows OUT's extension. What the target cannot express is listed, and nothing is written unless
// --allow-loss.
#include "CliSupport.h"
#include "Commands.h"
#include "gltf/GltfDocument.h"
#include "physics/OmiReader.h"
#include "physics/PhysicsWriter.h"
#include "targets/Target.h"
#include "targets/TargetExport.h"

#include <QCommandLineParser>

namespace cs::app {

namespace {

/// upgrade --target: every change first, one line each; then what the target still cannot load or ignores
/// (with the family conversion's losses). Nothing is written when something is lost, unless allowLoss.
int upgradeForTarget(const std::string& in, const std::string& out, gltf::GltfDocument doc,
                     const targets::Target& target, bool allowLoss)
{
    auto model = physics::readPhysics(doc);
    const gltf::GltfDocument original = doc;
    Diagnostics changes = targets::adaptForTarget(*model, original, target);
    const physics::Family family = targets::exportFamily(target, *model);
    Diagnostics losses = physics::conversionLosses(*model, doc, family);
    const Diagnostics written = physics::writePhysics(*model, doc, family);
    changes.insert(changes.end(), written.begin(), written.end());
    const Diagnostics finished = targets::finishForTarget(doc, target);
    changes.insert(changes.end(), finished.begin(), finished.end());
    const Diagnostics remaining = targets::targetLosses(doc, target);
    losses.insert(losses.end(), remaining.begin(), remaining.end());
    for (const auto& d : changes)
        std::printf("%s: %s\n", in.c_str(), formatDiagnostic(d).c_str());
    for (const auto& d : losses)
        std::fprintf(stderr, "%s: %s\n", in.c_str(), formatDiagnostic(d).c_str());
    if (!losses.empty() && !allowLoss) {
        std::fprintf(stderr,
                     "collidoscope upgrade: %zu item(s) cannot be held by %s; nothing was written (use "
                     "--allow-loss to write without them)\n",
                     losses.size(), target.name.c_str());
        return ExitFindings;
    }
    const Diagnostics saved = gltf::saveGltf(doc, out);
    for (const auto& d : saved)
        std::fprintf(stderr, "%s: %s\n", out.c_str(), formatDiagnostic(d).c_str());
    if (hasErrors(saved))
        return ExitUnusable;
    std::printf("wrote %s (for %s, %s)\n", out.c_str(), target.name.c_str(), physics::familyName(family));
    return ExitOk;
}

} // namespace

int runUpgrade(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Rewrite the physics data of a glTF file in the newest OMI form or as KHR."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("IN"), QStringLiteral("The .gltf or .glb file to read."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("The file to write (.gltf or .glb)."),
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
    parser.addOption(output);
    parser.addOption(to);
    parser.addOption(khr);
    const QCommandLineOption target(
        QStringLiteral("target"),
        QStringLiteral("Write the variant an engine reads best (see 'collidoscope targets'): its family and "
                       "form, with every change listed."),
        QStringLiteral("NAME"));
    parser.addOption(allowLoss);
    parser.addOption(target);
    if (auto stop = parseArguments(parser, args, "upgrade"))
        return *stop;
    if (parser.positionalArguments().size() != 1 || !parser.isSet(output))
        return failUsage("upgrade", "expected IN -o OUT");
    const targets::Target* chosen = nullptr;
    if (parser.isSet(target)) {
        chosen = targets::findTarget(parser.value(target).toStdString());
        if (!chosen)
            return failUsage("upgrade", "unknown target '" + parser.value(target).toStdString() +
                                            "' (see 'collidoscope targets')");
        if (parser.isSet(to) || parser.isSet(khr))
            return failUsage("upgrade", "--target chooses the family itself; leave out --to and --khr");
    }
    physics::Family family = physics::Family::Omi;
    if (parser.isSet(to)) {
        const QString value = parser.value(to).toLower();
        if (value == QStringLiteral("khr"))
            family = physics::Family::Khr;
        else if (value != QStringLiteral("omi"))
            return failUsage("upgrade", "--to takes omi or khr");
        if (parser.isSet(khr) && family != physics::Family::Khr)
            return failUsage("upgrade", "--khr and --to omi contradict each other");
    }
    if (parser.isSet(khr))
        family = physics::Family::Khr;
    const std::string in = parser.positionalArguments().first().toStdString();
    const std::string out = parser.value(output).toStdString();

    auto loaded = gltf::loadGltf(in);
    for (const auto& d : loaded.diagnostics)
        std::fprintf(stderr, "%s: %s\n", in.c_str(), formatDiagnostic(d).c_str());
    if (!loaded)
        return ExitUnusable;
    gltf::GltfDocument doc = std::move(*loaded);
    if (chosen)
        return upgradeForTarget(in, out, std::move(doc), *chosen, parser.isSet(allowLoss));

    auto model = physics::readPhysics(doc);
    const Diagnostics losses = physics::conversionLosses(*model, doc, family);
    if (!losses.empty() && !parser.isSet(allowLoss)) {
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

    const Diagnostics saved = gltf::saveGltf(doc, out);
    for (const auto& d : saved)
        std::fprintf(stderr, "%s: %s\n", out.c_str(), formatDiagnostic(d).c_str());
    if (hasErrors(saved))
        return ExitUnusable;
    std::printf("wrote %s (%s)\n", out.c_str(),
                family == physics::Family::Khr ? "KHR_physics_rigid_bodies" : "OMI, newest form");
    return ExitOk;
}

} // namespace cs::app
