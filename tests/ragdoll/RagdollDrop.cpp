#include "RagdollDrop.h"

#include "TestSupport.h"
#include "document/ModelCommands.h"
#include "document/NodeCommands.h"
#include "document/ShapeConversion.h"
#include "geometry/Transform.h"
#include "simulation/World.h"

#include <algorithm>
#include <cmath>

namespace cs::test {

namespace {

using geometry::Vec3d;

geometry::Quatd quat(const physics::Quat& q)
{
    return {q[0], q[1], q[2], q[3]};
}

Vec3d vec(const physics::Vec3& v)
{
    return {v[0], v[1], v[2]};
}

/// A point given in a pose's frame, in the frame the pose is given in.
Vec3d place(const simulation::Pose& pose, const Vec3d& p)
{
    return geometry::rotate(quat(pose.rotation), p) + vec(pose.position);
}

/// The lowest world height of a shape of a body placed at `body`.
double lowest(const simulation::Pose& body, const simulation::SimShape& shape)
{
    const geometry::ShapeGeometry& g = shape.geometry;
    auto at = [&](const Vec3d& p) { return place(body, place(shape.pose, p)).y; };
    switch (g.kind) {
    case geometry::ShapeKind::Capsule:
        return std::min(at({0, -g.height / 2, 0}) - g.radiusBottom, at({0, g.height / 2, 0}) - g.radiusTop);
    case geometry::ShapeKind::Sphere:
        return at({0, 0, 0}) - g.radius;
    case geometry::ShapeKind::Box: {
        double y = 1e300;
        for (int c = 0; c < 8; ++c)
            y = std::min(y, at({(c & 1 ? 0.5 : -0.5) * g.size.x, (c & 2 ? 0.5 : -0.5) * g.size.y,
                                (c & 4 ? 0.5 : -0.5) * g.size.z}));
        return y;
    }
    default:
        return 1e300;
    }
}

double lowestOfBodies(const simulation::SimulationInput& input,
                      const std::vector<simulation::BodyState>& states)
{
    double y = 1e300;
    for (size_t b = 0; b < input.bodies.size(); ++b)
        for (const auto& shape : input.bodies[b].colliders)
            y = std::min(y, lowest(states.empty() ? input.bodies[b].pose : states[b].pose, shape));
    return y;
}

/// Half a shape's thinnest extent: a shape whose lowest point is this far under the floor has its middle
/// in the floor.
double halfThickness(const geometry::ShapeGeometry& g)
{
    switch (g.kind) {
    case geometry::ShapeKind::Capsule:
        return std::min(g.radiusBottom, g.radiusTop);
    case geometry::ShapeKind::Sphere:
        return g.radius;
    case geometry::ShapeKind::Box:
        return 0.5 * std::min({g.size.x, g.size.y, g.size.z});
    default:
        return 1e300;
    }
}

/// The largest depth under the floor's top of any shape, as a share of its half thickness.
double deepestShare(const simulation::SimulationInput& input,
                    const std::vector<simulation::BodyState>& states, double floorTop)
{
    double share = 0;
    for (size_t b = 0; b < input.bodies.size(); ++b)
        for (const auto& shape : input.bodies[b].colliders)
            share =
                std::max(share, (floorTop - lowest(states[b].pose, shape)) / halfThickness(shape.geometry));
    return share;
}

void addFloor(document::Document& doc, double top)
{
    doc.undoStack()->beginMacro(QStringLiteral("Floor"));
    auto* node = new document::AddNode(&doc, std::nullopt,
                                       {{"name", "Test Floor"}, {"translation", {0.0, top - 0.5, 0.0}}});
    doc.push(node);
    physics::Shape box = document::makeShape(physics::ShapeType::Box, "Test Floor");
    box.size = {40, 1, 40};
    auto* shape = new document::AddShape(&doc, box);
    doc.push(shape);
    physics::Collider collider;
    collider.shape = static_cast<int>(shape->itemIndex());
    doc.push(document::addCollider(&doc, node->nodeIndex(), collider));
    doc.undoStack()->endMacro();
}

} // namespace

DropFigures dropOntoFloor(document::Document& doc, double drop, double seconds)
{
    DropFigures figures;
    auto before = simulation::buildSimulationInput(doc.gltf(), doc.model(), doc.sceneGraph());
    if (!before) {
        figures.problem = describe(before.diagnostics);
        return figures;
    }
    const double floorTop = lowestOfBodies(*before, {}) - drop;
    addFloor(doc, floorTop);
    auto input = simulation::buildSimulationInput(doc.gltf(), doc.model(), doc.sceneGraph());
    if (!input) {
        figures.problem = describe(input.diagnostics);
        return figures;
    }
    figures.bodies = input->bodies.size();
    figures.joints = input->joints.size();
    simulation::World world(*input);
    const double g = std::abs(world.settings().gravity[1]);
    double lastMoving = 0;
    bool landed = false;
    auto potential = [&](const std::vector<simulation::BodyState>& states) {
        double e = 0;
        for (size_t b = 0; b < input->bodies.size(); ++b) {
            const simulation::Pose& pose = states.empty() ? input->bodies[b].pose : states[b].pose;
            e += input->bodies[b].mass * g * place(pose, vec(input->bodies[b].centerOfMass)).y;
        }
        return e;
    };
    const double startPotential = potential({});
    for (const auto& b : input->bodies)
        figures.dropEnergy += b.mass * g * drop;
    while (world.time() < seconds) {
        world.step();
        const auto states = world.states();
        bool moving = false;
        for (const auto& s : states) {
            const double v = geometry::length(vec(s.linearVelocity));
            moving = moving || v > kRestSpeed || geometry::length(vec(s.angularVelocity)) > kRestAngularSpeed;
            if (!landed)
                figures.worstOverFreeFall = std::max(figures.worstOverFreeFall, v - g * world.time());
            figures.worstOverFreeFallAfterLanding =
                std::max(figures.worstOverFreeFallAfterLanding, v - g * world.time());
        }
        landed = landed || lowestOfBodies(*input, states) < floorTop + 0.01;
        figures.worstEnergyGain =
            std::max(figures.worstEnergyGain, world.kineticEnergy() - (startPotential - potential(states)));
        if (moving)
            lastMoving = world.time();
        for (const auto& j : input->joints) {
            if (j.bodyA < 0 || j.bodyB < 0)
                continue;
            const Vec3d a = place(states[size_t(j.bodyA)].pose, vec(j.frameA.position));
            const Vec3d b = place(states[size_t(j.bodyB)].pose, vec(j.frameB.position));
            figures.largestSeparation = std::max(figures.largestSeparation, geometry::length(a - b));
        }
        figures.deepestShare = std::max(figures.deepestShare, deepestShare(*input, states, floorTop));
        figures.deepestBelowFloor =
            std::max(figures.deepestBelowFloor, floorTop - lowestOfBodies(*input, states));
    }
    figures.settleTime = lastMoving < seconds - 1.0 ? lastMoving : -1;
    return figures;
}

} // namespace cs::test
