#include "simulation/SimulationInput.h"

#include "geometry/MassProperties.h"
#include "physics/ResolvedScene.h"
#include "scene/ShapeGeometryCache.h"
#include "simulation/JointInput.h"
#include "simulation/ShapeScaling.h"

#include <cmath>
#include <optional>

namespace cs::simulation {

using geometry::Mat3d;
using geometry::Vec3d;

namespace {

QQuaternion toQt(const Quat& q)
{
    return QQuaternion(float(q[3]), float(q[0]), float(q[1]), float(q[2]));
}

Quat fromQt(const QQuaternion& q)
{
    return {q.x(), q.y(), q.z(), q.scalar()};
}

Vec3 fromVec(const Vec3d& v)
{
    return {v.x, v.y, v.z};
}

Vec3 rotate(const Quat& q, const Vec3& v)
{
    const QVector3D r = toQt(q).rotatedVector(QVector3D(float(v[0]), float(v[1]), float(v[2])));
    return {r.x(), r.y(), r.z()};
}

/// The tensor of `inertia` (about `from`, total mass `mass`) moved to `to` by the parallel-axis theorem.
Mat3d shiftInertia(const Mat3d& inertia, double mass, const Vec3d& from, const Vec3d& to)
{
    const Vec3d d = to - from;
    Mat3d shifted = inertia;
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c)
            shifted[r][c] += mass * ((r == c ? geometry::dot(d, d) : 0.0) - d[r] * d[c]);
    }
    return shifted;
}

class Builder
{
public:
    Builder(const gltf::GltfDocument& doc, const physics::PhysicsModel& model, const gltf::SceneGraph& graph,
            const BehaviourProfile& behaviour, Diagnostics& notes)
        : m_model(model), m_graph(graph), m_behaviour(behaviour), m_cache(doc, model.format), m_notes(notes)
    {
        m_scene = physics::resolveScene(model, graph);
    }

    SimulationInput build(const gltf::GltfDocument& doc)
    {
        SimulationInput in;
        in.behaviour = m_behaviour;
        const physics::SourceFormat format = m_model.format;
        in.materials = m_model.materials;
        for (physics::PhysicsMaterial& m : in.materials) {
            m.frictionCombine = physics::votingCombineMode(m.frictionCombine, format);
            m.restitutionCombine = physics::votingCombineMode(m.restitutionCombine, format);
            if (!m.frictionCombine)
                m.frictionCombine = m_behaviour.absentFrictionCombine;
            if (!m.restitutionCombine)
                m.restitutionCombine = m_behaviour.absentRestitutionCombine;
        }
        in.defaultMaterial.frictionCombine = physics::votingCombineMode(std::nullopt, format);
        in.defaultMaterial.restitutionCombine = physics::votingCombineMode(std::nullopt, format);
        in.filters = m_model.filters;
        for (size_t i = 0; i < doc.count("nodes"); ++i)
            in.nodeNames.push_back(gltf::nodeName(doc, i));
        for (const physics::ResolvedBody& b : m_scene.bodies)
            in.bodies.push_back(body(b));
        in.joints = buildJoints(m_model, m_scene, m_graph, m_behaviour, m_notes);
        const QMatrix4x4 world;
        for (size_t i : m_scene.staticColliders) {
            if (auto s = place(m_scene.instances[i], world))
                in.statics.push_back({std::move(*s)});
        }
        for (const physics::ShapeInstance& inst : m_scene.instances) {
            if (!inst.trigger || inst.compoundTrigger >= 0)
                continue;
            SimTrigger t{inst.node, inst.body, filterIndex(inst.collisionFilter, pointerOf(inst)), {}};
            if (auto s = place(inst, ownerInverse(inst.body)))
                t.shapes.push_back(std::move(*s));
            for (SimShape& s : t.shapes)
                s.filter = t.filter;
            in.triggers.push_back(std::move(t));
        }
        for (const physics::CompoundTrigger& ct : m_scene.compoundTriggers) {
            SimTrigger t{ct.node, ct.body, filterIndex(ct.collisionFilter, {}), {}};
            for (size_t member : ct.members) {
                if (auto s = place(m_scene.instances[member], ownerInverse(ct.body)))
                    t.shapes.push_back(std::move(*s));
            }
            for (SimShape& s : t.shapes)
                s.filter = t.filter;
            in.triggers.push_back(std::move(t));
        }
        return in;
    }

private:
    std::string pointerOf(const physics::ShapeInstance& inst) const
    {
        const physics::NodePhysics* n = m_model.node(inst.node);
        if (!n)
            return {};
        if (inst.trigger)
            return n->trigger ? n->trigger->pointer : std::string();
        return n->collider ? n->collider->pointer : std::string();
    }

