// The real main window, driven through its actions and panels: opening, the scene tree and selection, the
// view toggles, recent files, saving, broken files, and a rendered frame.
#include "DocumentSession.h"
#include "LargeScene.h"
#include "MainWindow.h"
#include "OpenAndWait.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "document/Document.h"
#include "panels/DiagnosticsPanel.h"
#include "panels/SceneTreePanel.h"
#include "physics/OmiReader.h"
#include "viewport/MeshPlan.h"
#include "viewport/Viewport.h"

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <QTreeWidget>
#include <QUndoView>

using namespace cs;
using cs::test::openAndWait;
using cs::ui::MainWindow;

namespace {

/// The window's current node as the assertions state it (-1: none).
int currentOf(const MainWindow& w)
{
    const auto current = w.session().currentNode();
    return current ? int(*current) : -1;
}

/// Counts the frames a window is asked to draw.
struct FrameCounter : QObject
{
    int count = 0;
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::UpdateRequest)
            ++count;
        return QObject::eventFilter(watched, event);
    }
};

int visibleItems(QTreeWidget* tree)
{
    int n = 0;
    for (QTreeWidgetItemIterator it(tree); *it; ++it)
        n += (*it)->isHidden() ? 0 : 1;
    return n;
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

    test::TempDir m_settings;

private slots:
    void initTestCase()
    {
        // Settings (recent files, layout) go to a folder of the test's own, not the user's.
        QCoreApplication::setOrganizationName(QStringLiteral("CollidoscopeTest"));
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                           QString::fromStdString(m_settings.path().string()));
        QSettings().clear();
    }

    void opensTheSampleAndFillsTheTree()
    {
        MainWindow w(test::unattended());
        w.show();
        QVERIFY(openAndWait(w, CS_SAMPLE_FILE));
        QTreeWidget* tree = w.sceneTree()->tree();
        int items = 0;
        for (QTreeWidgetItemIterator it(tree); *it; ++it)
            ++items;
        QCOMPARE(items, 24); // every node of the sample
        QCOMPARE(tree->topLevelItemCount(),
                 12); // Floor, Ramp, 3 crates, Ball, Character, Rock, Arch, Table, Steps, Trigger Zone
        QCOMPARE(w.session().scene()->render.instances.size(), size_t(16));
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("sample.glb")));
        QCOMPARE(ui::DocumentSession::recentFiles().value(0), QFileInfo(CS_SAMPLE_FILE).absoluteFilePath());
        QVERIFY(w.findChild<QAction*>(QStringLiteral("menuRecent")) == nullptr); // a menu, not an action
        auto* recent = w.findChild<QMenu*>(QStringLiteral("menuRecent"));
        QVERIFY(recent && recent->isEnabled());
        QCOMPARE(recent->actions().size(), 1);
    }

    void cancellingAnOpenKeepsTheOpenFile()
    {
        // While a file is read, Cancel stands beside the status line; pressed, the reading's result is
        // dropped, no error is reported and the sample stays open.
        const std::filesystem::path file = bench::makeManyNodeScene(m_settings.path());
        auto prompter = std::make_shared<test::ScriptedPrompter>();
        MainWindow w(prompter);
        w.show();
        QVERIFY(openAndWait(w, CS_SAMPLE_FILE));
        auto* cancel = w.findChild<QPushButton*>(QStringLiteral("cancelOpen"));
        QVERIFY(cancel);
        QVERIFY(!cancel->isVisible());
        QVERIFY(!w.session().opening());
        bool finished = false, ok = true;
        w.session().openFile(QString::fromStdString(file.string()), [&](bool result) {
            finished = true;
            ok = result;
        });
        QVERIFY(w.session().opening());
        QVERIFY(cancel->isVisible());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&] { return finished; }, 60000));
        QVERIFY(!ok);
        QVERIFY(!cancel->isVisible());
        QVERIFY(!w.session().opening());
        QCOMPARE(w.session().currentFile(), QString(CS_SAMPLE_FILE));
        QCOMPARE(w.sceneTree()->tree()->topLevelItemCount(), 12); // the sample's roots, as above
        QCOMPARE(prompter->count(QStringLiteral("error")), 0);
        QStringList texts;
        for (const QLabel* label : w.statusBar()->findChildren<QLabel*>())
            texts << label->text();
        QVERIFY2(texts.contains(QStringLiteral("Opening many-nodes.gltf cancelled")),
                 qPrintable(texts.join(QLatin1Char('|'))));
        // The next open is not cancelled.
        QVERIFY(openAndWait(w, QString::fromStdString(file.string())));
        QCOMPARE(w.session().currentFile(), QString::fromStdString(file.string()));
    }

    void readingAFileLeavesTheViewStill()
    {
        // While a large file is read on a worker thread, the view of the open file is not redrawn: a busy
        // animation in the status bar made Qt Quick draw it at the display's rate, taking the processor from
        // the reading.
        const std::filesystem::path file = bench::makeManyNodeScene(m_settings.path());
        MainWindow w(test::unattended());
        w.show();
        QVERIFY(openAndWait(w, CS_SAMPLE_FILE));
        QTest::qWait(300); // the frames of the sample are drawn
        FrameCounter frames;
        w.viewport()->renderWindow()->installEventFilter(&frames);
        QElapsedTimer clock;
        clock.start();
        bool finished = false;
        int framesWhileReading = -1;
        qint64 readingMs = 0;
        w.session().openFile(QString::fromStdString(file.string()), [&](bool ok) {
            QVERIFY(ok);
            framesWhileReading = frames.count;
            readingMs = clock.elapsed();
            finished = true;
        });
        // The status bar says what is being read.
        QStringList texts;
        for (const QLabel* label : w.statusBar()->findChildren<QLabel*>())
            texts << label->text();
        QVERIFY2(texts.contains(QStringLiteral("Opening many-nodes.gltf...")),
                 qPrintable(texts.join(QLatin1Char('|'))));
        QVERIFY(QTest::qWaitFor([&] { return finished; }, 60000));
        QVERIFY2(framesWhileReading <= 1, qPrintable(QStringLiteral("%1 frames drawn in %2 ms of reading")
                                                         .arg(framesWhileReading)
                                                         .arg(readingMs)));
        QCOMPARE(w.session().scene()->render.instances.size(), size_t(800));
        // The batches were written on the worker and taken by the view (the scene keeps no plan): 800
        // patches of 729 vertices, 89 to a batch of at most 65,536 vertices, are 9 models.
        QVERIFY(!w.session().scene()->meshPlan);
        QVERIFY(w.session().scene()->rows.empty()); // the tree's rows, listed on the worker, taken too
        QVERIFY(!w.session().scene()->overlays);    // and the overlays
        QCOMPARE(w.viewport()->meshModelCount(), size_t(9));
    }

    void selectionFollowsTreeAndBack()
    {
        MainWindow w(test::unattended());
        w.show();
        QVERIFY(openAndWait(w, CS_SAMPLE_FILE));
        QSignalSpy spy(w.session().document(), &document::Document::selectionChanged);
        QTreeWidget* tree = w.sceneTree()->tree();
        QTreeWidgetItem* ball =
            tree->findItems(QStringLiteral("Ball"), Qt::MatchExactly | Qt::MatchRecursive).value(0);
        QVERIFY(ball);
        tree->setCurrentItem(ball);
        QCOMPARE(currentOf(w), 5);
        QCOMPARE(spy.count(), 1);
        w.session().selectNode(15); // Table Top, from the viewport or the diagnostics list
        QCOMPARE(tree->currentItem()->text(0), QStringLiteral("Table Top"));
        QCOMPARE(w.sceneTree()->currentNode(), std::optional<size_t>(15));
    }

    void filterKeepsMatchesAndTheirParents()
    {
        MainWindow w(test::unattended());
        w.show();
        QVERIFY(openAndWait(w, CS_SAMPLE_FILE));
        w.sceneTree()->filterEdit()->setText(QStringLiteral("no such node"));
        QCOMPARE(visibleItems(w.sceneTree()->tree()), 0);
        w.sceneTree()->filterEdit()->setText(QStringLiteral("passage UPPER")); // case does not matter
        // "Arch Passage Upper" and its ancestors "Arch Passage" and "Arch".
        QCOMPARE(visibleItems(w.sceneTree()->tree()), 3);
        w.sceneTree()->filterEdit()->clear();
        QCOMPARE(visibleItems(w.sceneTree()->tree()), 24);
    }

    void viewTogglesReachTheViewport()
    {
        MainWindow w(test::unattended());
        w.show();
        QVERIFY(openAndWait(w, CS_SAMPLE_FILE));
        ui::Viewport* v = w.viewport();
        QVERIFY(v->meshesVisible());
        w.actions().get(cs::ui::ActionId::ShowMeshes)->trigger();
        QVERIFY(!v->meshesVisible());
        QVERIFY(!v->xray());
        w.actions().get(cs::ui::ActionId::Xray)->trigger();
        QVERIFY(v->xray());
        QVERIFY(v->isLayerVisible(ui::OverlayLayer::Trigger));
        w.actions().get(cs::ui::ActionId::ShowTriggers)->trigger();
        QVERIFY(!v->isLayerVisible(ui::OverlayLayer::Trigger));
        QVERIFY(!v->isLayerVisible(ui::OverlayLayer::CenterOfMass)); // off until asked for
        w.actions().get(cs::ui::ActionId::ShowCenterOfMass)->trigger();
        QVERIFY(v->isLayerVisible(ui::OverlayLayer::CenterOfMass));
        w.actions().get(cs::ui::ActionId::ShowAxes)->trigger();
        QVERIFY(!v->isLayerVisible(ui::OverlayLayer::AxisX) && !v->isLayerVisible(ui::OverlayLayer::AxisZ));
        w.actions().get(cs::ui::ActionId::ViewTop)->trigger();
        QVERIFY(v->camera().forward().y() < -0.99f);
    }

    void brokenFileKeepsWhatWasOpen()
    {
        test::TempDir dir;
        test::writeText(dir / "broken.gltf", "{\"asset\": {\"version\": \"2.0\"}, \"nodes\": [1,}");
        MainWindow w(test::unattended());
        w.show();
        QVERIFY(openAndWait(w, CS_SAMPLE_FILE));
        QVERIFY(!openAndWait(w, QString::fromStdString((dir / "broken.gltf").string())));
        QCOMPARE(QFileInfo(w.session().currentFile()).fileName(), QStringLiteral("sample.glb"));
        QCOMPARE(w.session().scene()->graph.nodeCount(), size_t(24));
    }

    void diagnosticsSelectTheirNode()
    {
        test::TempDir dir;
        test::writeText(
            dir / "bad-index.gltf",
            R"({"asset":{"version":"2.0"},"nodes":[{"name":"a"},{"name":"b","mesh":7}],"scenes":[{"nodes":[0,1]}]})");
        MainWindow w(test::unattended());
        w.show();
        QVERIFY(openAndWait(w, QString::fromStdString((dir / "bad-index.gltf").string())));
        QTreeWidget* list = w.diagnostics()->list();
        QTreeWidgetItem* entry =
            list->findItems(QStringLiteral("INDEX_OUT_OF_RANGE"), Qt::MatchExactly).value(0);
        QVERIFY(entry);
        QCOMPARE(entry->text(1), QStringLiteral("/nodes/1/mesh"));
        emit list->itemActivated(entry, 0);
        QCOMPARE(currentOf(w), 1);
        const auto twelve = ui::DiagnosticsPanel::nodeOfPointer("/nodes/12/extensions/OMI_physics_body");
        QVERIFY(twelve);
        QCOMPARE(*twelve, size_t(12));
        QVERIFY(!ui::DiagnosticsPanel::nodeOfPointer("/meshes/1"));
        QVERIFY(!ui::DiagnosticsPanel::nodeOfPointer("/nodes/x"));
    }

    void upgradeHidesTheLegacyNotes()
    {
        // A 2023 file: reading it notes each legacy form it converted. Once the physics will be saved in the
        // newest form those notes no longer describe the file, and the list drops them; undo brings them
        // back.
        MainWindow w(test::unattended());
        w.show();
        QVERIFY(openAndWait(
            w, QString::fromStdString(test::dataPath("spec/legacy/2023-01-05_80c2ae7/extensions/2.0/"
                                                     "OMI_physics_body/examples/complex/ball_pit.gltf")
                                          .string())));
        QTreeWidget* list = w.diagnostics()->list();
        auto legacyRows = [&] {
            int n = 0;
            for (int i = 0; i < list->topLevelItemCount(); ++i)
                n += list->topLevelItem(i)->text(0).startsWith(QStringLiteral("LEGACY_")) ? 1 : 0;
            return n;
        };
        const int before = legacyRows();
        QVERIFY(before > 0);
        QAction* upgrade = w.actions().get(cs::ui::ActionId::UpgradeLegacy);
        QVERIFY(upgrade);
        upgrade->trigger();
        QVERIFY(QTest::qWaitFor([&] { return legacyRows() == 0; }, 5000));
        w.actions().get(cs::ui::ActionId::Undo)->trigger();
        QVERIFY(QTest::qWaitFor([&] { return legacyRows() == before; }, 5000));
    }

    void saveWritesAFileThatOpens()
    {
        test::TempDir dir;
        MainWindow w(test::unattended());
        w.show();
        QVERIFY(openAndWait(w, CS_SAMPLE_FILE));
        const QString out = QString::fromStdString((dir / "copy.glb").string());
        QVERIFY(w.session().saveTo(out));
        auto reloaded = gltf::loadGltf(out.toStdString());
        QVERIFY(reloaded.value.has_value());
        QCOMPARE(QString::fromStdString(reloaded->json().dump()),
                 QString::fromStdString(w.session().document()->gltf().json().dump()));
        // A save that cannot be written says so and returns false.
        QVERIFY(!w.session().saveTo(QString::fromStdString((dir / "missing" / "x.glb").string())));
    }

    void clickingAColliderSelectsItsNode()
    {
        MainWindow w(test::unattended());
        w.resize(1000, 750);
        w.show();
        QVERIFY(openAndWait(w, CS_SAMPLE_FILE));
        QVERIFY(QTest::qWaitForWindowExposed(w.viewport()->renderWindow()));
        // Where Crate 3 (node 4, a 0.7 m box stacked on the other two) is drawn: project its top face's
        // centre.
        const gltf::SceneGraph& graph = w.session().scene()->graph;
        const QVector3D top = graph.worldTransform(4).map(QVector3D(0, 0.35f, 0));
        const ui::OrbitCamera& camera = w.viewport()->camera();
        const QSize size = w.viewport()->renderWindow()->size();
        const QVector4D clip = camera.projectionMatrix(float(size.width()) / float(size.height())) *
                               camera.viewMatrix() * QVector4D(top, 1.0f);
        const QVector3D ndc = clip.toVector3DAffine();
        const QPoint pixel(int((ndc.x() + 1) * 0.5f * size.width()),
                           int((1 - ndc.y()) * 0.5f * size.height()));
        QTest::mouseClick(w.viewport()->renderWindow(), Qt::LeftButton, {}, pixel);
        QCOMPARE(currentOf(w), 4);
        QCOMPARE(w.sceneTree()->tree()->currentItem()->text(0), QStringLiteral("Crate 3"));
        // The sky: nothing there, the selection is cleared.
        QTest::mouseClick(w.viewport()->renderWindow(), Qt::LeftButton, {}, QPoint(size.width() / 2, 3));
        QCOMPARE(currentOf(w), -1);
    }

    void frameSelectedFitsTheSelection()
    {
        MainWindow w(test::unattended());
        w.resize(1000, 750);
        w.show();
        QVERIFY(openAndWait(w, CS_SAMPLE_FILE));
        const float wholeScene = w.viewport()->camera().distance();
        w.session().selectNode(5); // the ball: a 0.4 m sphere
        w.actions().get(cs::ui::ActionId::FrameSelected)->trigger();
        const QVector3D ball = w.session().scene()->graph.worldTransform(6).map(QVector3D());
        QVERIFY((w.viewport()->camera().target() - ball).length() < 1e-2f);
        QVERIFY(w.viewport()->camera().distance() < wholeScene / 10);
        w.session().selectNode(std::nullopt);
        w.actions().get(cs::ui::ActionId::FrameSelected)->trigger(); // nothing selected: everything
        QVERIFY(std::abs(w.viewport()->camera().distance() - wholeScene) < wholeScene * 0.05f);
    }

    void deleteUndoRedoThroughTheWindow()
    {
        test::TempDir dir;
        MainWindow w(test::unattended());
        w.show();
        QVERIFY(openAndWait(w, CS_SAMPLE_FILE));
        const size_t shapes = w.session().scene()->resolved.instances.size();
        QTreeWidget* tree = w.sceneTree()->tree();
        auto physicsText = [&] {
            return tree->findItems(QStringLiteral("Crate 1"), Qt::MatchExactly | Qt::MatchRecursive)
                .value(0)
                ->text(1);
        };
        QCOMPARE(physicsText(), QStringLiteral("dynamic, collider"));
        QVERIFY(!w.actions().get(cs::ui::ActionId::Undo)->isEnabled());
        QVERIFY(!w.isWindowModified());

        w.session().selectNode(2); // Crate 1: motion and a box collider
        QVERIFY(w.actions().get(cs::ui::ActionId::Delete)->isEnabled());
        w.actions().get(cs::ui::ActionId::Delete)->trigger();
        QTest::qWait(50); // the view refreshes once after the command's events
        QVERIFY(!w.session().document()->model().node(2) || w.session().document()->model().node(2)->empty());
        QCOMPARE(physicsText(), QString());
        QCOMPARE(w.session().scene()->resolved.instances.size(), shapes - 1);
        QVERIFY(w.isWindowModified());
        QVERIFY(!w.actions().get(cs::ui::ActionId::Delete)->isEnabled());
        auto* history = w.findChild<QUndoView*>();
        QVERIFY(history);
        QCOMPARE(history->model()->rowCount(), 2); // "<opened>" and the one step

        w.actions().get(cs::ui::ActionId::Undo)->trigger();
        QTest::qWait(50);
        QCOMPARE(physicsText(), QStringLiteral("dynamic, collider"));
        QCOMPARE(w.session().scene()->resolved.instances.size(), shapes);
        QVERIFY(!w.isWindowModified());

        w.actions().get(cs::ui::ActionId::Redo)->trigger();
        QTest::qWait(50);
        QCOMPARE(physicsText(), QString());
        // Saved and read back: the crate has no physics, the other crates keep theirs.
        const QString out = QString::fromStdString((dir / "edited.glb").string());
        QVERIFY(w.session().saveTo(out));
        QVERIFY(!w.isWindowModified());
        auto reloaded = gltf::loadGltf(out.toStdString());
        auto model = physics::readPhysics(*reloaded);
        QVERIFY(!model->node(2) || model->node(2)->empty());
        QVERIFY(model->node(3) && model->node(3)->collider.has_value());
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("edited.glb")));
    }

    void importsOtherFormats()
    {
        // An OBJ from Debian's assimp-testmodels: imported as a new glTF document, never saved over the
        // source.
        const QString obj = QStringLiteral("/usr/share/assimp/models/OBJ/box.obj");
        QVERIFY2(QFileInfo::exists(obj), "assimp-testmodels is not installed: run scripts/setup.sh");
        MainWindow w(test::unattended());
        w.show();
        QVERIFY(openAndWait(w, obj));
        QVERIFY(w.session().scene()->render.instances.size() >= 1);
        QVERIFY(w.session().document()->gltf().count("meshes") >= 1);
        QVERIFY(w.windowTitle().contains(QStringLiteral("box.obj (imported)")));
        QVERIFY(w.actions().get(cs::ui::ActionId::Import) != nullptr);
        test::TempDir dir;
        const QString out = QString::fromStdString((dir / "box.glb").string());
        QVERIFY(w.session().saveTo(out));
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("box.glb")));
        QVERIFY(gltf::loadGltf(out.toStdString()).value.has_value());
    }

    void rendersAFrame()
    {
        MainWindow w(test::unattended());
        w.resize(900, 700);
        w.show();
        QVERIFY(openAndWait(w, CS_SAMPLE_FILE));
        QImage frame;
        w.viewport()->capture([&](const QImage& image) { frame = image; });
        QVERIFY(QTest::qWaitFor([&] { return !frame.isNull(); }, 20000));
        QVERIFY(frame.width() > 100 && frame.height() > 100);
        // The sample's floor and objects cover much of the view: count pixels far from the background colour.
        const QColor background(38, 40, 46);
        int drawn = 0;
        for (int y = 0; y < frame.height(); y += 4) {
            for (int x = 0; x < frame.width(); x += 4) {
                const QColor c = frame.pixelColor(x, y);
                drawn += std::abs(c.red() - background.red()) + std::abs(c.green() - background.green()) +
                             std::abs(c.blue() - background.blue()) >
                         60;
            }
        }
        const int samples = (frame.width() / 4) * (frame.height() / 4);
        QVERIFY2(drawn > samples / 10,
                 qPrintable(QStringLiteral("%1 of %2 samples drawn").arg(drawn).arg(samples)));
    }
};

QTEST_MAIN(TestMainWindow)
#include "TestMainWindow.moc"
