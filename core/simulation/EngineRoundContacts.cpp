#include "simulation/EngineRoundContacts.h"

#include <BulletCollision/CollisionDispatch/btCollisionDispatcher.h>
#include <BulletCollision/CollisionDispatch/btCollisionObjectWrapper.h>
#include <BulletCollision/CollisionDispatch/btManifoldResult.h>
#include <BulletCollision/CollisionShapes/btCapsuleShape.h>
#include <BulletCollision/CollisionShapes/btCylinderShape.h>
#include <BulletCollision/CollisionShapes/btMultiSphereShape.h>
#include <BulletCollision/CollisionShapes/btSphereShape.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>
#include <cmath>
#include <initializer_list>
#include <vector>

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

/// The contact normal of GJK's one closest pair, pointing from the second shape to the first.
struct NormalOnly : btDiscreteCollisionDetectorInterface::Result
{
    btVector3 normal{0, 0, 0};
    bool found = false;
    void setShapeIdentifiersA(int, int) override {}
    void setShapeIdentifiersB(int, int) override {}
    void addContactPoint(const btVector3& normalOnBInWorld, const btVector3&, btScalar) override
    {
        normal = normalOnBInWorld;
        found = true;
    }
};

/// The points of a cylinder's rims that touch a face the contact normal `n` (from the face to the cylinder,
/// world) stands on: lying, the lowest point of each rim (the contact line's two ends); standing on an end,
/// four points around that end's rim. World space.
std::vector<btVector3> rimPoints(const btCylinderShape& cylinder, const btTransform& at, const btVector3& n)
{
    std::vector<btVector3> points;
    const int up = cylinder.getUpAxis();
    const btVector3 half = cylinder.getHalfExtentsWithMargin();
    const btScalar radius = half[(up + 1) % 3];
    const btVector3 axis = at.getBasis().getColumn(up);
    const btVector3 down = -n;
    const btVector3 across = down - axis * down.dot(axis);
    for (int end : {-1, 1}) {
        const btVector3 centre = at.getOrigin() + axis * (end * half[up]);
        if (across.length() > btScalar(0.05)) {
            points.push_back(centre + across.normalized() * radius);
        } else if (axis.dot(down) * end > 0) { // the end the cylinder stands on
            const btVector3 u =
                axis.cross(std::abs(axis.x()) < 0.9 ? btVector3(1, 0, 0) : btVector3(0, 1, 0)).normalized();
            const btVector3 w = axis.cross(u);
            for (const btVector3& d : {u, -u, w, -w})
                points.push_back(centre + d * radius);
        }
    }
    return points;
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
    addRimPoints(a, b, true, result);
    addRimPoints(b, a, false, result);
}

void RoundEndsAlgorithm::addRimPoints(const btCollisionObjectWrapper* round,
                                      const btCollisionObjectWrapper* other, bool roundIsFirst,
                                      btManifoldResult* result)
{
    const btCollisionShape* shape = round->getCollisionShape();
    if (shape->getShapeType() != CYLINDER_SHAPE_PROXYTYPE || !other->getCollisionShape()->isConvex())
        return;
    const auto* cylinder = static_cast<const btCylinderShape*>(shape);
    // The normal of the whole cylinder's closest pair (not of a manifold point left from an earlier step or
    // found at a rim), from the other shape to the cylinder.
    NormalOnly closest;
    btVoronoiSimplexSolver simplex;
    btGjkPairDetector gjk(cylinder, static_cast<const btConvexShape*>(other->getCollisionShape()), &simplex,
                          m_penetration);
    btGjkPairDetector::ClosestPointInput input;
    input.m_transformA = round->getWorldTransform();
    input.m_transformB = other->getWorldTransform();
    gjk.getClosestPoints(input, closest, nullptr);
    if (!closest.found || closest.normal.length2() < btScalar(0.5))
        return;
    const btVector3 n = closest.normal.normalized();
    // A small sphere whose lowest point (along -n) is the rim point: its contact with the other shape is the
    // rim point's, with the other shape's own normal there.
    const btScalar small =
        btScalar(1e-3) * cylinder->getHalfExtentsWithMargin()[(cylinder->getUpAxis() + 1) % 3];
    for (const btVector3& p : rimPoints(*cylinder, round->getWorldTransform(), n))
        closestPoints(small, btTransform(btQuaternion::getIdentity(), p + n * small), other, roundIsFirst,
                      result);
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
    for (int i = 0; i < count; ++i)
        closestPoints(radii[i],
                      round->getWorldTransform() * btTransform(btQuaternion::getIdentity(), centres[i]),
                      other, roundIsFirst, result);
}

void RoundEndsAlgorithm::closestPoints(btScalar radius, const btTransform& at,
                                       const btCollisionObjectWrapper* other, bool roundIsFirst,
                                       btManifoldResult* result)
{
    const auto* convex = static_cast<const btConvexShape*>(other->getCollisionShape());
    const btScalar reach = result->getPersistentManifold()->getContactBreakingThreshold();
    btSphereShape sphere(radius);
    btVoronoiSimplexSolver simplex;
    btGjkPairDetector::ClosestPointInput input;
    const btScalar range = radius + convex->getMargin() + reach;
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

btCollisionAlgorithm*
RoundEndsAlgorithm::CreateFunc::CreateCollisionAlgorithm(btCollisionAlgorithmConstructionInfo& info,
                                                         const btCollisionObjectWrapper* a,
                                                         const btCollisionObjectWrapper* b)
{
    void* memory = info.m_dispatcher1->allocateCollisionAlgorithm(sizeof(RoundEndsAlgorithm));
    return new (memory) RoundEndsAlgorithm(info.m_manifold, info, a, b, penetration);
}

} // namespace cs::simulation::engine
