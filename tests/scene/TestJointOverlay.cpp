// Joint drawing geometry: frames, links, limits by axis set and drives, against closed-form positions.
#include "gltf/SceneGraph.h"
#include "physics/OmiReader.h"
#include "physics/ResolvedScene.h"
#include "scene/JointOverlay.h"
#include "scene/Overlays.h"

#include <QTest>
#include <cmath>
#include <limits>
#include <numbers>

using namespace cs;
using namespace cs::physics;
using namespace cs::scene;

namespace {

constexpr float kTol = 1e-4f;

bool near(const QVector3D& a, const QVector3D& b)
{
    return (a - b).length() < kTol;
}

bool contains(const std::vector<QVector3D>& points, const QVector3D& p)
{
    for (const auto& q : points) {
        if (near(p, q))
            return true;
    }
    return false;
}

JointLimit limit(std::vector<int> linear, std::vector<int> angular, std::optional<double> lo,
                 std::optional<double> hi)
{
    JointLimit l;
    l.linearAxes = std::move(linear);
    l.angularAxes = std::move(angular);
    l.min = lo;
    l.max = hi;
    return l;
}

JointLines draw(const JointLimit& l, const QMatrix4x4& frame = {})
{
    JointDescription j;
    j.limits.push_back(l);
    JointLines lines;
    appendJointDescription(j, frame, {}, lines);
    return lines;
}

} // namespace

class TestJointOverlay : public QObject
{
    Q_OBJECT

private slots:
    void theSizeFollowsTheScene()
    {
        // 2% of the scene's diagonal: 0.25 m for 12.5 m, 2 mm for a 10 cm model, within 1 mm .. 50 m.
        QCOMPARE(scene::jointSizeForScene(12.5f), 0.25f);
        QCOMPARE(scene::jointSizeForScene(0.1f), 0.002f);
        QCOMPARE(scene::jointSizeForScene(0.01f), 0.001f);
        QCOMPARE(scene::jointSizeForScene(1e6f), 50.0f);
        // An empty or broken scene keeps the default.
        QCOMPARE(scene::jointSizeForScene(0.0f), 0.25f);
        QCOMPARE(scene::jointSizeForScene(std::numeric_limits<float>::quiet_NaN()), 0.25f);
        QCOMPARE(scene::jointSizeForScene(std::numeric_limits<float>::infinity()), 0.25f);
    }

    void slabAcrossOneLinearAxis()
    {
        QMatrix4x4 frame;
        frame.translate(1, 2, 3);
        const auto lines = draw(limit({0}, {}, -0.5, 1.0), frame);
        QCOMPARE(lines.limits.size(), size_t(16)); // two squares of four segments
        for (const auto& p : lines.limits) {
            const float x = p.x() - 1;
            QVERIFY(std::fabs(x + 0.5f) < kTol || std::fabs(x - 1.0f) < kTol);
            QVERIFY(std::fabs(std::fabs(p.y() - 2) - 0.25f) < kTol); // square half-width = size
        }
        // Unbounded below: only the square at max.
        QCOMPARE(draw(limit({0}, {}, std::nullopt, 1.0)).limits.size(), size_t(8));
    }

    void circlesForTwoLinearAxes()
    {
        const auto lines = draw(limit({0, 2}, {}, std::nullopt, 0.4));
        QVERIFY(!lines.limits.empty());
        for (const auto& p : lines.limits) {
            QVERIFY(std::fabs(p.y()) < kTol);                           // in the plane of X and Z
            QVERIFY(std::fabs(std::hypot(p.x(), p.z()) - 0.4f) < kTol); // radius max
        }
    }

    void sphereForThreeLinearAxes()
    {
        const auto lines = draw(limit({0, 1, 2}, {}, std::nullopt, 0.7));
        QCOMPARE(lines.limits.size(), size_t(3 * 32 * 2));
        for (const auto& p : lines.limits)
            QVERIFY(std::fabs(p.length() - 0.7f) < kTol);
    }

    void arcForOneAngularAxis()
    {
        const double lo = -0.5, hi = 1.25;
        const auto lines = draw(limit({}, {1}, lo, hi));
        // Rotation about Y starts from Z (the next axis) toward X: angle = atan2(x, z).
        for (const auto& p : lines.limits) {
            QVERIFY(std::fabs(p.y()) < kTol);
            if (p.length() < kTol)
                continue; // the spokes' centre
            QVERIFY(std::fabs(p.length() - 0.25f) < kTol);
            const double a = std::atan2(p.x(), p.z());
            QVERIFY2(a >= lo - 1e-4 && a <= hi + 1e-4, std::to_string(a).c_str());
        }
        QVERIFY(contains(lines.limits, 0.25f * QVector3D(float(std::sin(lo)), 0, float(std::cos(lo)))));
        QVERIFY(contains(lines.limits, 0.25f * QVector3D(float(std::sin(hi)), 0, float(std::cos(hi)))));
    }

    void coneForTwoAngularAxes()
    {
        const double half = 0.5;
        const auto lines = draw(limit({}, {1, 2}, std::nullopt, half)); // cone around X
        const float r = 0.25f * float(std::sin(half)), h = 0.25f * float(std::cos(half));
        size_t onCircle = 0;
        for (const auto& p : lines.limits) {
            if (p.length() < kTol)
                continue; // apex
            QVERIFY(std::fabs(p.x() - h) < kTol);
            QVERIFY(std::fabs(std::hypot(p.y(), p.z()) - r) < kTol);
            ++onCircle;
        }
        QVERIFY(onCircle > 32);
    }

