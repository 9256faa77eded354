// The whole node tree posed by an animation (issue 51, item 2: the window's animation timeline), against
// matrices worked by hand: a parent whose rotation about +Y is animated from 0 to 90 degrees over 2 s
// (LINEAR: slerp, so 45 degrees at 1 s), a child whose translation goes from (2, 0, 0) to (4, 0, 0) over the
// same 2 s, with a scale of 2 in the file, and a grandchild placed by a `matrix` (not animatable) 1 m along
// the child's +Z. R_y(a) takes (1, 0, 0) to (cos a, 0, -sin a) and (0, 0, 1) to (sin a, 0, cos a).
#include "AnimatedGltf.h"
#include "gltf/AnimationPose.h"
#include "gltf/SceneGraph.h"

#include <QTest>
#include <cmath>

using namespace cs;
using cs::test::AnimatedGltf;

namespace {

const double S = std::sqrt(0.5); // sin 45 = cos 45

/// Parent 0 (at (0, 1, 0), rotation animated), child 1 (translation animated, scale 2), grandchild 2
/// (matrix: 1 m along +Z), and node 3 on its own at (5, 0, 0), which nothing animates.
AnimatedGltf tree()
{
    AnimatedGltf g;
    g.node("Parent", {{"translation", {0, 1, 0}}, {"children", {1}}});
    g.node("Child", {{"translation", {2, 0, 0}}, {"scale", {2, 2, 2}}, {"children", {2}}});
    g.node("Grandchild", {{"matrix", {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1}}});
    g.node("Apart", {{"translation", {5, 0, 0}}});
    const size_t times = g.floats({0, 2}, "SCALAR");
    const float h = float(std::sqrt(0.5));
    g.animation("turn", {{0, "rotation", times, g.floats({0, 0, 0, 1, 0, h, 0, h}, "VEC4")},
                         {1, "translation", times, g.floats({2, 0, 0, 4, 0, 0}, "VEC3")}});
    return g;
}

bool near(const QVector3D& got, const QVector3D& want)
{
    return (got - want).length() < 1e-5f;
}

QString text(const QVector3D& v)
{
    return QStringLiteral("(%1, %2, %3)").arg(v.x()).arg(v.y()).arg(v.z());
}

#define CHECK_POINT(got, want) QVERIFY2(near(got, want), qPrintable(text(got) + " want " + text(want)))

} // namespace

class TestAnimationPose : public QObject
{
    Q_OBJECT

private slots:
    void parentRotationAndChildTranslation()
    {
        const gltf::GltfDocument doc = tree().document();
        const auto graph = gltf::SceneGraph::build(doc);
        QVERIFY(graph);
        auto pose = gltf::AnimationPose::make(doc, *graph, 0);
        QVERIFY(pose);
        QCOMPARE(pose->duration(), 2.0);
        // At 1 s: parent turned 45 degrees, child at x = 3 in it.
        const std::vector<QMatrix4x4> w = pose->worldTransforms(1.0);
        QCOMPARE(w.size(), size_t(4));
        CHECK_POINT(w[0].map(QVector3D()), QVector3D(0, 1, 0));
        CHECK_POINT(w[1].map(QVector3D()), QVector3D(float(3 * S), 1, float(-3 * S)));
        // The child's +X is the parent's turned one, twice as long (its scale).
        CHECK_POINT(w[1].mapVector(QVector3D(1, 0, 0)), QVector3D(float(2 * S), 0, float(-2 * S)));
        // The grandchild: the child's origin plus its +Z (scaled by 2, turned 45 degrees).
        CHECK_POINT(w[2].map(QVector3D()), QVector3D(float(3 * S + 2 * S), 1, float(-3 * S + 2 * S)));
        // The node nothing animates stays where the graph puts it.
        QCOMPARE(w[3], graph->worldTransform(3));

        // At 2 s (and after: glTF clamps): 90 degrees, x = 4 -> (0, 1, -4); grandchild 2 m along +X from it.
        for (double t : {2.0, 7.5}) {
            const std::vector<QMatrix4x4> end = pose->worldTransforms(t);
            CHECK_POINT(end[1].map(QVector3D()), QVector3D(0, 1, -4));
            CHECK_POINT(end[2].map(QVector3D()), QVector3D(2, 1, -4));
        }
        // At 0: the first keys, which are the file's TRS: every world is the graph's at rest.
        const std::vector<QMatrix4x4> start = pose->worldTransforms(0.0);
        for (size_t n = 0; n < 4; ++n)
            QVERIFY(qFuzzyCompare(start[n], graph->worldTransform(n)));
        // The nodes the animation moves: the two it drives and the grandchild below them.
        QCOMPARE(pose->movedNodes(), (std::vector<size_t>{0, 1, 2}));
    }

    void oneCallAndErrors()
    {
        const gltf::GltfDocument doc = tree().document();
        const auto graph = gltf::SceneGraph::build(doc);
        auto worlds = gltf::animatedWorldTransforms(doc, *graph, 0, 2.0);
        QVERIFY(worlds);
        CHECK_POINT((*worlds)[1].map(QVector3D()), QVector3D(0, 1, -4));
        auto missing = gltf::animatedWorldTransforms(doc, *graph, 1, 0.0);
        QVERIFY(!missing);
        QCOMPARE(missing.diagnostics.at(0).code, std::string("ANIMATION_MISSING"));
    }

    void instancesFollowTheirNodes()
    {
        gltf::RenderScene render;
        render.instances = {{1, 0, QMatrix4x4()}, {7, 0, QMatrix4x4()}};
        QMatrix4x4 moved;
        moved.translate(1, 2, 3);
        const std::vector<QMatrix4x4> worlds = {QMatrix4x4(), moved};
        const auto placed = gltf::posedInstances(render, worlds);
        QCOMPARE(placed.size(), size_t(2));
        QCOMPARE(placed[0], moved);
        QCOMPARE(placed[1], QMatrix4x4()); // a node past the pose keeps its instance's placement
    }
};

QTEST_MAIN(TestAnimationPose)
#include "TestAnimationPose.moc"
