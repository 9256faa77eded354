#include "simulation/EngineCallbacks.h"

#include <BulletCollision/CollisionDispatch/btCollisionObjectWrapper.h>
#include <BulletCollision/CollisionDispatch/btCompoundCollisionAlgorithm.h>
#include <BulletCollision/CollisionDispatch/btCompoundCompoundCollisionAlgorithm.h>
#include <BulletCollision/CollisionDispatch/btManifoldResult.h>
#include <algorithm>
#include <mutex>

namespace cs::simulation::engine {

namespace {

/// The material of the shape a contact touched: the innermost shape on the wrapper chain that carries one
/// (a compound child, or the object's own shape), else the input's default material. A reference into the
/// world's input: a copy (its JSON source and pointer) cost every new contact point two allocations.
const physics::PhysicsMaterial& materialOf(const btCollisionObjectWrapper* wrapper)
{
    const ObjectInfo& info = infoOf(wrapper->getCollisionObject());
    for (const btCollisionObjectWrapper* w = wrapper; w; w = w->m_parent) {
        const int index = w->getCollisionShape()->getUserIndex();
        if (index >= 0 && size_t(index) < info.input->materials.size())
            return info.input->materials[size_t(index)];
    }
    return info.input->defaultMaterial;
}

/// Bullet multiplies the two objects' coefficients; the spec combines materials by mode and precedence.
/// Called for every new contact point of objects flagged CF_CUSTOM_MATERIAL_CALLBACK (all of ours).
bool combineContactMaterials(btManifoldPoint& cp, const btCollisionObjectWrapper* a, int, int,
                             const btCollisionObjectWrapper* b, int, int)
{
    const ContactMaterial m = combineMaterials(materialOf(a), materialOf(b),
                                               infoOf(a->getCollisionObject()).input->behaviour.precedence);
    cp.m_combinedFriction = btScalar(m.friction);
    cp.m_combinedRestitution = btScalar(m.restitution);
    return true;
}

thread_local const FilterTable* tCurrentFilters = nullptr;

/// The spec's filter rule per pair of colliders: a compound's children are tested one by one against the
/// other object's shape (or children), each shape carrying its collider's filter in its second user index.
bool shapesCollide(const btCollisionShape* a, const btCollisionShape* b)
{
    return !tCurrentFilters || tCurrentFilters->collide(a->getUserIndex2(), b->getUserIndex2());
}

} // namespace

std::vector<int> filtersOf(const std::vector<SimShape>& shapes)
{
    std::vector<int> out;
    for (const SimShape& s : shapes) {
        if (std::find(out.begin(), out.end(), s.filter) == out.end())
            out.push_back(s.filter);
    }
    if (out.empty())
        out.push_back(-1);
    return out;
}

const ObjectInfo& infoOf(const btCollisionObject* object)
{
    return *static_cast<const ObjectInfo*>(object->getUserPointer());
}

void installCallbacks()
{
    static std::once_flag once;
    std::call_once(once, [] {
        gContactAddedCallback = combineContactMaterials;
        gCompoundChildShapePairCallback = shapesCollide;
        gCompoundCompoundChildShapePairCallback = shapesCollide;
    });
}

CurrentFilters::CurrentFilters(const FilterTable* table) : m_previous(tCurrentFilters)
{
    tCurrentFilters = table;
}

CurrentFilters::~CurrentFilters()
{
    tCurrentFilters = m_previous;
}

ObjectPair orderedPair(const btCollisionObject* a, const btCollisionObject* b)
{
    return a < b ? ObjectPair{a, b} : ObjectPair{b, a};
}

bool anyPairCollides(const FilterTable& table, const ObjectInfo& a, const ObjectInfo& b)
{
    for (int fa : a.filters) {
        for (int fb : b.filters) {
            if (table.collide(fa, fb))
                return true;
        }
    }
    return false;
}

bool PairFilter::needBroadphaseCollision(btBroadphaseProxy* p0, btBroadphaseProxy* p1) const
{
    if (!(p0->m_collisionFilterGroup & p1->m_collisionFilterMask) ||
        !(p1->m_collisionFilterGroup & p0->m_collisionFilterMask))
        return false;
    const auto* a = static_cast<const btCollisionObject*>(p0->m_clientObject);
    const auto* b = static_cast<const btCollisionObject*>(p1->m_clientObject);
    if (!apart.empty() && apart.count(orderedPair(a, b)))
        return false;
    return anyPairCollides(*table, infoOf(a), infoOf(b));
}

bool OverlapCollector::needsCollision(btBroadphaseProxy* proxy) const
{
    const auto* other = static_cast<const btCollisionObject*>(proxy->m_clientObject);
    const ObjectInfo& info = infoOf(other);
    return (ownBody < 0 || info.body != ownBody) && info.node != GroundNode &&
           std::any_of(info.filters.begin(), info.filters.end(),
                       [&](int f) { return table->collide(filter, f); });
}

btScalar OverlapCollector::addSingleResult(btManifoldPoint& cp, const btCollisionObjectWrapper* a, int, int,
                                           const btCollisionObjectWrapper* b, int, int)
{
    if (cp.getDistance() <= 0)
        found.insert(a->getCollisionObject() == trigger ? b->getCollisionObject() : a->getCollisionObject());
    return 0;
}

} // namespace cs::simulation::engine
