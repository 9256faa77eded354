// The physics materials table driven like a user: cells edited through their editors, combine modes changed
// from the keyboard, materials added and deleted with the buttons. Every check is on the document's model and
// the JSON a save writes, and on undo/redo bringing the table back.
#include "TableCells.h"
#include "TestSupport.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "panels/MaterialsPanel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QUndoStack>
#include <memory>

using namespace cs;
using namespace cs::test;
using cs::ui::MaterialsPanel;

namespace {

const char* kScene = R"({
  "asset": {"version": "2.0"},
  "extensionsUsed": ["OMI_physics_body", "OMI_physics_shape"],
  "extensions": {
    "OMI_physics_shape": {"shapes": [{"type": "box", "box": {"size": [10, 1, 10]}},
                                     {"type": "sphere", "sphere": {"radius": 0.5}}]},
    "OMI_physics_body": {
      "physicsMaterials": [
        {"name": "Ice", "staticFriction": 0.05, "dynamicFriction": 0.03},
        {"name": "Rubber", "staticFriction": 1.0, "dynamicFriction": 0.8, "restitution": 0.7,
         "restitutionCombine": "maximum"}]}
  },
  "scene": 0,
  "scenes": [{"nodes": [0, 1, 2]}],
  "nodes": [
    {"name": "Floor", "extensions": {"OMI_physics_body": {"collider": {"shape": 0, "physicsMaterial": 0}}}},
    {"name": "Ball", "extensions": {"OMI_physics_body": {"motion": {"type": "dynamic"},
                                                         "collider": {"shape": 1, "physicsMaterial": 1}}}},
    {"name": "Crate", "extensions": {"OMI_physics_body": {"collider": {"shape": 0, "physicsMaterial": 1}}}}
  ]
})";

gltf::Json savedMaterials(const document::Document& doc)
{
    const gltf::Json saved = doc.savedJson();
    return saved["extensions"]["OMI_physics_body"].value("physicsMaterials", gltf::Json::array());
}

} // namespace

class TestMaterialsPanel : public QObject
{
    Q_OBJECT

    std::unique_ptr<document::Document> m_doc;
    std::unique_ptr<MaterialsPanel> m_panel;

private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void init()
    {
        m_doc = std::make_unique<document::Document>(test::loadJson(kScene));
        m_panel = std::make_unique<MaterialsPanel>();
        m_panel->setDocument(m_doc.get());
        m_panel->resize(900, 300);
        m_panel->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
    }

    void cleanup()
    {
        m_panel.reset();
        m_doc.reset();
    }

    void showsTheMaterials()
    {
        QTableView* t = m_panel->table();
        QCOMPARE(t->model()->rowCount(), 2);
        QCOMPARE(text(t, 0, MaterialsPanel::NameColumn), QStringLiteral("Ice"));
        QCOMPARE(text(t, 1, MaterialsPanel::NameColumn), QStringLiteral("Rubber"));
        QCOMPARE(number(t, 0, MaterialsPanel::StaticFrictionColumn), 0.05);
        QCOMPARE(number(t, 1, MaterialsPanel::RestitutionColumn), 0.7);
        auto* combine = comboAt(t, 1, MaterialsPanel::RestitutionCombineColumn);
        QVERIFY(combine);
        QCOMPARE(combine->currentText(), QStringLiteral("Maximum"));
        QCOMPARE(text(t, 0, MaterialsPanel::UsersColumn), QStringLiteral("1"));
        QCOMPARE(text(t, 1, MaterialsPanel::UsersColumn), QStringLiteral("2"));
        QVERIFY(cell(t, 1, MaterialsPanel::UsersColumn, Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("Crate")));
    }