    int geometryNodeOf(const physics::ShapeInstance& inst) const
    {
        const physics::NodePhysics* n = m_model.node(inst.node);
        if (!n)
            return -1;
        if (inst.trigger)
            return n->trigger ? n->trigger->geometryNode : -1;
        return n->collider ? n->collider->geometryNode : -1;
    }

    int filterIndex(int index, const std::string& pointer)
    {
        if (index < 0)
            return -1;
        if (size_t(index) >= m_model.filters.size()) {
            m_notes.push_back(makeWarning("SIM_FILTER_MISSING",
                                          "The collision filter index is out of range; the default filter "
                                          "(collide with everything) is used",
                                          pointer));
            return -1;
        }
        return index;
    }

    Pose bodyPose(int body) const
    {
        Pose pose;
        Vec3d scale;
        if (body >= 0)
            decomposeTransform(m_graph.worldTransform(m_scene.bodies[size_t(body)].node), pose, scale);
        return pose;
    }

    QMatrix4x4 ownerInverse(int body) const { return poseMatrix(bodyPose(body)).inverted(); }

    std::optional<SimShape> place(const physics::ShapeInstance& inst, const QMatrix4x4& ownerInverse)
    {
        const std::string pointer = pointerOf(inst);
        const physics::Shape& shape = m_model.shapes[size_t(inst.shape)];
        if (m_behaviour.geometryNodeIgnored && geometryNodeOf(inst) >= 0) {
            m_notes.push_back(makeInfo(
                "SIM_GEOMETRY_NODE_IGNORED",
                m_behaviour.name + " gives a `geometry.node` collider or trigger no shape", pointer));
            return std::nullopt;
        }
        if (shape.isPlane())
            return placePlane(inst, *shape.plane, ownerInverse, pointer);
        auto geometry = m_cache.geometryOf(shape);
        if (!geometry) {
            if (shape.opaque)
                m_notes.push_back(makeWarning("SIM_SHAPE_UNKNOWN",
                                              "A shape of a type the preview does not know is left out",
                                              shape.pointer));
            else
                m_notes.push_back(makeError("SIM_SHAPE_UNREADABLE",
                                            "The shape's mesh cannot be read; the shape is left out",
                                            shape.pointer));
            return std::nullopt;
        }
        SimShape s;
        s.node = inst.node;
        Vec3d scale;
        if (!decomposeTransform(ownerInverse * inst.world, s.pose, scale))
            m_notes.push_back(
                makeWarning("SIM_SHEARED_TRANSFORM",
                            "The shape's transform has shear or a reflection; the nearest rotation "
                            "and positive scale are used",
                            pointer));
        if (std::fmin(scale.x, std::fmin(scale.y, scale.z)) < 1e-9) {
            m_notes.push_back(makeWarning("SIM_ZERO_SCALE", "A shape scaled to zero is left out", pointer));
            return std::nullopt;
        }
        s.geometry = scaledShape(*geometry, scale, m_notes, pointer);
        s.filter = filterIndex(inst.collisionFilter, pointer);
        s.material = inst.physicsMaterial;
        if (s.material >= 0 && size_t(s.material) >= m_model.materials.size()) {
            m_notes.push_back(
                makeWarning("SIM_MATERIAL_MISSING",
                            "The physics material index is out of range; the default material is "
                            "used",
                            pointer));
            s.material = -1;
        }
        return s;
    }

