// collidoscope add-ragdoll IN -o OUT: a dynamic body per bone of a skinned character and a limited joint per
// parent and child bone (document::addRagdoll, the window's Physics > Add Ragdoll).
// Exit status: 0 done, 1 nothing to make a ragdoll of (no skin, no bone qualifies) or the save failed,
// 2 unusable input or arguments.
#include "CliSupport.h"
#include "Commands.h"
#include "document/Document.h"
#include "document/Ragdoll.h"
#include "document/SaveFamily.h"
#include "import/AssetImporter.h"

#include <QCommandLineParser>
#include <cmath>

namespace cs::app {

namespace {

struct AddRagdollCli
{
    QCommandLineOption output{{QStringLiteral("o"), QStringLiteral("output")},
                              QStringLiteral("The file to write (.gltf or .glb)."),
                              QStringLiteral("OUT")};
    QCommandLineOption totalMass{QStringLiteral("total-mass"),
                                 QStringLiteral("The character's mass in kg, split over the bodies by volume "
                                                "(default 70)."),
                                 QStringLiteral("KG"), QStringLiteral("70")};
    QCommandLineOption shape{QStringLiteral("shape"), QStringLiteral("capsule (default) or box."),
                             QStringLiteral("SHAPE"), QStringLiteral("capsule")};
    QCommandLineOption minBoneLength{
        QStringLiteral("min-bone-length"),
        QStringLiteral("Bones shorter than this (metres) get no body (default 0.05)."), QStringLiteral("M"),
        QStringLiteral("0.05")};
    QCommandLineOption weightThreshold{
        QStringLiteral("weight-threshold"),
        QStringLiteral("A vertex belongs to each bone weighted at least this much for it (default 0.4)."),
        QStringLiteral("W"), QStringLiteral("0.4")};
    QCommandLineOption includeFingers{QStringLiteral("include-fingers"),
                                      QStringLiteral("Also give fingers and toes bodies.")};
    QCommandLineOption preset{
        QStringLiteral("preset"),
        QStringLiteral("Joint limits: humanoid, generic or auto (default: humanoid when "
                       "the bone names make one)."),
        QStringLiteral("PRESET"), QStringLiteral("auto")};
    QCommandLineOption to{QStringLiteral("to"),
                          QStringLiteral("Write the physics as omi or khr (default: the file's own family)."),
                          QStringLiteral("omi|khr")};
    QCommandLineOption json{QStringLiteral("json"), QStringLiteral("Print the report as JSON.")};

    void addTo(QCommandLineParser& parser) const
    {
        for (const auto* o : {&output, &totalMass, &shape, &minBoneLength, &weightThreshold, &includeFingers,
                              &preset, &to, &json})
            parser.addOption(*o);
    }

    /// A positive finite number, or why not.
    static std::optional<std::string> number(const QCommandLineParser& parser,
                                             const QCommandLineOption& option, double& value,
                                             bool zeroAllowed)
    {
        bool ok = false;
        value = parser.value(option).toDouble(&ok);
        if (!ok || !std::isfinite(value) || value < 0 || (!zeroAllowed && value == 0))
            return "--" + option.names().first().toStdString() + " must be a number " +
                   (zeroAllowed ? "of at least 0" : "above 0") + ", not '" +
                   parser.value(option).toStdString() + "'";
        return std::nullopt;
    }

