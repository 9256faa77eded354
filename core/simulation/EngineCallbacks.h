#pragma once

// Internal to the simulation library (World.cpp): what Bullet's callbacks know about our collision objects,
// and the callbacks that apply the spec's material combine modes and collision filter rules.
#include "simulation/ContactRules.h"
#include "simulation/SimulationInput.h"

#include <btBulletDynamicsCommon.h>
#include <set>
#include <utility>
#include <vector>

namespace cs::simulation::engine {

/// The node of the ground a World adds (Settings::ground): no node of the file.
constexpr size_t GroundNode = ~size_t(0);

/// What the engine's callbacks know about a collision object (its user pointer).
struct ObjectInfo
{
    std::vector<int> filters; ///< the distinct filters of its shapes (each shape carries its own)
    int body = -1;            ///< SimulationInput body index, -1 = static geometry
    size_t node = 0;          ///< the body node, or the static collider's node
    const SimulationInput* input = nullptr;
};

/// The distinct filters of `shapes` (the default filter, -1, when there is none).
std::vector<int> filtersOf(const std::vector<SimShape>& shapes);
const ObjectInfo& infoOf(const btCollisionObject* object);

/// Installs, once per process, the contact-added callback (materials combined by the spec's modes) and the
/// compound child-pair callbacks (each collider's own filter). They hold no state of their own: see
/// CurrentFilters.
void installCallbacks();

/// The filter table the shape-pair callbacks use on this thread while the object lives (they are Bullet
/// globals, so each thread tells them its own world's table).
class CurrentFilters
{
public:
    explicit CurrentFilters(const FilterTable* table);
    ~CurrentFilters();
    CurrentFilters(const CurrentFilters&) = delete;
    CurrentFilters& operator=(const CurrentFilters&) = delete;

private:
    const FilterTable* m_previous;
};

using ObjectPair = std::pair<const btCollisionObject*, const btCollisionObject*>;
ObjectPair orderedPair(const btCollisionObject* a, const btCollisionObject* b);
bool anyPairCollides(const FilterTable& table, const ObjectInfo& a, const ObjectInfo& b);

/// The spec's two-sided filter rule on every pair the broadphase finds (a pair passes when any of their
/// colliders may touch; the child-pair callbacks decide per collider), the pairs a joint keeps apart, and
/// Bullet's static/static exclusion (its group and mask test).
struct PairFilter : btOverlapFilterCallback
{
    const FilterTable* table = nullptr;
    std::set<ObjectPair> apart;
    bool needBroadphaseCollision(btBroadphaseProxy* p0, btBroadphaseProxy* p1) const override;
};

/// Collects what overlaps one trigger: solid objects (never other triggers, never its own body, never the
/// ground, which is not the file's) that its filter and theirs allow, with at least one contact at zero or
/// negative distance.
struct OverlapCollector : btCollisionWorld::ContactResultCallback
{
    const FilterTable* table = nullptr;
    int filter = -1;
    int ownBody = -1;
    const btCollisionObject* trigger = nullptr;
    std::set<const btCollisionObject*> found;

    bool needsCollision(btBroadphaseProxy* proxy) const override;
    btScalar addSingleResult(btManifoldPoint& cp, const btCollisionObjectWrapper* a, int, int,
                             const btCollisionObjectWrapper* b, int, int) override;
};

} // namespace cs::simulation::engine
