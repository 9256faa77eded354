// Resting contact everywhere (issue 47, item 4): every shape in each of its stable orientations, placed at
// rest on every kind of floor (a static box, an infinite plane, a hull, a triangle mesh, and the top of a
// dynamic box that itself rests on the ground), stays where it was put: within 1 cm and 2 degrees for 10 s.
// A round shape lying across two beams rests on them, and a lying cylinder still rolls down a slope.
#include "SimulationScenes.h"
#include "geometry/MassProperties.h"

#include <QTest>
#include <algorithm>
#include <numbers>
#include <optional>
#include <string>

using namespace cs;
using namespace cs::test;

namespace {

constexpr double Pi = std::numbers::pi;

Quat multiply(const Quat& a, const Quat& b)
{
    return {a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
            a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
            a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
            a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
}

/// A shape at rest on the plane y = 0: its geometry and the node placement that puts it there.
struct Resting
{
    const char* name;
    geometry::ShapeGeometry geometry;
    Quat rotation;
    double height; ///< of the node origin above the floor
};

/// Turned about Z so that the line where a surface of revolution about Y touches the floor is at the bottom:
/// the outward normal of that line, at `slope` from the +X axis towards +Y, points down.
Quat lyingOnSide(double slope)
{
    return axisAngle({0, 0, 1}, -Pi / 2 - slope);
}

std::vector<Resting> restingShapes()
{
    using geometry::ShapeGeometry;
    // A cone of 32 sides (the preview's hull): lying on a side face, turned about its axis so that the face
    // between its first two base points is the one below.
    const double coneH = 0.6, coneR = 0.3 * std::cos(Pi / 32), coneL = std::hypot(coneH, coneR);
    const Quat coneLying = multiply(lyingOnSide(std::atan2(coneR, coneH)), axisAngle({0, 1, 0}, Pi / 32));
    // A tapered capsule (radii 0.3 and 0.15, centres 0.6 apart) touches the floor along the line tangent to
    // both its spheres.
    const double taper = std::asin(0.15 / 0.6);
    gltf::TriangleMesh wedge;
    wedge.positions = {{0, 0, 0}, {0.6f, 0, 0}, {0, 0, 0.4f}, {0, 0.3f, 0}};
    wedge.indices = {0, 1, 2, 0, 3, 1, 0, 2, 3, 1, 3, 2};
    return {
        {"sphere", ShapeGeometry::sphere(0.3), {0, 0, 0, 1}, 0.3},
        {"box on a face", ShapeGeometry::box({0.6, 0.3, 0.4}), {0, 0, 0, 1}, 0.15},
        {"capsule lying", ShapeGeometry::capsule(0.6, 0.2, 0.2), lyingOnSide(0), 0.2},
        {"cylinder standing", ShapeGeometry::cylinder(0.6, 0.2, 0.2), {0, 0, 0, 1}, 0.3},
        {"cylinder lying", ShapeGeometry::cylinder(0.6, 0.2, 0.2), lyingOnSide(0), 0.2},
        {"cone standing", ShapeGeometry::cylinder(0.6, 0.3, 0), {0, 0, 0, 1}, 0.3},
        {"cone lying", ShapeGeometry::cylinder(0.6, 0.3, 0), coneLying, coneR * coneH / (2 * coneL)},
        {"hull on a face", ShapeGeometry::convex(wedge), {0, 0, 0, 1}, 0},
        {"tapered capsule lying", ShapeGeometry::capsule(0.6, 0.3, 0.15), lyingOnSide(taper),
         0.3 - 0.3 * std::sin(taper)},
    };
}

/// A floor whose top is y = 0: one of the static kinds, or (`dynamic`) a dynamic 3 x 0.5 x 3 m box of 20 kg,
/// body 1, resting on a static box.
void addFloor(SimulationInput& in, FloorKind kind, bool dynamic)
{
    if (!dynamic) {
        in.statics.push_back(flatFloor(kind));
        return;
    }
    in.statics.push_back(staticBox(1000, {0, -1.0, 0}, {40, 1, 40}));
    in.bodies.push_back(boxBody(1, {0, -0.25, 0}, {3, 0.5, 3}, 20));
}

double distance(const Vec3& a, const Vec3& b)
{
    return std::hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/// The angle in radians of the rotation from a to b.
double angleBetween(const Quat& a, const Quat& b)
{
    const double dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
    return 2 * std::acos(std::clamp(std::fabs(dot), 0.0, 1.0));
}

/// A dynamic body of `mass` with one collider, its inertia and centre of mass those of the solid shape as the
/// preview computes them for a file; nullopt when they cannot be computed.
std::optional<SimBody> solidBody(const geometry::ShapeGeometry& shape, const Vec3& position,
                                 const Quat& rotation, double mass)
{
    SimBody body;
    body.node = 0;
    body.pose = {position, rotation};
    body.mass = mass;
    body.colliders.push_back(placed(shape));
    const auto solid = geometry::shapeMassProperties(shape, 1000);
    if (!solid)
        return std::nullopt;
    const geometry::MassProperties m = solid->withMass(mass);
    const geometry::PrincipalInertia principal = geometry::principalInertia(m.inertia);
    body.centerOfMass = {m.centerOfMass.x, m.centerOfMass.y, m.centerOfMass.z};
    body.inertiaDiagonal = {principal.diagonal.x, principal.diagonal.y, principal.diagonal.z};
    const QQuaternion& q = principal.orientation;
    body.inertiaOrientation = {q.x(), q.y(), q.z(), q.scalar()};
    return body;
}

} // namespace

class TestSimulationResting : public QObject
{
    Q_OBJECT

private slots:
    void staysWherePut_data()
    {
        QTest::addColumn<int>("shape");
        QTest::addColumn<int>("floor");
        const auto shapes = restingShapes();
        for (int f = 0; f <= int(FloorKind::Trimesh) + 1; ++f) {
            const bool dynamic = f > int(FloorKind::Trimesh);
            const char* floor = dynamic ? "dynamic box" : floorName(FloorKind(f));
            for (int s = 0; s < int(shapes.size()); ++s)
                QTest::newRow(qPrintable(QString("%1 on a %2").arg(shapes[size_t(s)].name).arg(floor)))
                    << s << f;
        }
    }
    void staysWherePut()
    {
        QFETCH(int, shape);
        QFETCH(int, floor);
        const Resting r = restingShapes()[size_t(shape)];
        SimulationInput in;
        const std::optional<SimBody> made = solidBody(r.geometry, {0.3, r.height, -0.2}, r.rotation, 2);
        QVERIFY(made);
        const SimBody& body = *made;
        in.bodies.push_back(body);
        addFloor(in, FloorKind(std::min(floor, int(FloorKind::Trimesh))), floor > int(FloorKind::Trimesh));
        simulation::World world(in);
        double moved = 0, turned = 0;
        while (world.time() < 10.0) {
            world.step();
            const simulation::BodyState s = world.states()[0];
            moved = std::max(moved, distance(s.pose.position, body.pose.position));
            turned = std::max(turned, angleBetween(s.pose.rotation, body.pose.rotation));
        }
        QVERIFY2(moved <= 0.01 && turned <= 2 * Pi / 180,
                 qPrintable(QString("moved up to %1 cm, turned up to %2 degrees")
                                .arg(moved * 100)
                                .arg(turned * 180 / Pi)));
    }

    // Held in between: a round shape lying across two beams, its ends in the air beyond them, rests on the
    // beams (its ends' contacts do not hold it there) and does not sink. It may roll along the beams.
    void lyingAcrossTwoBeamsIsHeld_data()
    {
        QTest::addColumn<int>("shape");
        const auto shapes = restingShapes();
        for (int s = 0; s < int(shapes.size()); ++s)
            if (std::string(shapes[size_t(s)].name).find("lying") != std::string::npos &&
                std::string(shapes[size_t(s)].name).find("cone") == std::string::npos)
                QTest::newRow(shapes[size_t(s)].name) << s;
    }
    void lyingAcrossTwoBeamsIsHeld()
    {
        QFETCH(int, shape);
        const Resting r = restingShapes()[size_t(shape)];
        const std::optional<SimBody> made = solidBody(r.geometry, {0, r.height, 0}, r.rotation, 2);
        QVERIFY(made);
        SimulationInput in;
        in.bodies.push_back(*made);
        // The shapes lie along X, 0.6 m between their ends' centres; the beams run along Z, 0.04 m wide,
        // their tops at y = 0, 0.1 m either side of the centre of mass.
        const double comX = rotated(r.rotation, made->centerOfMass)[0];
        for (double side : {-0.1, 0.1})
            in.statics.push_back(staticBox(1000, {comX + side, -0.5, 0}, {0.04, 1, 4}));
        simulation::World world(in);
        double sunk = 0;
        while (world.time() < 3.0) {
            world.step();
            sunk = std::max(sunk, made->pose.position[1] - world.states()[0].pose.position[1]);
        }
        QVERIFY2(sunk <= 0.01, qPrintable(QString("sank %1 cm").arg(sunk * 100)));
    }

    // Held at its ends, a lying cylinder still rolls: down a slope of angle a it rolls without slipping with
    // the acceleration (2/3) g sin a of a solid cylinder (I = m r^2 / 2), so it covers g sin(a) t^2 / 3 in t.
    void aLyingCylinderRollsDownASlope()
    {
        const double slope = 10 * Pi / 180, radius = 0.2, seconds = 1.0;
        const Quat tilt = axisAngle({1, 0, 0}, slope);
        const Vec3 up{0, std::cos(slope), std::sin(slope)};
        const std::optional<SimBody> made =
            solidBody(geometry::ShapeGeometry::cylinder(0.6, radius, radius),
                      {up[0] * radius, up[1] * radius, up[2] * radius}, lyingOnSide(0), 2);
        QVERIFY(made);
        SimulationInput in;
        in.bodies.push_back(*made);
        in.statics.push_back(staticBox(1000, {-up[0] * 0.5, -up[1] * 0.5, -up[2] * 0.5}, {4, 1, 40}, tilt));
        simulation::World world(in);
        while (world.time() < seconds - 1e-9)
            world.step();
        const double expected = 9.81 * std::sin(slope) * seconds * seconds / 3;
        const double travelled = distance(world.states()[0].pose.position, made->pose.position);
        QVERIFY2(std::abs(travelled - expected) <= 0.05 * expected,
                 qPrintable(QString("%1 m, expected %2 m").arg(travelled).arg(expected)));
    }
};

QTEST_GUILESS_MAIN(TestSimulationResting)
#include "TestSimulationResting.moc"
