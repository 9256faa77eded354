// Picking in the sample scene: rays from above select the collider (or mesh) the user clicked.
#include "TestSupport.h"
#include "gltf/RenderScene.h"
#include "physics/OmiReader.h"
#include "scene/PickScene.h"
#include "scene/ViewPlacement.h"

#include <QTest>

using namespace cs;

class TestPickScene : public QObject
{
    Q_OBJECT

    gltf::GltfDocument m_doc;
    gltf::SceneGraph m_graph;
    scene::PickScene m_pick;

    QVector3D origin(size_t node) const { return m_graph.worldTransform(node).map(QVector3D()); }

private slots:
    void initTestCase()
    {
        m_doc = std::move(*gltf::loadGltf(CS_SAMPLE_FILE).value);
        m_graph = std::move(*gltf::SceneGraph::build(m_doc).value);
        auto model = std::move(*physics::readPhysics(m_doc).value);
        const auto resolved = physics::resolveScene(model, m_graph);
        const auto render = std::move(*gltf::buildRenderScene(m_doc, m_graph).value);
        m_pick = scene::PickScene(m_doc, model, resolved, render);
        QCOMPARE(m_pick.targetCount(), resolved.instances.size() + render.instances.size());
    }

    void meshTrianglesAreSharedNotCopied()
    {
        auto model = std::move(*physics::readPhysics(m_doc).value);
        const auto resolved = physics::resolveScene(model, m_graph);
        auto render = std::move(*gltf::buildRenderScene(m_doc, m_graph).value);
        const auto& first = render.meshes[render.instances.front().mesh].primitives.front();
        QCOMPARE(first.triangles.use_count(), 1L);
        const scene::PickScene pick(m_doc, model, resolved, render);
        // One more owner per instance of the mesh: the pick scene points at the same triangles.
        QVERIFY(first.triangles.use_count() > 1);
        // What only the viewport needs goes; picking and framing keep the triangles.
        const size_t vertices = first.triangles->positions.size();
        QVERIFY(!first.normals.empty());
        gltf::releaseDrawData(render);
        QVERIFY(first.normals.empty());
        QVERIFY(first.uvs.empty());
        QCOMPARE(first.triangles->positions.size(), vertices);
    }

    void straightDownOntoACrate()
    {
        // Crate 1 (node 2) is a 1 m box; a ray from 10 m above its centre meets its top face 0.5 m above it.
        const QVector3D above = origin(2) + QVector3D(0, 10, 0);
        const auto hit = m_pick.pick(above, QVector3D(0, -1, 0));
        QVERIFY(hit.has_value());
        QCOMPARE(hit->node, size_t(2));
        QVERIFY(hit->collider);
        QVERIFY(std::abs(hit->distance - 9.5) < 1e-3);
    }

    void colliderOnItsMeshWins()
    {
        // The ball's collider (node 6) and the ball's drawn mesh share a surface: the collider is picked.
        const QVector3D above = origin(6) + QVector3D(0, 5, 0);
        const auto hit = m_pick.pick(above, QVector3D(0, -1, 0));
        QVERIFY(hit.has_value());
        QCOMPARE(hit->node, size_t(6));
        QVERIFY(hit->collider);
        QVERIFY(std::abs(hit->distance - (5.0 - 0.4)) < 2e-3); // radius 0.4
    }

    void emptyFloorSelectsTheFloor()
    {
        const auto hit = m_pick.pick(QVector3D(-8, 20, 8), QVector3D(0, -1, 0));
        QVERIFY(hit.has_value());
        QCOMPARE(hit->node, size_t(0));
    }

    void missingEverything()
    {
        QVERIFY(!m_pick.pick(QVector3D(0, 20, 0), QVector3D(0, 1, 0)).has_value());
        QVERIFY(!m_pick.pick(QVector3D(100, 1, 100), QVector3D(1, 0, 0)).has_value());
        QVERIFY(!m_pick.pick(QVector3D(0, 20, 0), QVector3D(0, 0, 0)).has_value());
    }

    // Where a new thing goes "where the user looks" (issue 46): the surface under the view's centre, else
    // the orbit focus.
    void onTheSurfaceUnderTheCentre()
    {
        // Crate 1 (node 2) is a 1 m box: looking straight down at it from 10 m above, with the focus far
        // below the floor, the new thing goes on its top face, 0.5 m above its centre.
        const QVector3D crate = origin(2);
        const QVector3D eye = crate + QVector3D(0, 10, 0);
        const QVector3D focus = crate - QVector3D(0, 5, 0);
        const QVector3D at = scene::pointUnderView(m_pick, eye, QVector3D(0, -2, 0), focus);
        QVERIFY2((at - (crate + QVector3D(0, 0.5f, 0))).length() < 1e-3f,
                 qPrintable(QStringLiteral("%1 %2 %3").arg(at.x()).arg(at.y()).arg(at.z())));
    }

    void atTheFocusWhenNothingIsThere()
    {
        // Looking up into the sky: nothing is hit, the focus is the place.
        const QVector3D focus(1, 2, 3);
        QCOMPARE(scene::pointUnderView(m_pick, QVector3D(0, 50, 0), QVector3D(0, 1, 0), focus), focus);
    }
};

QTEST_GUILESS_MAIN(TestPickScene)
#include "TestPickScene.moc"
