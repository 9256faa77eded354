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
#include <optional>
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

/// Passes on the contacts whose normal (turned to point towards the round shape) lies within 15 degrees of
/// `along`: a rim point beyond the other shape's face meets its edge, at a slant that would push the two
/// apart sideways.
struct NormalWithin : btDiscreteCollisionDetectorInterface::Result
{
    btManifoldResult* out;
    btVector3 along;
    bool roundIsFirst;
    NormalWithin(btManifoldResult* result, const btVector3& direction, bool first)
        : out(result), along(direction), roundIsFirst(first)
    {}
    void setShapeIdentifiersA(int, int) override {}
    void setShapeIdentifiersB(int, int) override {}
    void addContactPoint(const btVector3& normalOnBInWorld, const btVector3& point, btScalar depth) override
    {
        const btVector3 towardsRound = roundIsFirst ? normalOnBInWorld : -normalOnBInWorld;
        if (towardsRound.dot(along) >= btCos(SIMD_RADS_PER_DEG * 15))
            out->addContactPoint(normalOnBInWorld, point, depth);
    }
};

/// The cylinder's axis (world) and whether it stands on an end on the face whose normal `n` (from the face to
/// the cylinder, world) is given: its axis within 3 degrees of the normal.
bool standsOnEnd(const btCylinderShape& cylinder, const btTransform& at, const btVector3& n)
{
    const btVector3 axis = at.getBasis().getColumn(cylinder.getUpAxis());
    return (n - axis * n.dot(axis)).length() <= btScalar(0.05);
}

/// The lowest point of each rim of a cylinder that does not stand on an end, towards the face whose normal
/// `n` (from the face to the cylinder) is given: lying, the two ends of the line it touches along. World
/// space.
std::vector<btVector3> rimPoints(const btCylinderShape& cylinder, const btTransform& at, const btVector3& n)
{
    const int up = cylinder.getUpAxis();
    const btVector3 half = cylinder.getHalfExtentsWithMargin();
    const btVector3 axis = at.getBasis().getColumn(up);
    const btVector3 across = (-n - axis * (-n).dot(axis)).normalized();
    std::vector<btVector3> points;
    for (int end : {-1, 1})
        points.push_back(at.getOrigin() + axis * (end * half[up]) + across * half[(up + 1) % 3]);
    return points;
}

const btCollisionObjectWrapper* cylinderOf(const btCollisionObjectWrapper* a,
                                           const btCollisionObjectWrapper* b)
{
    if (a->getCollisionShape()->getShapeType() == CYLINDER_SHAPE_PROXYTYPE)
        return a;
    if (b->getCollisionShape()->getShapeType() == CYLINDER_SHAPE_PROXYTYPE)
        return b;
    return nullptr;
}

void clearContacts(btCollisionAlgorithm& algorithm)
{
    btManifoldArray manifolds;
    algorithm.getAllContactManifolds(manifolds);
    for (int i = 0; i < manifolds.size(); ++i)
        manifolds[i]->clearManifold();
}

} // namespace

void RoundEndsAlgorithm::processCollision(const btCollisionObjectWrapper* a,
                                          const btCollisionObjectWrapper* b, const btDispatcherInfo& info,
                                          btManifoldResult* result)
{
    if (const btCollisionObjectWrapper* round = cylinderOf(a, b);
        round && b->getCollisionShape()->isConvex() && a->getCollisionShape()->isConvex()) {
        const btCollisionObjectWrapper* other = round == a ? b : a;
        const auto* cylinder = static_cast<const btCylinderShape*>(round->getCollisionShape());
        const std::optional<btVector3> n = normalTowardsCylinder(round, other);
        if (n && standsOnEnd(*cylinder, round->getWorldTransform(), *n)) {
            // On an end, the face it stands on (or that stands on it) may be smaller than the rim: Bullet's
            // turned extra points find that face's corners.
            btManifoldArray own; // this algorithm's own manifold only: the override adds m_multipoint's
            btConvexConvexAlgorithm::getAllContactManifolds(own);
            for (int i = 0; i < own.size(); ++i)
                own[i]->clearManifold();
            m_multipoint->processCollision(a, b, info, result);
            return;
        }
        clearContacts(*m_multipoint);
        btConvexConvexAlgorithm::processCollision(a, b, info, result);
        if (n && result->getPersistentManifold())
            addRimPoints(round, other, round == a, *n, result);
        return;
    }
    btConvexConvexAlgorithm::processCollision(a, b, info, result);
    if (!result->getPersistentManifold())
        return;
    addEndSpheres(a, b, true, result);
    addEndSpheres(b, a, false, result);
}

