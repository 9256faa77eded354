#pragma once

// Export for a target: the variant of a file that an engine reads best. adaptForTarget() changes the model
// before it is written (family, plane -> thin box, geometry.mesh, explicit masses, a dynamic body's trimesh
// -> its convex decomposition, Havok's materials, combine modes where the engine's precedence differs,
// dynamic initial velocities in the world frame); finishForTarget() edits the written JSON where the writers'
// newest form is not what the engine reads (document-level extension object, Godot's capsule form, explicit
// material fields, render meshes off Godot's physics nodes, colliders moved to direct children of their Godot
// bodies, nested bodies moved out for Babylon, Blender's colliders off their bodies' nodes, Unity's nodes
// renumbered into depth-first order). Every change is an info diagnostic (code TARGET_CHANGED) with the
// pointer of what changed.

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"
#include "physics/PhysicsWriter.h"
#include "targets/ExportScene.h"
#include "targets/Target.h"

#include <atomic>
#include <functional>

namespace cs::targets {

inline constexpr const char* kTargetChanged = "TARGET_CHANGED";
inline constexpr const char* kTargetLoss = "TARGET_LOSS";
/// An info: a move the target needs cannot keep the spec's meaning here, so the file stays as it was there.
inline constexpr const char* kTargetDiffers = "TARGET_DIFFERS";

/// The family written for the target: its own, or for `spec` the model's source family.
physics::Family exportFamily(const Target& target, const physics::PhysicsModel& model);

/// m: thickness of the box that stands in for a plane (its top face is half of it above the plane).
inline constexpr double kPlaneBoxThickness = 0.02;
/// m: the side of the box that stands in for an infinite plane.
inline constexpr double kInfinitePlaneSide = 1000.0;

/// What an export may spend and how it reports. The convex decompositions of dynamic trimeshes are its only
/// long part, so the budget, the progress and the cancel flag reach them.
struct ExportWork
{
    /// Seconds all decompositions together may take (0: no limit). Once they are spent, a mesh still being
    /// decomposed keeps the parts found so far, each later one its first parts, and the change says so.
    double maxSeconds = 0;
    /// Called on the exporting thread with the fraction done (0..1), non-decreasing.
    std::function<void(double)> progress;
    /// Polled while decomposing; set it from another thread to stop (the result is then `cancelled`).
    const std::atomic<bool>* cancel = nullptr;
};

/// Changes the model for the target; `doc` is the document it was read from (for mesh volumes; the hulls of a
/// trimesh's convex decomposition are added to it as new meshes, and its parts' nodes as new nodes). What
/// cannot be changed as the target needs is a warning (TARGET_LOSS) among the changes. `exported` is `doc`'s
/// graph and `model` resolved over it; it is built again when the decomposition adds nodes.
Diagnostics adaptForTarget(physics::PhysicsModel& model, gltf::GltfDocument& doc, const Target& target,
                           ExportScene& exported, const ExportWork& work = {});

/// Edits the JSON the writer produced for the target. `exported` holds the graph of `doc` as written; when
/// this returns, the graph of `doc` as finished.
Diagnostics finishForTarget(gltf::GltfDocument& doc, const Target& target, ExportScene& exported);

/// What the target still will not load or will ignore in the written document (`graph`: its node graph):
/// one warning (TARGET_LOSS) per such finding of checkTarget().
Diagnostics targetLosses(const gltf::GltfDocument& doc, const gltf::SceneGraph& graph, const Target& target);

/// A whole export for a target, as `upgrade --target` and File > Export For write it.
struct TargetExportResult
{
    gltf::GltfDocument document; ///< ready to save (unless `unusable`)
    physics::Family family = physics::Family::Omi;
    Diagnostics changes; ///< every change, one line each with its pointer (and the reader's notes)
    /// What the target cannot hold: adaptForTarget's and the family conversion's losses, and what the target
    /// still will not load or will ignore. A caller writes only when the user allows it (--allow-loss).
    Diagnostics losses;
    /// The physics could not be read, or finishing the JSON failed (errors among `changes`): nothing to
    /// write. (The family writer's own errors are among `changes`, as `upgrade --target` has always listed
    /// them.)
    bool unusable = false;
    /// ExportWork::cancel was set: the export stopped, nothing to write (`unusable` is set too).
    bool cancelled = false;
};

/// Reads the physics of `doc`, adapts them for `target`, writes them in the target's family and finishes the
/// JSON: adaptForTarget, exportFamily, convertPhysics (the write and its losses), finishForTarget,
/// targetLosses in turn. The node graph is built and the physics resolved once (an ExportScene), and again
/// only after a pass added, moved or renumbered nodes.
TargetExportResult exportForTarget(gltf::GltfDocument doc, const Target& target, const ExportWork& work = {});

} // namespace cs::targets
