// collidoscope inspect FILE [--json]: what a glTF file contains and its resolved physics scene.
#include "CliSupport.h"
#include "Commands.h"
#include "DiagnosticText.h"
#include "gltf/GltfDocument.h"
#include "gltf/SceneGraph.h"
#include "physics/InspectReport.h"
#include "physics/OmiReader.h"
#include "physics/Validator.h"

#include <QCommandLineParser>

namespace cs::app {

int runInspect(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Print what a glTF file contains and its physics scene."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("A .gltf or .glb file."));
    const QCommandLineOption json(
        QStringLiteral("json"),
        QStringLiteral("Print the resolved physics scene as JSON (docs/inspect-json.md)."));
    parser.addOption(json);
    if (auto stop = parseArguments(parser, args, "inspect"))
        return *stop;
    if (parser.positionalArguments().size() != 1) {
        std::fprintf(stderr, "collidoscope inspect: expected one FILE\n");
        return ExitUnusable;
    }
    const std::string file = parser.positionalArguments().first().toStdString();
    auto loaded = loadGltfInput(file);
    if (!loaded || !parser.isSet(json))
        printDiagnostics(stderr, file, loaded.diagnostics);
    if (!loaded)
        return ExitUnusable;
    const gltf::GltfDocument& doc = *loaded;

    auto model = physics::readPhysics(doc);
    auto graph = gltf::SceneGraph::build(doc);
    Diagnostics diagnostics = loaded.diagnostics;
    const Diagnostics physicsFindings = physics::validatePhysics(doc);
    diagnostics.insert(diagnostics.end(), physicsFindings.begin(), physicsFindings.end());

    if (parser.isSet(json)) {
        if (!graph) {
            std::fprintf(stderr, "%s: the node hierarchy cannot be resolved\n", file.c_str());
            return ExitUnusable;
        }
        const gltf::Json scene = physics::inspectReport(doc, *model, *graph, diagnostics);
        gltf::Json counts = gltf::Json::object();
        for (const char* array : {"scenes", "nodes", "meshes", "materials"})
            counts[array] = doc.count(array);
        // format and version first, then what file this is, then the scene.
        gltf::Json report = gltf::Json::object();
        report["format"] = scene["format"];
        report["version"] = scene["version"];
        report["file"] = file;
        report["gltf"] = {{"container", doc.sourceFormat() == gltf::FileFormat::Glb ? "glb" : "gltf"},
                          {"counts", counts}};
        for (auto it = scene.begin(); it != scene.end(); ++it) {
            if (!report.contains(it.key()))
                report[it.key()] = it.value();
        }
        std::printf("%s\n", report.dump(2).c_str());
        return hasErrors(diagnostics) ? ExitFindings : ExitOk;
    }

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
    if (graph)
        std::printf("\n%s", physics::inspectText(doc, *model, *graph).c_str());
    if (!physicsFindings.empty())
        std::printf("%s\n", formatDiagnostics(physicsFindings, fullLines("  ")).c_str());
    return hasErrors(diagnostics) ? ExitFindings : ExitOk;
}

} // namespace cs::app
