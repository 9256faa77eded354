#include "scene/Overlays.h"

#include "geometry/MassProperties.h"
#include "geometry/Wireframe.h"
#include "scene/ComputedCenterOfMass.h"
#include "scene/ShapeGeometryCache.h"

#include <QQuaternion>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace cs::scene {

namespace {

using physics::MotionType;

OverlayKind kindOf(const physics::ShapeInstance& instance, const physics::ResolvedScene& scene)
{
    if (instance.trigger)
        return OverlayKind::Trigger;
    if (instance.body < 0)
        return OverlayKind::Static;
    switch (scene.bodies[size_t(instance.body)].motion.type) {
    case MotionType::Static:
        return OverlayKind::Static;
    case MotionType::Kinematic:
        return OverlayKind::Kinematic;
    case MotionType::Dynamic:
        return OverlayKind::Dynamic;
    }
    return OverlayKind::Static;
}

QVector3D toQ(const physics::Vec3& v)
{
    return QVector3D(float(v[0]), float(v[1]), float(v[2]));
}

void addBox(std::vector<QVector3D>& out, const QMatrix4x4& placement, const QVector3D& size)
{
    const QVector3D h = size * 0.5f;
    auto corner = [&](int i) {
        return placement.map(
            QVector3D((i & 1) ? h.x() : -h.x(), (i & 2) ? h.y() : -h.y(), (i & 4) ? h.z() : -h.z()));
    };
    for (int i = 0; i < 8; ++i) {
        for (int bit : {1, 2, 4}) {
            if (!(i & bit))
                out.insert(out.end(), {corner(i), corner(i | bit)});
        }
    }
}

void addCross(std::vector<QVector3D>& out, const QVector3D& at, float arm)
{
    out.insert(out.end(), {at - QVector3D(arm, 0, 0), at + QVector3D(arm, 0, 0), at - QVector3D(0, arm, 0),
                           at + QVector3D(0, arm, 0), at - QVector3D(0, 0, arm), at + QVector3D(0, 0, arm)});
}

void addArrow(std::vector<QVector3D>& out, const QVector3D& from, const QVector3D& to, float head)
{
    const QVector3D d = to - from;
    if (d.lengthSquared() <= 0)
        return;
    out.insert(out.end(), {from, to});
    const QVector3D dir = d.normalized();
    QVector3D side = QVector3D::crossProduct(dir, QVector3D(0, 1, 0));
    if (side.lengthSquared() < 1e-6f)
        side = QVector3D::crossProduct(dir, QVector3D(1, 0, 0));
    side.normalize();
    const QVector3D up = QVector3D::crossProduct(side, dir);
    const float h = std::min(head, d.length() * 0.4f);
    for (const QVector3D& s : {side, -side, up, -up})
        out.insert(out.end(), {to, to - dir * h + s * (h * 0.5f)});
}

/// The mass properties of a body from its colliders, in the body node's space, scaled to the body's mass
/// (a mass the file leaves to the engine: at physics::kComputedMassDensity). The colliders are taken as the
/// preview and the writers take them (collidersMass: a closed trimesh counts its volume; none when a collider
/// has no volume), so the markers show what the preview simulates.
std::optional<geometry::MassProperties>
massFromShapes(const physics::ResolvedBody& body, const physics::ResolvedScene& scene,
               const physics::PhysicsModel& model, const gltf::SceneGraph& graph, ShapeGeometryCache& cache)
{
    const physics::MassReading mass = physics::massReading(body.motion, model.format);
    if (mass.meaning == physics::MassMeaning::Infinite ||
        (mass.meaning == physics::MassMeaning::Given && mass.value <= 0))
        return std::nullopt;
    const auto total = collidersMass(body, scene, model, graph, cache);
    if (!total)
        return std::nullopt;
    return mass.meaning == physics::MassMeaning::Given ? total->withMass(mass.value) : *total;
}

} // namespace

