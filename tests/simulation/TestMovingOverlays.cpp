// The preview's overlays split into the lines that stay and the lines each moving body carries: a dynamic
// body's box moved by a fall and a quarter turn (corners computed by hand), a body of type static and lines
// of no body kept in place, a body without a state drawn at rest, and the coarsest level of detail one
// segment through the moved box.
#include "simulation/MovingOverlays.h"

#include <QTest>
#include <cmath>

using namespace cs;
using namespace cs::simulation;
using scene::OverlayKind;

namespace {

constexpr double kHalf = 0.70710678118654752440; // sin 45 degrees: a quarter turn's quaternion

/// The 12 edges of the unit cube centred on `c`, two points each.
std::vector<QVector3D> unitBox(const QVector3D& c)
{
    std::vector<QVector3D> out;
    auto corner = [&](int i) {
        return c + QVector3D(i & 1 ? 0.5f : -0.5f, i & 2 ? 0.5f : -0.5f, i & 4 ? 0.5f : -0.5f);
    };
    for (int i = 0; i < 8; ++i) {
        for (int bit : {1, 2, 4}) {
            if (!(i & bit))
                out.insert(out.end(), {corner(i), corner(i | bit)});
        }
    }
    return out;
}

physics::ResolvedBody body(size_t node, physics::MotionType type)
{
    physics::ResolvedBody b;
    b.node = node;
    b.motion.type = type;
    return b;
}

bool near(const QVector3D& a, const QVector3D& b)
{
    return (a - b).length() < 1e-5f;
}

} // namespace

class TestMovingOverlays : public QObject
{
    Q_OBJECT

private slots:
    void bodiesCarryTheirLines()
    {
        // Bodies: 0 dynamic (node 1, a box at (0, 5, 0)), 1 of type static (node 2), 2 kinematic (node 3).
        physics::ResolvedScene resolved;
        resolved.bodies = {body(1, physics::MotionType::Dynamic), body(2, physics::MotionType::Static),
                           body(3, physics::MotionType::Kinematic)};
        const QVector3D a0(9, 0, 0), a1(9, 1, 0), b0(7, 0, 0), b1(7, 0, 1), k0(-4, 1, 2), k1(-4, 2, 2);
        const std::vector<QVector3D> box = unitBox({0, 5, 0});
        scene::Overlays atRest;
        auto& dynamic = atRest.lines[size_t(OverlayKind::Dynamic)];
        dynamic = {a0, a1}; // no body
        dynamic.insert(dynamic.end(), box.begin(), box.end());
        dynamic.insert(dynamic.end(), {b0, b1});
        atRest.bodyRuns[size_t(OverlayKind::Dynamic)] = {{2, 24, 0}, {26, 2, 1}};
        atRest.lines[size_t(OverlayKind::Kinematic)] = {k0, k1};
        atRest.bodyRuns[size_t(OverlayKind::Kinematic)] = {{0, 2, 2}};

        const MovingOverlays overlays(atRest, resolved);
        // What stays: the lines of no body and of the static body, in their order.
        const std::vector<QVector3D> fixed{a0, a1, b0, b1};
        QCOMPARE(overlays.fixedLines(OverlayKind::Dynamic), fixed);
        QCOMPARE(overlays.movingPointCount(OverlayKind::Dynamic), size_t(24));
        QVERIFY(overlays.fixedLines(OverlayKind::Kinematic).empty());

        // The box falls 3 m and turns a quarter about +Y, which takes (x, y, z) about its centre to (z, y,
        // -x).
        SimulationInput input;
        SimBody falling;
        falling.node = 1;
        falling.pose.position = {0, 5, 0};
        SimBody kinematic;
        kinematic.node = 3;
        kinematic.kind = BodyKind::Kinematic;
        input.bodies = {falling, kinematic};
        BodyState fell;
        fell.node = 1;
        fell.pose.position = {0, 2, 0};
        fell.pose.rotation = {0, kHalf, 0, kHalf};
        const BodyMotions motions(input, {fell}); // the kinematic body has no state: it stays
        std::vector<QVector3D> moved;
        overlays.movedLines(OverlayKind::Dynamic, 0, motions, moved);
        QCOMPARE(moved.size(), size_t(24));
        for (size_t i = 0; i < box.size(); ++i) {
            const QVector3D d = box[i] - QVector3D(0, 5, 0);
            QVERIFY2(near(moved[i], QVector3D(d.z(), 2 + d.y(), -d.x())), qPrintable(QString::number(i)));
        }
        overlays.movedLines(OverlayKind::Kinematic, 0, motions, moved);
        QCOMPARE(moved, (std::vector<QVector3D>{k0, k1}));

        // What the view draws: the fixed lines, then the moved ones.
        const scene::Overlays drawn = overlays.drawn(motions);
        QCOMPARE(drawn[OverlayKind::Dynamic].size(), size_t(28));
        QVERIFY(std::equal(fixed.begin(), fixed.end(), drawn[OverlayKind::Dynamic].begin()));
        QVERIFY(near(drawn[OverlayKind::Dynamic][4], QVector3D(-0.5f, 1.5f, 0.5f))); // corner (-,-,-) moved

        // Levels of detail: a box's edges meet at right angles, so no chain is merged (levels 1 and 2 are
        // level 0 again); the coarsest level is one segment through the box, its diagonal (sqrt 3 long),
        // centred where the box went.
        const auto& detail = overlays.detailLengths(OverlayKind::Dynamic);
        QCOMPARE(detail[0], 0.0);
        QVERIFY(detail[2] > 0);
        overlays.movedLines(OverlayKind::Dynamic, 3, motions, moved);
        QCOMPARE(moved.size(), size_t(2));
        QVERIFY(std::abs((moved[1] - moved[0]).length() - std::sqrt(3.0f)) < 1e-5f);
        QVERIFY(near((moved[0] + moved[1]) * 0.5f, QVector3D(0, 2, 0)));
    }
};

QTEST_MAIN(TestMovingOverlays)
#include "TestMovingOverlays.moc"
