#include "scene/ComputedCenterOfMass.h"

#include <algorithm>
#include <cstdio>

namespace cs::scene {

std::optional<geometry::MassProperties>
collidersMass(const physics::ResolvedBody& body, const physics::ResolvedScene& scene,
              const physics::PhysicsModel& model, const gltf::SceneGraph& graph, ShapeGeometryCache& cache)
{
    std::vector<geometry::PlacedMass> parts;
    const QMatrix4x4 toBody = graph.worldTransform(body.node).inverted();
    for (size_t i : body.colliders) {
        const physics::ShapeInstance& inst = scene.instances[i];
        const auto g = cache.geometryOf(model.shapes[size_t(inst.shape)]);
        if (!g)
            return std::nullopt;
        const auto props = geometry::shapeMassProperties(*g, physics::kComputedMassDensity);
        if (!props || !(props->mass > 0))
            return std::nullopt;
        parts.push_back({*props, toBody * inst.world});
    }
    if (parts.empty())
        return std::nullopt;
    return geometry::combineMassProperties(parts);
}

std::vector<std::optional<physics::Vec3>> computedCentersOfMass(const physics::PhysicsModel& model,
                                                                const gltf::GltfDocument& doc,
                                                                const gltf::SceneGraph& graph,
                                                                const std::vector<size_t>& bodyNodes)
{
    std::vector<std::optional<physics::Vec3>> out(bodyNodes.size());
    auto computed = [&](size_t node) {
        const physics::NodePhysics* n = model.node(node);
        return n && n->motion &&
               physics::centerOfMassReading(*n->motion, model.format).meaning ==
                   physics::MassMeaning::Computed;
    };
    if (std::none_of(bodyNodes.begin(), bodyNodes.end(), computed))
        return out;
    const physics::ResolvedScene scene = physics::resolveScene(model, graph);
    ShapeGeometryCache cache(doc, model.format);
    for (size_t i = 0; i < bodyNodes.size(); ++i) {
        const auto body =
            std::find_if(scene.bodies.begin(), scene.bodies.end(),
                         [&](const physics::ResolvedBody& b) { return b.node == bodyNodes[i]; });
        if (!computed(bodyNodes[i]) || body == scene.bodies.end())
            continue;
        if (const auto props = collidersMass(*body, scene, model, graph, cache))
            out[i] = physics::Vec3{props->centerOfMass.x, props->centerOfMass.y, props->centerOfMass.z};
    }
    return out;
}

Diagnostics writeComputedCentersOfMass(physics::PhysicsModel& model, const gltf::GltfDocument& doc)
{
    if (!physics::khrMeanings(model.format))
        return {};
    auto graph = gltf::SceneGraph::build(doc);
    if (!graph)
        return {};
    return writeComputedCentersOfMass(model, doc, *graph, physics::resolveScene(model, *graph));
}

Diagnostics writeComputedCentersOfMass(physics::PhysicsModel& model, const gltf::GltfDocument& doc,
                                       const gltf::SceneGraph& graph, const physics::ResolvedScene& scene)
{
    Diagnostics out;
    if (!physics::khrMeanings(model.format))
        return out;
    ShapeGeometryCache cache(doc, model.format);
    for (const physics::ResolvedBody& body : scene.bodies) {
        physics::NodePhysics& node = model.nodeRef(body.node);
        if (!node.motion || node.motion->type == physics::MotionType::Static ||
            physics::centerOfMassReading(*node.motion, model.format).meaning !=
                physics::MassMeaning::Computed)
            continue;
        const auto props = collidersMass(body, scene, model, graph, cache);
        if (!props)
            continue;
        const geometry::Vec3d& c = props->centerOfMass;
        node.motion->centerOfMass = physics::Vec3{c.x, c.y, c.z};
        char text[160];
        std::snprintf(
            text, sizeof text,
            "centerOfMass written explicitly: (%g, %g, %g) m, the colliders' centre (KHR computes an "
            "absent one)",
            c.x, c.y, c.z);
        out.push_back(makeInfo("CENTER_OF_MASS_WRITTEN", text, node.motion->pointer));
    }
    return out;
}

} // namespace cs::scene