std::vector<QVector3D> dashed(const std::vector<QVector3D>& segments, float dash)
{
    std::vector<QVector3D> out;
    if (dash <= 0)
        return segments;
    for (size_t i = 0; i + 1 < segments.size(); i += 2) {
        const QVector3D a = segments[i], b = segments[i + 1];
        const float length = (b - a).length();
        if (length <= dash) {
            out.insert(out.end(), {a, b});
            continue;
        }
        const QVector3D dir = (b - a) / length;
        for (float t = 0; t < length; t += 2 * dash)
            out.insert(out.end(), {a + dir * t, a + dir * std::min(t + dash, length)});
    }
    return out;
}

QVector3D inertiaBoxSize(const QVector3D& diagonal, double mass)
{
    if (mass <= 0)
        return QVector3D();
    auto side = [&](float a, float b, float c) {
        // I_a = m (b^2 + c^2) / 12 for each axis; solving gives side_a^2 = 6 (I_b + I_c - I_a) / m.
        const double s2 = 6.0 * (double(b) + double(c) - double(a)) / mass;
        return s2 > 0 ? float(std::sqrt(s2)) : 0.0f;
    };
    return QVector3D(side(diagonal.x(), diagonal.y(), diagonal.z()),
                     side(diagonal.y(), diagonal.z(), diagonal.x()),
                     side(diagonal.z(), diagonal.x(), diagonal.y()));
}

