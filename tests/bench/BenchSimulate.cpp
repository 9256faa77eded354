// bench=simulate: the preview engine's step time against the same scene built directly with Bullet in the
// same run. 1,000 dynamic 0.5 m boxes in a 10 x 10 x 10 grid fall onto a static floor and pile up; each run
// builds a fresh world (not timed) and times `steps` fixed steps of 1/60 s. Ours goes through everything the
// preview adds: the filter callback on every broadphase pair, the material callback on every new contact
// point, the kinematic and trigger passes. The baseline is what a Bullet user would write: one shared box
// shape, Bullet's default filtering and material product, with each object's friction set to sqrt(0.6) so
// that the product equals the friction ours combines from the spec's default material (0.6 average 0.6).
#include "../simulation/SimulationScenes.h"
#include "BenchUtil.h"

#include <algorithm>
#include <btBulletDynamicsCommon.h>
#include <chrono>
#include <cstdio>
#include <memory>

namespace cs::bench {

namespace {

constexpr double Step = 1.0 / 60;
constexpr double BoxSize = 0.5;

test::Vec3 gridPosition(int i)
{
    return {(i % 10 - 4.5) * 0.8, 2.0 + (i / 100) * 0.8, ((i / 10) % 10 - 4.5) * 0.8};
}

double msSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

double oursMs(int bodies, int steps)
{
    test::SimulationInput in;
    in.statics.push_back(test::floorBox());
    for (int i = 0; i < bodies; ++i)
        in.bodies.push_back(test::boxBody(size_t(i), gridPosition(i), {BoxSize, BoxSize, BoxSize}));
    simulation::World world(std::move(in));
    const auto start = std::chrono::steady_clock::now();
    for (int s = 0; s < steps; ++s)
        world.step();
    const double ms = msSince(start);
    keep(&world);
    return ms;
}

double bulletMs(int bodies, int steps)
{
    btDefaultCollisionConfiguration configuration;
    btCollisionDispatcher dispatcher(&configuration);
    btDbvtBroadphase broadphase;
    btSequentialImpulseConstraintSolver solver;
    btDiscreteDynamicsWorld world(&dispatcher, &broadphase, &solver, &configuration);
    world.setGravity(btVector3(0, btScalar(-test::StandardGravity), 0));
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
        const test::Vec3 p = gridPosition(i);
        info.m_startWorldTransform.setOrigin(btVector3(btScalar(p[0]), btScalar(p[1]), btScalar(p[2])));
        info.m_friction = friction;
        list.push_back(std::make_unique<btRigidBody>(info));
        world.addRigidBody(list.back().get());
    }
    const auto start = std::chrono::steady_clock::now();
    for (int s = 0; s < steps; ++s)
        world.stepSimulation(btScalar(Step), 0, btScalar(Step));
    const double ms = msSince(start);
    for (auto& b : list)
        world.removeRigidBody(b.get());
    world.removeCollisionObject(&floor);
    return ms;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int runSimulateBenchmarks(int runs, bool quick)
{
    const int bodies = 1000;
    const int steps = quick ? 60 : 240;
    std::vector<double> ours, bullet;
    oursMs(bodies, 10); // warm-up
    bulletMs(bodies, 10);
    for (int r = 0; r < runs; ++r) {
        ours.push_back(oursMs(bodies, steps));
        bullet.push_back(bulletMs(bodies, steps));
    }
    const double o = median(ours) / steps, b = median(bullet) / steps;
    std::printf("bench=simulate bodies=%d steps=%d step_s=1/60 ours_step_ms=%s bullet_step_ms=%s ratio=%s\n",
                bodies, steps, fixed(o).c_str(), fixed(b).c_str(), fixed(o / b).c_str());
    return 0;
}

} // namespace cs::bench
