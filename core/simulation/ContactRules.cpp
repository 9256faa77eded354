#include "simulation/ContactRules.h"

#include <algorithm>
#include <cmath>

namespace cs::simulation {

using physics::CombineMode;

double combineValues(double a, double b, CombineMode mode)
{
    switch (mode) {
    case CombineMode::Average:
        return (a + b) / 2;
    case CombineMode::Minimum:
        return std::fmin(a, b);
    case CombineMode::Maximum:
        return std::fmax(a, b);
    case CombineMode::Multiply:
        return a * b;
    }
    return (a + b) / 2;
}

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

FilterTable::FilterTable(const std::vector<physics::CollisionFilter>& filters) : m_size(filters.size() + 1)
{
    const physics::CollisionFilter none;
    auto at = [&](size_t i) -> const physics::CollisionFilter& { return i == 0 ? none : filters[i - 1]; };
    m_collide.assign(m_size * m_size, 0);
    for (size_t a = 0; a < m_size; ++a) {
        for (size_t b = 0; b < m_size; ++b)
            m_collide[a * m_size + b] = filtersCollide(at(a), at(b)) ? 1 : 0;
    }
}

} // namespace cs::simulation
