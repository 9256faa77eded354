#include "targets/TargetExport.h"

#include "geometry/MassProperties.h"
#include "physics/OmiReader.h"
#include "physics/ResolvedScene.h"
#include "scene/ComputedCenterOfMass.h"
#include "scene/ShapeGeometryCache.h"
#include "targets/FeatureScan.h"
#include "targets/TargetBabylon.h"
#include "targets/TargetCheck.h"
#include "targets/TargetCombine.h"
#include "targets/TargetDecompose.h"
#include "targets/TargetHullBudget.h"
#include "targets/TargetJoints.h"
#include "targets/TargetVelocity.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cs::targets {

using gltf::Json;

namespace {

Diagnostic changed(std::string message, std::string pointer)
{
    return makeInfo(kTargetChanged, std::move(message), std::move(pointer));
}

std::string metres(double v)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", v);
    return text;
}

/// A plane the target does not read as the spec means becomes a thin static box of the same extent.
void replacePlanes(physics::PhysicsModel& model, Diagnostics& changes)
{
    for (physics::Shape& shape : model.shapes) {
        if (!shape.isPlane())
            continue;
        const physics::PlaneParams plane = *shape.plane;
        physics::Shape box = physics::Shape::defaults(physics::ShapeType::Box);
        box.size = {plane.sizeX.value_or(kInfinitePlaneSide), kPlaneBoxThickness,
                    plane.sizeZ.value_or(kInfinitePlaneSide)};
        box.source = Json{{"type", "box"}};
        if (shape.source.contains("name"))
            box.source["name"] = shape.source["name"];
        box.pointer = shape.pointer;
        changes.push_back(changed("plane replaced by a box of " + metres(box.size[0]) + " x " +
                                      metres(kPlaneBoxThickness) + " x " + metres(box.size[2]) +
                                      " m (its top face " + metres(kPlaneBoxThickness / 2) +
                                      " m above the plane)",
                                  shape.pointer));
        shape = box;
    }
}

/// What a pass over the bodies of a KHR model reads them with.
struct KhrBodyContext
{
    const gltf::SceneGraph& graph;
    const physics::ResolvedScene& scene;
    scene::ShapeGeometryCache& cache;
};

/// Calls `visit(body, context)` for every body of a KHR model (nothing for OMI).
template <typename Visit>
void forEachKhrBody(const physics::PhysicsModel& model, const gltf::GltfDocument& doc,
                    const ExportScene& exported, Visit visit)
{
    if (!physics::khrMeanings(model.format))
        return;
    scene::ShapeGeometryCache cache(doc, model.format);
    const KhrBodyContext context{exported.graph(), exported.resolved(), cache};
    for (const physics::ResolvedBody& body : exported.resolved().bodies)
        visit(body, context);
}

/// KHR bodies without `mass` get the mass the engine would compute at kComputedMassDensity, written out: a
/// KHR reader's own density differs (Babylon 1000 kg/m^3, the Sample Renderer 1 kg/m^3), and OMI would read
/// the absent mass as 1 kg.
void explicitMasses(physics::PhysicsModel& model, const gltf::GltfDocument& doc, const ExportScene& exported,
                    Diagnostics& changes)
{
    forEachKhrBody(model, doc, exported, [&](const physics::ResolvedBody& body, const KhrBodyContext& at) {
        physics::NodePhysics& node = model.nodeRef(body.node);
        if (!node.motion ||
            physics::massReading(*node.motion, model.format).meaning != physics::MassMeaning::Computed)
            return;
        std::vector<geometry::PlacedMass> parts;
        const QMatrix4x4 toBody = at.graph.worldTransform(body.node).inverted();
        bool complete = !body.colliders.empty();
        for (size_t i : body.colliders) {
            const physics::ShapeInstance& inst = at.scene.instances[i];
            auto g = at.cache.geometryOf(model.shapes[size_t(inst.shape)]);
            auto props = g ? geometry::shapeMassProperties(*g, physics::kComputedMassDensity)
                           : Result<geometry::MassProperties>{};
            complete = complete && props && props->mass > 0;
            if (complete)
                parts.push_back({*props, toBody * inst.world});
        }
        if (!complete)
            return; // reported by the check of the written file (mass left to the engine)
        const double mass = geometry::combineMassProperties(parts).mass;
        node.motion->mass = mass;
        changes.push_back(changed("mass written explicitly: " + metres(mass) +
                                      " kg (the colliders' volume at " +
                                      metres(physics::kComputedMassDensity) + " kg/m^3)",
                                  node.motion->pointer));
    });
}

