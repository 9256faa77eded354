#include "simulation/EngineShapes.h"

#include "simulation/BulletMath.h"
#include "simulation/ShapeScaling.h"

#include <BulletCollision/CollisionShapes/btMultiSphereShape.h>
#include <BulletCollision/Gimpact/btGImpactShape.h>
#include <LinearMath/btConvexHullComputer.h>
#include <btBulletCollisionCommon.h>
#include <cmath>
#include <deque>

namespace cs::simulation {

namespace {

/// Hulls are shrunk by their collision margin, which Bullet adds back around them (at most a quarter of the
/// hull's thickness, so that a thin hull keeps its shape).
constexpr btScalar HullMargin = btScalar(0.005);
/// A moving triangle mesh's margin, which it grows by.
constexpr btScalar MovingMeshMargin = btScalar(0.002);

} // namespace

struct EngineShapes::Store
{
    std::vector<std::unique_ptr<btCollisionShape>> shapes;
    std::deque<std::vector<btScalar>> vertices; // triangle meshes point into these: never reallocated
    std::deque<std::vector<int>> indices;
    std::vector<std::unique_ptr<btTriangleIndexVertexArray>> meshes;

    template <class T> T* keep(std::unique_ptr<T> shape)
    {
        T* raw = shape.get();
        shapes.push_back(std::move(shape));
        return raw;
    }
};

EngineShapes::EngineShapes() : m(std::make_unique<Store>()) {}

EngineShapes::~EngineShapes()
{
    // Compounds refer to their children and BVH shapes to their arrays: drop the users first.
    for (auto it = m->shapes.rbegin(); it != m->shapes.rend(); ++it)
        it->reset();
}

namespace {

std::unique_ptr<btConvexHullShape> hullOf(const gltf::TriangleMesh& mesh)
{
    std::vector<btScalar> coords;
    coords.reserve(mesh.positions.size() * 3);
    btVector3 min(BT_LARGE_FLOAT, BT_LARGE_FLOAT, BT_LARGE_FLOAT), max = -min;
    for (const QVector3D& p : mesh.positions) {
        coords.insert(coords.end(), {p.x(), p.y(), p.z()});
        min.setMin(btVector3(p.x(), p.y(), p.z()));
        max.setMax(btVector3(p.x(), p.y(), p.z()));
    }
    const btVector3 extent = max - min;
    const btScalar margin = std::min(HullMargin, std::min({extent.x(), extent.y(), extent.z()}) / 4);
    auto hull = std::make_unique<btConvexHullShape>();
    btConvexHullComputer shrunk;
    // Each face moved inward by the margin (clamped to a fraction of the hull's size by Bullet).
    if (margin > 0 &&
        shrunk.compute(coords.data(), int(3 * sizeof(btScalar)), int(mesh.positions.size()), margin,
                       btScalar(0.25)) >= 0 &&
        shrunk.vertices.size() >= 4) {
        for (int i = 0; i < shrunk.vertices.size(); ++i)
            hull->addPoint(shrunk.vertices[i], false);
        hull->setMargin(margin);
    } else {
        for (const QVector3D& p : mesh.positions)
            hull->addPoint(btVector3(p.x(), p.y(), p.z()), false);
        hull->setMargin(0);
    }
    hull->recalcLocalAabb();
    return hull;
}

} // namespace

btCollisionShape* EngineShapes::make(const geometry::ShapeGeometry& g, int material, int filter, bool moving)
{
    using geometry::ShapeKind;
    btCollisionShape* shape = nullptr;
    switch (g.kind) {
    case ShapeKind::Box:
        shape = m->keep(std::make_unique<btBoxShape>(
            btVector3(btScalar(g.size.x / 2), btScalar(g.size.y / 2), btScalar(g.size.z / 2))));
        break;
    case ShapeKind::Sphere:
        shape = m->keep(std::make_unique<btSphereShape>(btScalar(g.radius)));
        break;
    case ShapeKind::Capsule:
        if (g.radiusTop == g.radiusBottom) {
            shape = m->keep(std::make_unique<btCapsuleShape>(btScalar(g.radiusTop), btScalar(g.height)));
        } else {
            const btVector3 centres[2] = {btVector3(0, btScalar(-g.height / 2), 0),
                                          btVector3(0, btScalar(g.height / 2), 0)};
            const btScalar radii[2] = {btScalar(g.radiusBottom), btScalar(g.radiusTop)};
            shape = m->keep(std::make_unique<btMultiSphereShape>(centres, radii, 2));
        }
        break;
    case ShapeKind::Cylinder:
        if (g.radiusTop == g.radiusBottom)
            shape = m->keep(std::make_unique<btCylinderShape>(
                btVector3(btScalar(g.radiusTop), btScalar(g.height / 2), btScalar(g.radiusTop))));
        else
            shape = m->keep(hullOf(roundShapePoints(g)));
        break;
    case ShapeKind::Convex:
        shape = m->keep(hullOf(*g.mesh));
        break;
    case ShapeKind::Trimesh: {
        std::vector<btScalar>& v = m->vertices.emplace_back();
        for (const QVector3D& p : g.mesh->positions) {
            v.push_back(p.x());
            v.push_back(p.y());
            v.push_back(p.z());
        }
        std::vector<int>& i = m->indices.emplace_back(g.mesh->indices.begin(), g.mesh->indices.end());
        auto array = std::make_unique<btTriangleIndexVertexArray>(
            int(i.size() / 3), i.data(), int(3 * sizeof(int)), int(g.mesh->positions.size()), v.data(),
            int(3 * sizeof(btScalar)));
        if (moving) {
            auto concave = std::make_unique<btGImpactMeshShape>(array.get());
            concave->setMargin(MovingMeshMargin);
            concave->updateBound();
            shape = m->keep(std::move(concave));
        } else {
            shape = m->keep(std::make_unique<btBvhTriangleMeshShape>(array.get(), true));
        }
        m->meshes.push_back(std::move(array));
        break;
    }
    }
    shape->setUserIndex(material);
    shape->setUserIndex2(filter);
    return shape;
}

btCollisionShape* EngineShapes::makeInfinitePlane(int material, int filter)
{
    btCollisionShape* shape = m->keep(std::make_unique<btStaticPlaneShape>(btVector3(0, 1, 0), btScalar(0)));
    shape->setUserIndex(material);
    shape->setUserIndex2(filter);
    return shape;
}

btCollisionShape* EngineShapes::combine(const std::vector<Part>& parts, const Pose& frame)
{
    const btTransform toFrame = toBullet(frame).inverse();
    if (parts.size() == 1) {
        const btTransform t = toFrame * toBullet(parts[0].pose);
        if (t.getOrigin().length2() < btScalar(1e-12) &&
            std::abs(std::abs(t.getRotation().getW()) - btScalar(1)) < btScalar(1e-7))
            return parts[0].shape;
    }
    auto compound = std::make_unique<btCompoundShape>(parts.size() > 8);
    for (const Part& p : parts)
        compound->addChildShape(toFrame * toBullet(p.pose), p.shape);
    // A compound's own material is the default; contacts read their child's.
    compound->setUserIndex(-1);
    return m->keep(std::move(compound));
}

} // namespace cs::simulation
