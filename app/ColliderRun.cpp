#include "ColliderRun.h"

#include "Commands.h"
#include "PartsReport.h"
#include "document/Document.h"
#include "document/SaveFamily.h"
#include "geometry/HullCap.h"
#include "gltf/NodeLabel.h"
#include "physics/OmiReader.h"
#include "physics/PhysicsWriter.h"
#include "targets/TargetColliders.h"
#include "targets/TargetExport.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace cs::app {

namespace {

/// The shape with every parameter spelled out (the OMI writer leaves defaults out, a report should not).
gltf::Json shapeReport(const physics::Shape& shape)
{
    const char* type = physics::shapeTypeName(shape.type);
    gltf::Json params = gltf::Json::object();
    switch (shape.type) {
    case physics::ShapeType::Box:
        params["size"] = {shape.size[0], shape.size[1], shape.size[2]};
        break;
    case physics::ShapeType::Sphere:
        params["radius"] = shape.radius;
        break;
    case physics::ShapeType::Capsule:
    case physics::ShapeType::Cylinder:
        params["height"] = shape.height;
        params["radiusBottom"] = shape.radiusBottom;
        params["radiusTop"] = shape.radiusTop;
        break;
    case physics::ShapeType::Convex:
    case physics::ShapeType::Trimesh:
        params["mesh"] = shape.mesh;
        break;
    }
    return {{"type", type}, {type, std::move(params)}};
}

gltf::Json figuresJson(const geometry::FitFigures& f, double diagonal)
{
    auto fraction = [&](double v) { return diagonal > 0 ? v / diagonal : 0.0; };
    return {{"max", f.max},
            {"mean", f.mean},
            {"p95", f.p95},
            {"maxFraction", fraction(f.max)},
            {"meanFraction", fraction(f.mean)},
            {"p95Fraction", fraction(f.p95)}};
}

std::string describeShape(const gltf::Json& shape)
{
    std::string type = shape.value("type", std::string("?"));
    if (!shape.contains(type))
        return type;
    const gltf::Json& p = shape[type];
    std::ostringstream s;
    s.precision(4);
    if (type == "box") {
        s << "box " << p["size"][0].get<double>() << " x " << p["size"][1].get<double>() << " x "
          << p["size"][2].get<double>() << " m";
    } else if (type == "sphere") {
        s << "sphere radius " << p["radius"].get<double>() << " m";
    } else if (type == "capsule" || type == "cylinder") {
        s << type << " radius " << p["radiusBottom"].get<double>() << " m, height "
          << p["height"].get<double>() << " m";
    } else {
        s << type << " (mesh " << p["mesh"].get<int>() << ")";
    }
    return s.str();
}

/// The shapes as the file's own family writes them, read back, so the report shows the file's shapes, not
/// what was meant to be written.
std::vector<physics::Shape> writtenShapes(const document::Document& document)
{
    gltf::GltfDocument written; // the writer and the reader use the JSON only
    written.json() = document.gltf().json();
    physics::writePhysics(document.model(), written, physics::sourceFamily(document.model()));
    return physics::readPhysics(written)->shapes;
}

/// Adds the losses to the report; true when they stop the write (there are some and they are not allowed),
/// with the reason as an error.
bool refuseLosses(const Diagnostics& losses, bool allowLoss, const std::string& heldBy, ColliderRun& run)
{
    run.report.diagnostics.insert(run.report.diagnostics.end(), losses.begin(), losses.end());
    if (losses.empty() || allowLoss)
        return false;
    run.refusedLoss = true;
    run.report.diagnostics.push_back(
        makeError("OUTPUT_LOSS", std::to_string(losses.size()) + " item(s) cannot be " + heldBy +
                                     "; nothing was written (use --allow-loss to write without them)"));
    return true;
}

/// Saves the edited document as `output` chooses (see OutputChoice); the save's findings go to the report.
void writeOutput(document::Document& document, const Job& job, const OutputChoice& output, ColliderRun& run)
{
    Diagnostics saved;
    physics::Family family = document::targetFamily(document, output.family);
    if (output.target) {
        targets::TargetExportResult exported = targets::exportForTarget(document.snapshot(), *output.target);
        run.report.diagnostics.insert(run.report.diagnostics.end(), exported.changes.begin(),
                                      exported.changes.end());
        if (exported.unusable)
            return;
        if (refuseLosses(exported.losses, output.allowLoss, "held by " + output.target->name, run))
            return;
        family = exported.family;
        saved = gltf::saveGltf(exported.document, job.output.string());
    } else if (output.family) {
        const document::FamilyWrite written = document::writeFamily(document, family);
        if (refuseLosses(written.losses, output.allowLoss,
                         std::string("written as ") + physics::familyName(family), run))
            return;
        saved = document::saveFamilyWrite(document, written, job.output);
    } else {
        // The document's own save, as the window's Save keeps it (a legacy OMI form is written in the newest
        // one, as every edit of it is).
        saved = document.writeCopy(job.output);
    }
    run.report.diagnostics.insert(run.report.diagnostics.end(), saved.begin(), saved.end());
    run.written = !hasErrors(saved);
    if (run.written)
        run.family = physics::familyName(family);
}

} // namespace

