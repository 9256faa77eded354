#include "simulation/World.h"

#include "simulation/BulletMath.h"
#include "simulation/EngineCallbacks.h"
#include "simulation/EngineJoints.h"
#include "simulation/EngineRoundContacts.h"
#include "simulation/EngineShapes.h"
#include "simulation/EngineSolver.h"

#include <BulletCollision/CollisionDispatch/btConvexConvexAlgorithm.h>
#include <BulletCollision/Gimpact/btGImpactCollisionAlgorithm.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <algorithm>
#include <btBulletDynamicsCommon.h>
#include <cmath>
#include <set>
#include <tuple>

namespace cs::simulation {

using namespace engine;

/// A collision configuration whose pool of pair algorithms has room for `Algorithm` too: the pool's elements
/// are sized for Bullet's own algorithms, and an allocation from it is never checked against that size.
template <typename Algorithm> btDefaultCollisionConstructionInfo poolFor()
{
    btDefaultCollisionConstructionInfo info;
    info.m_customCollisionAlgorithmMaxElementSize = int(sizeof(Algorithm));
    return info;
}

struct World::Engine
{
    btDefaultCollisionConfiguration configuration{poolFor<RoundEndsAlgorithm>()};
    btCollisionDispatcher dispatcher{&configuration};
    btDbvtBroadphase broadphase;
    ContactSolver solver;
    btGjkEpaPenetrationDepthSolver penetrationSolver;
    btConvexConvexAlgorithm::CreateFunc singlePointConvex{&penetrationSolver}; // no perturbed extra points
    RoundEndsAlgorithm::CreateFunc roundEnds{&penetrationSolver};
    btDiscreteDynamicsWorld world{&dispatcher, &broadphase, &solver, &configuration};
    EngineShapes shapes;
    std::shared_ptr<const SimulationInput> input; // the callbacks' copy: the World (and its input) may move
    FilterTable filters;
    PairFilter pairFilter;

    std::vector<ObjectInfo> bodyInfo, staticInfo, triggerInfo; // sized once: user pointers stay valid
    std::vector<std::unique_ptr<btRigidBody>> bodies;          // per SimulationInput body
    std::vector<btTransform> principal;                        // node frame -> body (principal) frame
    std::vector<std::unique_ptr<btCollisionObject>> statics;
    ObjectInfo groundInfo;
    std::unique_ptr<btCollisionObject> ground;                // Settings::ground
    std::vector<std::unique_ptr<btCollisionObject>> triggers; // not in the world: tested after each step
    std::vector<std::set<const btCollisionObject*>> inside;   // per trigger
    std::unique_ptr<EngineJoints> joints;                     // removed before the bodies