namespace {

/// Grows [boundsMin, boundsMax] of `out` by `p` (the first point sets them).
struct BoundsGrower
{
    Overlays& out;
    bool any = false;
    void operator()(const QVector3D& p)
    {
        if (!any) {
            out.boundsMin = out.boundsMax = p;
            any = true;
            return;
        }
        out.boundsMin = QVector3D(std::min(out.boundsMin.x(), p.x()), std::min(out.boundsMin.y(), p.y()),
                                  std::min(out.boundsMin.z(), p.z()));
        out.boundsMax = QVector3D(std::max(out.boundsMax.x(), p.x()), std::max(out.boundsMax.y(), p.y()),
                                  std::max(out.boundsMax.z(), p.z()));
    }
};

bool instanceSelected(const physics::ShapeInstance& inst, const physics::ResolvedScene& scene,
                      const std::set<size_t>& selected)
{
    return selected.count(inst.node) ||
           (inst.body >= 0 && selected.count(scene.bodies[size_t(inst.body)].node)) ||
           (inst.compoundTrigger >= 0 &&
            selected.count(scene.compoundTriggers[size_t(inst.compoundTrigger)].node));
}

/// Every shape instance's wireframe in world space, into its kind's lines (triggers into `triggers`, dashed
/// later), the selected ones copied into the selection; the bounds grow with every bounded shape.
void addShapeInstances(Overlays& out, std::vector<QVector3D>& triggers, std::vector<OverlayRun>& triggerRuns,
                       const physics::PhysicsModel& model, const physics::ResolvedScene& scene,
                       ShapeGeometryCache& cache, const OverlayOptions& options)
{
    std::map<int, std::vector<QVector3D>> localLines; // per shape index, made once
    const std::set<size_t> selected(options.selectedNodes.begin(), options.selectedNodes.end());
    BoundsGrower grow{out};
    for (const physics::ShapeInstance& inst : scene.instances) {
        if (inst.shape < 0 || size_t(inst.shape) >= model.shapes.size()) {
            ++out.shapesSkipped;
            continue;
        }
        const physics::Shape& shape = model.shapes[size_t(inst.shape)];
        auto cached = localLines.find(inst.shape);
        if (cached == localLines.end()) {
            auto g = shape.isPlane() ? std::nullopt : cache.geometryOf(shape);
            cached = localLines
                         .emplace(inst.shape, shape.isPlane() ? planeWireframe(*shape.plane)
                                              : g ? geometry::shapeWireframe(*g, options.circleSegments)
                                                  : std::vector<QVector3D>{})
                         .first;
        }
        if (cached->second.empty()) {
            ++out.shapesSkipped;
            continue;
        }
        ++out.shapesDrawn;
        const OverlayKind kind =
            options.byShape && !inst.trigger ? shapeOverlayKind(shape) : kindOf(inst, scene);
        std::vector<QVector3D>& target = kind == OverlayKind::Trigger ? triggers : out.lines[size_t(kind)];
        const size_t first = target.size();
        // An unbounded plane is drawn as a patch that says nothing about the scene's size.
        const bool bounded = !shape.isPlane() || (shape.plane->sizeX && shape.plane->sizeZ);
        for (const QVector3D& p : cached->second) {
            target.push_back(inst.world.map(p));
            if (bounded)
                grow(target.back());
        }
        const size_t count = target.size() - first;
        const int node = int(inst.node);
        if (kind == OverlayKind::Trigger)
            triggerRuns.push_back(
                {first, count, inst.body, node}); // every trigger instance: dashed run by run
        else
            out.bodyRuns[size_t(kind)].push_back({first, count, inst.body, node});
        if (instanceSelected(inst, scene, selected)) {
            auto& sel = out.lines[size_t(OverlayKind::Selection)];
            out.bodyRuns[size_t(OverlayKind::Selection)].push_back({sel.size(), count, inst.body, node});
            sel.insert(sel.end(), target.begin() + std::ptrdiff_t(first), target.end());
        }
    }
}

/// The trigger wireframes dashed instance by instance (dashes are made segment by segment, so this is the
/// same as dashing them all at once), each run kept as a run of the dashed lines.
void addDashedTriggers(Overlays& out, const std::vector<QVector3D>& triggers,
                       const std::vector<OverlayRun>& triggerRuns, float dash)
{
    auto& lines = out.lines[size_t(OverlayKind::Trigger)];
    lines.clear();
    for (const OverlayRun& run : triggerRuns) {
        const std::vector<QVector3D> part(triggers.begin() + std::ptrdiff_t(run.first),
                                          triggers.begin() + std::ptrdiff_t(run.first + run.count));
        const std::vector<QVector3D> dashes = dashed(part, dash);
        out.bodyRuns[size_t(OverlayKind::Trigger)].push_back(
            {lines.size(), dashes.size(), run.body, run.node});
        lines.insert(lines.end(), dashes.begin(), dashes.end());
    }
}

/// Parts that move together: a line from the body's node to each part's node (when there are several), and
/// from a compound trigger's node to each member's.
void addPartLinks(Overlays& out, const physics::ResolvedScene& scene, const gltf::SceneGraph& graph)
{
    auto origin = [&](size_t node) { return graph.worldTransform(node).map(QVector3D()); };
    for (size_t b = 0; b < scene.bodies.size(); ++b) {
        const physics::ResolvedBody& body = scene.bodies[b];
        const size_t parts = body.colliders.size() + body.triggers.size();
        if (parts < 2)
            continue;
        const OverlayKind kind =
            kindOf(scene.instances[body.colliders.empty() ? body.triggers[0] : body.colliders[0]], scene);
        std::vector<QVector3D>& lines = out.lines[size_t(kind)];
        const size_t first = lines.size();
        for (const auto* list : {&body.colliders, &body.triggers}) {
            for (size_t i : *list) {
                if (scene.instances[i].node != body.node)
                    lines.insert(lines.end(), {origin(body.node), origin(scene.instances[i].node)});
            }
        }
        if (lines.size() > first)
            out.bodyRuns[size_t(kind)].push_back({first, lines.size() - first, int(b), int(body.node)});
    }
    for (const physics::CompoundTrigger& compound : scene.compoundTriggers) {
        auto& lines = out.lines[size_t(OverlayKind::Trigger)];
        const size_t first = lines.size();
        for (size_t i : compound.members)
            lines.insert(lines.end(), {origin(compound.node), origin(scene.instances[i].node)});
        if (lines.size() > first)
            out.bodyRuns[size_t(OverlayKind::Trigger)].push_back(
                {first, lines.size() - first, compound.body, int(compound.node)});
    }
}

/// What the inertia overlay of a body shows: the given values, or what the engine would compute from the
/// colliders where the file leaves them to it.
struct InertiaShown
{
    QVector3D com;
    QVector3D diagonal;
    QQuaternion orientation;
    double mass = 0;
    bool infinite = false;
};

InertiaShown inertiaShown(const physics::ResolvedBody& body, const physics::ResolvedScene& scene,
                          const physics::PhysicsModel& model, const gltf::SceneGraph& graph,
                          ShapeGeometryCache& cache)
{
    const physics::Motion& m = body.motion;
    InertiaShown shown;
    shown.com = toQ(m.centerOfMass.value_or(physics::Vec3{0, 0, 0}));
    const auto inertia = physics::inertiaMeanings(m, model.format);
    const physics::MassReading mass = physics::massReading(m, model.format);
    shown.diagonal = m.inertiaDiagonal ? toQ(*m.inertiaDiagonal) : QVector3D();
    shown.mass = mass.meaning == physics::MassMeaning::Given ? mass.value : 0.0;
    shown.orientation = QQuaternion(float(m.inertiaOrientation[3]), float(m.inertiaOrientation[0]),
                                    float(m.inertiaOrientation[1]), float(m.inertiaOrientation[2]));
    shown.infinite =
        mass.meaning == physics::MassMeaning::Infinite ||
        std::find(inertia.begin(), inertia.end(), physics::MassMeaning::Infinite) != inertia.end();
    const bool comComputed =
        physics::centerOfMassReading(m, model.format).meaning == physics::MassMeaning::Computed;
    if (m.type != MotionType::Dynamic || shown.infinite ||
        (inertia[0] != physics::MassMeaning::Computed && mass.meaning != physics::MassMeaning::Computed &&
         !comComputed))
        return shown;
    // Left to the engine: show what it would compute from the colliders.
    const auto props = massFromShapes(body, scene, model, graph, cache);
    if (!props)
        return shown;
    shown.mass = props->mass;
    if (comComputed)
        shown.com = QVector3D(float(props->centerOfMass.x), float(props->centerOfMass.y),
                              float(props->centerOfMass.z));
    if (inertia[0] == physics::MassMeaning::Computed) {
        const auto principal = geometry::principalInertia(props->inertia);
        shown.diagonal =
            QVector3D(float(principal.diagonal.x), float(principal.diagonal.y), float(principal.diagonal.z));
        shown.orientation = principal.orientation;
        shown.com = QVector3D(float(props->centerOfMass.x), float(props->centerOfMass.y),
                              float(props->centerOfMass.z));
    }
    return shown;
}

/// Per body: centre of mass, inertia box, velocities (`marker`: the size of a cross, in scene units).
void addBodyMarkers(Overlays& out, const physics::PhysicsModel& model, const physics::ResolvedScene& scene,
                    const gltf::SceneGraph& graph, ShapeGeometryCache& cache, float marker)
{
    for (const physics::ResolvedBody& body : scene.bodies) {
        const QMatrix4x4& world = graph.worldTransform(body.node);
        const physics::Motion& m = body.motion;
        const InertiaShown shown = inertiaShown(body, scene, model, graph, cache);
        const QVector3D worldCom = world.map(shown.com);
        addCross(out.lines[size_t(OverlayKind::CenterOfMass)], worldCom, marker);
        const QVector3D box = shown.infinite ? QVector3D() : inertiaBoxSize(shown.diagonal, shown.mass);
        if (!box.isNull()) {
            QMatrix4x4 placement = world;
            placement.translate(shown.com);
            placement.rotate(shown.orientation.normalized());
            addBox(out.lines[size_t(OverlayKind::Inertia)], placement, box);
        }
        // Arrows show where the body goes in the next half second.
        const QVector3D v = world.mapVector(toQ(m.linearVelocity));
        if (!v.isNull())
            addArrow(out.lines[size_t(OverlayKind::Velocity)], worldCom, worldCom + v * 0.5f, marker * 2);
        const QVector3D w = world.mapVector(toQ(m.angularVelocity));
        if (!w.isNull()) {
            auto& lines = out.lines[size_t(OverlayKind::Velocity)];
            const QVector3D axis = w.normalized() * marker * 6;
            lines.insert(lines.end(), {worldCom - axis, worldCom + axis});
        }
    }
}

} // namespace