    void driveArrows()
    {
        JointDescription j;
        JointDrive linear;
        linear.type = DriveType::Linear;
        linear.mode = DriveMode::Force;
        linear.axis = 2;
        linear.positionTarget = 0.8;
        JointDrive angular;
        angular.type = DriveType::Angular;
        angular.mode = DriveMode::Acceleration;
        angular.axis = 0;
        angular.velocityTarget = -3; // a quarter turn backwards
        JointDrive incomplete;       // no axis: not drawn
        incomplete.type = DriveType::Linear;
        j.drives = {linear, angular, incomplete};
        JointLines lines;
        appendJointDescription(j, {}, {}, lines);
        // The linear arrow: its shaft from the origin to the target on Z, a head of two segments.
        QVERIFY(near(lines.drives[0], {}));
        QVERIFY(near(lines.drives[1], {0, 0, 0.8f}));
        QVERIFY(near(lines.drives[2], {0, 0, 0.8f}));
        QVERIFY(lines.drives[3].z() < 0.8f);
        // The angular arc about X, radius 0.15, from Y (the next axis) to -90 degrees: toward -Z.
        const QVector3D end(0, 0, -0.15f);
        QVERIFY(contains(lines.drives, end));
        for (size_t i = 6; i < lines.drives.size(); ++i) // after the shaft and head (6 points)
            QVERIFY(std::fabs(lines.drives[i].x()) < kTol);
    }

    void planeWireframes()
    {
        PlaneParams finite;
        finite.sizeX = 4;
        finite.sizeZ = 2;
        finite.doubleSided = true;
        const auto lines = planeWireframe(finite);
        QCOMPARE(lines.size(), size_t(2 * (4 + 2 + 2))); // rectangle, centre lines, normal both ways
        for (const QVector3D& corner : {QVector3D(2, 0, 1), QVector3D(-2, 0, 1), QVector3D(-2, 0, -1),
                                        QVector3D(2, 0, -1), QVector3D(0, 0.25f, 0), QVector3D(0, -0.25f, 0)})
            QVERIFY(contains(lines, corner));
        for (const auto& p : lines)
            QVERIFY(std::fabs(p.x()) <= 2 + kTol && std::fabs(p.z()) <= 1 + kTol);
        PlaneParams infinite; // one-sided: only +Y
        const auto open = planeWireframe(infinite);
        const float h = kUnboundedPlaneHalfSize;
        QVERIFY(contains(open, {h, 0, h}) && contains(open, {-h, 0, -h}));
        QVERIFY(contains(open, {0, h / 4, 0}) && !contains(open, {0, -h / 4, 0}));
    }

    void framesAndLinksOfANodeJoint()
    {
        const std::string text = R"({"asset":{"version":"2.0"},
            "extensionsUsed":["KHR_physics_rigid_bodies"],
            "extensions":{"KHR_physics_rigid_bodies":{"physicsJoints":[{"limits":[{"linearAxes":[0,1,2]}]}]}},
            "nodes":[
              {"translation":[0,1,0],"children":[2],"extensions":{"KHR_physics_rigid_bodies":{"motion":{}}}},
              {"translation":[4,1,0],"extensions":{"KHR_physics_rigid_bodies":{"motion":{}}}},
              {"translation":[2,0,0],"extensions":{"KHR_physics_rigid_bodies":{"joint":{"connectedNode":1,"joint":0}}}},
              {"extensions":{"KHR_physics_rigid_bodies":{"joint":{"connectedNode":9,"joint":0}}}}]})";
        auto doc = gltf::loadGltfFromBytes(gltf::Bytes(text.begin(), text.end()), {});
        QVERIFY(doc);
        const auto model = readPhysics(*doc);
        const auto graph = gltf::SceneGraph::build(*doc);
        QVERIFY(graph);
        const auto scene = resolveScene(*model, *graph);
        const JointLines lines = buildJointLines(*model, scene, *graph);
        QCOMPARE(lines.jointsDrawn, size_t(1));
        QCOMPARE(lines.jointsSkipped, size_t(1)); // connected node 9 does not exist
        // Frame A at the joint node (2, 1, 0), frame B at node 1 (4, 1, 0): three axes each.
        QCOMPARE(lines.frames.size(), size_t(12));
        QVERIFY(near(lines.frames[0], {2, 1, 0}));
        QVERIFY(near(lines.frames[1], {2.25f, 1, 0}));
        QVERIFY(near(lines.frames[6], {4, 1, 0}));
        // Links: joint frame to connected frame, body A's origin to body B's origin.
        QCOMPARE(lines.links.size(), size_t(4));
        QVERIFY(near(lines.links[0], {2, 1, 0}) && near(lines.links[1], {4, 1, 0}));
        QVERIFY(near(lines.links[2], {0, 1, 0}) && near(lines.links[3], {4, 1, 0}));
        QVERIFY(lines.limits.empty()); // unbounded in every direction: nothing to draw
    }
};

QTEST_GUILESS_MAIN(TestJointOverlay)
#include "TestJointOverlay.moc"