    Engine(const SimulationInput& in, const Settings& settings);
    ~Engine();
    btTransform nodeTransform(size_t body) const
    {
        return bodies[body]->getWorldTransform() * principal[body].inverse();
    }
    void placeKinematic(const SimulationInput& in, double time, double step);
    void placeAnimated(const BodyAnimation& animation, double time, double step);
    void meetSpheresAtOnePoint();
    void addBodies(const SimulationInput& in, const Settings& settings);
    void addStatics(const SimulationInput& in);
    void addGround(double height);
    void addTriggers(const SimulationInput& in);
    void keepJointsApart(const SimulationInput& in);
    void findOverlaps(const SimulationInput& in, size_t step, double time, std::vector<TriggerEvent>& events);
};

namespace {

/// The body a joint keeps off the static colliders of its world side (enableCollision false, the world side
/// has colliders), or -1.
int jointBodyOffStatics(const SimJoint& j)
{
    const int body = j.bodyA >= 0 ? j.bodyA : j.bodyB;
    return j.enableCollision || j.worldColliderNodes.empty() ? -1 : body;
}

bool keepsBodyOffStatics(const std::vector<SimJoint>& joints)
{
    return std::any_of(joints.begin(), joints.end(),
                       [](const SimJoint& j) { return jointBodyOffStatics(j) >= 0; });
}

} // namespace

World::Engine::Engine(const SimulationInput& in, const Settings& settings)
    : input(std::make_shared<SimulationInput>(in)),
      filters(in.filters, in.behaviour.filterRule, in.behaviour.filterCap)
{
    installCallbacks();
    // Several contact points per pair for shapes Bullet meets one point at a time (cylinders, hulls): a
    // resting body keeps a full contact patch instead of rocking and creeping sideways.
    configuration.setConvexConvexMultipointIterations(3, 3);
    configuration.setPlaneConvexMultipointIterations(3, 3);
    meetSpheresAtOnePoint();
    btGImpactCollisionAlgorithm::registerAlgorithm(&dispatcher);
    pairFilter.table = &filters;
    // Bullet asks the callback about every new broadphase pair (a pile of a thousand boxes makes thousands a
    // step); a scene whose filters keep nothing apart and whose joints keep no body off static colliders has
    // no pair to refuse, and keeps Bullet's own test.
    if (!filters.collidesAlways() || keepsBodyOffStatics(in.joints))
        world.getPairCache()->setOverlapFilterCallback(&pairFilter);
    world.setGravity(toBullet(settings.gravity));
    // The contacts' iterations for the scene's size; each joint constraint has its own (EngineJoints).
    const auto dynamic = std::count_if(in.bodies.begin(), in.bodies.end(), [](const SimBody& b) {
        return b.kind == BodyKind::Dynamic && !b.colliders.empty();
    });
    world.getSolverInfo().m_numIterations = contactSolverIterations(size_t(dynamic));
    addBodies(in, settings);
    joints = std::make_unique<EngineJoints>(world, in.joints, bodies, principal);
    addStatics(in);
    if (settings.ground)
        addGround(*settings.ground);
    addTriggers(in);
    keepJointsApart(in);
}

/// A sphere touches a convex shape at one point. The multipoint iterations above find extra points by turning
/// the smaller shape a little about its centre, and for a sphere they come out on its surface beside the true
/// contact: a sphere dropped on the middle of a box rolled off about 10 cm in 2 s, pushed by the friction of
/// those off-centre points. Sphere against any other convex shape uses the plain convex algorithm instead.
void World::Engine::meetSpheresAtOnePoint()
{
    btCollisionAlgorithmCreateFunc* perturbing = configuration.getCollisionAlgorithmCreateFunc(
        CONVEX_HULL_SHAPE_PROXYTYPE, CONVEX_HULL_SHAPE_PROXYTYPE);
    for (int other = 0; other < CONCAVE_SHAPES_START_HERE; ++other) {
        if (configuration.getCollisionAlgorithmCreateFunc(SPHERE_SHAPE_PROXYTYPE, other) == perturbing)
            dispatcher.registerCollisionCreateFunc(SPHERE_SHAPE_PROXYTYPE, other, &singlePointConvex);
        if (configuration.getCollisionAlgorithmCreateFunc(other, SPHERE_SHAPE_PROXYTYPE) == perturbing)
            dispatcher.registerCollisionCreateFunc(other, SPHERE_SHAPE_PROXYTYPE, &singlePointConvex);
        for (int round : {CAPSULE_SHAPE_PROXYTYPE, MULTI_SPHERE_SHAPE_PROXYTYPE, CYLINDER_SHAPE_PROXYTYPE}) {
            // A mesh's triangles keep the perturbed points for cylinders: there the rim points of one
            // triangle fall on its neighbours.
            if (round == CYLINDER_SHAPE_PROXYTYPE && other == TRIANGLE_SHAPE_PROXYTYPE)
                continue;
            if (configuration.getCollisionAlgorithmCreateFunc(round, other) == perturbing)
                dispatcher.registerCollisionCreateFunc(round, other, &roundEnds);
            if (configuration.getCollisionAlgorithmCreateFunc(other, round) == perturbing)
                dispatcher.registerCollisionCreateFunc(other, round, &roundEnds);
        }
    }
}

namespace {

/// Continuous collision detection for the steps in which a body moves farther than its threshold
/// (continuousCollision): a sphere inside it is swept along the step's motion, so that a small, fast body
/// does not pass through a thin wall. Slower steps (every step of a large or slow body) cost nothing.
void enableContinuousCollision(btRigidBody& body)
{
    btVector3 min, max;
    body.getCollisionShape()->getAabb(btTransform::getIdentity(), min, max);
    const btVector3 extent = max - min;
    const ContinuousCollision ccd = continuousCollision(std::min({extent.x(), extent.y(), extent.z()}));
    body.setCcdSweptSphereRadius(btScalar(ccd.sweptRadius));
    body.setCcdMotionThreshold(btScalar(ccd.motionThreshold));
}

} // namespace

void World::Engine::addBodies(const SimulationInput& in, const Settings& settings)
{
    bodyInfo.resize(in.bodies.size());
    for (size_t i = 0; i < in.bodies.size(); ++i) {
        const SimBody& b = in.bodies[i];
        bodyInfo[i] = {filtersOf(b.colliders), int(i), b.node, input.get()};
        const bool dynamic = b.kind == BodyKind::Dynamic;
        std::vector<EngineShapes::Part> parts;
        for (const SimShape& s : b.colliders)
            parts.push_back({shapes.make(s.geometry, s.material, s.filter, dynamic), s.pose});
        const Pose principalPose{b.centerOfMass, b.inertiaOrientation};
        principal.push_back(toBullet(principalPose));
        btCollisionShape* shape = shapes.combine(parts, principalPose);
        btRigidBody::btRigidBodyConstructionInfo info(dynamic ? btScalar(b.mass) : 0, nullptr, shape,
                                                      dynamic ? toBullet(b.inertiaDiagonal)
                                                              : btVector3(0, 0, 0));
        info.m_startWorldTransform = toBullet(b.pose) * principal.back();
        auto body = std::make_unique<btRigidBody>(info);
        body->setUserPointer(&bodyInfo[i]);
        int flags = body->getCollisionFlags() | btCollisionObject::CF_CUSTOM_MATERIAL_CALLBACK;
        if (b.kind == BodyKind::Kinematic) {
            flags |= btCollisionObject::CF_KINEMATIC_OBJECT;
            body->setActivationState(DISABLE_DEACTIVATION);
        }
        if (b.colliders.empty())
            flags |= btCollisionObject::CF_NO_CONTACT_RESPONSE;
        body->setCollisionFlags(flags);
        body->setFlags(body->getFlags() | BT_DISABLE_WORLD_GRAVITY);
        world.addRigidBody(body.get());
        body->setGravity(toBullet(bodyGravity(in.behaviour, settings.gravity, b.gravityFactor)));
        if (dynamic && b.infiniteMass) {
            // Infinite mass: no force, gravity or contact changes the velocity; turning stays free.
            body->setLinearFactor(btVector3(0, 0, 0));
            body->setActivationState(DISABLE_DEACTIVATION);
        }
        if (dynamic && !b.colliders.empty())
            enableContinuousCollision(*body);
        // Bullet scales the angular velocity by (1 - d)^step each step: d = 1 - exp(-c) decays it as exp(-c
        // t).
        if (dynamic && in.behaviour.angularDamping > 0)
            body->setDamping(0, btScalar(1 - std::exp(-in.behaviour.angularDamping)));
        // Bullet's defaults (0.8 m/s, 1 rad/s) put a slow pendulum or a slowly rolling body to sleep.
        body->setSleepingThresholds(btScalar(0.05), btScalar(0.05));
        if (b.kind != BodyKind::Static) {
            btVector3 velocity = toBullet(b.linearVelocity);
            // Half a step of gravity behind: Bullet's velocity-then-position step is then exact for a
            // constant acceleration (see World).
            if (dynamic && !b.infiniteMass && !in.behaviour.symplecticEuler)
                velocity -= body->getGravity() * btScalar(settings.step / 2);
            body->setLinearVelocity(velocity);
            body->setAngularVelocity(toBullet(b.angularVelocity));
        }
        bodies.push_back(std::move(body));
    }
}

void World::Engine::addStatics(const SimulationInput& in)
{
    staticInfo.resize(in.statics.size());
    for (size_t i = 0; i < in.statics.size(); ++i) {
        const SimShape& s = in.statics[i].shape;
        staticInfo[i] = {{s.filter}, -1, s.node, input.get()};
        auto object = std::make_unique<btCollisionObject>();
        object->setCollisionShape(s.infinitePlane ? shapes.makeInfinitePlane(s.material, s.filter)
                                                  : shapes.make(s.geometry, s.material, s.filter, false));
        object->setWorldTransform(toBullet(s.pose));
        object->setUserPointer(&staticInfo[i]);
        object->setCollisionFlags(btCollisionObject::CF_STATIC_OBJECT |
                                  btCollisionObject::CF_CUSTOM_MATERIAL_CALLBACK);
        world.addCollisionObject(object.get(), btBroadphaseProxy::StaticFilter,
                                 btBroadphaseProxy::AllFilter ^ btBroadphaseProxy::StaticFilter);
        statics.push_back(std::move(object));
    }
}

void World::Engine::addGround(double height)
{
    groundInfo = {{-1}, -1, GroundNode, input.get()};
    ground = std::make_unique<btCollisionObject>();
    ground->setCollisionShape(shapes.makeInfinitePlane(-1, -1));
    ground->setWorldTransform(btTransform(btQuaternion(0, 0, 0, 1), btVector3(0, btScalar(height), 0)));
    ground->setUserPointer(&groundInfo);
    ground->setCollisionFlags(btCollisionObject::CF_STATIC_OBJECT |
                              btCollisionObject::CF_CUSTOM_MATERIAL_CALLBACK);
    world.addCollisionObject(ground.get(), btBroadphaseProxy::StaticFilter,
                             btBroadphaseProxy::AllFilter ^ btBroadphaseProxy::StaticFilter);
}

void World::Engine::addTriggers(const SimulationInput& in)
{
    triggerInfo.resize(in.triggers.size());
    inside.resize(in.triggers.size());
    for (size_t i = 0; i < in.triggers.size(); ++i) {
        const SimTrigger& t = in.triggers[i];
        triggerInfo[i] = {{t.filter}, t.body, t.node, input.get()};
        std::vector<EngineShapes::Part> parts;
        for (const SimShape& s : t.shapes)
            parts.push_back({shapes.make(s.geometry, s.material, t.filter, false), s.pose});
        auto object = std::make_unique<btCollisionObject>();
        object->setCollisionShape(shapes.combine(parts, Pose{}));
        object->setUserPointer(&triggerInfo[i]);
        object->setCollisionFlags(btCollisionObject::CF_NO_CONTACT_RESPONSE);
        triggers.push_back(std::move(object));
    }
}

/// A joint with enableCollision false keeps its two sides apart; Bullet does that for two bodies (the
/// constraint's own flag), and here for a body and the world side's static colliders.
void World::Engine::keepJointsApart(const SimulationInput& in)
{
    for (const SimJoint& j : in.joints) {
        const int body = jointBodyOffStatics(j);
        if (body < 0)
            continue;
        for (size_t i = 0; i < statics.size(); ++i) {
            const size_t node = in.statics[i].shape.node;
            if (std::find(j.worldColliderNodes.begin(), j.worldColliderNodes.end(), node) !=
                j.worldColliderNodes.end())
                pairFilter.apart.insert(orderedPair(bodies[size_t(body)].get(), statics[i].get()));
        }
    }
    // The broadphase paired overlapping objects as they were added, before these were known.
    for (const auto& [a, b] : pairFilter.apart)
        world.getPairCache()->removeOverlappingPair(const_cast<btCollisionObject*>(a)->getBroadphaseHandle(),
                                                    const_cast<btCollisionObject*>(b)->getBroadphaseHandle(),
                                                    &dispatcher);
}

World::Engine::~Engine()
{
    joints.reset();
    for (auto& b : bodies)
        world.removeRigidBody(b.get());
    for (auto& s : statics)
        world.removeCollisionObject(s.get());
    if (ground)
        world.removeCollisionObject(ground.get());
}

void World::Engine::placeKinematic(const SimulationInput& in, double time, double step)
{
    auto at = [&](const SimBody& b, const btTransform& start, double t) {
        const btVector3 w = toBullet(b.angularVelocity);
        const btScalar angle = w.length() * btScalar(t);
        btQuaternion turn(0, 0, 0, 1);
        if (angle != 0)
            turn.setRotation(w.normalized(), angle);
        return btTransform(turn * start.getRotation(),
                           start.getOrigin() + toBullet(b.linearVelocity) * btScalar(t));
    };
    for (size_t i = 0; i < in.bodies.size(); ++i) {
        const SimBody& b = in.bodies[i];
        if (!bodies[i]->isKinematicObject())
            continue;
        // The centre of mass moves by v t; the body turns by w t about it (both world frame).
        // The step's start computes the body's velocity from the previous pose to this one (Bullet's
        // saveKinematicState), so the previous pose is set along with the current one.
        const btTransform start = toBullet(b.pose) * principal[i];
        bodies[i]->setWorldTransform(at(b, start, time));
        bodies[i]->setInterpolationWorldTransform(at(b, start, time - step));
        bodies[i]->setLinearVelocity(toBullet(b.linearVelocity));
        bodies[i]->setAngularVelocity(toBullet(b.angularVelocity));
    }
    placeAnimated(in.animation, time, step);
}

/// An animated body is at its animation's pose, moving with the velocity that takes it to the next step's
/// pose (the difference of the two samples over the step): the previous pose is set one step back along that
/// velocity, so that Bullet's start of step (saveKinematicState) finds the same velocity again.
void World::Engine::placeAnimated(const BodyAnimation& animation, double time, double step)
{
    for (const AnimatedBody& a : animation.bodies) {
        btRigidBody& body = *bodies[a.body];
        const btTransform now = toBullet(animatedPose(animation, a, time)) * principal[a.body];
        const btTransform next = toBullet(animatedPose(animation, a, time + step)) * principal[a.body];
        btVector3 v, w;
        btTransformUtil::calculateVelocity(now, next, btScalar(step), v, w);
        btTransform previous;
        btTransformUtil::integrateTransform(now, -v, -w, btScalar(step), previous);
        body.setWorldTransform(now);
        body.setInterpolationWorldTransform(previous);
        body.setLinearVelocity(v);
        body.setAngularVelocity(w);
    }
}

void World::Engine::findOverlaps(const SimulationInput& in, size_t step, double time,
                                 std::vector<TriggerEvent>& events)
{
    if (triggers.empty())
        return;
    const CurrentFilters current(&filters);
    world.updateAabbs();
    for (size_t i = 0; i < triggers.size(); ++i) {
        const int body = in.triggers[i].body;
        triggers[i]->setWorldTransform(body >= 0 ? nodeTransform(size_t(body)) : btTransform::getIdentity());
        OverlapCollector collector;
        collector.table = &filters;
        collector.filter = in.triggers[i].filter;
        collector.ownBody = body;
        collector.trigger = triggers[i].get();
        world.contactTest(triggers[i].get(), collector);
        // Events in a fixed order (by the other object's node) so that runs compare byte for byte.
        auto record = [&](const btCollisionObject* other, bool enter) {
            const ObjectInfo& o = infoOf(other);
            events.push_back({enter, step, time, in.triggers[i].node, o.node, o.body});
        };
        const size_t first = events.size();
        for (const btCollisionObject* o : collector.found) {
            if (!inside[i].count(o))
                record(o, true);
        }
        for (const btCollisionObject* o : inside[i]) {
            if (!collector.found.count(o))
                record(o, false);
        }
        std::sort(events.begin() + std::ptrdiff_t(first), events.end(), [](const auto& a, const auto& b) {
            return std::tie(a.other, a.otherBody, a.enter) < std::tie(b.other, b.otherBody, b.enter);
        });
        inside[i] = std::move(collector.found);
    }
}

World::World(SimulationInput input, Settings settings) : m_input(std::move(input)), m_settings(settings)
{
    if (!(m_settings.step > 0))
        m_settings.step = 1.0 / 60.0;
    if (m_input.behaviour.gravity) // the target engine's own, whatever the preview is given
        m_settings.gravity = {0, -*m_input.behaviour.gravity, 0};
    reset();
}

World::~World() = default;
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

void World::reset()
{
    m_engine.reset();
    m_engine = std::make_unique<Engine>(m_input, m_settings);
    m_steps = 0;
    m_events.clear();
    m_engine->placeKinematic(m_input, 0, m_settings.step);
    m_engine->findOverlaps(m_input, 0, 0, m_events);
}

void World::step()
{
    const CurrentFilters current(&m_engine->filters);
    m_engine->placeKinematic(m_input, time(), m_settings.step);
    m_engine->joints->beforeStep();
    // maxSubSteps 0: exactly one internal step of the given length, no interpolation by Bullet.
    m_engine->world.stepSimulation(btScalar(m_settings.step), 0, btScalar(m_settings.step));
    ++m_steps;
    m_engine->placeKinematic(m_input, time(), m_settings.step);
    m_engine->findOverlaps(m_input, m_steps, time(), m_events);
}

void World::advance(double seconds)
{
    while (time() < seconds - 1e-9 * m_settings.step)
        step();
}

std::vector<BodyState> World::states() const
{
    std::vector<BodyState> out;
    out.reserve(m_input.bodies.size());
    for (size_t i = 0; i < m_input.bodies.size(); ++i) {
        const btRigidBody& b = *m_engine->bodies[i];
        const bool start = m_steps == 0 && m_input.bodies[i].kind != BodyKind::Static;
        out.push_back({m_input.bodies[i].node, fromBullet(m_engine->nodeTransform(i)),
                       start ? m_input.bodies[i].linearVelocity : fromBullet(b.getLinearVelocity()),
                       fromBullet(b.getAngularVelocity())});
    }
    return out;
}

std::vector<size_t> World::occupiedTriggers() const
{
    std::vector<size_t> nodes;
    for (size_t i = 0; i < m_engine->inside.size(); ++i) {
        if (!m_engine->inside[i].empty())
            nodes.push_back(m_input.triggers[i].node);
    }
    return nodes;
}

double World::kineticEnergy() const
{
    double energy = 0;
    for (size_t i = 0; i < m_input.bodies.size(); ++i) {
        const btRigidBody& b = *m_engine->bodies[i];
        if (m_input.bodies[i].kind != BodyKind::Dynamic || b.getInvMass() == 0)
            continue;
        energy += 0.5 * double(b.getLinearVelocity().length2()) / double(b.getInvMass());
        // Rotational energy: 1/2 sum I_i w_i^2 over the principal axes (none about an infinite axis).
        const btVector3 w = b.getWorldTransform().getBasis().transpose() * b.getAngularVelocity();
        const btVector3 inverse = b.getInvInertiaDiagLocal();
        for (int axis = 0; axis < 3; ++axis) {
            if (inverse[axis] > 0)
                energy += 0.5 * double(w[axis] * w[axis] / inverse[axis]);
        }
    }
    return energy;
}

SolverReport World::solverReport() const
{
    SolverReport report;
    report.contactIterations = m_engine->world.getSolverInfo().m_numIterations;
    report.pairFilter = m_engine->world.getPairCache()->getOverlapFilterCallback() != nullptr;
    report.constraintIterations = m_engine->joints->iterations();
    report.constraintKinds = m_engine->joints->kinds();
    for (const auto& body : m_engine->bodies)
        report.ccdMotionThresholds.push_back(double(body->getCcdMotionThreshold()));
    return report;
}

Pose interpolate(const Pose& a, const Pose& b, double alpha)
{
    Pose p;
    for (size_t i = 0; i < 3; ++i)
        p.position[i] = a.position[i] + (b.position[i] - a.position[i]) * alpha;
    const btQuaternion q = toBullet(a.rotation).slerp(toBullet(b.rotation), btScalar(alpha));
    p.rotation = {q.x(), q.y(), q.z(), q.w()};
    return p;
}

} // namespace cs::simulation
