// collidoscope simulate FILE --seconds S [--step 1/240] [--gravity X,Y,Z] [--behave-like NAME] [--json]: runs
// the physics preview headless and prints every body's final pose and the trigger events. Same file, same
// build: the same output, byte for byte. Exit status: 0 done, 1 the physics data has errors (nothing is
// simulated), 2 unreadable input or arguments.
#include "CliSupport.h"
#include "Commands.h"
#include "gltf/SceneGraph.h"
#include "physics/OmiReader.h"
#include "physics/Validator.h"
#include "simulation/World.h"

#include <QCommandLineParser>
#include <cmath>

namespace cs::app {

namespace {

/// "1/240", "0.004" or "1e-3": a positive number of seconds, or nothing.
std::optional<double> parseSeconds(const QString& text)
{
    bool ok = false;
    double value = 0;
    if (const qsizetype slash = text.indexOf(QLatin1Char('/')); slash >= 0) {
        bool okDenominator = false;
        const double numerator = text.left(slash).toDouble(&ok);
        const double denominator = text.mid(slash + 1).toDouble(&okDenominator);
        ok = ok && okDenominator && denominator != 0;
        value = ok ? numerator / denominator : 0;
    } else {
        value = text.toDouble(&ok);
    }
    if (!ok || !std::isfinite(value) || value < 0)
        return std::nullopt;
    return value;
}

std::string nodeName(const simulation::SimulationInput& in, size_t node)
{
    return node < in.nodeNames.size() ? in.nodeNames[node] : std::string();
}

gltf::Json jsonArray(const auto& values)
{
    gltf::Json a = gltf::Json::array();
    for (double v : values)
        a.push_back(v);
    return a;
}

const char* kindName(simulation::BodyKind kind)
{
    switch (kind) {
    case simulation::BodyKind::Static:
        return "static";
    case simulation::BodyKind::Kinematic:
        return "kinematic";
    case simulation::BodyKind::Dynamic:
        return "dynamic";
    }
    return "dynamic";
}

void printJson(const std::string& file, const simulation::World& world, const Diagnostics& notes)
{
    const simulation::SimulationInput& in = world.input();
    gltf::Json report = gltf::Json::object();
    report["file"] = file;
    report["step"] = world.settings().step;
    report["gravity"] = jsonArray(world.settings().gravity);
    report["behaveLike"] = in.behaviour.name;
    report["steps"] = world.stepCount();
    report["time"] = world.time();
    gltf::Json bodies = gltf::Json::array();
    const auto states = world.states();
    for (size_t i = 0; i < states.size(); ++i) {
        const simulation::BodyState& s = states[i];
        bodies.push_back({{"node", s.node},
                          {"name", nodeName(in, s.node)},
                          {"motion", kindName(in.bodies[i].kind)},
                          {"translation", jsonArray(s.pose.position)},
                          {"rotation", jsonArray(s.pose.rotation)},
                          {"linearVelocity", jsonArray(s.linearVelocity)},
                          {"angularVelocity", jsonArray(s.angularVelocity)}});
    }
    report["bodies"] = bodies;
    gltf::Json events = gltf::Json::array();
    for (const simulation::TriggerEvent& e : world.events()) {
        events.push_back({{"event", e.enter ? "enter" : "exit"},
                          {"step", e.step},
                          {"time", e.time},
                          {"trigger", e.trigger},
                          {"triggerName", nodeName(in, e.trigger)},
                          {"node", e.other},
                          {"name", nodeName(in, e.other)}});
    }
    report["events"] = events;
    report["notes"] = diagnosticsJson(notes);
    std::printf("%s\n", report.dump(2).c_str());
}

void printText(const simulation::World& world)
{
    const simulation::SimulationInput& in = world.input();
    const simulation::Vec3& g = world.settings().gravity;
    std::printf("%zu steps of %.9g s, gravity [%.9g %.9g %.9g] m/s^2: t = %.9g s\n", world.stepCount(),
                world.settings().step, g[0], g[1], g[2], world.time());
    if (!in.behaviour.isSpec())
        std::printf("Behaving like %s\n", in.behaviour.name.c_str());
    std::printf("Bodies (node translation [x y z] rotation [x y z w]):\n");
    const auto states = world.states();
    for (size_t i = 0; i < states.size(); ++i) {
        const simulation::BodyState& s = states[i];
        const auto& p = s.pose.position;
        const auto& q = s.pose.rotation;
        std::printf("  %zu \"%s\" %s [%.6f %.6f %.6f] [%.6f %.6f %.6f %.6f]\n", s.node,
                    nodeName(in, s.node).c_str(), kindName(in.bodies[i].kind), p[0], p[1], p[2], q[0], q[1],
                    q[2], q[3]);
    }
    std::printf("Trigger events: %zu\n", world.events().size());
    for (const simulation::TriggerEvent& e : world.events())
        std::printf("  t=%.6f step %zu %s trigger %zu \"%s\" by %zu \"%s\"\n", e.time, e.step,
                    e.enter ? "enter" : "exit ", e.trigger, nodeName(in, e.trigger).c_str(), e.other,
                    nodeName(in, e.other).c_str());
}

std::string profileNames()
{
    std::string out;
    for (const simulation::BehaviourProfile& p : simulation::behaviourProfiles())
        out += (out.empty() ? "" : ", ") + p.name;
    return out;
}

} // namespace

int runSimulate(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Simulate the physics of a glTF file and print every body's final pose and the trigger "
        "events."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("A .gltf or .glb file."));
    const QCommandLineOption seconds(QStringLiteral("seconds"), QStringLiteral("Simulated time in seconds."),
                                     QStringLiteral("S"));
    const QCommandLineOption step(QStringLiteral("step"),
                                  QStringLiteral("Fixed step in seconds, as a number or a fraction."),
                                  QStringLiteral("DT"), QStringLiteral("1/60"));
    const QCommandLineOption gravity(QStringLiteral("gravity"),
                                     QStringLiteral("World gravity X,Y,Z in m/s^2 (default 0,-9.80665,0)."),
                                     QStringLiteral("X,Y,Z"), QStringLiteral("0,-9.80665,0"));
    const QCommandLineOption behaveLike(
        QStringLiteral("behave-like"),
        QStringLiteral(
            "Simulate with a target engine's parameters (spec, or a target with parameter deviations; "
            "docs/targets.md)."),
        QStringLiteral("NAME"), QStringLiteral("spec"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the result as JSON."));
    parser.addOptions({seconds, step, gravity, behaveLike, json});
    if (auto stop = parseArguments(parser, args, "simulate"))
        return *stop;
    if (parser.positionalArguments().size() != 1)
        return failUsage("simulate", "expected one FILE");
    if (!parser.isSet(seconds))
        return failUsage("simulate", "--seconds S is required");
    const auto duration = parseSeconds(parser.value(seconds));
    if (!duration)
        return failUsage("simulate", "--seconds wants a number of seconds, 0 or more");
    const auto dt = parseSeconds(parser.value(step));
    if (!dt || *dt <= 0)
        return failUsage("simulate", "--step wants a positive number of seconds, such as 1/240");
    if (*duration / *dt > 1e8)
        return failUsage("simulate", "--seconds / --step is more than 100 million steps");
    const auto g = simulation::vectorFromText(parser.value(gravity).toStdString());
    if (!g)
        return failUsage("simulate", "--gravity wants three numbers X,Y,Z in m/s^2, such as 0,-9.81,0");
    const auto profile = simulation::findBehaviourProfile(parser.value(behaveLike).toStdString());
    if (!profile)
        return failUsage("simulate", "--behave-like wants one of: " + profileNames());

    const std::string file = parser.positionalArguments().first().toStdString();
    auto loaded = loadGltfInput(file);
    if (!loaded) {
        printDiagnostics(stderr, file, loaded.diagnostics);
        return ExitUnusable;
    }
    auto graph = gltf::SceneGraph::build(*loaded);
    if (!graph) {
        printDiagnostics(stderr, file, graph.diagnostics);
        return ExitUnusable;
    }
    auto model = physics::readPhysics(*loaded);
    Diagnostics findings = physics::validatePhysics(*loaded);
    auto input = simulation::buildSimulationInput(*loaded, *model, *graph, *profile);
    findings.insert(findings.end(), input.diagnostics.begin(), input.diagnostics.end());
    if (hasErrors(findings)) {
        printDiagnostics(stderr, file, findings);
        std::fprintf(stderr, "%s: the physics data has errors; nothing was simulated\n", file.c_str());
        return ExitFindings;
    }

    simulation::Settings settings;
    settings.step = *dt;
    settings.gravity = *g;
    simulation::World world(std::move(*input), settings);
    world.advance(*duration);
    if (parser.isSet(json)) {
        printJson(file, world, input.diagnostics);
    } else {
        printDiagnostics(stderr, file, input.diagnostics);
        printText(world);
    }
    return ExitOk;
}

} // namespace cs::app
