#pragma once

#include "physics/PhysicsModel.h"
#include "simulation/BehaviourProfile.h"

#include <algorithm>
#include <vector>

namespace cs::simulation {

/// What a contact between two materials uses. The preview's solver has one friction coefficient, so it takes
/// the dynamic friction, as the spec asks of engines that do not tell static from dynamic friction. The
/// materials' combine modes are the ones that take part in the precedence rule (physics::votingCombineMode,
/// resolved by buildSimulationInput): the mode is appliedCombineMode of the two under `precedence` (the
/// spec's unless the preview behaves like a target).
struct ContactMaterial
{
    double friction = 0.6;
    double restitution = 0.0;
};
ContactMaterial combineMaterials(const physics::PhysicsMaterial& a, const physics::PhysicsMaterial& b,
                                 const CombinePrecedence& precedence = kSpecPrecedence);

/// True when `self` accepts contact with an object whose filter is `other` (one direction of the rule):
/// collideWithSystems non-empty: only its systems; else notCollideWithSystems non-empty: all but its systems;
/// else everything.
bool filterAccepts(const physics::CollisionFilter& self, const physics::CollisionFilter& other);
/// The spec's pair rule (KHR_physics_rigid_bodies): two objects collide only when each accepts the other.
bool filtersCollide(const physics::CollisionFilter& a, const physics::CollisionFilter& b);

/// Whether colliders with filters `a` and `b` (indices into `filters`, -1 for none) touch under a target's
/// rule: the spec's (filtersCollide; no filter is in no system and accepts everything), Havok's bit masks
/// or PhysX's words (BehaviourProfile.h). `cap` (PhysXWords): filters from that index on are read as none.
bool filtersCollide(int a, int b, const std::vector<physics::CollisionFilter>& filters, FilterRule rule,
                    int cap = 0);

/// filtersCollide for every pair of a document's filters, plus the default filter (index -1), under a
/// target's rule, looked up in constant time. Any number of systems.
class FilterTable
{
public:
    FilterTable() = default;
    explicit FilterTable(const std::vector<physics::CollisionFilter>& filters,
                         FilterRule rule = FilterRule::Spec, int cap = 0);
    /// a and b: filter indices, -1 for the default filter.
    bool collide(int a, int b) const { return m_collide[size_t(a + 1) * m_size + size_t(b + 1)] != 0; }
    /// Every pair collides: the filters keep nothing apart.
    bool collidesAlways() const
    {
        return std::all_of(m_collide.begin(), m_collide.end(), [](unsigned char c) { return c != 0; });
    }

private:
    size_t m_size = 1;
    std::vector<unsigned char> m_collide{1};
};

} // namespace cs::simulation
