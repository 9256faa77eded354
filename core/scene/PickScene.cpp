#include "scene/PickScene.h"

#include "scene/ShapeGeometryCache.h"

#include <cmath>

namespace cs::scene {

PickScene::PickScene(const gltf::GltfDocument& doc, const physics::PhysicsModel& model,
                     const physics::ResolvedScene& scene, const gltf::RenderScene& render)
{
    ShapeGeometryCache cache(doc, model.format);
    for (const physics::ShapeInstance& inst : scene.instances) {
        if (inst.shape < 0 || size_t(inst.shape) >= model.shapes.size())
            continue;
        auto g = cache.geometryOf(model.shapes[size_t(inst.shape)]);
        if (!g)
            continue;
        m_targets.push_back({std::move(*g), inst.world, int(m_owners.size())});
        m_owners.emplace_back(inst.node, true);
    }
    // Each drawn primitive's triangles, shared with the render scene and by every instance of its mesh.
    for (const gltf::RenderInstance& instance : render.instances) {
        for (const auto& p : render.meshes[instance.mesh].primitives) {
            if (!p.triangles)
                continue;
            geometry::ShapeGeometry g;
            g.kind = geometry::ShapeKind::Trimesh;
            g.mesh = p.triangles;
            m_targets.push_back({std::move(g), instance.world, int(m_owners.size())});
            m_owners.emplace_back(instance.node, false);
        }
    }
}

std::optional<Pick> PickScene::pick(const QVector3D& origin, const QVector3D& direction) const
{
    if (direction.lengthSquared() <= 0)
        return std::nullopt;
    const geometry::Ray ray{geometry::Vec3d(origin), geometry::Vec3d(direction.normalized())};
    std::optional<Pick> best;
    for (const auto& target : m_targets) {
        auto hit = geometry::pick({target}, ray);
        if (!hit)
            continue;
        const auto& [node, collider] = m_owners[size_t(target.id)];
        // A collider usually sits on its mesh's surface: within a centimetre it counts as in front.
        const double distance = hit->distance - (collider ? 0.01 : 0.0);
        if (!best || distance < best->distance)
            best = Pick{node, distance, collider};
    }
    if (best && best->collider)
        best->distance += 0.01;
    return best;
}

} // namespace cs::scene