    void editingAFrictionCellIsOneUndoStep()
    {
        QTableView* t = m_panel->table();
        auto* spin = qobject_cast<QDoubleSpinBox*>(openEditor(t, 0, MaterialsPanel::StaticFrictionColumn));
        QVERIFY(spin);
        QCOMPARE(spin->minimum(), 0.0);
        const int steps = m_doc->undoStack()->count();
        typeInto(spin, QStringLiteral("0.25"));
        QCOMPARE(m_doc->model().materials[0].staticFriction, 0.25);
        QCOMPARE(savedMaterials(*m_doc)[0]["staticFriction"].get<double>(), 0.25);
        QCOMPARE(m_doc->undoStack()->count(), steps + 1);
        QCOMPARE(m_doc->undoStack()->undoText(), QStringLiteral("Change Static Friction"));

        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->model().materials[0].staticFriction, 0.05);
        QCOMPARE(number(t, 0, MaterialsPanel::StaticFrictionColumn), 0.05);
        QCOMPARE(currentRow(t), 0);
        m_doc->undoStack()->redo();
        QCOMPARE(number(t, 0, MaterialsPanel::StaticFrictionColumn), 0.25);
    }

    void frictionAndRestitutionCannotGoNegative()
    {
        QTableView* t = m_panel->table();
        // The spec's minimum is 0: a negative number typed in is clamped to 0 or refused.
        QWidget* editor = openEditor(t, 1, MaterialsPanel::RestitutionColumn);
        QVERIFY(qobject_cast<QDoubleSpinBox*>(editor));
        typeInto(editor, QStringLiteral("-0.5"));
        QCOMPARE(m_doc->model().materials[1].restitution, 0.0);
        editor = openEditor(t, 1, MaterialsPanel::DynamicFrictionColumn);
        typeInto(editor, QStringLiteral("-2"));
        QVERIFY(m_doc->model().materials[1].dynamicFriction >= 0.0);
        QVERIFY(savedMaterials(*m_doc)[1]["dynamicFriction"].get<double>() >= 0.0);
        // Values above 1 are allowed (grippy rubber), up to the field's limit.
        editor = openEditor(t, 1, MaterialsPanel::StaticFrictionColumn);
        typeInto(editor, QStringLiteral("1.5"));
        QCOMPARE(m_doc->model().materials[1].staticFriction, 1.5);
    }

    void renamingEditsTheNameCell()
    {
        QTableView* t = m_panel->table();
        auto* edit = qobject_cast<QLineEdit*>(openEditor(t, 0, MaterialsPanel::NameColumn));
        QVERIFY(edit);
        typeInto(edit, QStringLiteral("Slippery"));
        QCOMPARE(savedMaterials(*m_doc)[0]["name"].get<std::string>(), std::string("Slippery"));
        QCOMPARE(m_doc->undoStack()->undoText(), QStringLiteral("Rename Physics Material"));
        m_doc->undoStack()->undo();
        QCOMPARE(savedMaterials(*m_doc)[0]["name"].get<std::string>(), std::string("Ice"));
        QCOMPARE(text(t, 0, MaterialsPanel::NameColumn), QStringLiteral("Ice"));
    }

    void combineModeFromTheKeyboard()
    {
        QTableView* t = m_panel->table();
        auto* combo = comboAt(t, 0, MaterialsPanel::FrictionCombineColumn);
        QVERIFY(combo);
        // Ice leaves the mode out: "Not set" (OMI reads it as its default, "average").
        QCOMPARE(combo->currentText(), QStringLiteral("Not set"));
        // Not set -> Average -> Minimum -> Maximum -> Multiply
        for (int i = 0; i < 4; ++i)
            QTest::keyClick(combo, Qt::Key_Down);
        QCOMPARE(m_doc->model().materials[0].frictionCombine, std::optional(physics::CombineMode::Multiply));
        QCOMPARE(savedMaterials(*m_doc)[0]["frictionCombine"].get<std::string>(), std::string("multiply"));
        QCOMPARE(m_doc->selectedMaterial(), 0);
        // Four separate choices, four steps; undo all of them.
        m_doc->undoStack()->undo();
        QCOMPARE(combo->currentText(), QStringLiteral("Maximum"));
        m_doc->undoStack()->undo();
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->model().materials[0].frictionCombine, std::optional(physics::CombineMode::Average));
        QCOMPARE(savedMaterials(*m_doc)[0]["frictionCombine"].get<std::string>(), std::string("average"));
        m_doc->undoStack()->undo();
        QVERIFY(!m_doc->model().materials[0].frictionCombine);
        QVERIFY(!savedMaterials(*m_doc)[0].contains("frictionCombine"));
        QCOMPARE(combo->currentText(), QStringLiteral("Not set"));
    }

    void addingAMaterial()
    {
        QTableView* t = m_panel->table();
        QTest::mouseClick(m_panel->addButton(), Qt::LeftButton);
        QCOMPARE(m_doc->model().materials.size(), size_t(3));
        QCOMPARE(t->model()->rowCount(), 3);
        QCOMPARE(currentRow(t), 2);
        QCOMPARE(m_doc->selectedMaterial(), 2);
        const gltf::Json added = savedMaterials(*m_doc)[2];
        QCOMPARE(added["name"].get<std::string>(), std::string("Material 1"));
        QCOMPARE(number(t, 2, MaterialsPanel::StaticFrictionColumn), 0.6);
        QCOMPARE(text(t, 2, MaterialsPanel::UsersColumn), QStringLiteral("0"));
        // A second one gets the next free name.
        QTest::mouseClick(m_panel->addButton(), Qt::LeftButton);
        QCOMPARE(savedMaterials(*m_doc)[3]["name"].get<std::string>(), std::string("Material 2"));

        m_doc->undoStack()->undo();
        m_doc->undoStack()->undo();
        QCOMPARE(t->model()->rowCount(), 2);
        QCOMPARE(savedMaterials(*m_doc).size(), size_t(2));
        QVERIFY(currentRow(t) < 2);
    }

    void deletingReportsTheNodesThatUsedIt()
    {
        QTableView* t = m_panel->table();
        setCurrentCell(t, 1, MaterialsPanel::NameColumn);
        QCOMPARE(m_doc->selectedMaterial(), 1);
        QSignalSpy activated(m_panel.get(), &MaterialsPanel::nodeActivated);
        QTest::mouseClick(m_panel->deleteButton(), Qt::LeftButton);

        QCOMPARE(m_doc->model().materials.size(), size_t(1));
        QCOMPARE(t->model()->rowCount(), 1);
        const QString status = m_panel->statusLabel()->text();
        QVERIFY2(status.contains(QStringLiteral("Rubber")), qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral(">Ball<")) && status.contains(QStringLiteral(">Crate<")),
                 qPrintable(status));
        QVERIFY2(!status.contains(QStringLiteral("Floor")), qPrintable(status));
        const gltf::Json saved = m_doc->savedJson();
        QVERIFY(!saved["nodes"][1]["extensions"]["OMI_physics_body"]["collider"].contains("physicsMaterial"));
        QVERIFY(!saved["nodes"][2]["extensions"]["OMI_physics_body"]["collider"].contains("physicsMaterial"));
        QCOMPARE(
            saved["nodes"][0]["extensions"]["OMI_physics_body"]["collider"]["physicsMaterial"].get<int>(), 0);
        QCOMPARE(text(t, 0, MaterialsPanel::UsersColumn), QStringLiteral("1"));

        // The node names are links.
        emit m_panel->statusLabel()->linkActivated(QStringLiteral("node:2"));
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).toInt(), 2);

        m_doc->undoStack()->undo();
        QCOMPARE(t->model()->rowCount(), 2);
        QCOMPARE(text(t, 1, MaterialsPanel::NameColumn), QStringLiteral("Rubber"));
        QTRY_COMPARE(text(t, 1, MaterialsPanel::UsersColumn), QStringLiteral("2"));
        QCOMPARE(m_doc->model().nodes.at(2).collider->physicsMaterial, 1);
    }

    void deletingAnUnusedMaterial()
    {
        QTest::mouseClick(m_panel->addButton(), Qt::LeftButton);
        const std::vector<size_t> users = m_panel->deleteCurrentMaterial();
        QVERIFY(users.empty());
        QVERIFY(m_panel->statusLabel()->text().contains(QStringLiteral("no collider used it")));
        QCOMPARE(m_doc->model().materials.size(), size_t(2));
    }

    void followsTheDocumentSelectionAndOutsideEdits()
    {
        QTableView* t = m_panel->table();
        m_doc->setSelectedMaterial(1);
        QCOMPARE(currentRow(t), 1);
        setCurrentCell(t, 0, 0);
        QCOMPARE(m_doc->selectedMaterial(), 0);

        // An edit made elsewhere (the main window, a script) shows up, and so does its undo.
        m_doc->push(new document::SetRestitution(m_doc.get(), 1, 0.25));
        QCOMPARE(number(t, 1, MaterialsPanel::RestitutionColumn), 0.25);
        QCOMPARE(currentRow(t), 0);
        m_doc->undoStack()->undo();
        QCOMPARE(number(t, 1, MaterialsPanel::RestitutionColumn), 0.7);

        // A collider switching material updates the "Used by" count.
        m_doc->push(new document::SetColliderMaterial(m_doc.get(), 0, 1));
        QTRY_COMPARE(text(t, 1, MaterialsPanel::UsersColumn), QStringLiteral("3"));
        QCOMPARE(text(t, 0, MaterialsPanel::UsersColumn), QStringLiteral("0"));
    }

    void withoutADocumentThePanelIsEmptyAndDisabled()
    {
        m_panel->setDocument(nullptr);
        QCOMPARE(m_panel->table()->model()->rowCount(), 0);
        QVERIFY(!m_panel->isEnabled());
        QCOMPARE(m_panel->addMaterial(), -1);
        // A document that goes away empties the panel too.
        m_panel->setDocument(m_doc.get());
        QCOMPARE(m_panel->table()->model()->rowCount(), 2);
        m_doc.reset();
        QCOMPARE(m_panel->table()->model()->rowCount(), 0);
        QVERIFY(!m_panel->isEnabled());
    }
};

QTEST_MAIN(TestMaterialsPanel)
#include "TestMaterialsPanel.moc"
