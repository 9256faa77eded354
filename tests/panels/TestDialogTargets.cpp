// The Target of the Add Colliders and Decompose dialogs (issue 49, item 3): choosing an engine gives the run
// its hull budget in the engine's unit and leaves out the shapes it drops, as add-colliders --target does.
// Expected values from shared/spec: KHR-PHYSICS-DIGEST.md §3.5 (PhysX 255 vertices and 255 polygons, Jolt 256
// vertices, Unity 255 triangles) and ENGINE-TARGETS.md §3 (omi-gltf-unity builds no convex or triangle mesh
// collider).
#include "TestSupport.h"
#include "dialogs/AddCollidersForm.h"
#include "dialogs/DecomposeForm.h"
#include "dialogs/HullForm.h"

#include <QComboBox>
#include <QTest>

using namespace cs;
using ui::AddCollidersForm;
using ui::DecomposeForm;
using ui::HullForm;

class TestDialogTargets : public QObject
{
    Q_OBJECT

private slots:
    void noTargetByDefault()
    {
        AddCollidersForm form;
        QVERIFY(form.target().isEmpty());
        const auto o = form.options().collider;
        QCOMPARE(o.maxPoints, 255);
        QCOMPARE(o.polygonBudget, 0);
        QCOMPARE(o.triangleBudget, 0);
        QVERIFY(!o.engine);
        auto* combo = form.findChild<QComboBox*>(QStringLiteral("target"));
        QVERIFY(combo);
        QVERIFY(combo->findData(QStringLiteral("khronos-sample-viewer")) > 0);
    }

    void physxCountsVerticesAndPolygons()
    {
        AddCollidersForm form;
        form.setTarget(QStringLiteral("khronos-sample-viewer"));
        QCOMPARE(form.target(), QStringLiteral("khronos-sample-viewer"));
        const auto o = form.options().collider;
        QCOMPARE(o.maxPoints, 255);
        QCOMPARE(o.polygonBudget, 255);
        QCOMPARE(o.triangleBudget, 0);
        QVERIFY(!o.engine); // the renderer builds hulls and triangle meshes
    }

    void joltCapsVerticesBelowItsOwnCap()
    {
        // Jolt's 256 never raises a smaller cap the user chose.
        AddCollidersForm form;
        form.setTarget(QStringLiteral("godot-4.x"));
        form.setMaxPoints(32);
        const auto o = form.options().collider;
        QCOMPARE(o.maxPoints, 32);
        QCOMPARE(o.polygonBudget, 0);
    }

    void unityDropsHulls()
    {
        AddCollidersForm form;
        form.setTarget(QStringLiteral("unity-omi"));
        const auto o = form.options().collider;
        QCOMPARE(o.triangleBudget, 255);
        QVERIFY(o.engine);
        QVERIFY(o.engine->convexDropped);
        QVERIFY(o.engine->trimeshDropped);
        form.setTarget(QStringLiteral("no-such-engine"));
        QVERIFY(form.target().isEmpty());
        QVERIFY(!form.options().collider.engine);
    }

    void decomposePartsWithinTheBudget()
    {
        DecomposeForm form;
        form.setPointsPerPart(255);
        QCOMPARE(form.options().pointsPerPart, 255);
        // PhysX's 255 polygons: a closed hull of V vertices has up to 2V - 4 faces, so V <= 129.
        form.setTarget(QStringLiteral("khronos-sample-viewer"));
        QCOMPARE(form.options().pointsPerPart, 129);
        // Jolt's 256 vertices leave 255 as it is.
        form.setTarget(QStringLiteral("godot-4.x"));
        QCOMPARE(form.options().pointsPerPart, 255);
        // A decomposition is hulls only: omi-gltf-unity, which builds none, is not offered.
        auto* combo = form.findChild<QComboBox*>(QStringLiteral("target"));
        QVERIFY(combo);
        QCOMPARE(combo->findData(QStringLiteral("unity-omi")), -1);
        form.setTarget(QStringLiteral("unity-omi"));
        QVERIFY(form.target().isEmpty());
        QCOMPARE(form.options().pointsPerPart, 255);
    }

    void hullWithinTheBudget()
    {
        HullForm form;
        QCOMPARE(form.hullPoints(), 255);
        QCOMPARE(form.hullFaces(), 255);
        // An inner hull for PhysX: 255 polygons hold any hull of up to (255 + 4) / 2 = 129 vertices.
        form.setTarget(QStringLiteral("khronos-sample-viewer"));
        QCOMPARE(form.hullPoints(), 129);
        // The conservative hull is cut to PhysX's 255 vertices and 255 faces itself.
        form.setConservative(true);
        form.setMaxFaces(200);
        QCOMPARE(form.hullPoints(), 255);
        QCOMPARE(form.hullFaces(), 200);
        form.setTarget(QStringLiteral("godot-4.x"));
        form.setConservative(false);
        QCOMPARE(form.hullPoints(), 255);
        QCOMPARE(form.findChild<QComboBox*>(QStringLiteral("target"))->findData(QStringLiteral("unity-omi")),
                 -1);
    }
};

QTEST_MAIN(TestDialogTargets)
#include "TestDialogTargets.moc"
