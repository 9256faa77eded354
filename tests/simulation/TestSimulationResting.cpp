// Resting contact everywhere (issue 47, item 4): every shape in each of its stable orientations, placed at
// rest on every kind of floor (a static box, an infinite plane, a hull, a triangle mesh, and the top of a
// dynamic box that itself rests on the ground), stays where it was put: within 1 cm and 2 degrees for 10 s.
#include "SimulationScenes.h"
#include "geometry/MassProperties.h"

#include <QTest>
#include <algorithm>
#include <numbers>
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
        SimBody body;
        body.node = 0;
        body.pose = {{0.3, r.height, -0.2}, r.rotation};
        body.mass = 2;
        body.colliders.push_back(placed(r.geometry));
        // The inertia and centre of mass of the shape, computed as the preview computes them for a file.
        const auto solid = geometry::shapeMassProperties(r.geometry, 1000);
        QVERIFY(solid);
        const geometry::MassProperties mass = solid->withMass(body.mass);
        const geometry::PrincipalInertia principal = geometry::principalInertia(mass.inertia);
        body.centerOfMass = {mass.centerOfMass.x, mass.centerOfMass.y, mass.centerOfMass.z};
        body.inertiaDiagonal = {principal.diagonal.x, principal.diagonal.y, principal.diagonal.z};
        const QQuaternion& q = principal.orientation;
        body.inertiaOrientation = {q.x(), q.y(), q.z(), q.scalar()};
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
        // Known departures (docs/simulation.md, "What still departs"): a lying cylinder settles with a small
        // roll on a static box (0.9 cm, 2.7 degrees) and rolls on a hull (35 cm); a tapered capsule lying on
        // a static box turns about 2.5 degrees.
        const std::string name = r.name;
        if ((name == "cylinder lying" && (floor == int(FloorKind::Box) || floor == int(FloorKind::Hull))) ||
            (name == "tapered capsule lying" && floor == int(FloorKind::Box)))
            QEXPECT_FAIL("", "a known departure of the preview", Continue);
        QVERIFY2(moved <= 0.01 && turned <= 2 * Pi / 180,
                 qPrintable(QString("moved up to %1 cm, turned up to %2 degrees")
                                .arg(moved * 100)
                                .arg(turned * 180 / Pi)));
    }
};

QTEST_GUILESS_MAIN(TestSimulationResting)
#include "TestSimulationResting.moc"