    /// A finite KHR plane becomes a 1 cm thick box whose top face is the plane; an infinite one a static
    /// half-space (static geometry only).
    std::optional<SimShape> placePlane(const physics::ShapeInstance& inst, const physics::PlaneParams& plane,
                                       const QMatrix4x4& ownerInverse, const std::string& pointer)
    {
        SimShape s;
        s.node = inst.node;
        s.material = inst.physicsMaterial;
        if (s.material >= 0 && size_t(s.material) >= m_model.materials.size())
            s.material = -1;
        s.filter = filterIndex(inst.collisionFilter, pointer);
        Vec3d scale;
        decomposeTransform(ownerInverse * inst.world, s.pose, scale);
        if (m_behaviour.planeAlongX && inst.body < 0 && !inst.trigger) {
            // The target's plane is x = 0 of the node with normal +X: a turn of -90 degrees about Z takes the
            // preview's half-space below +Y there.
            s.pose.rotation = fromQt(toQt(s.pose.rotation) * QQuaternion::fromAxisAndAngle(0, 0, 1, -90));
            s.infinitePlane = true;
            return s;
        }
        if (plane.infinite()) {
            if (inst.body >= 0 || inst.trigger) {
                m_notes.push_back(makeWarning("SIM_PLANE_NOT_STATIC",
                                              "An infinite plane is simulated only as static solid geometry; "
                                              "this one (on a body or a trigger) is left out",
                                              pointer));
                return std::nullopt;
            }
            s.infinitePlane = true;
            return s;
        }
        if (!plane.sizeX || !plane.sizeZ)
            m_notes.push_back(makeWarning(
                "SIM_PLANE_ONE_SIZE",
                "A plane with only one size is simulated 1 km long along the other axis", pointer));
        constexpr double Thickness = 0.01;
        s.geometry = geometry::ShapeGeometry::box(
            {plane.sizeX.value_or(1000.0) * scale.x, Thickness, plane.sizeZ.value_or(1000.0) * scale.z});
        const Vec3 down = rotate(s.pose.rotation, {0, -Thickness / 2, 0});
        for (size_t i = 0; i < 3; ++i)
            s.pose.position[i] += down[i];
        return s;
    }

    SimBody body(const physics::ResolvedBody& b)
    {
        const physics::Motion& m = b.motion;
        SimBody body;
        body.node = b.node;
        body.pose = bodyPose(m_scene.nodeBody[b.node]);
        body.kind = m.type == physics::MotionType::Static      ? BodyKind::Static
                    : m.type == physics::MotionType::Kinematic ? BodyKind::Kinematic
                                                               : BodyKind::Dynamic;
        initialVelocities(body, m);
        body.gravityFactor = m_behaviour.gravityFactorIgnored ? 1.0 : m.gravityFactor;
        body.centerOfMass = physics::centerOfMassReading(m, m_model.format).value;

        const QMatrix4x4 inverse = poseMatrix(body.pose).inverted();
        for (size_t i = 0; i < b.colliders.size(); ++i) {
            const physics::ShapeInstance& inst = m_scene.instances[b.colliders[i]];
            auto s = place(inst, inverse);
            if (!s)
                continue;
            if (body.kind == BodyKind::Dynamic && s->geometry.kind == geometry::ShapeKind::Trimesh &&
                m_behaviour.meshOnDynamicHull && s->geometry.mesh)
                s->geometry = geometry::ShapeGeometry::convex(*s->geometry.mesh);
            else if (body.kind == BodyKind::Dynamic && s->geometry.kind == geometry::ShapeKind::Trimesh)
                m_notes.push_back(
                    makeInfo("SIM_TRIMESH_ON_DYNAMIC",
                             "A trimesh on a dynamic body is simulated as a concave moving mesh "
                             "(Bullet's GImpact), with a 2 mm collision margin",
                             pointerOf(inst)));
            body.colliders.push_back(std::move(*s));
        }
        if (body.kind == BodyKind::Dynamic)
            massProperties(body, m);
        else if (body.kind == BodyKind::Kinematic) // it turns about its centre of mass too
            centerOfMass(body, m, shapeMass(body));
        return body;
    }

    /// The file's node-space velocities in the world: rotated (the spec), through the node's whole world
    /// matrix (a target that scales them) or as they are (a target that reads them as world vectors).
    void initialVelocities(SimBody& body, const physics::Motion& m) const
    {
        if (m_behaviour.velocityTimesWorldScale) {
            const QMatrix4x4 world = m_graph.worldTransform(body.node);
            auto through = [&](const Vec3& v) {
                const QVector3D r = world.mapVector(QVector3D(float(v[0]), float(v[1]), float(v[2])));
                return Vec3{r.x(), r.y(), r.z()};
            };
            body.linearVelocity = through(m.linearVelocity);
            body.angularVelocity = through(m.angularVelocity);
        } else if (m_behaviour.velocityInWorldFrame && body.kind == BodyKind::Dynamic) {
            body.linearVelocity = m.linearVelocity;
            body.angularVelocity = m.angularVelocity;
        } else {
            body.linearVelocity = rotate(body.pose.rotation, m.linearVelocity);
            body.angularVelocity = rotate(body.pose.rotation, m.angularVelocity);
        }
    }