OverlayKind shapeOverlayKind(const physics::Shape& shape)
{
    if (shape.isPlane())
        return OverlayKind::ShapePlane;
    switch (shape.type) {
    case physics::ShapeType::Box:
        return OverlayKind::ShapeBox;
    case physics::ShapeType::Sphere:
        return OverlayKind::ShapeSphere;
    case physics::ShapeType::Capsule:
        return OverlayKind::ShapeCapsule;
    case physics::ShapeType::Cylinder:
        return OverlayKind::ShapeCylinder;
    case physics::ShapeType::Convex:
        return OverlayKind::ShapeHull;
    case physics::ShapeType::Trimesh:
        return OverlayKind::ShapeMesh;
    }
    return OverlayKind::ShapeMesh;
}

OverlayOptions windowOverlayOptions(size_t shapes, std::vector<size_t> selected, bool byShape)
{
    OverlayOptions options;
    options.byShape = byShape;
    const double count = std::max<double>(1.0, double(shapes));
    options.circleSegments = std::clamp(int(32.0 * std::sqrt(1500.0 / count)), 12, 32);
    options.selectedNodes = std::move(selected);
    return options;
}

Overlays buildOverlays(const gltf::GltfDocument& doc, const physics::PhysicsModel& model,
                       const physics::ResolvedScene& scene, const gltf::SceneGraph& graph,
                       const OverlayOptions& options)
{
    Overlays out;
    ShapeGeometryCache cache(doc, model.format);
    std::vector<QVector3D> triggers;
    std::vector<OverlayRun> triggerRuns;
    addShapeInstances(out, triggers, triggerRuns, model, scene, cache, options);
    const QVector3D extent = out.boundsMax - out.boundsMin;
    const float sceneSize = std::max(extent.length(), 1e-3f);
    addDashedTriggers(out, triggers, triggerRuns,
                      options.dashLength > 0 ? options.dashLength : sceneSize / 100.0f);
    addPartLinks(out, scene, graph);
    addBodyMarkers(out, model, scene, graph, cache, sceneSize * 0.012f);
    return out;
}

std::vector<QVector3D> planeWireframe(const physics::PlaneParams& plane)
{
    const float hx = plane.sizeX ? float(*plane.sizeX) / 2 : kUnboundedPlaneHalfSize;
    const float hz = plane.sizeZ ? float(*plane.sizeZ) / 2 : kUnboundedPlaneHalfSize;
    std::vector<QVector3D> out;
    auto line = [&](QVector3D a, QVector3D b) { out.insert(out.end(), {a, b}); };
    const QVector3D c[4] = {{hx, 0, hz}, {-hx, 0, hz}, {-hx, 0, -hz}, {hx, 0, -hz}};
    for (int i = 0; i < 4; ++i)
        line(c[i], c[(i + 1) % 4]);
    // The axes through the centre mark the plane's origin; an unbounded direction is drawn as a line across.
    line({-hx, 0, 0}, {hx, 0, 0});
    line({0, 0, -hz}, {0, 0, hz});
    // The normal (+Y, the solid side's outward direction); a double-sided plane shows -Y too.
    const float n = std::min(hx, hz) / 4;
    line({}, {0, n, 0});
    if (plane.doubleSided)
        line({}, {0, -n, 0});
    return out;
}

} // namespace cs::scene
