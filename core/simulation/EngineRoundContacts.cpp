#include "simulation/EngineRoundContacts.h"

#include <BulletCollision/CollisionDispatch/btCollisionDispatcher.h>
#include <BulletCollision/CollisionDispatch/btCollisionObjectWrapper.h>
#include <BulletCollision/CollisionDispatch/btManifoldResult.h>
#include <BulletCollision/CollisionShapes/btCapsuleShape.h>
#include <BulletCollision/CollisionShapes/btMultiSphereShape.h>
#include <BulletCollision/CollisionShapes/btSphereShape.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

namespace cs::simulation::engine {

namespace {

/// The end spheres (centre in the shape's frame, radius) of a capsule or a two-sphere multi-sphere shape.
int endSpheres(const btCollisionShape* shape, btVector3 centres[2], btScalar radii[2])
{
    if (shape->getShapeType() == CAPSULE_SHAPE_PROXYTYPE) {
        const auto* capsule = static_cast<const btCapsuleShape*>(shape);
        for (int i = 0; i < 2; ++i) {
            centres[i].setZero();
            centres[i][capsule->getUpAxis()] = i == 0 ? -capsule->getHalfHeight() : capsule->getHalfHeight();
            radii[i] = capsule->getRadius();
        }
        return 2;
    }
    if (shape->getShapeType() == MULTI_SPHERE_SHAPE_PROXYTYPE) {
        const auto* spheres = static_cast<const btMultiSphereShape*>(shape);
        if (spheres->getSphereCount() != 2)
            return 0;
        for (int i = 0; i < 2; ++i) {
            centres[i] = spheres->getSpherePosition(i);
            radii[i] = spheres->getSphereRadius(i);
        }
        return 2;
    }
    return 0;
}

} // namespace

void RoundEndsAlgorithm::processCollision(const btCollisionObjectWrapper* a,
                                          const btCollisionObjectWrapper* b, const btDispatcherInfo& info,
                                          btManifoldResult* result)
{
    btConvexConvexAlgorithm::processCollision(a, b, info, result);
    if (!result->getPersistentManifold())
        return;
    addEndSpheres(a, b, true, result);
    addEndSpheres(b, a, false, result);
}

void RoundEndsAlgorithm::addEndSpheres(const btCollisionObjectWrapper* round,
                                       const btCollisionObjectWrapper* other, bool roundIsFirst,
                                       btManifoldResult* result)
{
    btVector3 centres[2];
    btScalar radii[2];
    const int count = endSpheres(round->getCollisionShape(), centres, radii);
    if (count == 0 || !other->getCollisionShape()->isConvex())
        return;
    const auto* convex = static_cast<const btConvexShape*>(other->getCollisionShape());
    const btScalar reach = result->getPersistentManifold()->getContactBreakingThreshold();
    for (int i = 0; i < count; ++i) {
        btSphereShape sphere(radii[i]);
        const btTransform at =
            round->getWorldTransform() * btTransform(btQuaternion::getIdentity(), centres[i]);
        btVoronoiSimplexSolver simplex;
        btGjkPairDetector::ClosestPointInput input;
        const btScalar range = radii[i] + convex->getMargin() + reach;
        input.m_maximumDistanceSquared = range * range;
        if (roundIsFirst) {
            btGjkPairDetector gjk(&sphere, convex, &simplex, m_penetration);
            input.m_transformA = at;
            input.m_transformB = other->getWorldTransform();
            gjk.getClosestPoints(input, *result, nullptr);
        } else {
            btGjkPairDetector gjk(convex, &sphere, &simplex, m_penetration);
            input.m_transformA = other->getWorldTransform();
            input.m_transformB = at;
            gjk.getClosestPoints(input, *result, nullptr);
        }
    }
}

btCollisionAlgorithm*
RoundEndsAlgorithm::CreateFunc::CreateCollisionAlgorithm(btCollisionAlgorithmConstructionInfo& info,
                                                         const btCollisionObjectWrapper* a,
                                                         const btCollisionObjectWrapper* b)
{
    void* memory = info.m_dispatcher1->allocateCollisionAlgorithm(sizeof(RoundEndsAlgorithm));
    return new (memory) RoundEndsAlgorithm(info.m_manifold, info, a, b, penetration);
}

} // namespace cs::simulation::engine