gltf::Json fitJson(const geometry::FitSummary& fit)
{
    return {{"outside", figuresJson(fit.outside, fit.diagonal)},
            {"overhang", figuresJson(fit.overhang, fit.diagonal)},
            {"diagonal", fit.diagonal},
            {"approximate", fit.approximate}};
}

ColliderRun
runColliders(const Job& job, const import::ImportOptions& importOptions, import::ColliderOptions options,
             const std::function<std::string(const gltf::GltfDocument&, import::ColliderOptions&)>& select,
             const OutputChoice& output)
{
    ColliderRun run;
    auto loaded = import::openAnyAsset(job.input, importOptions);
    run.loadDiagnostics = loaded.diagnostics;
    if (!loaded)
        return run;
    run.read = true;
    if (select) {
        run.usageError = select(*loaded, options);
        if (!run.usageError.empty())
            return run;
    }
    document::Document document(std::move(*loaded));
    document::AutoColliderOptions action;
    action.collider = options;
    action.addMotion = true;
    run.report = document::addAutoColliders(document, action);
    const Diagnostics notes = document::skippedNotes(document, run.report.skipped);
    run.report.diagnostics.insert(run.report.diagnostics.begin(), notes.begin(), notes.end());
    if (run.report.pushed) {
        const std::vector<physics::Shape> shapes = writtenShapes(document);
        for (const auto& added : run.report.added)
            run.shapes.push_back(added.shape < shapes.size() ? shapeReport(shapes[added.shape])
                                                             : gltf::Json::object());
    }

    std::error_code ec;
    if (job.output.has_parent_path())
        std::filesystem::create_directories(job.output.parent_path(), ec);
    writeOutput(document, job, output, run);
    return run;
}

namespace {

gltf::Json enclosingJson(const geometry::EnclosureFigures& e)
{
    return {{"vertices", e.vertices},
            {"faces", e.faces},
            {"triangles", e.triangles},
            {"volume", e.volume},
            {"hullVolume", e.hullVolume},
            {"orientedBoxVolume", e.orientedBoxVolume},
            {"addedOverHull", e.addedOverHull()},
            {"addedOverOrientedBox", e.addedOverBox()}};
}

std::string enclosingText(const geometry::EnclosureFigures& e)
{
    char text[200];
    std::snprintf(text, sizeof text,
                  ", encloses every vertex: %d faces, %d triangles, %+.1f %% volume over the hull, %+.1f %% "
                  "against the oriented box",
                  e.faces, e.triangles, 100 * e.addedOverHull(), 100 * e.addedOverBox());
    return text;
}

} // namespace

gltf::Json colliderRunJson(const Job& job, const ColliderRun& run)
{
    gltf::Json colliders = gltf::Json::array();
    for (size_t i = 0; i < run.report.added.size(); ++i) {
        const auto& a = run.report.added[i];
        gltf::Json c = {{"node", a.meshNode},
                        {"name", a.name},
                        {"colliderNode", a.colliderNode},
                        {"shapeIndex", a.shape},
                        {"shape", run.shapes[i]},
                        {"strategy", import::colliderStrategyName(a.strategy)},
                        {"volume", a.volume}};
        if (a.hullVolume > 0)
            c["hullVolume"] = a.hullVolume;
        if (a.hullPoints > 0) {
            c["hullPoints"] = a.hullPoints;
            c["capped"] = a.capped;
        }
        if (a.parts > 0) {
            c["part"] = a.part;
            c["parts"] = a.parts;
        }
        if (a.trianglesBefore > 0) {
            c["trianglesBefore"] = a.trianglesBefore;
            c["trianglesAfter"] = a.trianglesAfter;
        }
        if (a.hullPoints > 0 && a.parts == 0)
            c["hullFromSimplifiedCopy"] = a.hullFromCopy;
        if (a.enclosed)
            c["enclosing"] = enclosingJson(*a.enclosed);
        if (a.fit)
            c["fit"] = fitJson(*a.fit);
        addPartJson(a, c);
        colliders.push_back(std::move(c));
    }
    Diagnostics all = run.loadDiagnostics;
    all.insert(all.end(), run.report.diagnostics.begin(), run.report.diagnostics.end());
    if (!run.usageError.empty())
        all.push_back(makeError("BAD_ARGUMENT", run.usageError));
    return {{"input", job.input.string()},
            {"output", job.output.string()},
            {"written", run.written},
            {"family", run.family},
            {"matched", run.report.matched},
            {"colliders", std::move(colliders)},
            {"diagnostics", diagnosticsJson(all)}};
}

