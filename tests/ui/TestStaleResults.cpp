// A result computed in the background is applied only to the document it was computed from. The undo stack's
// index cannot tell: a merged edit and an undo followed by a new edit both leave it where it was, while the
// document changed. Physics > Add Collider and the Shape section's fit buttons must refuse such a result and
// say so (issue #48: "a stale result can be applied").
#include "DocumentSession.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"
#include "document/Document.h"
#include "document/NodeCommands.h"
#include "panels/AddColliderMenu.h"
#include "panels/PropertiesPanel.h"
#include "panels/ShapeFitter.h"
#include "panels/ShapePanel.h"

#include <QAction>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>
#include <functional>

using namespace cs;
using cs::ui::MainWindow;

namespace {

constexpr size_t kCrate = 2; // the sample's "Crate 1": a mesh and a box collider
constexpr int kWait = 30000;

/// The two ways the document changes while the undo index stays: `before` runs before the result is asked
/// for, `after` while it is computed.
struct Change
{
    const char* name;
    std::function<void(document::Document&)> before;
    std::function<void(document::Document&)> after;
};

std::vector<Change> changes()
{
    using document::Vec3;
    return {
        {"merged edit",
         [](document::Document& d) {
             d.push(new document::SetNodeTranslation(&d, kCrate, Vec3{0, 0, 1}));
         },
         [](document::Document& d) {
             d.push(new document::SetNodeTranslation(&d, kCrate, Vec3{0, 0, 2}));
         }},
        {"undo, then a new edit",
         [](document::Document& d) { d.push(new document::RenameNode(&d, kCrate, "Renamed")); },
         [](document::Document& d) {
             d.undoStack()->undo();
             d.push(new document::SetNodeTranslation(&d, kCrate, Vec3{0, 0, 3}));
         }},
    };
}

} // namespace

class TestStaleResults : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void addColliderRefusesAFitForAnotherRevision()
    {
        for (const Change& change : changes()) {
            MainWindow w(test::unattended());
            QVERIFY(test::showAndOpen(w, test::freshCopy(CS_SAMPLE_FILE, m_dir / "menu.glb")));
            document::Document& doc = *w.session().document();
            w.session().selectNode(kCrate);
            change.before(doc);
            const int index = doc.undoStack()->index();
            const size_t nodes = doc.gltf().count("nodes");

            ui::AddColliderMenu* menu = w.addColliderMenu();
            emit menu->aboutToShow();
            QAction* box = menu->action(ui::AddColliderMenu::Kind::Box);
            QVERIFY(box && box->isEnabled());
            box->trigger(); // the fit runs off the GUI thread; its result arrives through the event loop
            change.after(doc);
            QCOMPARE(doc.undoStack()->index(), index);
            QVERIFY(menu->waitForIdle(kWait));
            QVERIFY2(!menu->lastAdded(), change.name);
            QVERIFY2(menu->lastError().contains(QStringLiteral("changed")), qPrintable(menu->lastError()));
            QCOMPARE(doc.gltf().count("nodes"), nodes);
            QCOMPARE(doc.undoStack()->index(), index);

            // Asked again with nothing changing in between, the collider is added.
            emit menu->aboutToShow();
            box->trigger();
            QVERIFY(menu->waitForIdle(kWait));
            QVERIFY2(menu->lastAdded().has_value(), qPrintable(menu->lastError()));
            QCOMPARE(doc.gltf().count("nodes"), nodes + 1);
        }
    }

    void fitRefusesAResultForAnotherRevision()
    {
        for (const Change& change : changes()) {
            MainWindow w(test::unattended());
            QVERIFY(test::showAndOpen(w, test::freshCopy(CS_SAMPLE_FILE, m_dir / "fit.glb")));
            document::Document& doc = *w.session().document();
            w.session().selectNode(kCrate);
            const int shape = doc.model().node(kCrate)->collider->shape;
            const physics::ShapeType type = doc.model().shapes.at(size_t(shape)).type;
            QCOMPARE(type, physics::ShapeType::Box);
            change.before(doc);
            const int index = doc.undoStack()->index();

            ui::ShapePanel* panel = w.properties()->shapePanel();
            QPushButton* sphere = panel->fitButton(ui::ShapePanel::Fit::Sphere);
            QVERIFY2(sphere->isEnabled(), change.name);
            QSignalSpy first(panel->fitter(), &ui::ShapeFitter::finished);
            sphere->click(); // the Properties dock may be scrolled past the section: the button, not a point

            QVERIFY2(panel->fitter()->isFitting(), change.name);
            change.after(doc);
            QCOMPARE(doc.undoStack()->index(), index);
            QVERIFY(panel->fitter()->waitForFit(kWait));
            QCOMPARE(first.size(), 1);
            QCOMPARE(panel->fitter()->lastOutcome(), ui::ShapePanel::FitOutcome::Failed);
            QVERIFY2(first.last().at(1).toString().contains(QStringLiteral("changed")),
                     qPrintable(first.last().at(1).toString()));
            QCOMPARE(doc.model().shapes.at(size_t(shape)).type, type);
            QCOMPARE(doc.undoStack()->index(), index);

            // Fitted again with nothing changing in between, the box becomes a sphere.
            QSignalSpy ended(panel->fitter(), &ui::ShapeFitter::finished);
            sphere->click();
            QVERIFY(panel->fitter()->waitForFit(kWait));
            QVERIFY2(
                panel->fitter()->lastOutcome() == ui::ShapePanel::FitOutcome::ShapeChanged,
                qPrintable(ended.isEmpty() ? QStringLiteral("(no status)") : ended.last().at(1).toString()));
            QCOMPARE(doc.model().shapes.at(size_t(shape)).type, physics::ShapeType::Sphere);
        }
    }
};

QTEST_MAIN(TestStaleResults)
#include "TestStaleResults.moc"
