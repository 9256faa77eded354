// bench=simulate: the preview engine's step time against the same scene built directly with Bullet in the
// same run. 1,000 dynamic 0.5 m boxes in a 10 x 10 x 10 grid fall onto a static floor and pile up; each run
// builds a fresh world (not timed) and times `steps` fixed steps of 1/60 s. Each box is moved up to 5 cm
// and turned up to 0.1 rad about the vertical by a fixed pseudo-random draw, a different draw in each run
// and the same for both worlds: a grid of aligned columns collapses by chance (a rounding difference in the
// first step changed the pairs Bullet tested after 4 s from 5,100 to 6,200), so the figure of one exact
// grid measured which way its columns happened to fall rather than what each step costs. Ours goes through
// everything the preview adds: the filter callback on every broadphase pair, the material callback on every
// new contact point, the kinematic and trigger passes. The baseline is what a Bullet user would write: one
// shared box shape, Bullet's default filtering and material product, with each object's friction set to
// sqrt(0.6) so that the product equals the friction ours combines from the spec's default material (0.6
// average 0.6).
//
// bench=simulate_joints: the preview engine's step time on a scene with joints against the same scene built
// directly with Bullet in the same run. A 100-link chain (0.3 m boxes joined end to end by ball joints, the
// first to the world) starts straight and level and swings down; 50 pendulums (0.5 m boxes on world hinges
// about Z, limited to +-1 rad) start level and fall onto their limit, which then holds their weight. Each
// run builds fresh worlds (not timed) and times `steps` fixed steps of 1/60 s. Ours goes through the
// preview's joints (its choice of constraint per joint: these plain ball joints and hinges get Bullet's
// dedicated constraints, with the preview's ERP and per-joint iterations) and its solver settings, including
// continuous collision detection of the fast links; the baseline is what a Bullet user would write: a
// point-to-point constraint per link, a hinge with a limit per pendulum, with the iteration count the preview
// gives joints for the whole world.
#include "../simulation/SimulationScenes.h"
#include "BenchUtil.h"

#include <algorithm>
#include <btBulletDynamicsCommon.h>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>

