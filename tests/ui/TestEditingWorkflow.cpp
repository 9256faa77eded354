// An artist's session through the real main window: open a file, select a node, make it a dynamic body, fit a
// capsule collider to its mesh, change the capsule's radius, generate a convex hull, create a physics
// material and assign it; undo and redo each step; save as .glb, reload, and find every edit. The saved file
// passes the Khronos glTF-Validator and our own validator without errors. Then crash recovery: a recovery
// copy opens as an untitled document with unsaved edits.
#include "Autosave.h"
#include "DocumentSession.h"
#include "MainWindow.h"
#include "OpenAndWait.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "ToolDialogs.h"
#include "dialogs/HullDialog.h"
#include "document/Document.h"
#include "document/ModelCommands.h"
#include "panels/AddColliderMenu.h"
#include "panels/BodyPanel.h"
#include "panels/ColliderPanel.h"
#include "panels/MaterialsPanel.h"
#include "panels/PropertiesPanel.h"
#include "panels/SceneTreePanel.h"
#include "panels/ShapePanel.h"
#include "physics/Validator.h"
#include "viewport/Viewport.h"
#include "widgets/NumberField.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>

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

constexpr size_t kCharacter = 7;         // the sample's "Character" node (no mesh)
constexpr size_t kCharacterCollider = 8; // its child "Character Collider", with the capsule-like mesh

void enter(ui::NumberField* field, const QString& text)
{
    field->spinBox()->selectAll();
    QTest::keyClicks(field->spinBox(), text);
    QTest::keyClick(field->spinBox(), Qt::Key_Enter);
}

void choose(QComboBox* combo, int index)
{
    QVERIFY(index >= 0);
    combo->setCurrentIndex(index);
    emit combo->activated(index);
}

/// Lets the window take in change events (its refresh runs on the next event-loop turn).
void settle()
{
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
}

QTreeWidgetItem* treeItem(MainWindow& w, const QString& name)
{
    for (QTreeWidgetItemIterator it(w.sceneTree()->tree()); *it; ++it)
        if ((*it)->text(0) == name)
            return *it;
    return nullptr;
}

const physics::NodePhysics* physicsOf(const document::Document& doc, size_t node)
{
    return doc.model().node(node);
}

/// Undoes and redoes the last step, checking `applied` in between.
template <class Check> void undoRedo(QUndoStack* stack, Check applied)
{
    QVERIFY(applied());
    stack->undo();
    settle();
    QVERIFY(!applied());
    stack->redo();
    settle();
    QVERIFY(applied());
}

} // namespace

