// collidoscope simulate FILE --seconds S [--step 1/240] [--gravity X,Y,Z] [--ground HEIGHT] [--behave-like
// NAME]
// [--json]: runs the physics preview headless and prints every body's final pose and the trigger events. Same
// file, same build: the same output, byte for byte. Exit status: 0 done, 1 the physics data has errors
// (nothing is simulated), 2 unreadable input or arguments.
#include "CliSupport.h"
#include "Commands.h"
#include "gltf/Animation.h"
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
    report["ground"] = world.settings().ground ? gltf::Json(*world.settings().ground) : gltf::Json();
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
    if (world.settings().ground)
        std::printf("Ground (not in the file): the plane y = %.9g m\n", *world.settings().ground);
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

/// What the command line asks for, read and checked.
struct SimulateRun
{
    std::string file;
    double duration = 0;
    simulation::Settings settings;
    simulation::BehaviourProfile profile;
    bool json = false;
    std::optional<std::string> animation; ///< a name or an index
    bool loop = false;
};

/// The options of `simulate` on `parser`.
struct SimulateOptions
{
    QCommandLineOption seconds{QStringLiteral("seconds"), QStringLiteral("Simulated time in seconds."),
                               QStringLiteral("S")};
    QCommandLineOption step{QStringLiteral("step"),
                            QStringLiteral("Fixed step in seconds, as a number or a fraction."),
                            QStringLiteral("DT"), QStringLiteral("1/60")};
    QCommandLineOption gravity{QStringLiteral("gravity"),
                               QStringLiteral("World gravity X,Y,Z in m/s^2 (default 0,-9.80665,0)."),
                               QStringLiteral("X,Y,Z"), QStringLiteral("0,-9.80665,0")};
    QCommandLineOption ground{
        QStringLiteral("ground"),
        QStringLiteral(
            "Add a static ground, the plane y = HEIGHT in metres (normal +Y), under the scene; it is "
            "not part of the file."),
        QStringLiteral("HEIGHT")};
    QCommandLineOption behaveLike{
        QStringLiteral("behave-like"),
        QStringLiteral(
            "Simulate with a target engine's parameters (spec, or a target with parameter deviations; "
            "docs/targets.md)."),
        QStringLiteral("NAME"), QStringLiteral("spec")};
    QCommandLineOption animation{
        QStringLiteral("animation"),
        QStringLiteral(
            "Play the file's animation NAME (or at INDEX): the bodies it moves follow it as kinematic "
            "bodies and push the others."),
        QStringLiteral("NAME|INDEX")};
    QCommandLineOption loop{
        QStringLiteral("loop"),
        QStringLiteral("With --animation: play it again from the start whenever it ends.")};
    QCommandLineOption json{QStringLiteral("json"), QStringLiteral("Print the result as JSON.")};

    explicit SimulateOptions(QCommandLineParser& parser)
    {
        parser.setApplicationDescription(QStringLiteral(
            "Simulate the physics of a glTF file and print every body's final pose and the trigger "
            "events."));
        parser.addHelpOption();
        parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("A .gltf or .glb file."));
        parser.addOptions({seconds, step, gravity, ground, behaveLike, animation, loop, json});
    }
};

/// The world's settings from the options, or the exit status of a usage error.
std::optional<int> readSettings(const QCommandLineParser& parser, const SimulateOptions& o, SimulateRun& run)
{
    const auto dt = parseSeconds(parser.value(o.step));
    if (!dt || *dt <= 0)
        return failUsage("simulate", "--step wants a positive number of seconds, such as 1/240");
    if (run.duration / *dt > 1e8)
        return failUsage("simulate", "--seconds / --step is more than 100 million steps");
    run.settings.step = *dt;
    const auto g = simulation::vectorFromText(parser.value(o.gravity).toStdString());
    if (!g)
        return failUsage("simulate", "--gravity wants three numbers X,Y,Z in m/s^2, such as 0,-9.81,0");
    run.settings.gravity = *g;
    if (parser.isSet(o.ground)) {
        bool ok = false;
        const double height = parser.value(o.ground).toDouble(&ok);
        if (!ok || !std::isfinite(height))
            return failUsage("simulate", "--ground wants a height in metres, such as 0 or -1.5");
        run.settings.ground = height;
    }
    return std::nullopt;
}

