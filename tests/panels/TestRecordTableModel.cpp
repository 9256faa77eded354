// RecordTableModel as Qt's item-model checker sees it (QAbstractItemModelTester watches every signal and
// answer while the document is edited, undone, grown, shrunk and replaced) and as a view reads it: the
// values, the bounded and the kept-only-here edits, the users column and what undo restores.
#include "TestSupport.h"
#include "document/ColliderEdits.h"
#include "document/Document.h"
#include "document/ListItems.h"
#include "document/SetFields.h"
#include "panels/RecordFieldColumn.h"
#include "panels/RecordTableModel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>
#include <memory>

using namespace cs;
using namespace cs::ui;

namespace {

// Materials 0 "Ice" (static friction 0.05, used by nodes 0 and 1), 1 unnamed (friction 0.6, unused).
const char* kScene = R"({
  "asset": {"version": "2.0"},
  "extensionsUsed": ["OMI_physics_body", "OMI_physics_shape"],
  "extensions": {
    "OMI_physics_shape": {"shapes": [{"type": "sphere", "sphere": {"radius": 0.5}}]},
    "OMI_physics_body": {"physicsMaterials": [
      {"name": "Ice", "staticFriction": 0.05, "frictionCombine": "minimum"},
      {"staticFriction": 0.6}]}
  },
  "scene": 0,
  "scenes": [{"nodes": [0, 1, 2]}],
  "nodes": [
    {"name": "A", "extensions": {"OMI_physics_body": {"collider": {"shape": 0, "physicsMaterial": 0}}}},
    {"name": "B", "extensions": {"OMI_physics_body": {"collider": {"shape": 0, "physicsMaterial": 0}}}},
    {"name": "C", "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}}
  ]
})";

enum Column
{
    Name,
    Friction,
    Combine,
    Users,
    ColumnCount
};

std::vector<RecordColumn> columns()
{
    namespace field = document::field;
    using Locate = document::locate::Material;
    std::vector<RecordColumn> c(ColumnCount);
    c[Name] = fieldColumn<Locate, field::MaterialName>(QStringLiteral("Name"), {}, RecordEditor::Text);
    c[Friction] =
        fieldColumn<Locate, field::StaticFriction>(QStringLiteral("Friction"), {}, RecordEditor::Number);
    c[Friction].minimum = 0.0;
    c[Friction].maximum = 2.0;
    c[Combine] =
        fieldColumn<Locate, field::FrictionCombine>(QStringLiteral("Combine"), {}, RecordEditor::Choice);
    c[Combine].choices = {{QStringLiteral("Not set"), -1, {}},
                          {QStringLiteral("Average"), int(physics::CombineMode::Average), {}},
                          {QStringLiteral("Minimum"), int(physics::CombineMode::Minimum), {}}};
    c[Users].header = QStringLiteral("Used by");
    c[Users].users = true;
    return c;
}

} // namespace

class TestRecordTableModel : public QObject
{
    Q_OBJECT

    std::unique_ptr<document::Document> m_doc;
    std::unique_ptr<RecordTableModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;

    QVariant cell(int row, int column, int role = Qt::DisplayRole) const
    {
        return m_model->data(m_model->index(row, column), role);
    }
    const physics::PhysicsMaterial& material(size_t i) const { return m_doc->model().materials[i]; }

private slots:
    void init()
    {
        m_doc = std::make_unique<document::Document>(test::loadJson(kScene));
        m_model = std::make_unique<RecordTableModel>(
            RecordList{document::ListKind::Material, QStringLiteral("nobody")}, columns());
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        m_model->setDocument(m_doc.get());
    }

    void cleanup()
    {
        m_tester.reset();
        m_model.reset();
        m_doc.reset();
    }

