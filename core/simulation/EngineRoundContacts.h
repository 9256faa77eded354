#pragma once

// Internal to the simulation library (World.cpp): contacts of capsules, tapered capsules and cylinders.
#include <BulletCollision/CollisionDispatch/btConvexConvexAlgorithm.h>
#include <BulletCollision/CollisionShapes/btCylinderShape.h>
#include <memory>
#include <optional>

namespace cs::simulation::engine {

/// Bullet's convex pair algorithm for a capsule or tapered capsule (a btMultiSphereShape of two spheres)
/// against a convex shape, with the contact of each of its end spheres added to the one contact Bullet finds
/// for the pair. A capsule lying on a flat face touches it along a line, between its end spheres' lowest
/// points: Bullet met it one point at a time, and its extra points (found by turning the capsule a little)
/// came out beside that line; their share of the weight and friction rolled a capsule lying on a box away,
/// metres in 10 s. The end spheres' points are exact (a sphere meets a face at one point) and lie on the
/// line. A cylinder lying on a face rolled away the same way: it gets the lowest point of each rim (the ends
/// of its contact line); standing on an end it keeps Bullet's extra points (the face it meets may be smaller
/// than its rim).
class RoundEndsAlgorithm : public btConvexConvexAlgorithm
{
public:
    RoundEndsAlgorithm(btPersistentManifold* manifold, const btCollisionAlgorithmConstructionInfo& info,
                       const btCollisionObjectWrapper* a, const btCollisionObjectWrapper* b,
                       btConvexPenetrationDepthSolver* penetration)
        : btConvexConvexAlgorithm(manifold, info, a, b, penetration, 0, 0),
          m_multipoint(std::make_unique<btConvexConvexAlgorithm>(nullptr, info, a, b, penetration, 3, 3)),
          m_penetration(penetration)
    {}

    void processCollision(const btCollisionObjectWrapper* a, const btCollisionObjectWrapper* b,
                          const btDispatcherInfo& info, btManifoldResult* result) override;
    void getAllContactManifolds(btManifoldArray& manifolds) override;

    struct CreateFunc : btCollisionAlgorithmCreateFunc
    {
        explicit CreateFunc(btConvexPenetrationDepthSolver* solver) : penetration(solver) {}
        btCollisionAlgorithm* CreateCollisionAlgorithm(btCollisionAlgorithmConstructionInfo& info,
                                                       const btCollisionObjectWrapper* a,
                                                       const btCollisionObjectWrapper* b) override;
        btConvexPenetrationDepthSolver* penetration;
    };

private:
    void addEndSpheres(const btCollisionObjectWrapper* round, const btCollisionObjectWrapper* other,
                       bool roundIsFirst, btManifoldResult* result);
    /// Returns how many of the rim contacts lie on the face whose normal is `n` (up to rounding).
    int addRimPoints(const btCollisionObjectWrapper* round, const btCollisionObjectWrapper* other,
                     bool roundIsFirst, const btVector3& n, btManifoldResult* result);
    static void keepRimContacts(const btCylinderShape& cylinder, const btTransform& at, bool roundIsFirst,
                                btPersistentManifold& manifold);
    static void alignNormals(const btVector3& n, bool roundIsFirst, btPersistentManifold& manifold);
    std::optional<btVector3> normalTowardsCylinder(const btCollisionObjectWrapper* cylinder,
                                                   const btCollisionObjectWrapper* other) const;
    /// The contact of a sphere of `radius` at `at` (world) with `other` within `reach`, as the round shape's,
    /// into `result`.
    void closestPoints(btScalar radius, const btTransform& at, const btCollisionObjectWrapper* other,
                       bool roundIsFirst, btScalar reach,
                       btDiscreteCollisionDetectorInterface::Result& result);
    /// A cylinder standing on an end meets the other shape as Bullet's multipoint iterations do (its own
    /// manifold, cleared while the cylinder lies). On the heap: this algorithm lives in the dispatcher's
    /// pool, whose elements are sized for one algorithm (World's collision configuration allows for this
    /// class).
    std::unique_ptr<btConvexConvexAlgorithm> m_multipoint;
    btConvexPenetrationDepthSolver* m_penetration;
};

} // namespace cs::simulation::engine
