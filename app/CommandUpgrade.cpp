// collidoscope upgrade IN -o OUT [--to omi|khr] [--allow-loss]: read any OMI variant or KHR, write the newest
// OMI form or KHR. The output format (.gltf or .glb) follows OUT's extension. What the target cannot express
// is listed, and nothing is written unless --allow-loss.
#include "CliSupport.h"
#include "Commands.h"
#include "gltf/GltfDocument.h"
#include "physics/OmiReader.h"
#include "physics/PhysicsWriter.h"

#include <QCommandLineParser>

namespace cs::app {

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
    parser.addOption(allowLoss);
    if (auto stop = parseArguments(parser, args, "upgrade"))
        return *stop;
    if (parser.positionalArguments().size() != 1 || !parser.isSet(output))
        return failUsage("upgrade", "expected IN -o OUT");
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
