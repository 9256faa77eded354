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
    int level = 0; ///< contacts passed on whose normal is `along` up to rounding (under a degree)
    NormalWithin(btManifoldResult* result, const btVector3& direction, bool first)
        : out(result), along(direction), roundIsFirst(first)
    {}
    void setShapeIdentifiersA(int, int) override {}
    void setShapeIdentifiersB(int, int) override {}
    void addContactPoint(const btVector3& normalOnBInWorld, const btVector3& point, btScalar depth) override
    {
        const btVector3 towardsRound = roundIsFirst ? normalOnBInWorld : -normalOnBInWorld;
        if (towardsRound.dot(along) < btCos(SIMD_RADS_PER_DEG * 15))
            return;
        level += towardsRound.dot(along) >= btCos(SIMD_RADS_PER_DEG);
        out->addContactPoint(normalOnBInWorld, point, depth);
    }
};

/// Passes every contact on and keeps their normals (pointing towards the round shape).
struct Recorded : btDiscreteCollisionDetectorInterface::Result
{
    btManifoldResult* out;
    bool roundIsFirst;
    std::vector<btVector3> normals;
    Recorded(btManifoldResult* result, bool first) : out(result), roundIsFirst(first) {}
    void setShapeIdentifiersA(int, int) override {}
    void setShapeIdentifiersB(int, int) override {}
    void addContactPoint(const btVector3& normalOnBInWorld, const btVector3& point, btScalar depth) override
    {
        normals.push_back(roundIsFirst ? normalOnBInWorld : -normalOnBInWorld);
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
        if (n && result->getPersistentManifold()) {
            // Both ends on one face: the whole line it lies along is on that face (a face is convex), and
            // its two ends hold it.
            if (addRimPoints(round, other, round == a, *n, result) == 2)
                keepRimContacts(*cylinder, round->getWorldTransform(), round == a,
                                *result->getPersistentManifold());
            alignNormals(*n, round == a, *result->getPersistentManifold());
        }
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
    const auto* round = static_cast<const btCylinderShape*>(cylinder->getCollisionShape());
    const auto closest = [&](const btTransform& at) -> std::optional<btVector3> {
        NormalOnly found;
        btVoronoiSimplexSolver simplex;
        btGjkPairDetector gjk(round, static_cast<const btConvexShape*>(other->getCollisionShape()), &simplex,
                              m_penetration);
        btGjkPairDetector::ClosestPointInput input;
        input.m_transformA = at;
        input.m_transformB = other->getWorldTransform();
        gjk.getClosestPoints(input, found, nullptr);
        if (!found.found || found.normal.length2() < btScalar(0.5))
            return std::nullopt;
        return found.normal.normalized();
    };
    const std::optional<btVector3> touching = closest(cylinder->getWorldTransform());
    if (!touching)
        return std::nullopt;
    // Touching, GJK's normal is the difference of two points a fraction of a millimetre apart on shapes
    // metres wide: tilted by float rounding, enough for the friction of a lying cylinder to roll it. The
    // same pair a radius apart (the cylinder lifted along that normal) has the same closest features and a
    // normal good to the rounding over that distance.
    const btScalar lift = round->getHalfExtentsWithMargin()[(round->getUpAxis() + 1) % 3];
    btTransform lifted = cylinder->getWorldTransform();
    lifted.setOrigin(lifted.getOrigin() + *touching * lift);
    const std::optional<btVector3> apart = closest(lifted);
    return apart && apart->dot(*touching) > btCos(SIMD_RADS_PER_DEG) ? apart : touching;
}

void RoundEndsAlgorithm::keepRimContacts(const btCylinderShape& cylinder, const btTransform& at,
                                         bool roundIsFirst, btPersistentManifold& manifold)
{
    // A lying cylinder touches a face along a line: its two ends (the rim points) hold it. A point GJK found
    // between them lies on that line only up to rounding, and off it by a hair, the weight's torque about it
    // rolls the cylinder. Only for a cylinder whose both rims touch the face: one lying across an edge is
    // held in between.
    const int up = cylinder.getUpAxis();
    const btScalar half = cylinder.getHalfExtentsWithMargin()[up];
    const btVector3 axis = at.getBasis().getColumn(up);
    for (int i = manifold.getNumContacts() - 1; i >= 0; --i) {
        const btManifoldPoint& p = manifold.getContactPoint(i);
        const btVector3& onCylinder = roundIsFirst ? p.m_positionWorldOnA : p.m_positionWorldOnB;
        const btScalar along = btFabs((onCylinder - at.getOrigin()).dot(axis));
        if (btFabs(along - half) > btScalar(0.05) * half)
            manifold.removeContactPoint(i);
    }
}

void RoundEndsAlgorithm::alignNormals(const btVector3& n, bool roundIsFirst, btPersistentManifold& manifold)
{
    // The contacts of a lying cylinder on one face share that face's normal: those whose own normal differs
    // from it by rounding only (under a degree) take it.
    const btVector3 onB = roundIsFirst ? n : -n;
    for (int i = 0; i < manifold.getNumContacts(); ++i) {
        btManifoldPoint& p = manifold.getContactPoint(i);
        if (p.m_normalWorldOnB.dot(onB) >= btCos(SIMD_RADS_PER_DEG)) {
            p.m_normalWorldOnB = onB;
            p.m_positionWorldOnA = p.m_positionWorldOnB + onB * p.m_distance1;
        }
    }
}

int RoundEndsAlgorithm::addRimPoints(const btCollisionObjectWrapper* round,
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
    return facing.level;
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
    Recorded found(result, roundIsFirst);
    for (int i = 0; i < count; ++i) {
        centres[i] = round->getWorldTransform() * centres[i];
        closestPoints(radii[i], btTransform(btQuaternion::getIdentity(), centres[i]), other, roundIsFirst,
                      result->getPersistentManifold()->getContactBreakingThreshold(), found);
    }
    // Both end spheres on one face (normals alike up to rounding): the line between their contacts lies on
    // it and they hold the shape. A point GJK found between them is on that line only up to rounding, and
    // off it by a hair the weight turns a lying shape; one lying across an edge keeps it.
    if (found.normals.size() != 2 || found.normals[0].dot(found.normals[1]) < btCos(SIMD_RADS_PER_DEG))
        return;
    btPersistentManifold& manifold = *result->getPersistentManifold();
    for (int i = manifold.getNumContacts() - 1; i >= 0; --i) {
        const btManifoldPoint& p = manifold.getContactPoint(i);
        const btVector3& onRound = roundIsFirst ? p.m_positionWorldOnA : p.m_positionWorldOnB;
        bool onSphere = false;
        for (int e = 0; e < 2; ++e)
            onSphere =
                onSphere || btFabs((onRound - centres[e]).length() - radii[e]) <= btScalar(0.01) * radii[e];
        if (!onSphere)
            manifold.removeContactPoint(i);
    }
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
