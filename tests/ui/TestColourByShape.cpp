// View > Colour Colliders by Shape, driven through the View menu on the bundled sample (nine box colliders,
// a sphere, a capsule, a hull, a triangle mesh, two cylinders; three box triggers): the colliders' lines move
// from the motion layers to one layer per shape kind and back, the legend names what the colours now mean,
// the motion switches say why they do nothing meanwhile, and a selection or a simulation step keeps the mode.
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"
#include "viewport/Viewport.h"
#include "widgets/ColourLegend.h"

#include <QAction>
#include <QTest>

using namespace cs;
using cs::ui::MainWindow;
using cs::ui::OverlayLayer;

namespace {

size_t pointsOf(const ui::Viewport& view, std::initializer_list<OverlayLayer> layers)
{
    size_t n = 0;
    for (OverlayLayer layer : layers)
        n += view.overlayPointCount(layer);
    return n;
}

const auto kMotions = {OverlayLayer::Static, OverlayLayer::Kinematic, OverlayLayer::Dynamic};
const auto kShapes = {OverlayLayer::ShapeBox,      OverlayLayer::ShapeSphere, OverlayLayer::ShapeCapsule,
                      OverlayLayer::ShapeCylinder, OverlayLayer::ShapeHull,   OverlayLayer::ShapeMesh,
                      OverlayLayer::ShapePlane};
constexpr size_t kBoxPoints = 9 * 12 * 2; // nine boxes of twelve edges

} // namespace

class TestColourByShape : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void theViewMenuColoursCollidersByShape()
    {
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, CS_SAMPLE_FILE));
        ui::Viewport& view = *w.viewport();
        QAction* byShape = test::menuAction(w, QStringLiteral("actionColourByShape"));
        QVERIFY(byShape && byShape->isCheckable() && !byShape->isChecked());
        auto* legend = w.findChild<ui::ColourLegend*>(QStringLiteral("viewLegend"));
        QVERIFY(legend);
        QVERIFY(legend->names().contains(QStringLiteral("Static")));
        QCOMPARE(pointsOf(view, kShapes), size_t(0));
        const size_t motionPoints = pointsOf(view, kMotions);
        const size_t triggerPoints = view.overlayPointCount(OverlayLayer::Trigger);
        QVERIFY(motionPoints > kBoxPoints);

        byShape->trigger();
        QVERIFY(byShape->isChecked());
        QCOMPARE(view.overlayPointCount(OverlayLayer::ShapeBox), kBoxPoints);
        for (OverlayLayer layer :
             {OverlayLayer::ShapeSphere, OverlayLayer::ShapeCapsule, OverlayLayer::ShapeCylinder,
              OverlayLayer::ShapeHull, OverlayLayer::ShapeMesh})
            QVERIFY(view.overlayPointCount(layer) > 0);
        QCOMPARE(view.overlayPointCount(OverlayLayer::ShapePlane), size_t(0));
        // What left the motion layers is what the shape layers hold; the links between parts stay.
        const size_t links = pointsOf(view, kMotions);
        QVERIFY(links < motionPoints);
        QCOMPARE(pointsOf(view, kShapes) + links, motionPoints);
        QCOMPARE(view.overlayPointCount(OverlayLayer::Trigger), triggerPoints);
        const QStringList names = legend->names();
        QVERIFY(names.contains(QStringLiteral("Box")) && names.contains(QStringLiteral("Triangle mesh")));
        QVERIFY(!names.contains(QStringLiteral("Static")) && names.contains(QStringLiteral("Trigger")));
        QAction* showStatic = test::menuAction(w, QStringLiteral("actionShowStatic"));
        QVERIFY(!showStatic->isEnabled());
        QVERIFY(showStatic->toolTip().contains(QStringLiteral("coloured by shape")));

        // Selecting Crate 1 draws the overlays again, still by shape, with the crate in the selection too.
        w.session().selectNode(2);
        QTRY_COMPARE(view.overlayPointCount(OverlayLayer::Selection), size_t(24));
        QCOMPARE(view.overlayPointCount(OverlayLayer::ShapeBox), kBoxPoints);

        // A simulation step moves the dynamic boxes' lines in their shape layer: none is lost or doubled.
        w.actions().get(ui::ActionId::SimulateStep)->trigger();
        QTest::qWait(200);
        QCOMPARE(view.overlayPointCount(OverlayLayer::ShapeBox), kBoxPoints);
        w.actions().get(ui::ActionId::SimulateReset)->trigger();
        QTest::qWait(100);

        byShape->trigger();
        QVERIFY(!byShape->isChecked());
        QCOMPARE(pointsOf(view, kShapes), size_t(0));
        QCOMPARE(pointsOf(view, kMotions), motionPoints);
        QVERIFY(showStatic->isEnabled());
        QVERIFY(legend->names().contains(QStringLiteral("Static")));
    }

private:
    test::TempDir m_dir;
};

QTEST_MAIN(TestColourByShape)
#include "TestColourByShape.moc"
