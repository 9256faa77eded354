#pragma once

#include "CliSupport.h"
#include "document/AutoColliderActions.h"
#include "import/AutoColliders.h"
#include "physics/PhysicsWriter.h"
#include "targets/Target.h"

#include <functional>

namespace cs::app {

/// The family the output is written in: the file's own (KHR stays KHR, OMI stays OMI, a file without physics
/// gets OMI), the one of --to, or the reading of the engine of --target (as `upgrade --target` writes it).
/// What the chosen family or engine cannot hold is listed, and nothing is written unless allowLoss.
struct OutputChoice
{
    std::optional<physics::Family> family;   ///< --to
    const targets::Target* target = nullptr; ///< --target
    bool allowLoss = false;                  ///< --allow-loss
};

/// --to, --target and --allow-loss, as add-colliders and hull read them.
struct OutputCliOptions
{
    QCommandLineOption to{QStringLiteral("to"),
                          QStringLiteral("Write the physics as omi or khr (default: the file's own family)."),
                          QStringLiteral("omi|khr")};
    QCommandLineOption target{
        QStringLiteral("target"),
        QStringLiteral("Write the file as that engine reads it best (see `collidoscope targets`), its hulls "
                       "within the engine's hull budget (vertices, polygons or triangles) and only shapes it "
                       "builds."),
        QStringLiteral("NAME")};
    QCommandLineOption allowLoss{
        QStringLiteral("allow-loss"),
        QStringLiteral(
            "Write even when the family of --to or the engine of --target cannot hold everything.")};

    void addTo(QCommandLineParser& parser) const;
    /// Reads them into `output`; --target also holds options.maxPoints to the engine's hull point cap (a
    /// --max-points over it, when given, is refused). An error message for a bad value or a contradiction.
    std::optional<std::string> read(const QCommandLineParser& parser, OutputChoice& output,
                                    import::ColliderOptions& options, bool maxPointsGiven) const;
};

/// What add-colliders and hull did to one file.
struct ColliderRun
{
    bool read = false;    ///< the input could be opened
    bool written = false; ///< the output was saved
    /// Not written because the chosen family or engine cannot hold everything (and --allow-loss was not
    /// given).
    bool refusedLoss = false;
    std::string family;     ///< the family written ("OMI" or "KHR"; empty when nothing was)
    std::string usageError; ///< the selection makes no sense for this file (hull: no such node); exit 2
    /// What the document action added; its diagnostics also hold the skipped nodes' notes and the save's.
    document::AutoColliderReport report;
    Diagnostics loadDiagnostics;
    gltf::Json shapes = gltf::Json::array(); ///< the written shape of each added collider
};

/// Opens job.input (any asset), lets `select` adjust the options for that document (return an error message
/// to refuse), and runs the window's Add Colliders (document::addAutoColliders, with a motion of type
/// options.body on every new body and nodes that have a collider left alone) on a headless Document. Saves
/// job.output as `output` chooses: by default as the window's Save does, in the file's own physics family.
/// Safe to run on several threads at once.
ColliderRun runColliders(
    const Job& job, const import::ImportOptions& importOptions, import::ColliderOptions options,
    const std::function<std::string(const gltf::GltfDocument&, import::ColliderOptions&)>& select = {},
    const OutputChoice& output = {});

/// The fit figures as JSON: outside and overhang (max, mean, p95 in metres and as fractions of the mesh's
/// bounding-box diagonal), the diagonal, and whether they are approximate.
gltf::Json fitJson(const geometry::FitSummary& fit);

/// The JSON report of one file (input, output, written, colliders, diagnostics).
gltf::Json colliderRunJson(const Job& job, const ColliderRun& run);
/// Prints one line per collider added and the diagnostics.
void printColliderRun(const Job& job, const ColliderRun& run);
/// 2 when the file was unusable, 1 when errors were found, nothing matched or a loss refused the write, else
/// 0.
int colliderRunExitCode(const ColliderRun& run);

/// Reads --max-points and --body (shared by add-colliders and hull); an error message on a bad value.
std::optional<std::string> readColliderOptions(const QCommandLineParser& parser,
                                               const QCommandLineOption& maxPoints,
                                               const QCommandLineOption& body,
                                               import::ColliderOptions& options);

/// --simplify-first M (hull, and add-colliders' hull and auto): also try the hull of a copy of the mesh
/// simplified within M metres, kept when it fits closer (import::ColliderOptions::simplifyFirst).
QCommandLineOption simplifyFirstOption();
/// Reads it; an error message on a bad value.
std::optional<std::string> readSimplifyFirst(const QCommandLineParser& parser,
                                             const QCommandLineOption& option,
                                             import::ColliderOptions& options);

/// --enclose and --max-faces (hull, and add-colliders' hull and auto): hulls that hold every vertex within
/// --max-points vertices and --max-faces polygons (import::ColliderOptions::enclose).
struct EncloseCli
{
    QCommandLineOption enclose;
    QCommandLineOption maxFaces;
    EncloseCli();
    void addTo(QCommandLineParser& parser) const;
};
/// Reads them after the strategy, --max-points and --simplify-first; an error message on a bad value.
std::optional<std::string> readEnclose(const QCommandLineParser& parser, const EncloseCli& cli,
                                       import::ColliderOptions& options);

} // namespace cs::app