    void shapeAndValues()
    {
        QCOMPARE(m_model->rowCount(), 2);
        QCOMPARE(m_model->columnCount(), int(ColumnCount));
        QCOMPARE(m_model->rowCount(m_model->index(0, 0)), 0); // a table: no children
        QCOMPARE(m_model->headerData(Friction, Qt::Horizontal).toString(), QStringLiteral("Friction"));
        QCOMPARE(cell(0, Name).toString(), QStringLiteral("Ice"));
        QCOMPARE(cell(1, Name).toString(), QString());
        QCOMPARE(cell(0, Friction, Qt::EditRole).toDouble(), 0.05);
        QCOMPARE(cell(1, Friction, Qt::EditRole).toDouble(), 0.6);
        // A choice shows its label and edits as its value; "not set" is -1.
        QCOMPARE(cell(0, Combine).toString(), QStringLiteral("Minimum"));
        QCOMPARE(cell(0, Combine, Qt::EditRole).toInt(), int(physics::CombineMode::Minimum));
        QCOMPARE(cell(1, Combine).toString(), QStringLiteral("Not set"));
        QCOMPARE(cell(0, Users).toString(), QStringLiteral("2"));
        QCOMPARE(cell(1, Users).toString(), QStringLiteral("0"));
        QCOMPARE(cell(0, Users, Qt::ToolTipRole).toString(), QStringLiteral("A\nB"));
        QCOMPARE(cell(1, Users, Qt::ToolTipRole).toString(), QStringLiteral("nobody"));
        QVERIFY(m_model->flags(m_model->index(0, Friction)).testFlag(Qt::ItemIsEditable));
        QVERIFY(!m_model->flags(m_model->index(0, Users)).testFlag(Qt::ItemIsEditable));
        QVERIFY(!cell(2, Name).isValid());
    }

    void editsPushCommandsAndUndoRestores()
    {
        QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
        // A number beyond the column's range is bounded to it.
        QVERIFY(m_model->setData(m_model->index(1, Friction), 5.0));
        QCOMPARE(material(1).staticFriction, 2.0);
        QCOMPARE(cell(1, Friction, Qt::EditRole).toDouble(), 2.0);
        QVERIFY(!changed.isEmpty());
        QVERIFY(m_model->setData(m_model->index(0, Name), QStringLiteral("  Rubber ")));
        QCOMPARE(cell(0, Name).toString(), QStringLiteral("Rubber"));
        QCOMPARE(m_doc->undoStack()->count(), 2);
        m_doc->undoStack()->undo();
        QCOMPARE(cell(0, Name).toString(), QStringLiteral("Ice"));
        m_doc->undoStack()->undo();
        QCOMPARE(cell(1, Friction, Qt::EditRole).toDouble(), 0.6);
        // Read-only cells and other roles take nothing.
        QVERIFY(!m_model->setData(m_model->index(0, Users), 7));
        QVERIFY(!m_model->setData(m_model->index(0, Friction), 0.5, Qt::DisplayRole));
        QCOMPARE(m_doc->undoStack()->count(), 2);
    }

    void rowsFollowTheList()
    {
        const size_t added = document::addMaterial(*m_doc, "Felt");
        QCOMPARE(added, size_t(2));
        QCOMPARE(m_model->rowCount(), 3);
        QCOMPARE(cell(2, Name).toString(), QStringLiteral("Felt"));
        // Deleting "Ice" moves the others up; its users fall back to the default material.
        const std::vector<size_t> users = document::deleteMaterial(*m_doc, 0);
        QCOMPARE(users, (std::vector<size_t>{0, 1}));
        QCOMPARE(m_model->rowCount(), 2);
        QCOMPARE(cell(0, Friction, Qt::EditRole).toDouble(), 0.6);
        QCOMPARE(cell(1, Name).toString(), QStringLiteral("Felt"));
        m_doc->undoStack()->undo();
        QCOMPARE(m_model->rowCount(), 3);
        QCOMPARE(cell(0, Users).toString(), QStringLiteral("2"));
        m_doc->undoStack()->undo();
        QCOMPARE(m_model->rowCount(), 2);
    }

    void usersFollowReferences()
    {
        document::setEach<document::SetColliderMaterial>(*m_doc, {{2, 0}});
        QCOMPARE(cell(0, Users).toString(), QStringLiteral("3"));
        QCOMPARE(cell(0, Users, Qt::ToolTipRole).toString(), QStringLiteral("A\nB\nC"));
        m_doc->undoStack()->undo();
        QCOMPARE(cell(0, Users).toString(), QStringLiteral("2"));
    }

    void documentReplacedOrGone()
    {
        m_model->setDocument(nullptr);
        QCOMPARE(m_model->rowCount(), 0);
        QVERIFY(!m_model->setData(m_model->index(0, Name), QStringLiteral("x")));
        m_model->setDocument(m_doc.get());
        QCOMPARE(m_model->rowCount(), 2);
        m_doc.reset(); // the model lets go of a deleted document
        QCOMPARE(m_model->rowCount(), 0);
    }
};

QTEST_MAIN(TestRecordTableModel)
#include "TestRecordTableModel.moc"
