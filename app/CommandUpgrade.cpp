// collidoscope upgrade IN -o OUT [--khr]: read any OMI variant (or KHR), write the newest OMI form (or KHR).
// The output format (.gltf or .glb) follows OUT's extension.
#include "CliSupport.h"
#include "Commands.h"
#include "gltf/GltfDocument.h"
#include "physics/KhrCodec.h"
#include "physics/OmiReader.h"
#include "physics/OmiWriter.h"

#include <QCommandLineParser>

namespace cs::app {

int runUpgrade(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Rewrite the physics data of a glTF file in the newest OMI form (or KHR with --khr)."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("IN"), QStringLiteral("The .gltf or .glb file to read."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("The file to write (.gltf or .glb)."),
                                    QStringLiteral("OUT"));
    const QCommandLineOption khr(
        QStringLiteral("khr"),
        QStringLiteral("Write KHR_physics_rigid_bodies + KHR_implicit_shapes instead."));
    parser.addOption(output);
    parser.addOption(khr);
    if (auto stop = parseArguments(parser, args, "upgrade"))
        return *stop;
    if (parser.positionalArguments().size() != 1 || !parser.isSet(output)) {
        std::fprintf(stderr, "collidoscope upgrade: expected IN -o OUT\n");
        return ExitUnusable;
    }
    const std::string in = parser.positionalArguments().first().toStdString();
    const std::string out = parser.value(output).toStdString();

    auto loaded = gltf::loadGltf(in);
    for (const auto& d : loaded.diagnostics)
        std::fprintf(stderr, "%s: %s\n", in.c_str(), formatDiagnostic(d).c_str());
    if (!loaded)
        return ExitUnusable;
    gltf::GltfDocument doc = std::move(*loaded);

    auto model = physics::readPhysics(doc);
    Diagnostics changes = model.diagnostics;
    const Diagnostics written =
        parser.isSet(khr) ? physics::writeKhr(*model, doc) : physics::writeOmi(*model, doc);
    changes.insert(changes.end(), written.begin(), written.end());
    for (const auto& d : changes)
        std::printf("%s: %s\n", in.c_str(), formatDiagnostic(d).c_str());

    const Diagnostics saved = gltf::saveGltf(doc, out);
    for (const auto& d : saved)
        std::fprintf(stderr, "%s: %s\n", out.c_str(), formatDiagnostic(d).c_str());
    if (hasErrors(saved))
        return ExitUnusable;
    std::printf("wrote %s (%s)\n", out.c_str(),
                parser.isSet(khr) ? "KHR_physics_rigid_bodies" : "OMI, newest form");
    return ExitOk;
}

} // namespace cs::app