/// The command line read and checked, or the exit status to stop with (help, version, a usage error).
std::optional<int> readArguments(const QStringList& args, SimulateRun& run)
{
    QCommandLineParser parser;
    const SimulateOptions o(parser);
    if (auto stop = parseArguments(parser, args, "simulate"))
        return *stop;
    if (parser.positionalArguments().size() != 1)
        return failUsage("simulate", "expected one FILE");
    if (!parser.isSet(o.seconds))
        return failUsage("simulate", "--seconds S is required");
    const auto duration = parseSeconds(parser.value(o.seconds));
    if (!duration)
        return failUsage("simulate", "--seconds wants a number of seconds, 0 or more");
    run.duration = *duration;
    if (auto stop = readSettings(parser, o, run))
        return stop;
    auto profile = simulation::findBehaviourProfile(parser.value(o.behaveLike).toStdString());
    if (!profile)
        return failUsage("simulate", "--behave-like wants one of: " + profileNames());
    run.profile = std::move(*profile);
    run.json = parser.isSet(o.json);
    if (parser.isSet(o.animation))
        run.animation = parser.value(o.animation).toStdString();
    else if (parser.isSet(o.loop))
        return failUsage("simulate", "--loop goes with --animation NAME|INDEX");
    run.loop = parser.isSet(o.loop);
    run.file = parser.positionalArguments().first().toStdString();
    return std::nullopt;
}

/// Makes `input` play the animation `run` names (none: nothing to do). The exit status when it cannot.
std::optional<int> playAnimation(const SimulateRun& run, const gltf::GltfDocument& doc,
                                 const gltf::SceneGraph& graph, Result<simulation::SimulationInput>& input)
{
    if (!run.animation)
        return std::nullopt;
    const auto index = gltf::findAnimation(doc, *run.animation);
    if (!index) {
        std::fprintf(stderr, "%s: no animation named or numbered \"%s\" (the file has %zu)\n",
                     run.file.c_str(), run.animation->c_str(), gltf::animationCount(doc));
        return ExitUnusable;
    }
    Diagnostics notes = simulation::animateBodies(*input, doc, graph, *index, run.loop);
    input.diagnostics.insert(input.diagnostics.end(), notes.begin(), notes.end());
    if (hasErrors(notes)) {
        printDiagnostics(stderr, run.file, notes);
        std::fprintf(stderr, "%s: the animation has errors; nothing was simulated\n", run.file.c_str());
        return ExitFindings;
    }
    return std::nullopt;
}

} // namespace

int runSimulate(const QStringList& args)
{
    SimulateRun run;
    if (auto stop = readArguments(args, run))
        return *stop;
    const std::string& file = run.file;
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
    auto input = simulation::buildSimulationInput(*loaded, *model, *graph, run.profile);
    findings.insert(findings.end(), input.diagnostics.begin(), input.diagnostics.end());
    if (hasErrors(findings)) {
        printDiagnostics(stderr, file, findings);
        std::fprintf(stderr, "%s: the physics data has errors; nothing was simulated\n", file.c_str());
        return ExitFindings;
    }
    if (auto stop = playAnimation(run, *loaded, *graph, input))
        return *stop;

    simulation::World world(std::move(*input), run.settings);
    world.advance(run.duration);
    if (run.json) {
        printJson(file, world, input.diagnostics);
    } else {
        printDiagnostics(stderr, file, input.diagnostics);
        printText(world);
    }
    return ExitOk;
}

} // namespace cs::app