void printColliderRun(const Job& job, const ColliderRun& run)
{
    const std::string in = job.input.string();
    printDiagnostics(run.read ? stdout : stderr, in, run.loadDiagnostics);
    if (!run.usageError.empty()) {
        std::fprintf(stderr, "%s: %s\n", in.c_str(), run.usageError.c_str());
        return;
    }
    if (!run.read) {
        std::fprintf(stderr, "%s: cannot be read\n", in.c_str());
        return;
    }
    for (size_t i = 0; i < run.report.added.size(); ++i) {
        const auto& a = run.report.added[i];
        const std::string where = gltf::nodeReference(a.name, a.meshNode);
        std::string extra;
        if (a.parts > 0)
            extra += ", part " + std::to_string(a.part + 1) + " of " + std::to_string(a.parts);
        if (a.colliderNode != a.meshNode)
            extra += ", on new child node " + std::to_string(a.colliderNode);
        if (a.hullPoints > 0)
            extra += ", " + std::to_string(a.hullPoints) + " points" + (a.capped ? " (capped)" : "");
        if (a.hullFromCopy)
            extra += ", points from a simplified copy (" + std::to_string(a.trianglesBefore) + " -> " +
                     std::to_string(a.trianglesAfter) + " triangles)";
        else if (a.trianglesBefore > 0)
            extra += ", " + std::to_string(a.trianglesBefore) + " -> " + std::to_string(a.trianglesAfter) +
                     " triangles";
        if (a.enclosed)
            extra += enclosingText(*a.enclosed);
        std::printf("%s: %s: %s [%s]%s\n", in.c_str(), where.c_str(), describeShape(run.shapes[i]).c_str(),
                    import::colliderStrategyName(a.strategy), extra.c_str());
        if (a.fit && (a.parts == 0 || a.part + 1 == a.parts))
            std::printf("%s: %s: fit%s: %s\n", in.c_str(), where.c_str(), a.parts > 0 ? " of the parts" : "",
                        geometry::fitText(*a.fit).c_str());
        if (const std::string totals = import::partsTotalsText(a); !totals.empty())
            std::printf("%s: %s: %s\n", in.c_str(), where.c_str(), totals.c_str());
    }
    printDiagnostics(stdout, in, run.report.diagnostics);
    if (run.report.matched == 0)
        std::printf("%s: no mesh node matched\n", in.c_str());
    if (run.written)
        std::printf("wrote %s (%zu collider(s) added, %s)\n", job.output.string().c_str(),
                    run.report.added.size(), run.family.c_str());
}

int colliderRunExitCode(const ColliderRun& run)
{
    if (run.refusedLoss)
        return ExitFindings;
    if (!run.read || !run.written || !run.usageError.empty())
        return ExitUnusable;
    if (hasErrors(run.report.diagnostics) || run.report.matched == 0)
        return ExitFindings;
    return ExitOk;
}

std::optional<std::string> readColliderOptions(const QCommandLineParser& parser,
                                               const QCommandLineOption& maxPoints,
                                               const QCommandLineOption& body,
                                               import::ColliderOptions& options)
{
    if (parser.isSet(maxPoints)) {
        bool ok = false;
        options.maxPoints = parser.value(maxPoints).toInt(&ok);
        if (!ok || options.maxPoints < 4)
            return "--max-points must be a whole number of at least 4, not '" +
                   parser.value(maxPoints).toStdString() + "'";
    }
    if (parser.isSet(body)) {
        const auto type = physics::motionTypeFromName(parser.value(body).toStdString());
        if (!type)
            return "--body must be static, kinematic or dynamic, not '" + parser.value(body).toStdString() +
                   "'";
        options.body = *type;
    }
    return std::nullopt;
}

void OutputCliOptions::addTo(QCommandLineParser& parser) const
{
    for (const auto* o : {&to, &target, &allowLoss})
        parser.addOption(*o);
}