    /// Mass and inertia as the file's family reads them (physics::massReading, inertiaMeanings): a given
    /// value as it is, a computed one from the colliders at uniform density about the file's centre of mass,
    /// an infinite inertia axis as 0 (the engine's infinite), an infinite mass as SimBody::infiniteMass.
    void massProperties(SimBody& body, const physics::Motion& m)
    {
        const physics::MassReading mass = physics::massReading(m, m_model.format);
        const auto inertia = physics::inertiaMeanings(m, m_model.format);
        std::optional<geometry::MassProperties> shapes = shapeMass(body);
        centerOfMass(body, m, shapes);
        if (shapes && m_behaviour.absentMassDensity != physics::kComputedMassDensity)
            shapes = shapes->withMass(shapes->mass * m_behaviour.absentMassDensity /
                                      physics::kComputedMassDensity);
        if (mass.meaning == physics::MassMeaning::Computed && m_behaviour.absentMass) {
            body.mass = *m_behaviour.absentMass;
        } else if (mass.meaning == physics::MassMeaning::Computed && m.inertiaDiagonal &&
                   m_behaviour.massWithInertiaOnly) {
            body.mass = *m_behaviour.massWithInertiaOnly;
        } else if (mass.meaning == physics::MassMeaning::Given) {
            body.mass = mass.value;
            if (!std::isfinite(mass.value) || mass.value <= 0) {
                m_notes.push_back(makeWarning("SIM_MASS_INVALID",
                                              "A mass that is not a positive number; the preview uses 1 kg",
                                              m.pointer));
                body.mass = 1.0;
            }
        } else {
            body.mass = shapes ? shapes->mass : 1.0;
            if (!shapes)
                m_notes.push_back(
                    makeInfo("SIM_MASS_DEFAULT",
                             "The mass the file leaves to the engine cannot be computed from the "
                             "body's colliders; the preview uses 1 kg",
                             m.pointer));
        }
        if (mass.meaning == physics::MassMeaning::Infinite && m_behaviour.massZeroFalls) {
            fallThrough(body, m);
        } else if (mass.meaning == physics::MassMeaning::Infinite) {
            body.infiniteMass = true;
            m_notes.push_back(
                makeInfo("SIM_INFINITE_MASS",
                         "Mass 0 is infinite (KHR): forces, gravity and contacts do not move the "
                         "body; it keeps its initial velocity and still turns by its inertia",
                         m.pointer));
        }
        if (inertia[0] != physics::MassMeaning::Computed) {
            const Vec3& d = *m.inertiaDiagonal;
            for (size_t i = 0; i < 3; ++i)
                body.inertiaDiagonal[i] = inertia[i] == physics::MassMeaning::Given && std::isfinite(d[i])
                                              ? std::fmax(d[i], 0.0)
                                              : 0.0;
            if (m_behaviour.inertiaPerUnitMass) {
                for (size_t i = 0; i < 3; ++i)
                    body.inertiaDiagonal[i] *= body.mass;
            }
            if (!m_behaviour.inertiaOrientationIgnored)
                body.inertiaOrientation = m.inertiaOrientation;
            return;
        }
        if (m_behaviour.absentInertia) {
            body.inertiaDiagonal = {*m_behaviour.absentInertia, *m_behaviour.absentInertia,
                                    *m_behaviour.absentInertia};
            return;
        }
        // Computed from the colliders at uniform density, about the body's centre of mass (the file's, or
        // the colliders' when the file leaves it to the engine).
        const Vec3d com{body.centerOfMass[0], body.centerOfMass[1], body.centerOfMass[2]};
        Mat3d tensor = Mat3d::diagonal(Vec3d{1, 1, 1} * (body.mass / 6.0)); // a 1 m cube of the body's mass
        if (shapes) {
            const geometry::MassProperties total = shapes->withMass(body.mass);
            tensor = shiftInertia(total.inertia, body.mass, total.centerOfMass, com);
        } else {
            m_notes.push_back(
                makeInfo("SIM_INERTIA_DEFAULT",
                         "The body's inertia cannot be computed from its colliders; the inertia of "
                         "a 1 m cube of the same mass is used",
                         m.pointer));
        }
        const geometry::PrincipalInertia principal = geometry::principalInertia(tensor);
        body.inertiaDiagonal = fromVec(principal.diagonal);
        body.inertiaOrientation = fromQt(principal.orientation);
    }