class TestEditingWorkflow : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CollidoscopeTest"));
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                           QString::fromStdString((m_dir / "settings").string()));
        QSettings().clear();
        qputenv("CS_RECOVERY_DIR", QByteArray::fromStdString((m_dir / "recovery").string()));

        // The sample without the character's physics: a mesh node with nothing on it, as an artist finds one.
        auto opened = document::Document::open(CS_SAMPLE_FILE);
        QVERIFY(opened);
        document::Document& doc = **opened;
        doc.push(document::removeCollider(&doc, kCharacterCollider));
        doc.push(document::removeMotion(&doc, kCharacter));
        QVERIFY(!hasErrors(doc.saveAs(m_dir / "scene.glb")));
    }

    void editSaveAndReload()
    {
        MainWindow w(test::unattended());
        w.resize(1400, 900);
        w.show();
        QVERIFY(openAndWait(w, QString::fromStdString((m_dir / "scene.glb").string())));
        document::Document* doc = w.session().document();
        QVERIFY(doc);
        QUndoStack* stack = doc->undoStack();
        const size_t shapesBefore = doc->model().shapes.size();
        const size_t materialsBefore = doc->model().materials.size();
        const size_t nodesBefore = doc->gltf().count("nodes");

        // Select the node in the scene tree.
        QTreeWidgetItem* item = treeItem(w, QStringLiteral("Character Collider"));
        QVERIFY(item);
        w.sceneTree()->tree()->setCurrentItem(item);
        QCOMPARE(currentOf(w), int(kCharacterCollider));
        ui::BodyPanel* body = w.properties()->bodyPanel();
        QCOMPARE(body->nodes(), std::vector<size_t>{kCharacterCollider});

        // A dynamic body: motion on, type dynamic, a mass.
        QVERIFY(!body->motionCheck()->isChecked());
        body->motionCheck()->click();
        settle();
        undoRedo(stack, [&] {
            return physicsOf(*doc, kCharacterCollider) && physicsOf(*doc, kCharacterCollider)->motion;
        });
        // Motion on makes a dynamic body; the type combo changes it (kinematic, then back by undo).
        QCOMPARE(physicsOf(*doc, kCharacterCollider)->motion->type, physics::MotionType::Dynamic);
        QCOMPARE(body->typeCombo()->currentText(), QStringLiteral("Dynamic"));
        const int steps = stack->index();
        choose(body->typeCombo(), body->typeCombo()->findText(QStringLiteral("Kinematic")));
        settle();
        QCOMPARE(stack->index(), steps + 1);
        undoRedo(stack, [&] {
            const physics::NodePhysics* p = physicsOf(*doc, kCharacterCollider);
            return p && p->motion && p->motion->type == physics::MotionType::Kinematic;
        });
        stack->undo();
        settle();
        QCOMPARE(physicsOf(*doc, kCharacterCollider)->motion->type, physics::MotionType::Dynamic);
        QCOMPARE(body->typeCombo()->currentText(), QStringLiteral("Dynamic"));
        enter(body->massField(), QStringLiteral("72.5"));
        settle();
        undoRedo(stack, [&] { return physicsOf(*doc, kCharacterCollider)->motion->mass == 72.5; });

        // Add Collider > Capsule: fitted to the mesh, on a new child node that becomes the selection.
        ui::AddColliderMenu* menu = w.addColliderMenu();
        emit menu->aboutToShow();
        QAction* capsule = menu->action(ui::AddColliderMenu::Kind::Capsule);
        QVERIFY(capsule && capsule->isEnabled());
        capsule->trigger();
        QVERIFY(menu->waitForIdle(5000)); // the capsule is fitted off the GUI thread
        settle();
        const int capsuleNode = currentOf(w);
        QCOMPARE(size_t(capsuleNode), nodesBefore);
        QCOMPARE(doc->sceneGraph().parent(size_t(capsuleNode)), std::optional<size_t>(kCharacterCollider));
        const int capsuleShape = physicsOf(*doc, size_t(capsuleNode))->collider->shape;
        QCOMPARE(doc->model().shapes[size_t(capsuleShape)].type, physics::ShapeType::Capsule);
        const double fittedRadius = doc->model().shapes[size_t(capsuleShape)].radiusBottom;
        QVERIFY2(fittedRadius > 0.1 && fittedRadius < 1.0, qPrintable(QString::number(fittedRadius)));
        undoRedo(stack, [&] { return doc->gltf().count("nodes") == nodesBefore + 1; });
        w.session().selectNode(size_t(capsuleNode));

        // The shape section shows the capsule; its radius is typed in (top and bottom).
        ui::ShapePanel* shapePanel = w.properties()->shapePanel();
        QCOMPARE(w.properties()->shownShape(), capsuleShape);
        QVERIFY(shapePanel->radiusTopField()->isVisible());
        enter(shapePanel->radiusTopField(), QStringLiteral("0.3"));
        enter(shapePanel->radiusBottomField(), QStringLiteral("0.3"));
        settle();
        const physics::Shape& capsuleNow = doc->model().shapes[size_t(capsuleShape)];
        QCOMPARE(capsuleNow.radiusTop, 0.3);
        QCOMPARE(capsuleNow.radiusBottom, 0.3);
        undoRedo(stack, [&] { return doc->model().shapes[size_t(capsuleShape)].radiusBottom == 0.3; });

        // Physics > Generate Convex Hull on the mesh node: previewed in the view, then applied as one step.
        QPointer<ui::HullDialog> hull = w.tools().openHullDialog(kCharacterCollider);
        QVERIFY(hull);
        hull->setDestination(ui::HullDialog::Destination::NewChildNode);
        QVERIFY(hull->waitForResult(30000));
        QVERIFY(hull->pointCount() >= 4 && hull->pointCount() <= 255);
        QVERIFY(hull->volumeKept() > 0.9 && hull->volumeKept() <= 1.0 + 1e-9);
        QTRY_VERIFY(w.viewport()->previewPointCount() > 0);
        const int stepsBeforeHull = stack->index();
        QVERIFY(hull->apply());
        settle();
        QCOMPARE(stack->index(), stepsBeforeHull + 1);
        QCOMPARE(doc->model().shapes.size(), shapesBefore + 2); // the capsule and the hull
        const size_t hullShape = doc->model().shapes.size() - 1;
        QCOMPARE(doc->model().shapes[hullShape].type, physics::ShapeType::Convex);
        undoRedo(stack, [&] { return doc->model().shapes.size() == shapesBefore + 2; });
        // Applying closes the dialog (it deletes itself) and takes the preview away.
        if (hull)
            hull->close();
        QTRY_VERIFY(hull.isNull());
        QTRY_COMPARE(w.viewport()->previewPointCount(), size_t(0));

        // A new physics material, assigned to the capsule collider.
        w.materials()->addButton()->click();
        settle();
        QCOMPARE(doc->model().materials.size(), materialsBefore + 1);
        const int material = int(materialsBefore);
        undoRedo(stack, [&] { return doc->model().materials.size() == materialsBefore + 1; });
        w.session().selectNode(size_t(capsuleNode));
        ui::ColliderPanel* collider = w.properties()->colliderPanel();
        QCOMPARE(collider->nodes(), std::vector<size_t>{size_t(capsuleNode)});
        choose(collider->materialCombo(), collider->materialCombo()->findData(material));
        settle();
        undoRedo(stack,
                 [&] { return physicsOf(*doc, size_t(capsuleNode))->collider->physicsMaterial == material; });

        // Save as .glb; the window takes the new path and is clean.
        const auto saved = m_dir / "edited.glb";
        QVERIFY(w.session().saveTo(QString::fromStdString(saved.string())));
        QVERIFY(!doc->isModified());

        // Reload: every edit is there.
        auto reloaded = document::Document::open(saved);
        QVERIFY(reloaded);
        const document::Document& again = **reloaded;
        const physics::NodePhysics* character = again.model().node(kCharacterCollider);
        QVERIFY(character && character->motion);
        QCOMPARE(character->motion->type, physics::MotionType::Dynamic);
        QCOMPARE(character->motion->mass, 72.5);
        const physics::NodePhysics* capsuleCollider = again.model().node(size_t(capsuleNode));
        QVERIFY(capsuleCollider && capsuleCollider->collider);
        const physics::Shape& capsuleSaved = again.model().shapes[size_t(capsuleCollider->collider->shape)];
        QCOMPARE(capsuleSaved.type, physics::ShapeType::Capsule);
        QCOMPARE(capsuleSaved.radiusTop, 0.3);
        QCOMPARE(capsuleSaved.radiusBottom, 0.3);
        QCOMPARE(capsuleCollider->collider->physicsMaterial, material);
        QCOMPARE(again.model().materials.size(), materialsBefore + 1);
        const physics::Shape& hullSaved = again.model().shapes[hullShape];
        QCOMPARE(hullSaved.type, physics::ShapeType::Convex);
        const gltf::Json* hullMesh = again.gltf().element("meshes", size_t(hullSaved.mesh));
        QVERIFY(hullMesh);
        const int positions = (*hullMesh)["primitives"][0]["attributes"]["POSITION"].get<int>();
        const size_t hullPoints = again.gltf().json()["accessors"][size_t(positions)]["count"].get<size_t>();
        QVERIFY(hullPoints >= 4 && hullPoints <= 255);
        bool hullUsed = false;
        for (const auto& [node, p] : again.model().nodes)
            hullUsed = hullUsed || (p.collider && p.collider->shape == int(hullShape));
        QVERIFY(hullUsed);

        // Both validators: no errors.
        const Diagnostics ours = physics::validatePhysics(again.gltf());
        QVERIFY2(!hasErrors(ours), test::describe(ours).c_str());
        QVERIFY(test::validatorAvailable());
        const auto reports = test::runValidator({saved});
        QCOMPARE(reports.size(), size_t(1));
        QVERIFY2(reports[0].ran, reports[0].failure.c_str());
        QVERIFY2(reports[0].errors == 0, reports[0].text.c_str());
    }

    void severalSelectedNodesAreEditedTogether()
    {
        MainWindow w(test::unattended());
        w.show();
        QVERIFY(openAndWait(w, CS_SAMPLE_FILE));
        document::Document* doc = w.session().document();
        // Crate 1 (20 kg) and Crate 3 (8 kg): the mass shows mixed; one typed value sets both in one step.
        w.session().selectNodes({2, 4}, 2);
        QCOMPARE(w.sceneTree()->selectedNodes(), (std::vector<size_t>{2, 4}));
        ui::BodyPanel* body = w.properties()->bodyPanel();
        QCOMPARE(body->nodes(), (std::vector<size_t>{2, 4}));
        QVERIFY(body->massField()->isMixed());
        const int steps = doc->undoStack()->count();
        enter(body->massField(), QStringLiteral("12"));
        settle();
        QCOMPARE(doc->model().node(2)->motion->mass, 12.0);
        QCOMPARE(doc->model().node(4)->motion->mass, 12.0);
        QCOMPARE(doc->undoStack()->count(), steps + 1);
        doc->undoStack()->undo();
        QCOMPARE(doc->model().node(2)->motion->mass, 20.0);
        QCOMPARE(doc->model().node(4)->motion->mass, 8.0);

        // Delete removes the physics of both selected nodes, as one step.
        w.actions().get(cs::ui::ActionId::Delete)->trigger();
        settle();
        QVERIFY(!doc->model().node(2) || doc->model().node(2)->empty());
        QVERIFY(!doc->model().node(4) || doc->model().node(4)->empty());
        QVERIFY(doc->model().node(3) && doc->model().node(3)->motion); // Crate 2 was not selected
        doc->undoStack()->undo();
        QVERIFY(doc->model().node(2)->motion && doc->model().node(4)->collider);
    }

    void aRecoveryCopyOpensWithItsEdits()
    {
        // A copy as a crashed session leaves it: the document with an edit, written without saving it.
        auto opened = document::Document::open(CS_SAMPLE_FILE);
        QVERIFY(opened);
        document::Document& edited = **opened;
        edited.push(new document::SetMotionMass(&edited, 2, 33.0));
        const auto copy = m_dir / "copy.glb";
        QVERIFY(!hasErrors(edited.writeCopy(copy)));

        MainWindow w(test::unattended());
        w.show();
        QVERIFY(!w.session().offerRecovery()); // no copy in the recovery folder: nothing is offered
        bool finished = false, ok = false;
        w.session().recover(QString::fromStdString(copy.string()), QStringLiteral("/somewhere/level.glb"),
                            [&](bool result) {
                                finished = true;
                                ok = result;
                            });
        QVERIFY(QTest::qWaitFor([&] { return finished; }, 20000) && ok);
        QCOMPARE(w.session().document()->model().node(2)->motion->mass, 33.0);
        QVERIFY(w.session().document()->isModified());
        QVERIFY(w.isWindowModified());
        QVERIFY2(w.windowTitle().startsWith(QStringLiteral("level.glb (recovered)")),
                 qPrintable(w.windowTitle()));
        // The window keeps a recovery copy of its own at once, so a second crash loses nothing either.
        QVERIFY(!w.session().autosave()->currentRecoveryFile().isEmpty());
        QVERIFY(QFileInfo::exists(w.session().autosave()->currentRecoveryFile()));
    }
};

QTEST_MAIN(TestEditingWorkflow)
#include "TestEditingWorkflow.moc"