/// A target that reads an absent `inertiaDiagonal` as a fixed value (the Sample Renderer sets mass and
/// inertia before any shape is attached: (1, 1, 1), SR createActor) gets the inertia the spec computes
/// written out: the colliders at uniform density scaled to the body's mass, about its centre of mass, in the
/// node's axes. Such a target ignores `inertiaOrientation` (SR calculateMassAndInertia), so the products of
/// inertia of a body whose principal axes are not the node's are lost, and the note says so.
void explicitInertias(physics::PhysicsModel& model, const gltf::GltfDocument& doc,
                      const ExportScene& exported, Diagnostics& changes)
{
    forEachKhrBody(model, doc, exported, [&](const physics::ResolvedBody& body, const KhrBodyContext& at) {
        physics::NodePhysics& node = model.nodeRef(body.node);
        physics::Motion* motion = node.motion ? &*node.motion : nullptr;
        if (!motion || motion->type != physics::MotionType::Dynamic || motion->inertiaDiagonal ||
            !motion->mass || !(*motion->mass > 0))
            return;
        const auto shapes = scene::collidersMass(body, at.scene, model, at.graph, at.cache);
        if (!shapes)
            return;
        const geometry::MassProperties total = shapes->withMass(*motion->mass);
        const physics::Vec3 c = motion->centerOfMass.value_or(
            physics::Vec3{total.centerOfMass.x, total.centerOfMass.y, total.centerOfMass.z});
        const geometry::Vec3d d = geometry::Vec3d{c[0], c[1], c[2]} - total.centerOfMass;
        geometry::Mat3d tensor = total.inertia; // moved to the centre of mass used (parallel axes)
        bool products = false;
        for (int r = 0; r < 3; ++r) {
            for (int k = 0; k < 3; ++k) {
                tensor[r][k] += total.mass * ((r == k ? geometry::dot(d, d) : 0.0) - d[r] * d[k]);
                products = products || (r != k && std::fabs(tensor[r][k]) > 1e-6 * std::fabs(tensor[r][r]));
            }
        }
        motion->inertiaDiagonal = physics::Vec3{tensor[0][0], tensor[1][1], tensor[2][2]};
        changes.push_back(changed("inertiaDiagonal written explicitly: (" + metres(tensor[0][0]) + ", " +
                                      metres(tensor[1][1]) + ", " + metres(tensor[2][2]) +
                                      ") kg m^2, the colliders' about the centre of mass" +
                                      (products ? " (the target ignores inertiaOrientation: the products of "
                                                  "inertia are left out)"
                                                : ""),
                                  motion->pointer));
    });
}

/// More filters than the target tells apart: identical filters are merged (the colliders and triggers that
/// used a removed one use its first twin), so that fewer filters cross the cap (the Sample Renderer ignores
/// filters past the 31st, SR computeFilterData).
void mergeIdenticalFilters(physics::PhysicsModel& model, Diagnostics& changes)
{
    std::vector<int> target(model.filters.size());
    std::vector<physics::CollisionFilter> kept;
    for (size_t i = 0; i < model.filters.size(); ++i) {
        target[i] = int(kept.size());
        for (size_t k = 0; k < kept.size(); ++k) {
            if (kept[k].sameValues(model.filters[i])) {
                target[i] = int(k);
                break;
            }
        }
        if (target[i] == int(kept.size()))
            kept.push_back(model.filters[i]);
        else
            changes.push_back(
                changed("collision filter merged into its identical filter " + std::to_string(target[i]),
                        model.filters[i].pointer));
    }
    if (kept.size() == model.filters.size())
        return;
    const auto remap = [&](int& index) {
        if (index >= 0 && size_t(index) < target.size())
            index = target[size_t(index)];
    };
    for (auto& [node, physics] : model.nodes) {
        if (physics.collider)
            remap(physics.collider->collisionFilter);
        if (physics.trigger)
            remap(physics.trigger->collisionFilter);
    }
    model.filters = std::move(kept);
}

/// Whether a collider or trigger names its mesh by `geometry.node` (the writer keeps that spelling).
bool namesMeshByNode(const physics::PhysicsModel& model)
{
    for (const auto& [index, node] : model.nodes) {
        if ((node.collider && node.collider->geometryNode >= 0) ||
            (node.trigger && node.trigger->geometryNode >= 0))
            return true;
    }
    return false;
}

/// Every mesh written as `geometry.mesh`: the node a collider or trigger read its mesh from is forgotten, so
/// the writer does not keep the file's `geometry.node` (Babylon 0.6.0 reads only `geometry.mesh`,
/// BAB:263-283).
void forgetGeometryNodes(physics::PhysicsModel& model)
{
    for (auto& [index, node] : model.nodes) {
        if (node.collider)
            node.collider->geometryNode = -1;
        if (node.trigger)
            node.trigger->geometryNode = -1;
    }
}

} // namespace

physics::Family exportFamily(const Target& target, const physics::PhysicsModel& model)
{
    switch (target.family) {
    case TargetFamily::Omi:
        return physics::Family::Omi;
    case TargetFamily::Khr:
        return physics::Family::Khr;
    default:
        return physics::sourceFamily(model);
    }
}

