// collidoscope inspect FILE: what a glTF file contains. The physics scene is added by the physics layer.
#include "Commands.h"

#include "gltf/GltfDocument.h"

#include <QCommandLineParser>

namespace cs::app {

int runInspect(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Print what a glTF file contains."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("A .gltf or .glb file."));
    parser.process(args);
    if (parser.positionalArguments().size() != 1) {
        std::fprintf(stderr, "collidoscope inspect: expected one FILE\n");
        return ExitUnusable;
    }
    const std::string file = parser.positionalArguments().first().toStdString();
    auto loaded = gltf::loadGltf(file);
    for (const auto& d : loaded.diagnostics)
        std::fprintf(stderr, "%s: %s\n", file.c_str(), formatDiagnostic(d).c_str());
    if (!loaded)
        return ExitUnusable;
    const gltf::GltfDocument& doc = *loaded;
    std::printf("%s (%s)\n", file.c_str(), doc.sourceFormat() == gltf::FileFormat::Glb ? "glb" : "gltf");
    for (const char* array : {"scenes", "nodes", "meshes", "accessors", "bufferViews", "buffers", "materials",
                              "textures", "images"})
        std::printf("  %-12s %zu\n", array, doc.count(array));
    if (auto used = doc.json().find("extensionsUsed"); used != doc.json().end() && used->is_array()) {
        std::printf("  extensions  ");
        for (const auto& e : *used)
            std::printf(" %s", e.is_string() ? e.get<std::string>().c_str() : "?");
        std::printf("\n");
    }
    return hasErrors(loaded.diagnostics) ? ExitFindings : ExitOk;
}

} // namespace cs::app
