// What Physics > Add Ragdoll previews: each planned body's shape drawn at its centre and rotation, in world
// space; bounds worked by hand from the shapes' sizes.
#include "document/RagdollPreview.h"

#include <QtTest>
#include <cmath>
#include <numbers>

using namespace cs;
using document::RagdollBody;
using geometry::Vec3d;

namespace {

struct Bounds
{
    Vec3d low{1e9, 1e9, 1e9}, high{-1e9, -1e9, -1e9};
};

Bounds boundsOf(const std::vector<QVector3D>& points)
{
    Bounds b;
    for (const QVector3D& p : points) {
        b.low = {std::min(b.low.x, double(p.x())), std::min(b.low.y, double(p.y())),
                 std::min(b.low.z, double(p.z()))};
        b.high = {std::max(b.high.x, double(p.x())), std::max(b.high.y, double(p.y())),
                  std::max(b.high.z, double(p.z()))};
    }
    return b;
}

bool near(const Vec3d& a, const Vec3d& b)
{
    return std::abs(a.x - b.x) < 1e-5 && std::abs(a.y - b.y) < 1e-5 && std::abs(a.z - b.z) < 1e-5;
}

} // namespace

class TestRagdollPreview : public QObject
{
    Q_OBJECT

private slots:
    void onePartPerBodyWhereItIs()
    {
        document::RagdollPlan plan;
        // A box 0.2 x 0.6 x 0.4 turned a quarter about +Z (its Y, the bone, along world -X) at (1, 2, 3).
        RagdollBody box;
        box.shape = document::RagdollShape::Box;
        box.size = {0.2, 0.6, 0.4};
        box.centre = {1, 2, 3};
        box.rotation = geometry::quatFromAxisAngle({0, 0, 1}, std::numbers::pi / 2);
        // An upright capsule: radius 0.1, sphere centres 0.5 apart, at (0, 1, 0).
        RagdollBody capsule;
        capsule.radius = 0.1;
        capsule.height = 0.5;
        capsule.centre = {0, 1, 0};
        plan.bodies = {box, capsule};

        const auto parts = document::ragdollPreviewLines(plan);
        QCOMPARE(parts.size(), size_t(2));
        QCOMPARE(parts[0].size(), size_t(24)); // the box's 12 edges
        const Bounds b = boundsOf(parts[0]);
        QVERIFY(near(b.low, {0.7, 1.9, 2.8}));
        QVERIFY(near(b.high, {1.3, 2.1, 3.2}));
        const Bounds c = boundsOf(parts[1]);
        QVERIFY(parts[1].size() % 2 == 0 && !parts[1].empty());
        QVERIFY(near(c.low, {-0.1, 1 - 0.35, -0.1}));
        QVERIFY(near(c.high, {0.1, 1 + 0.35, 0.1}));

        QVERIFY(document::ragdollPreviewLines({}).empty());
    }
};

QTEST_MAIN(TestRagdollPreview)
#include "TestRagdollPreview.moc"