Diagnostics adaptForTarget(physics::PhysicsModel& model, gltf::GltfDocument& doc, const Target& target,
                           ExportScene& exported, const ExportWork& work)
{
    Diagnostics changes;
    const physics::Family family = exportFamily(target, model);
    if (family != physics::sourceFamily(model))
        changes.push_back(
            changed(std::string("written as ") + physics::familyName(family) + " for " + target.name, ""));
    if (target.verdict(Feature::Plane) != Verdict::Reads)
        replacePlanes(model, changes);
    const bool byNode = target.verdict(Feature::GeometryNode) == Verdict::Reads &&
                        target.verdict(Feature::GeometryMesh) != Verdict::Reads;
    if (family == physics::Family::Khr &&
        (model.khrGeometryByNode != byNode || (!byNode && namesMeshByNode(model)))) {
        model.khrGeometryByNode = byNode;
        if (!byNode)
            forgetGeometryNodes(model);
        changes.push_back(
            changed(byNode ? "mesh colliders written as `geometry.node` where a node has the mesh"
                           : "mesh colliders written as `geometry.mesh` instead of `geometry.node`",
                    ""));
    }
    if (target.family != TargetFamily::Any)
        explicitMasses(model, doc, exported, changes); // KHR sources only: OMI gives an absent mass 1 kg
    // KHR computes an absent centre of mass; OMI and the targets that use the node origin need it written.
    if (family == physics::Family::Omi || target.verdict(Feature::CenterOfMassAbsent) != Verdict::Reads) {
        for (const Diagnostic& d :
             scene::writeComputedCentersOfMass(model, doc, exported.graph(), exported.resolved()))
            changes.push_back(changed(d.message, d.pointer));
    }
    if (std::any_of(target.behaviours.begin(), target.behaviours.end(),
                    [](const BehaviourRule& b) { return b.behaviour == Behaviour::AbsentInertia; }))
        explicitInertias(model, doc, exported, changes);
    // After the masses: a computed mass is the trimesh's volume, not the parts' hulls'.
    // The parts' nodes and colliders are new: the graph and the bodies are built again for the passes after.
    if (target.verdict(Feature::TrimeshOnDynamic) != Verdict::Reads &&
        decomposeDynamicTrimeshes(model, doc, target, exported, changes, work) > 0)
        exported.rebuild(doc, model);
    fitHullsToBudget(model, doc, target, changes);

    if (family == physics::Family::Khr && target.verdict(Feature::JointWithoutBody) == Verdict::Fails)
        moveJointsToBodies(model, exported, changes);
    if (family == physics::Family::Khr && target.name == babylonTarget().name) {
        explicitHavokMaterials(model, changes); // Havok's own defaults and combine order (BAB:301-327)
        systemForFiltersWithout(model, changes);
    }
    matchCombineModes(model, target, family, changes);
    if (std::any_of(target.behaviours.begin(), target.behaviours.end(),
                    [](const BehaviourRule& b) { return b.behaviour == Behaviour::VelocityInWorldFrame; }))
        worldFrameVelocities(model, exported.graph(), changes);
    if (target.filterCap && model.filters.size() > size_t(*target.filterCap))
        mergeIdenticalFilters(model, changes);
    return changes;
}

Diagnostics targetLosses(const gltf::GltfDocument& doc, const gltf::SceneGraph& graph, const Target& target)
{
    Diagnostics losses;
    for (const Finding& f : checkTarget(scanFeatures(doc, graph), target)) {
        if (f.verdict == Verdict::Fails || f.verdict == Verdict::Ignored)
            losses.push_back(makeWarning(kTargetLoss,
                                         target.name + " " + verdictName(f.verdict) + ": " + f.reason + " [" +
                                             f.cite + "] (" + f.detail + ")",
                                         f.pointer));
    }
    return losses;
}

TargetExportResult exportForTarget(gltf::GltfDocument doc, const Target& target, const ExportWork& work)
{
    TargetExportResult r;
    auto model = physics::readPhysics(doc);
    r.changes = model.diagnostics;
    if (!model) {
        r.unusable = true;
        return r;
    }
    // Built once here and handed to every pass (rebuilt only where a pass changes nodes).
    ExportScene exported(doc, *model);
    for (Diagnostic& d : adaptForTarget(*model, doc, target, exported, work))
        (d.code == kTargetLoss ? r.losses : r.changes).push_back(std::move(d));
    if (work.cancel && work.cancel->load()) {
        r.cancelled = r.unusable = true;
        return r;
    }
    r.family = exportFamily(target, *model);
    // One write; its losses are read from it. The writers change no node, so the graph stays `doc`'s.
    const physics::Conversion converted =
        physics::convertPhysics(*model, doc, r.family, &exported.resolved());
    r.losses.insert(r.losses.end(), converted.losses.begin(), converted.losses.end());
    r.changes.insert(r.changes.end(), converted.written.begin(), converted.written.end());
    const Diagnostics finished = finishForTarget(doc, target, exported);
    r.changes.insert(r.changes.end(), finished.begin(), finished.end());
    r.unusable = hasErrors(finished);
    const Diagnostics remaining = targetLosses(doc, exported.graph(), target);
    r.losses.insert(r.losses.end(), remaining.begin(), remaining.end());
    r.document = std::move(doc);
    return r;
}

} // namespace cs::targets
