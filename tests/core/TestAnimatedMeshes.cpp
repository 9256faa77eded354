// A skinned and morphed mesh posed by an animation (issue 51, item 2: a skinned mesh is skinned again by its
// animated joints, and morph weight channels deform it), against the strip's vertices worked by hand in
// SkinnedStrip.h. The posed positions are in the skinned node's frame: the node sits at (0, 0, 5), so each
// world position is the local one plus (0, 0, 5).
#include "SkinnedStrip.h"
#include "gltf/AnimatedMeshes.h"
#include "gltf/SceneGraph.h"

#include <QTest>

using namespace cs;

namespace {

bool near(const QVector3D& got, const QVector3D& want)
{
    return (got - want).length() < 1e-5f;
}

QString text(const QVector3D& v)
{
    return QStringLiteral("(%1, %2, %3)").arg(v.x()).arg(v.y()).arg(v.z());
}

#define CHECK_POINT(got, want) QVERIFY2(near(got, want), qPrintable(text(got) + " want " + text(want)))

const QVector3D StripNode(0, 0, 5);

} // namespace

class TestAnimatedMeshes : public QObject
{
    Q_OBJECT

    /// The strip's one primitive at `time`, in the world.
    static std::vector<QVector3D> worldAt(const gltf::GltfDocument& doc, const gltf::AnimationPose& pose,
                                          double time)
    {
        const auto meshes = gltf::AnimatedMeshes::make(doc, pose);
        const auto worlds = pose.worldTransforms(time);
        const auto posed = meshes.at(pose, worlds, time);
        if (!posed || posed->size() != 1 || !posed.diagnostics.empty())
            return {};
        std::vector<QVector3D> out;
        for (const QVector3D& p : posed->front().positions)
            out.push_back(worlds[0].map(p));
        return out;
    }

    /// Animation `index` of `doc`, or none when the file's graph or the animation cannot be read.
    static std::optional<gltf::AnimationPose> poseOf(const gltf::GltfDocument& doc, size_t index)
    {
        const auto graph = gltf::SceneGraph::build(doc);
        auto pose = graph ? gltf::AnimationPose::make(doc, *graph, index) : Result<gltf::AnimationPose>{};
        return pose ? std::optional(std::move(*pose)) : std::nullopt;
    }

private slots:
    void jointsAndWeightsPoseTheStrip()
    {
        const gltf::GltfDocument doc = test::skinnedStrip().document();
        const auto pose = poseOf(doc, 0);
        QVERIFY(pose);
        const auto meshes = gltf::AnimatedMeshes::make(doc, *pose);
        QCOMPARE(meshes.meshes(), std::vector<size_t>{0});
        QCOMPARE(pose->weights(0, 0.25), std::optional<std::vector<double>>(std::vector<double>{0.25}));
        QVERIFY(!pose->weights(2, 0.25));

        for (const auto& [time, want] :
             {std::pair{1.0, test::stripAtOneSecond()}, std::pair{0.5, test::stripAtHalfSecond()},
              std::pair{0.0, test::stripAtRest()}}) {
            const auto got = worldAt(doc, *pose, time);
            QCOMPARE(got.size(), size_t(6));
            for (size_t v = 0; v < 6; ++v)
                CHECK_POINT(got[v], want[v]);
        }

        // In the node's frame, as the render scene holds the mesh: the node's (0, 0, 5) taken off.
        const auto worlds = pose->worldTransforms(1.0);
        const auto posed = meshes.at(*pose, worlds, 1.0);
        QVERIFY(posed && posed->size() == 1);
        QCOMPARE(posed->front().mesh, size_t(0));
        QCOMPARE(posed->front().primitive, size_t(0));
        CHECK_POINT(posed->front().positions[4], test::stripAtOneSecond()[4] - StripNode);
        // v4 and v5 lie in z = 0 with every face they touch at 1 s: their normals are along Z.
        QCOMPARE(posed->front().normals.size(), size_t(6));
        for (size_t v : {4, 5})
            QVERIFY2(std::abs(std::abs(posed->front().normals[v].z()) - 1.0f) < 1e-5f,
                     qPrintable(text(posed->front().normals[v])));
    }

    /// An animation that moves no joint and drives no weight deforms nothing: the strip is not posed again.
    void aStillSkinIsNotPosedAgain()
    {
        test::AnimatedGltf g = test::skinnedStrip();
        g.node("Other", {{"translation", {9, 0, 0}}});
        const size_t times = g.floats({0, 1}, "SCALAR");
        g.animation("elsewhere", {{3, "translation", times, g.floats({9, 0, 0, 8, 0, 0}, "VEC3")}});
        const gltf::GltfDocument doc = g.document();
        const auto pose = poseOf(doc, 1);
        QVERIFY(pose);
        QVERIFY(gltf::AnimatedMeshes::make(doc, *pose).empty());
    }

    /// The skinned node's own motion does not move its vertices (3.7.3): moving Strip away leaves them where
    /// the joints put them.
    void theSkinnedNodesMotionDoesNotMoveTheVertices()
    {
        test::AnimatedGltf g = test::skinnedStrip();
        const size_t times = g.floats({0, 1}, "SCALAR");
        g.animation("slide", {{0, "translation", times, g.floats({0, 0, 5, 3, 0, 5}, "VEC3")}});
        const gltf::GltfDocument doc = g.document();
        const auto pose = poseOf(doc, 1);
        QVERIFY(pose);
        const auto got = worldAt(doc, *pose, 1.0);
        QCOMPARE(got.size(), size_t(6));
        for (size_t v = 0; v < 6; ++v)
            CHECK_POINT(got[v], test::stripAtRest()[v]);
    }
};

QTEST_GUILESS_MAIN(TestAnimatedMeshes)
#include "TestAnimatedMeshes.moc"
