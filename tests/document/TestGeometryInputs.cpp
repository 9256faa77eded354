// The bridges from core/geometry to the document's actions, on the sample: mass properties of a body from
// its shapes (closed-form values), a hull of a node's mesh put into the document and taken out again, and a
// fitted primitive.
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/GeometryInputs.h"

#include <QTest>
#include <cmath>
#include <numbers>

using namespace cs;
using namespace cs::document;
using namespace cs::test;

namespace {
bool near(double a, double b, double tolerance)
{
    return std::fabs(a - b) <= tolerance;
}
} // namespace

class TestGeometryInputs : public QObject
{
    Q_OBJECT

private slots:
    void crateMassProperties()
    {
        auto d = openSample();
        // Crate 1: a 1 m box of 20 kg. A solid box's moments are m (b^2 + c^2) / 12 = 20 * 2 / 12.
        auto p = bodyMassProperties(*d, 2);
        QVERIFY2(p, describe(p.diagnostics).c_str());
        QVERIFY(!p->mass); // the body has a mass: it is kept
        for (int i = 0; i < 3; ++i) {
            QVERIFY(near(p->inertiaDiagonal[i], 40.0 / 12.0, 1e-9));
            QVERIFY(near(p->centerOfMass[i], 0.0, 1e-9));
        }
        checkRedoUndoRedo(
            *d, [&] { QVERIFY(computeMassProperties(*d, 2, *p)); },
            [](const gltf::Json& saved) {
                const gltf::Json& motion = saved["nodes"][2]["extensions"]["OMI_physics_body"]["motion"];
                QCOMPARE(motion["mass"].get<double>(), 20.0);
                for (int i = 0; i < 3; ++i)
                    QVERIFY(near(motion["inertiaDiagonal"][i].get<double>(), 40.0 / 12.0, 1e-9));
            });
    }

    void densityDecidesTheMassWhenAsked()
    {
        auto d = openSample();
        // Crate 1 (20 kg, a 1 m box) at 250 kg/m^3 with the density deciding: 250 kg, 250 * 2 / 12 about each
        // axis; the body's own mass is not used.
        auto p = bodyMassProperties(*d, 2, 250.0, MassFrom::Density);
        QVERIFY2(p, describe(p.diagnostics).c_str());
        QVERIFY(p->mass.has_value());
        QVERIFY(near(*p->mass, 250.0, 1e-9));
        for (int i = 0; i < 3; ++i)
            QVERIFY(near(p->inertiaDiagonal[i], 250.0 * 2 / 12, 1e-9));
        // The default keeps the body's 20 kg whatever the density.
        auto kept = bodyMassProperties(*d, 2, 250.0);
        QVERIFY(kept && !kept->mass);
        QVERIFY(near(kept->inertiaDiagonal[0], 20.0 * 2 / 12, 1e-9));
    }

    void compoundTableCentreOfMass()
    {
        auto d = openSample();
        // Table: top box 1.6 x 0.08 x 1.0 at y 0.76, pedestal cylinder h 0.66 r 0.06 at y 0.39, base cylinder
        // h 0.06 r 0.35 at y 0.03, one density: the centre of mass is the volume-weighted mean height.
        const double top = 1.6 * 0.08 * 1.0;
        const double pedestal = std::numbers::pi * 0.06 * 0.06 * 0.66;
        const double base = std::numbers::pi * 0.35 * 0.35 * 0.06;
        const double y = (top * 0.76 + pedestal * 0.39 + base * 0.03) / (top + pedestal + base);
        auto p = bodyMassProperties(*d, 14);
        QVERIFY2(p, describe(p.diagnostics).c_str());
        QVERIFY2(near(p->centerOfMass[1], y, 1e-6), std::to_string(p->centerOfMass[1]).c_str());
        QVERIFY(near(p->centerOfMass[0], 0.0, 1e-6));
        QVERIFY(near(p->centerOfMass[2], 0.0, 1e-6));
        // The sample's author wrote the same figure by hand.
        QVERIFY(near(p->centerOfMass[1], 0.6363, 5e-5));
    }

    void massPropertiesNeedABodyWithShapes()
    {
        auto d = openSample();
        QCOMPARE(bodyMassProperties(*d, 0).diagnostics.at(0).code, std::string("MASS_NO_BODY"));
        d->push(removeCollider(d.get(), 2));
        QCOMPARE(bodyMassProperties(*d, 2).diagnostics.at(0).code, std::string("MASS_NO_SHAPES"));
    }