void RoundEndsAlgorithm::getAllContactManifolds(btManifoldArray& manifolds)
{
    btConvexConvexAlgorithm::getAllContactManifolds(manifolds);
    m_multipoint->getAllContactManifolds(manifolds);
}

std::optional<btVector3>
RoundEndsAlgorithm::normalTowardsCylinder(const btCollisionObjectWrapper* cylinder,
                                          const btCollisionObjectWrapper* other) const
{
    // The normal of the whole cylinder's closest pair (not of a manifold point left from an earlier step or
    // found at a rim), from the other shape to the cylinder.
    NormalOnly closest;
    btVoronoiSimplexSolver simplex;
    btGjkPairDetector gjk(static_cast<const btConvexShape*>(cylinder->getCollisionShape()),
                          static_cast<const btConvexShape*>(other->getCollisionShape()), &simplex,
                          m_penetration);
    btGjkPairDetector::ClosestPointInput input;
    input.m_transformA = cylinder->getWorldTransform();
    input.m_transformB = other->getWorldTransform();
    gjk.getClosestPoints(input, closest, nullptr);
    if (!closest.found || closest.normal.length2() < btScalar(0.5))
        return std::nullopt;
    return closest.normal.normalized();
}

void RoundEndsAlgorithm::addRimPoints(const btCollisionObjectWrapper* round,
                                      const btCollisionObjectWrapper* other, bool roundIsFirst,
                                      const btVector3& n, btManifoldResult* result)
{
    const auto* cylinder = static_cast<const btCylinderShape*>(round->getCollisionShape());
    // A small sphere whose lowest point (along -n) is the rim point: its contact with the other shape is the
    // rim point's, with the other shape's own normal there.
    const btScalar small =
        btScalar(1e-3) * cylinder->getHalfExtentsWithMargin()[(cylinder->getUpAxis() + 1) % 3];
    NormalWithin facing(result, n, roundIsFirst);
    for (const btVector3& p : rimPoints(*cylinder, round->getWorldTransform(), n))
        closestPoints(small, btTransform(btQuaternion::getIdentity(), p + n * small), other, roundIsFirst,
                      result->getPersistentManifold()->getContactBreakingThreshold(), facing);
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
        closestPoints(
            radii[i], round->getWorldTransform() * btTransform(btQuaternion::getIdentity(), centres[i]),
            other, roundIsFirst, result->getPersistentManifold()->getContactBreakingThreshold(), *result);
}

void RoundEndsAlgorithm::closestPoints(btScalar radius, const btTransform& at,
                                       const btCollisionObjectWrapper* other, bool roundIsFirst,
                                       btScalar reach, btDiscreteCollisionDetectorInterface::Result& result)
{
    const auto* convex = static_cast<const btConvexShape*>(other->getCollisionShape());
    btSphereShape sphere(radius);
    btVoronoiSimplexSolver simplex;
    btGjkPairDetector::ClosestPointInput input;
    const btScalar range = radius + convex->getMargin() + reach;
    input.m_maximumDistanceSquared = range * range;
    if (roundIsFirst) {
        btGjkPairDetector gjk(&sphere, convex, &simplex, m_penetration);
        input.m_transformA = at;
        input.m_transformB = other->getWorldTransform();
        gjk.getClosestPoints(input, result, nullptr);
    } else {
        btGjkPairDetector gjk(convex, &sphere, &simplex, m_penetration);
        input.m_transformA = other->getWorldTransform();
        input.m_transformB = at;
        gjk.getClosestPoints(input, result, nullptr);
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
