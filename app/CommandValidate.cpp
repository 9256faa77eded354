// collidoscope validate FILE... [--json]: the glTF structure and physics findings of each file.
// Exit status: 0 no errors, 1 errors found, 2 a file could not be read (wins over 1).
#include "Commands.h"
#include "gltf/GltfDocument.h"
#include "physics/Validator.h"

#include <QCommandLineParser>

namespace cs::app {

namespace {

gltf::Json diagnosticsJson(const Diagnostics& diagnostics)
{
    gltf::Json out = gltf::Json::array();
    for (const auto& d : diagnostics) {
        out.push_back({{"severity", severityName(d.severity)},
                       {"code", d.code},
                       {"message", d.message},
                       {"pointer", d.pointer}});
    }
    return out;
}

size_t countSeverity(const Diagnostics& diagnostics, Severity s)
{
    size_t n = 0;
    for (const auto& d : diagnostics)
        n += d.severity == s;
    return n;
}

} // namespace

int runValidate(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Check glTF files and their physics data."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("One or more .gltf or .glb files."),
                                 QStringLiteral("FILE..."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the findings as JSON."));
    parser.addOption(json);
    parser.process(args);
    if (parser.positionalArguments().isEmpty()) {
        std::fprintf(stderr, "collidoscope validate: expected at least one FILE\n");
        return ExitUnusable;
    }

    bool unreadable = false;
    bool errors = false;
    gltf::Json results = gltf::Json::array();
    for (const QString& arg : parser.positionalArguments()) {
        const std::string file = arg.toStdString();
        auto loaded = gltf::loadGltf(file);
        Diagnostics diagnostics = loaded.diagnostics;
        if (loaded) {
            const Diagnostics physics = physics::validatePhysics(*loaded);
            diagnostics.insert(diagnostics.end(), physics.begin(), physics.end());
        } else {
            unreadable = true;
        }
        errors = errors || hasErrors(diagnostics);
        if (parser.isSet(json)) {
            results.push_back({{"file", file},
                               {"readable", bool(loaded)},
                               {"errors", countSeverity(diagnostics, Severity::Error)},
                               {"warnings", countSeverity(diagnostics, Severity::Warning)},
                               {"infos", countSeverity(diagnostics, Severity::Info)},
                               {"diagnostics", diagnosticsJson(diagnostics)}});
            continue;
        }
        for (const auto& d : diagnostics)
            std::printf("%s: %s\n", file.c_str(), formatDiagnostic(d).c_str());
        std::printf("%s: %s, %zu error(s), %zu warning(s), %zu info\n", file.c_str(),
                    !loaded                  ? "cannot be read"
                    : hasErrors(diagnostics) ? "invalid"
                                             : "valid",
                    countSeverity(diagnostics, Severity::Error),
                    countSeverity(diagnostics, Severity::Warning),
                    countSeverity(diagnostics, Severity::Info));
    }
    if (parser.isSet(json))
        std::printf("%s\n", results.dump(2).c_str());
    if (unreadable)
        return ExitUnusable;
    return errors ? ExitFindings : ExitOk;
}

} // namespace cs::app
