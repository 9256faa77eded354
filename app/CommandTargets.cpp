// collidoscope targets [--markdown | --json]: the export targets (engines) that validate --target and
// upgrade --target know, with what each reads; --markdown prints docs/targets.md (the support matrix),
// --json every rule with its verdict, reason and citation.
#include "CliSupport.h"
#include "Commands.h"
#include "targets/TargetCheck.h"

#include <QCommandLineParser>

namespace cs::app {

namespace {

gltf::Json targetJson(const targets::Target& t)
{
    gltf::Json rules = gltf::Json::array();
    for (const auto& r : t.rules) {
        rules.push_back({{"feature", targets::featureId(r.feature)},
                         {"verdict", targets::verdictName(r.verdict)},
                         {"reason", r.reason},
                         {"cite", r.cite}});
    }
    gltf::Json j = {{"name", t.name}, {"engine", t.engine}, {"revision", t.revision}, {"reads", t.reads}};
    j["hullPointCap"] = t.hullPointCap() ? gltf::Json(*t.hullPointCap()) : gltf::Json();
    gltf::Json limits = gltf::Json::array();
    for (const auto& l : t.hullBudget.limits)
        limits.push_back({{"unit", targets::hullUnitName(l.unit)}, {"most", l.most}});
    j["hullBudget"] = {{"limits", limits},
                       {"text", t.hullBudget.text},
                       {"cite", t.hullBudget.cite},
                       {"moot", t.hullBudget.moot}};
    j["filterCap"] = t.filterCap ? gltf::Json(*t.filterCap) : gltf::Json();
    j["systemCap"] = t.systemCap ? gltf::Json(*t.systemCap) : gltf::Json();
    j["rules"] = rules;
    gltf::Json behaviours = gltf::Json::array();
    for (const auto& b : t.behaviours) {
        gltf::Json item = gltf::Json::object();
        item["behaviour"] = targets::behaviourId(b.behaviour);
        item["value"] = b.value;
        gltf::Json precedence = gltf::Json::array();
        for (physics::CombineMode m : b.precedence)
            precedence.push_back(physics::combineModeName(m));
        item["precedence"] = precedence;
        item["reason"] = b.reason;
        item["cite"] = b.cite;
        behaviours.push_back(item);
    }
    j["behaviours"] = behaviours;
    return j;
}

} // namespace

int runTargets(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("List the engines that validate --target and upgrade --target know."));
    parser.addHelpOption();
    const QCommandLineOption markdown(QStringLiteral("markdown"),
                                      QStringLiteral("Print the support matrix (docs/targets.md)."));
    const QCommandLineOption json(QStringLiteral("json"),
                                  QStringLiteral("Print every target's rules as JSON."));
    parser.addOption(markdown);
    parser.addOption(json);
    if (auto stop = parseArguments(parser, args, "targets"))
        return *stop;
    if (!parser.positionalArguments().isEmpty())
        return failUsage("targets", "takes no arguments");
    if (parser.isSet(markdown)) {
        std::printf("%s", targets::supportMatrixMarkdown().c_str());
        return ExitOk;
    }
    if (parser.isSet(json)) {
        gltf::Json list = gltf::Json::array();
        for (const auto& t : targets::allTargets())
            list.push_back(targetJson(t));
        std::printf("%s\n", list.dump(2).c_str());
        return ExitOk;
    }
    for (const auto& t : targets::allTargets())
        std::printf("%-22s %s: %s\n", t.name.c_str(), t.engine.c_str(), t.reads.c_str());
    return ExitOk;
}

} // namespace cs::app