std::optional<std::string> OutputCliOptions::read(const QCommandLineParser& parser, OutputChoice& output,
                                                  import::ColliderOptions& options, bool maxPointsGiven) const
{
    output.allowLoss = parser.isSet(allowLoss);
    if (parser.isSet(to)) {
        const QString value = parser.value(to).toLower();
        if (value == QLatin1String("omi"))
            output.family = physics::Family::Omi;
        else if (value == QLatin1String("khr"))
            output.family = physics::Family::Khr;
        else
            return "--to takes omi or khr, not '" + parser.value(to).toStdString() + "'";
    }
    if (!parser.isSet(target))
        return std::nullopt;
    if (output.family)
        return std::string("--target chooses the family itself; leave out --to");
    const std::string name = parser.value(target).toStdString();
    output.target = targets::findTarget(name);
    if (!output.target)
        return "no target '" + name + "' (see `collidoscope targets`)";
    if (const auto cap = output.target->hullPointCap(); maxPointsGiven && cap && options.maxPoints > *cap)
        return "--max-points " + std::to_string(options.maxPoints) + " is over " + name + "'s cap of " +
               std::to_string(*cap) + " hull vertices";
    targets::applyTargetToColliders(*output.target, options);
    return std::nullopt;
}

QCommandLineOption simplifyFirstOption()
{
    return {
        QStringLiteral("simplify-first"),
        QStringLiteral("hull (and auto's hull): also make the capped hull of a copy of the mesh simplified "
                       "within M metres, and keep it when it fits the mesh closer (smaller deviation)."),
        QStringLiteral("M")};
}

std::optional<std::string> readSimplifyFirst(const QCommandLineParser& parser,
                                             const QCommandLineOption& option,
                                             import::ColliderOptions& options)
{
    if (!parser.isSet(option))
        return std::nullopt;
    bool ok = false;
    const double m = parser.value(option).toDouble(&ok);
    if (!ok || !(m > 0) || !std::isfinite(m))
        return "--simplify-first must be a distance in metres above 0, not '" +
               parser.value(option).toStdString() + "'";
    if (options.strategy != import::ColliderStrategy::Hull &&
        options.strategy != import::ColliderStrategy::Auto)
        return std::string("--simplify-first applies to the hull and auto strategies only");
    options.simplifyFirst = m;
    return std::nullopt;
}

EncloseCli::EncloseCli()
    : enclose(QStringLiteral("enclose"),
              QStringLiteral("hull (and auto's hull): a hull that holds every vertex of the mesh, cut to the "
                             "budget (--max-points vertices, --max-faces faces) by dropping the face planes "
                             "that add the least volume, in place of the hull of chosen points.")),
      maxFaces(QStringLiteral("max-faces"),
               QStringLiteral("With --enclose: most polygon faces of the hull, 4 to %1 (default %1).")
                   .arg(geometry::kMaxHullPoints),
               QStringLiteral("N"))
{}

void EncloseCli::addTo(QCommandLineParser& parser) const
{
    parser.addOption(enclose);
    parser.addOption(maxFaces);
}

std::optional<std::string> readEnclose(const QCommandLineParser& parser, const EncloseCli& cli,
                                       import::ColliderOptions& options)
{
    if (!parser.isSet(cli.enclose))
        return parser.isSet(cli.maxFaces) ? std::optional<std::string>("--max-faces needs --enclose")
                                          : std::nullopt;
    if (options.strategy != import::ColliderStrategy::Hull &&
        options.strategy != import::ColliderStrategy::Auto)
        return std::string("--enclose applies to the hull and auto strategies only");
    if (options.simplifyFirst)
        return std::string(
            "--enclose and --simplify-first cannot be combined: the enclosing hull holds every "
            "vertex of the mesh itself");
    if (options.maxPoints > geometry::kMaxHullPoints)
        return "--max-points must be at most " + std::to_string(geometry::kMaxHullPoints) + " with --enclose";
    if (parser.isSet(cli.maxFaces)) {
        bool ok = false;
        options.maxFaces = parser.value(cli.maxFaces).toInt(&ok);
        if (!ok || options.maxFaces < 4 || options.maxFaces > geometry::kMaxHullPoints)
            return "--max-faces must be a whole number from 4 to " +
                   std::to_string(geometry::kMaxHullPoints) + ", not '" +
                   parser.value(cli.maxFaces).toStdString() + "'";
    }
    options.enclose = true;
    return std::nullopt;
}

} // namespace cs::app