namespace cs::bench {

namespace {

constexpr double Step = 1.0 / 60;
constexpr double BoxSize = 0.5;

/// A number in [-1, 1) drawn from (variant, box, component) by a fixed integer hash (splitmix64's finaliser):
/// the same on every platform, unlike the standard library's distributions.
double draw(int variant, int box, int component)
{
    uint64_t x = (uint64_t(variant) << 40) ^ (uint64_t(box) << 8) ^ uint64_t(component);
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return double(x >> 11) / double(uint64_t(1) << 52) - 1;
}

/// Box i of the pile in run `variant`: its grid place moved up to 5 cm horizontally, turned up to 0.1 rad
/// about the vertical.
struct PilePlace
{
    test::Vec3 position;
    double turn = 0;
};

PilePlace pilePlace(int i, int variant)
{
    return {{(i % 10 - 4.5) * 0.8 + 0.05 * draw(variant, i, 0), 2.0 + (i / 100) * 0.8,
             ((i / 10) % 10 - 4.5) * 0.8 + 0.05 * draw(variant, i, 1)},
            0.1 * draw(variant, i, 2)};
}

/// Milliseconds `steps` fixed steps of `world` take (a simulation::World or a btDiscreteDynamicsWorld).
template <class W, class F> double stepsMs(W& world, int steps, F step)
{
    const auto start = std::chrono::steady_clock::now();
    for (int s = 0; s < steps; ++s)
        step(world);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    keep(&world);
    return ms;
}

double oursMs(simulation::World world, int steps)
{
    return stepsMs(world, steps, [](simulation::World& w) { w.step(); });
}

double bulletStepsMs(btDiscreteDynamicsWorld& world, int steps)
{
    return stepsMs(world, steps,
                   [](btDiscreteDynamicsWorld& w) { w.stepSimulation(btScalar(Step), 0, btScalar(Step)); });
}

test::SimulationInput pileScene(int bodies, int variant)
{
    test::SimulationInput in;
    in.statics.push_back(test::floorBox());
    for (int i = 0; i < bodies; ++i) {
        const PilePlace p = pilePlace(i, variant);
        in.bodies.push_back(test::boxBody(size_t(i), p.position, {BoxSize, BoxSize, BoxSize}, 1.0,
                                          test::axisAngle({0, 1, 0}, p.turn)));
    }
    return in;
}

/// Bullet's default world under the scenes' gravity.
struct BulletWorld
{
    btDefaultCollisionConfiguration configuration;
    btCollisionDispatcher dispatcher{&configuration};
    btDbvtBroadphase broadphase;
    btSequentialImpulseConstraintSolver solver;
    btDiscreteDynamicsWorld world{&dispatcher, &broadphase, &solver, &configuration};
    BulletWorld() { world.setGravity(btVector3(0, btScalar(-test::StandardGravity), 0)); }
};

double bulletMs(int bodies, int variant, int steps)
{
    BulletWorld bullet;
    btDiscreteDynamicsWorld& world = bullet.world;
    btBoxShape floorShape(btVector3(20, 0.5, 20));
    btCollisionObject floor;
    floor.setCollisionShape(&floorShape);
    const btScalar friction = btSqrt(btScalar(0.6));
    floor.setFriction(friction);
    floor.setWorldTransform(btTransform(btQuaternion::getIdentity(), btVector3(0, -0.5, 0)));
    world.addCollisionObject(&floor, btBroadphaseProxy::StaticFilter,
                             btBroadphaseProxy::AllFilter ^ btBroadphaseProxy::StaticFilter);
    btBoxShape box(btVector3(BoxSize / 2, BoxSize / 2, BoxSize / 2));
    btVector3 inertia;
    box.calculateLocalInertia(1, inertia);
    std::vector<std::unique_ptr<btRigidBody>> list;
    for (int i = 0; i < bodies; ++i) {
        btRigidBody::btRigidBodyConstructionInfo info(1, nullptr, &box, inertia);
        const PilePlace p = pilePlace(i, variant);
        info.m_startWorldTransform =
            btTransform(btQuaternion(btVector3(0, 1, 0), btScalar(p.turn)),
                        btVector3(btScalar(p.position[0]), btScalar(p.position[1]), btScalar(p.position[2])));
        info.m_friction = friction;
        list.push_back(std::make_unique<btRigidBody>(info));
        world.addRigidBody(list.back().get());
    }
    const double ms = bulletStepsMs(world, steps);
    for (auto& b : list)
        world.removeRigidBody(b.get());
    world.removeCollisionObject(&floor);
    return ms;
}

constexpr int Links = 100;
constexpr int Pendulums = 50;
constexpr double LinkLength = 0.3, LinkWidth = 0.08;
constexpr double ArmLength = 0.5, ArmWidth = 0.1;
constexpr double Height = 40;
constexpr double Limit = 1.0;

test::Vec3 linkCentre(int i)
{
    return {LinkLength * (i + 0.5), Height, 0};
}

/// The pendulums' pivots: a row along Z away from the chain's plane.
test::Vec3 pivot(int i)
{
    return {-5, Height, 2.0 + i};
}

simulation::SimJointLimit lockedAxes(bool angular, std::vector<int> axes)
{
    return {angular, std::move(axes), 0, 0};
}

test::SimulationInput jointScene()
{
    test::SimulationInput in;
    for (int i = 0; i < Links; ++i) {
        in.bodies.push_back(test::boxBody(size_t(i), linkCentre(i), {LinkLength, LinkWidth, LinkWidth}));
        simulation::SimJoint j;
        j.bodyA = i - 1;
        j.bodyB = i;
        j.frameA.position = i == 0 ? test::Vec3{0, Height, 0} : test::Vec3{LinkLength / 2, 0, 0};
        j.frameB.position = {-LinkLength / 2, 0, 0};
        j.limits = {lockedAxes(false, {0, 1, 2})};
        in.joints.push_back(j);
    }
    for (int i = 0; i < Pendulums; ++i) {
        const test::Vec3 p = pivot(i);
        in.bodies.push_back(test::boxBody(size_t(Links + i), {p[0] + ArmLength / 2, p[1], p[2]},
                                          {ArmLength, ArmWidth, ArmWidth}));
        simulation::SimJoint j;
        j.bodyB = Links + i;
        j.frameA.position = p;
        j.frameB.position = {-ArmLength / 2, 0, 0};
        j.limits = {lockedAxes(false, {0, 1, 2}), lockedAxes(true, {0, 1}), {true, {2}, -Limit, Limit}};
        in.joints.push_back(j);
    }
    return in;
}

/// A box body of the scene's mass (1 kg) and the inertia boxBody gives it, at rest at `at`.
std::unique_ptr<btRigidBody> bulletBox(btBoxShape& shape, const btVector3& size, const test::Vec3& at)
{
    const btVector3 inertia(size.y() * size.y() + size.z() * size.z(),
                            size.x() * size.x() + size.z() * size.z(),
                            size.x() * size.x() + size.y() * size.y());
    btRigidBody::btRigidBodyConstructionInfo info(1, nullptr, &shape, inertia / 12);
    info.m_startWorldTransform.setOrigin(btVector3(btScalar(at[0]), btScalar(at[1]), btScalar(at[2])));
    return std::make_unique<btRigidBody>(info);
}

double bulletJointsMs(int steps)
{
    BulletWorld bullet;
    btDiscreteDynamicsWorld& world = bullet.world;
    world.getSolverInfo().m_numIterations = simulation::kJointSolverIterations;
    const btVector3 linkSize{btScalar(LinkLength), btScalar(LinkWidth), btScalar(LinkWidth)};
    const btVector3 armSize{btScalar(ArmLength), btScalar(ArmWidth), btScalar(ArmWidth)};
    btBoxShape link(linkSize / 2), arm(armSize / 2);
    std::vector<std::unique_ptr<btRigidBody>> bodies;
    std::vector<std::unique_ptr<btTypedConstraint>> constraints;
    const btVector3 halfLink(btScalar(LinkLength / 2), 0, 0);
    for (int i = 0; i < Links; ++i) {
        bodies.push_back(bulletBox(link, linkSize, linkCentre(i)));
        world.addRigidBody(bodies.back().get());
        if (i == 0)
            constraints.push_back(std::make_unique<btPoint2PointConstraint>(*bodies[0], -halfLink));
        else
            constraints.push_back(std::make_unique<btPoint2PointConstraint>(
                *bodies[size_t(i - 1)], *bodies.back(), halfLink, -halfLink));
        world.addConstraint(constraints.back().get(), true);
    }
    for (int i = 0; i < Pendulums; ++i) {
        const test::Vec3 p = pivot(i);
        bodies.push_back(bulletBox(arm, armSize, {p[0] + ArmLength / 2, p[1], p[2]}));
        world.addRigidBody(bodies.back().get());
        auto hinge = std::make_unique<btHingeConstraint>(
            *bodies.back(), btVector3(btScalar(-ArmLength / 2), 0, 0), btVector3(0, 0, 1));
        hinge->setLimit(btScalar(-Limit), btScalar(Limit));
        constraints.push_back(std::move(hinge));
        world.addConstraint(constraints.back().get(), true);
    }
    const double ms = bulletStepsMs(world, steps);
    for (auto& c : constraints)
        world.removeConstraint(c.get());
    for (auto& b : bodies)
        world.removeRigidBody(b.get());
    return ms;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

/// Median milliseconds per step of ours and of the baseline over `runs` interleaved runs of `steps` steps,
/// after one short untimed run each. Run r passes r to both as the scene's variant.
std::pair<double, double> medianStepMs(const std::function<double(int, int)>& ours,
                                       const std::function<double(int, int)>& bullet, int runs, int steps)
{
    ours(10, 0);
    bullet(10, 0);
    std::vector<double> o, b;
    for (int r = 0; r < runs; ++r) {
        o.push_back(ours(steps, r));
        b.push_back(bullet(steps, r));
    }
    return {median(o) / steps, median(b) / steps};
}

} // namespace

int runSimulateBenchmarks(int runs, bool quick)
{
    const int bodies = 1000;
    const int steps = quick ? 60 : 240;
    const auto [o, b] = medianStepMs(
        [&](int n, int variant) { return oursMs(simulation::World(pileScene(bodies, variant)), n); },
        [&](int n, int variant) { return bulletMs(bodies, variant, n); }, runs, steps);
    std::printf("bench=simulate bodies=%d steps=%d step_s=1/60 ours_step_ms=%s bullet_step_ms=%s ratio=%s\n",
                bodies, steps, fixed(o).c_str(), fixed(b).c_str(), fixed(o / b).c_str());
    const auto [oj, bj] = medianStepMs([](int n, int) { return oursMs(simulation::World(jointScene()), n); },
                                       [](int n, int) { return bulletJointsMs(n); }, runs, steps);
    std::printf(
        "bench=simulate_joints links=%d pendulums=%d steps=%d step_s=1/60 iterations=%d ours_step_ms=%s "
        "bullet_step_ms=%s ratio=%s\n",
        Links, Pendulums, steps, simulation::kJointSolverIterations, fixed(oj).c_str(), fixed(bj).c_str(),
        fixed(oj / bj).c_str());
    return 0;
}

} // namespace cs::bench
