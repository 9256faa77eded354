#include "simulation/ContactRules.h"

#include "physics/CombineRule.h"

#include <algorithm>
#include <cmath>

namespace cs::simulation {

using physics::appliedCombineMode;
using physics::combineValues;

ContactMaterial combineMaterials(const physics::PhysicsMaterial& a, const physics::PhysicsMaterial& b,
                                 const CombinePrecedence& precedence)
{
    return {combineValues(a.dynamicFriction, b.dynamicFriction,
                          appliedCombineMode(a.frictionCombine, b.frictionCombine, precedence)),
            combineValues(a.restitution, b.restitution,
                          appliedCombineMode(a.restitutionCombine, b.restitutionCombine, precedence))};
}

namespace {

bool sharesSystem(const std::vector<std::string>& list, const std::vector<std::string>& systems)
{
    return std::any_of(systems.begin(), systems.end(), [&](const std::string& s) {
        return std::find(list.begin(), list.end(), s) != list.end();
    });
}

} // namespace

bool filterAccepts(const physics::CollisionFilter& self, const physics::CollisionFilter& other)
{
    if (!self.collideWithSystems.empty())
        return sharesSystem(self.collideWithSystems, other.collisionSystems);
    if (!self.notCollideWithSystems.empty())
        return !sharesSystem(self.notCollideWithSystems, other.collisionSystems);
    return true;
}

bool filtersCollide(const physics::CollisionFilter& a, const physics::CollisionFilter& b)
{
    return filterAccepts(a, b) && filterAccepts(b, a);
}

namespace {

/// Havok's side of a pair (loader BAB:289-299): `self`'s collide mask meets `other`'s membership. A
/// collider without a filter keeps every bit in both masks, as does a filter without `collisionSystems`
/// (membership) or without either collide list (collide mask); `notCollideWithSystems` is the complement
/// of its bits, so it excludes only an object all of whose systems it names.
bool havokAccepts(const physics::CollisionFilter* self, const physics::CollisionFilter* other)
{
    const bool otherInAll = !other || other->collisionSystems.empty();
    if (!self || otherInAll)
        return true;
    if (!self->collideWithSystems.empty())
        return sharesSystem(self->collideWithSystems, other->collisionSystems);
    if (!self->notCollideWithSystems.empty()) {
        const auto& excluded = self->notCollideWithSystems;
        return std::any_of(other->collisionSystems.begin(), other->collisionSystems.end(),
                           [&](const std::string& s) {
                               return std::find(excluded.begin(), excluded.end(), s) == excluded.end();
                           });
    }
    return true;
}

} // namespace

bool filtersCollide(int a, int b, const std::vector<physics::CollisionFilter>& filters, FilterRule rule,
                    int cap)
{
    auto filterOf = [&](int i) -> const physics::CollisionFilter* {
        if (i < 0 || size_t(i) >= filters.size() || (rule == FilterRule::PhysXWords && cap > 0 && i >= cap))
            return nullptr;
        return &filters[size_t(i)];
    };
    const physics::CollisionFilter* fa = filterOf(a);
    const physics::CollisionFilter* fb = filterOf(b);
    switch (rule) {
    case FilterRule::HavokMasks:
        return havokAccepts(fa, fb) && havokAccepts(fb, fa);
    case FilterRule::PhysXWords:
        // The default filter data (word0 bit 31, word1 every bit) passes PhysX's test against any other.
        return !fa || !fb || filtersCollide(*fa, *fb);
    case FilterRule::Spec:
        break;
    }
    const physics::CollisionFilter none;
    return filtersCollide(fa ? *fa : none, fb ? *fb : none);
}

FilterTable::FilterTable(const std::vector<physics::CollisionFilter>& filters, FilterRule rule, int cap)
    : m_size(filters.size() + 1)
{
    m_collide.assign(m_size * m_size, 0);
    for (size_t a = 0; a < m_size; ++a) {
        for (size_t b = 0; b < m_size; ++b)
            m_collide[a * m_size + b] = filtersCollide(int(a) - 1, int(b) - 1, filters, rule, cap) ? 1 : 0;
    }
}

} // namespace cs::simulation