    void hullOfTheRockIntoTheDocument()
    {
        auto d = openSample();
        auto hull = hullOfNodeMesh(*d, 9);
        QVERIFY2(hull, describe(hull.diagnostics).c_str());
        QVERIFY(hull->positions.size() >= 4 && hull->positions.size() <= 255);
        const gltf::Bytes before = savedGlb(*d);
        auto shape = generateConvexHull(*d, 9, *hull);
        QVERIFY(shape);
        QVERIFY2(!hasErrors(d->diagnostics()), describe(d->diagnostics()).c_str());
        d->undoStack()->undo();
        QVERIFY(savedGlb(*d) == before);
        QCOMPARE(d->gltf().count("nodes"), size_t(24)); // the hull's child node went with the undo
        QCOMPARE(nodeMeshTriangles(*d, 24).diagnostics.at(0).code, std::string("NODE_NO_MESH"));
    }

    void fittedSphereOnAChildNode()
    {
        auto d = openSample();
        auto mesh = nodeMeshTriangles(*d, 6); // the ball's render mesh is on its collider node
        QVERIFY(mesh);
        std::vector<geometry::Vec3d> points;
        geometry::appendPoints(points, *mesh);
        auto fit = geometry::fitSphere(points);
        QVERIFY(fit);
        const FittedPrimitive fitted = fittedPrimitive(*fit);
        QCOMPARE(int(fitted.shape.type), int(physics::ShapeType::Sphere));
        // The render sphere has radius 0.4 (sample README); its faceted mesh fits within a hair of it.
        QVERIFY2(near(fitted.shape.radius, 0.4, 1e-3), std::to_string(fitted.shape.radius).c_str());
        auto node = document::fitPrimitive(*d, 6, fitted);
        QVERIFY(node);
        QCOMPARE(d->model().node(*node)->collider->shape, 18);
        QCOMPARE(d->model().shapes[18].radius, fitted.shape.radius);
    }

    void fittedFiguresAtFloatPrecision()
    {
        // Crates' corners as float vertex data. The fit measures the floats (a size of the double of 0.1f,
        // 0.10000000149011612); the document gets the shortest decimal of each float, the figure a user
        // typed.
        const auto corners = [](const float c[3], const float h[3]) {
            std::vector<geometry::Vec3d> points;
            for (int k = 0; k < 8; ++k) {
                points.push_back({double((k & 1) ? c[0] + h[0] : c[0] - h[0]),
                                  double((k & 2) ? c[1] + h[1] : c[1] - h[1]),
                                  double((k & 4) ? c[2] + h[2] : c[2] - h[2])});
            }
            return points;
        };
        const float origin[3] = {0, 0, 0}, thin[3] = {0.05f, 0.15f, 0.0005f};
        auto box = geometry::fitBox(corners(origin, thin));
        QVERIFY(box);
        QVERIFY(box->shape.size.x != 0.1); // the float's double
        QCOMPARE(fittedPrimitive(*box).shape.size, (physics::Vec3{0.1, 0.3, 0.001}));
        // Away from the origin (half extents whose sums with the centre are exact in float).
        const float centre[3] = {1.1f, 0, -2.7f}, halves[3] = {0.5f, 0.25f, 0.125f};
        auto moved = geometry::fitBox(corners(centre, halves));
        QVERIFY(moved);
        const FittedPrimitive placed = fittedPrimitive(*moved);
        QCOMPARE(placed.translation, (physics::Vec3{1.1, 0.0, -2.7}));
        QCOMPARE(placed.shape.size, (physics::Vec3{1.0, 0.5, 0.25}));
        QCOMPARE(placed.rotation, (physics::Quat{0, 0, 0, 1}));

        // A sphere of radius 0.1 given by six float points on it.
        const std::vector<geometry::Vec3d> ball = {{0.1f, 0, 0},  {-0.1f, 0, 0}, {0, 0.1f, 0},
                                                   {0, -0.1f, 0}, {0, 0, 0.1f},  {0, 0, -0.1f}};
        auto sphere = geometry::fitSphere(ball);
        QVERIFY(sphere);
        QCOMPARE(fittedPrimitive(*sphere).shape.radius, 0.1);
    }
};

QTEST_GUILESS_MAIN(TestGeometryInputs)
#include "TestGeometryInputs.moc"