    std::optional<std::string> read(const QCommandLineParser& parser, document::RagdollOptions& options,
                                    std::optional<physics::Family>& family) const
    {
        if (auto problem = number(parser, totalMass, options.totalMass, false))
            return problem;
        if (auto problem = number(parser, minBoneLength, options.minBoneLength, true))
            return problem;
        if (auto problem = number(parser, weightThreshold, options.weightThreshold, false))
            return problem;
        if (options.weightThreshold > 1)
            return std::string("--weight-threshold must be at most 1");
        const QString s = parser.value(shape).toLower();
        if (s != QLatin1String("capsule") && s != QLatin1String("box"))
            return "--shape must be capsule or box, not '" + s.toStdString() + "'";
        options.shape =
            s == QLatin1String("box") ? document::RagdollShape::Box : document::RagdollShape::Capsule;
        const auto p = document::ragdollPresetFromName(parser.value(preset).toLower().toStdString());
        if (!p)
            return "--preset must be humanoid, generic or auto, not '" + parser.value(preset).toStdString() +
                   "'";
        options.preset = *p;
        options.includeFingers = parser.isSet(includeFingers);
        if (parser.isSet(to)) {
            const QString f = parser.value(to).toLower();
            if (f != QLatin1String("omi") && f != QLatin1String("khr"))
                return "--to must be omi or khr, not '" + f.toStdString() + "'";
            family = f == QLatin1String("omi") ? physics::Family::Omi : physics::Family::Khr;
        }
        return std::nullopt;
    }
};

gltf::Json reportJson(const std::filesystem::path& in, const std::filesystem::path& out,
                      const document::Document& doc, const document::RagdollReport& report, bool written,
                      const std::string& family)
{
    gltf::Json bodies = gltf::Json::array();
    for (size_t node : report.bodyNodes)
        bodies.push_back({{"node", node},
                          {"name", gltf::elementName(doc.gltf(), "nodes", node)},
                          {"mass", doc.model().node(node)->motion->mass.value_or(0.0)}});
    gltf::Json joints = gltf::Json::array();
    for (size_t node : report.jointNodes) {
        const physics::NodeJoint& j = *doc.model().node(node)->joint;
        joints.push_back({{"node", node},
                          {"connectedNode", j.connectedNode},
                          {"description", j.joint},
                          {"name", gltf::elementName(doc.gltf(), "nodes", node)}});
    }
    return {{"input", in.string()},    {"output", out.string()},
            {"written", written},      {"family", family},
            {"preset", report.preset}, {"bodies", bodies},
            {"joints", joints},        {"diagnostics", diagnosticsJson(report.diagnostics)}};
}

} // namespace

int runAddRagdoll(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Make a ragdoll of a skinned character: per bone (fingers, toes and bones shorter than "
        "--min-bone-length left out) a dynamic body with a capsule (or box) holding the vertices weighted to "
        "it, its mass a share of --total-mass by volume; per parent and child bone a joint at the child's "
        "head, limited as the preset says for that bone, the two not colliding."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("IN"), QStringLiteral("The skinned glTF asset to read."));
    const AddRagdollCli cli;
    const ImportCliOptions importCli;
    cli.addTo(parser);
    importCli.addTo(parser);
    if (auto stop = parseArguments(parser, args, "add-ragdoll"))
        return *stop;
    if (parser.positionalArguments().size() != 1 || !parser.isSet(cli.output))
        return failUsage("add-ragdoll", "expected IN -o OUT (see --help)");
    const std::filesystem::path in = parser.positionalArguments().first().toStdString();
    const std::filesystem::path out = parser.value(cli.output).toStdString();
    document::RagdollOptions options;
    std::optional<physics::Family> family;
    if (auto problem = cli.read(parser, options, family))
        return failUsage("add-ragdoll", *problem);
    std::string error;
    const auto importOptions = importCli.read(parser, error);
    if (!importOptions)
        return failUsage("add-ragdoll", error);
    const std::string ext = lowerExtension(out);
    if (ext != ".gltf" && ext != ".glb")
        return failUsage("add-ragdoll", "the output '" + out.string() + "' must end in .gltf or .glb");
    if (sameFile(in, out))
        return failUsage("add-ragdoll", "the output '" + out.string() + "' is the input");
    std::error_code ec;
    if (!std::filesystem::is_regular_file(in, ec))
        return failUsage("add-ragdoll", "cannot open '" + in.string() + "': no such file");

    auto loaded = import::openAnyAsset(in, *importOptions);
    if (!loaded) {
        printDiagnostics(stderr, in.string(), loaded.diagnostics);
        return ExitUnusable;
    }
    document::Document doc(std::move(*loaded));
    document::RagdollReport report = document::addRagdoll(doc, options);
    bool written = false;
    std::string familyName;
    if (report.pushed) {
        const physics::Family chosen = document::targetFamily(doc, family);
        const Diagnostics saved = document::writeInFamily(doc, out, chosen);
        report.diagnostics.insert(report.diagnostics.end(), saved.begin(), saved.end());
        written = !hasErrors(saved);
        familyName = written ? physics::familyName(chosen) : "";
    } else if (hasErrors(report.diagnostics)) {
        // Why there was no skin may be in the import's notes (a format whose skins were not carried).
        report.diagnostics.insert(report.diagnostics.end(), loaded.diagnostics.begin(),
                                  loaded.diagnostics.end());
    }
    if (parser.isSet(cli.json)) {
        std::printf("%s\n", reportJson(in, out, doc, report, written, familyName).dump(2).c_str());
    } else {
        if (written)
            std::printf("%s: %zu bodies, %zu joints, %s preset, written to %s (%s)\n", in.string().c_str(),
                        report.bodies, report.joints, report.preset.c_str(), out.string().c_str(),
                        familyName.c_str());
        printDiagnostics(stderr, in.string(), report.diagnostics);
    }
    return written ? ExitOk : ExitFindings;
}

} // namespace cs::app