    /// A target's infinite mass that gravity still moves (PhysX's setMass(0): an inverse mass of 0, with
    /// gravity applied as an acceleration): no contact can stop it, so the preview gives it no colliders
    /// and says so.
    void fallThrough(SimBody& body, const physics::Motion& m)
    {
        body.mass = 1.0;
        body.colliders.clear();
        m_notes.push_back(makeInfo("SIM_MASS_ZERO_FALLS",
                                   "Mass 0 in " + m_behaviour.name +
                                       ": an infinite mass that gravity still moves and no contact stops; "
                                       "the preview lets it fall through everything",
                                   m.pointer));
    }

    /// The centre of mass as the file's family reads it: a given one as it is; one KHR leaves to the engine
    /// ("If not provided, the mass and inertia properties should be calculated by the simulation engine")
    /// the colliders' centre at uniform density, or the node origin (with a note) when they have no volume
    /// or the target engine uses the origin.
    void centerOfMass(SimBody& body, const physics::Motion& m,
                      const std::optional<geometry::MassProperties>& shapes)
    {
        const physics::CenterOfMassReading com = physics::centerOfMassReading(m, m_model.format);
        body.centerOfMass = com.value;
        if (com.meaning != physics::MassMeaning::Computed || m_behaviour.centerOfMassAtOrigin)
            return;
        if (shapes) {
            body.centerOfMass = fromVec(shapes->centerOfMass);
            return;
        }
        m_notes.push_back(
            makeInfo("SIM_CENTER_OF_MASS_DEFAULT",
                     "The centre of mass the file leaves to the engine cannot be computed from the "
                     "body's colliders; the preview uses the node origin",
                     m.pointer));
    }

    /// The colliders' mass properties at physics::kComputedMassDensity in the body's frame; nullopt when a
    /// collider has no volume to compute them from (or there is none).
    static std::optional<geometry::MassProperties> shapeMass(const SimBody& body)
    {
        std::vector<geometry::PlacedMass> parts;
        for (const SimShape& s : body.colliders) {
            auto p = geometry::shapeMassProperties(s.geometry, physics::kComputedMassDensity);
            if (!p || !(p->mass > 0))
                return std::nullopt;
            parts.push_back({*p, poseMatrix(s.pose)});
        }
        if (parts.empty())
            return std::nullopt;
        return geometry::combineMassProperties(parts);
    }

    const physics::PhysicsModel& m_model;
    const gltf::SceneGraph& m_graph;
    const BehaviourProfile& m_behaviour;
    scene::ShapeGeometryCache m_cache;
    Diagnostics& m_notes;
    physics::ResolvedScene m_scene;
};

} // namespace

QMatrix4x4 poseMatrix(const Pose& p)
{
    QMatrix4x4 m;
    m.translate(float(p.position[0]), float(p.position[1]), float(p.position[2]));
    m.rotate(toQt(p.rotation));
    return m;
}

bool decomposeTransform(const QMatrix4x4& m, Pose& pose, Vec3d& scale)
{
    const Mat3d a = Mat3d::fromMatrix(m);
    Vec3d c[3] = {a.column(0), a.column(1), a.column(2)};
    scale = {geometry::length(c[0]), geometry::length(c[1]), geometry::length(c[2])};
    pose.position = {m(0, 3), m(1, 3), m(2, 3)};
    pose.rotation = {0, 0, 0, 1};
    if (std::fmin(scale.x, std::fmin(scale.y, scale.z)) <= 0)
        return false;
    bool exact = a.determinant() > 0;
    for (int i = 0; i < 3; ++i)
        c[i] = c[i] / scale[i];
    if (std::fabs(geometry::dot(c[0], c[1])) > 1e-4 || std::fabs(geometry::dot(c[0], c[2])) > 1e-4 ||
        std::fabs(geometry::dot(c[1], c[2])) > 1e-4)
        exact = false;
    // Gram-Schmidt, then a right-handed third axis.
    c[1] = geometry::normalized(c[1] - c[0] * geometry::dot(c[0], c[1]));
    c[2] = geometry::cross(c[0], c[1]);
    Mat3d r;
    for (int row = 0; row < 3; ++row) {
        for (int col = 0; col < 3; ++col)
            r[row][col] = c[col][row];
    }
    pose.rotation = fromQt(geometry::quaternionFromRotation(r));
    return exact;
}

Result<SimulationInput> buildSimulationInput(const gltf::GltfDocument& doc,
                                             const physics::PhysicsModel& model,
                                             const gltf::SceneGraph& graph, const BehaviourProfile& behaviour)
{
    Result<SimulationInput> result;
    Builder builder(doc, model, graph, behaviour, result.diagnostics);
    result.value = builder.build(doc);
    return result;
}

} // namespace cs::simulation
