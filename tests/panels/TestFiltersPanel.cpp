// The collision filters table driven like a user: tag cells typed into (with completion), the collide-with
// mode switched, filters added and deleted. Checks are on the model and on the JSON a save writes, above all
// that collideWithSystems and notCollideWithSystems never end up both set.
#include "TableCells.h"
#include "TestSupport.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "panels/FiltersPanel.h"

#include <QAbstractItemModel>
#include <QComboBox>
#include <QCompleter>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTest>
#include <QUndoStack>
#include <memory>

using namespace cs;
using namespace cs::test;
using cs::ui::FiltersPanel;
using Strings = std::vector<std::string>;

/// JSON equality (numbers compare by value: 1 == 1.0), with both values in the failure message.
#define CHECK_JSON(actual, expected)                                                                         \
    do {                                                                                                     \
        const cs::gltf::Json a_ = (actual);                                                                  \
        const cs::gltf::Json e_ = (expected);                                                                \
        QVERIFY2(a_ == e_, (a_.dump() + " != " + e_.dump()).c_str());                                        \
    } while (false)

namespace {

const char* kScene = R"({
  "asset": {"version": "2.0"},
  "extensionsUsed": ["OMI_physics_body", "OMI_physics_shape"],
  "extensions": {
    "OMI_physics_shape": {"shapes": [{"type": "sphere", "sphere": {"radius": 0.5}}]},
    "OMI_physics_body": {
      "collisionFilters": [
        {"name": "Player", "collisionSystems": ["player"], "collideWithSystems": ["world", "enemy"]},
        {"name": "Sensors", "collisionSystems": ["sensor"], "notCollideWithSystems": ["world"]},
        {"name": "Broken", "collideWithSystems": ["a"], "notCollideWithSystems": ["b"]}]}
  },
  "scene": 0,
  "scenes": [{"nodes": [0, 1, 2]}],
  "nodes": [
    {"name": "Hero", "extensions": {"OMI_physics_body": {"motion": {"type": "kinematic"},
                                                         "collider": {"shape": 0, "collisionFilter": 0}}}},
    {"name": "Door Sensor", "extensions": {"OMI_physics_body": {"trigger": {"shape": 0, "collisionFilter": 1}}}},
    {"name": "Ghost", "extensions": {"OMI_physics_body": {"collider": {"shape": 0, "collisionFilter": 1}}}}
  ]
})";

gltf::Json savedFilter(const document::Document& doc, size_t i)
{
    const gltf::Json saved = doc.savedJson();
    return saved["extensions"]["OMI_physics_body"]["collisionFilters"].at(i);
}

Strings strings(const gltf::Json& filter, const char* key)
{
    return filter.contains(key) ? filter[key].get<Strings>() : Strings{};
}

/// The combo box that is always open in a mode cell.
QComboBox* modeCombo(QTableView* table, int row)
{
    return qobject_cast<QComboBox*>(table->indexWidget(table->model()->index(row, FiltersPanel::ModeColumn)));
}

} // namespace

class TestFiltersPanel : public QObject
{
    Q_OBJECT

    std::unique_ptr<document::Document> m_doc;
    std::unique_ptr<FiltersPanel> m_panel;

private slots:
    void init()
    {
        m_doc = std::make_unique<document::Document>(test::loadJson(kScene));
        m_panel = std::make_unique<FiltersPanel>();
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

    void parsesTags()
    {
        QCOMPARE(FiltersPanel::parseTags(QStringLiteral("  a, b,,a , c d ")), (Strings{"a", "b", "c d"}));
        QVERIFY(FiltersPanel::parseTags(QStringLiteral(" , ")).empty());
        QCOMPARE(FiltersPanel::joinTags({"x", "y"}), QStringLiteral("x, y"));
    }

    void showsTheFilters()
    {
        QTableView* t = m_panel->table();
        QCOMPARE(t->model()->rowCount(), 3);
        QCOMPARE(text(t, 0, FiltersPanel::NameColumn), QStringLiteral("Player"));
        QCOMPARE(text(t, 0, FiltersPanel::SystemsColumn), QStringLiteral("player"));
        QCOMPARE(modeCombo(t, 0)->currentData().toInt(), int(FiltersPanel::Mode::CollideWithOnly));
        QCOMPARE(text(t, 0, FiltersPanel::MaskColumn), QStringLiteral("world, enemy"));
        QCOMPARE(modeCombo(t, 1)->currentData().toInt(), int(FiltersPanel::Mode::CollideWithAllExcept));
        QCOMPARE(text(t, 1, FiltersPanel::MaskColumn), QStringLiteral("world"));
        QCOMPARE(text(t, 0, FiltersPanel::UsersColumn), QStringLiteral("1"));
        QCOMPARE(text(t, 1, FiltersPanel::UsersColumn), QStringLiteral("2"));
        // The invalid filter says so.
        QVERIFY(!icon(t, 2, FiltersPanel::NameColumn).isNull());
        QVERIFY(cell(t, 2, FiltersPanel::NameColumn, Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("invalid")));
        QVERIFY(icon(t, 0, FiltersPanel::NameColumn).isNull());
    }

    void typingTagsEditsTheList()
    {
        QTableView* t = m_panel->table();
        QWidget* editor = openEditor(t, 0, FiltersPanel::MaskColumn);
        QVERIFY(qobject_cast<QLineEdit*>(editor));
        typeInto(editor, QStringLiteral("world, enemy,  pickup"));
        QCOMPARE(m_doc->model().filters[0].collideWithSystems, (Strings{"world", "enemy", "pickup"}));
        QCOMPARE(strings(savedFilter(*m_doc, 0), "collideWithSystems"),
                 (Strings{"world", "enemy", "pickup"}));
        QCOMPARE(text(t, 0, FiltersPanel::MaskColumn), QStringLiteral("world, enemy, pickup"));

        editor = openEditor(t, 0, FiltersPanel::SystemsColumn);
        typeInto(editor, QStringLiteral("player, hero"));
        QCOMPARE(strings(savedFilter(*m_doc, 0), "collisionSystems"), (Strings{"player", "hero"}));
        QCOMPARE(m_doc->undoStack()->undoText(), QStringLiteral("Change Collision Systems"));

        m_doc->undoStack()->undo();
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->model().filters[0].collideWithSystems, (Strings{"world", "enemy"}));
        QCOMPARE(text(t, 0, FiltersPanel::MaskColumn), QStringLiteral("world, enemy"));
        QCOMPARE(text(t, 0, FiltersPanel::SystemsColumn), QStringLiteral("player"));
    }

    void tagEditorsCompleteFromEverySystemInTheFile()
    {
        QCOMPARE(m_panel->allSystems(), QStringList({"a", "b", "enemy", "player", "sensor", "world"}));
        auto* edit = qobject_cast<QLineEdit*>(openEditor(m_panel->table(), 1, FiltersPanel::SystemsColumn));
        QVERIFY(edit);
        QCompleter* completer = edit->completer();
        QVERIFY(completer);
        // Only the tag after the last comma is completed; the ones before it stay.
        edit->setText(QStringLiteral("world, pl"));
        completer->setCompletionPrefix(edit->text());
        QCOMPARE(completer->completionCount(), 1);
        QCOMPARE(completer->currentCompletion(), QStringLiteral("world, player"));
        const QStringList all = m_panel->allSystems();
        const QModelIndex player = completer->model()->index(int(all.indexOf(QStringLiteral("player"))), 0);
        QCOMPARE(completer->pathFromIndex(player), QStringLiteral("world, player"));
    }

    void switchingTheModeMovesTheListInOneStep()
    {
        QTableView* t = m_panel->table();
        QComboBox* mode = modeCombo(t, 0);
        const int steps = m_doc->undoStack()->count();
        mode->setCurrentIndex(mode->findData(int(FiltersPanel::Mode::CollideWithAllExcept)));
        QCOMPARE(m_doc->undoStack()->count(), steps + 1);
        QCOMPARE(m_doc->undoStack()->undoText(), QStringLiteral("Change Collide-With Mode"));
        const gltf::Json f = savedFilter(*m_doc, 0);
        QVERIFY2(!f.contains("collideWithSystems"), f.dump().c_str());
        QCOMPARE(strings(f, "notCollideWithSystems"), (Strings{"world", "enemy"}));
        QCOMPARE(text(t, 0, FiltersPanel::MaskColumn), QStringLiteral("world, enemy"));
        QCOMPARE(m_doc->selectedFilter(), 0);

        m_doc->undoStack()->undo();
        const gltf::Json back = savedFilter(*m_doc, 0);
        QVERIFY(!back.contains("notCollideWithSystems"));
        QCOMPARE(strings(back, "collideWithSystems"), (Strings{"world", "enemy"}));
        QCOMPARE(mode->currentData().toInt(), int(FiltersPanel::Mode::CollideWithOnly));
        m_doc->undoStack()->redo();
        QCOMPARE(mode->currentData().toInt(), int(FiltersPanel::Mode::CollideWithAllExcept));
        QCOMPARE(m_doc->model().filters[0].notCollideWithSystems, (Strings{"world", "enemy"}));
        QVERIFY(m_doc->model().filters[0].collideWithSystems.empty());
    }

    void editingAnInvalidFilterKeepsOneList()
    {
        QTableView* t = m_panel->table();
        QCOMPARE(text(t, 2, FiltersPanel::MaskColumn), QStringLiteral("a"));
        const int steps = m_doc->undoStack()->count();
        typeInto(openEditor(t, 2, FiltersPanel::MaskColumn), QStringLiteral("a, c"));
        QCOMPARE(m_doc->undoStack()->count(), steps + 1);
        const gltf::Json f = savedFilter(*m_doc, 2);
        QCOMPARE(strings(f, "collideWithSystems"), (Strings{"a", "c"}));
        QVERIFY2(!f.contains("notCollideWithSystems"), f.dump().c_str());
        QVERIFY(icon(t, 2, FiltersPanel::NameColumn).isNull());
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->model().filters[2].notCollideWithSystems, (Strings{"b"}));
        QVERIFY(!icon(t, 2, FiltersPanel::NameColumn).isNull());
    }

    void aNewFilterTakesTheModeChosenBeforeItsList()
    {
        QTableView* t = m_panel->table();
        QTest::mouseClick(m_panel->addButton(), Qt::LeftButton);
        QCOMPARE(t->model()->rowCount(), 4);
        QCOMPARE(currentRow(t), 3);
        QCOMPARE(m_doc->selectedFilter(), 3);
        CHECK_JSON(savedFilter(*m_doc, 3), gltf::Json::parse(R"({"name":"Filter 1"})"));
        // Choosing the mode of an empty list changes nothing in the file yet...
        const int steps = m_doc->undoStack()->count();
        QComboBox* mode = modeCombo(t, 3);
        mode->setCurrentIndex(mode->findData(int(FiltersPanel::Mode::CollideWithAllExcept)));
        QCOMPARE(m_doc->undoStack()->count(), steps);
        // ...and decides where the list goes.
        typeInto(openEditor(t, 3, FiltersPanel::MaskColumn), QStringLiteral("world"));
        const gltf::Json f = savedFilter(*m_doc, 3);
        QCOMPARE(strings(f, "notCollideWithSystems"), (Strings{"world"}));
        QVERIFY(!f.contains("collideWithSystems"));
    }

    void deletingReportsTheNodesThatUsedIt()
    {
        QTableView* t = m_panel->table();
        setCurrentCell(t, 1, FiltersPanel::NameColumn);
        const std::vector<size_t> users = m_panel->deleteCurrentFilter();
        QCOMPARE(users, (std::vector<size_t>{1, 2}));
        const QString status = m_panel->statusLabel()->text();
        QVERIFY2(status.contains(QStringLiteral("Sensors")), qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral(">Door Sensor<")) &&
                     status.contains(QStringLiteral(">Ghost<")),
                 qPrintable(status));
        QVERIFY2(!status.contains(QStringLiteral("Hero")), qPrintable(status));
        QCOMPARE(t->model()->rowCount(), 2);
        QCOMPARE(text(t, 1, FiltersPanel::NameColumn), QStringLiteral("Broken"));
        const gltf::Json saved = m_doc->savedJson();
        QVERIFY(!saved["nodes"][1]["extensions"]["OMI_physics_body"]["trigger"].contains("collisionFilter"));
        QVERIFY(!saved["nodes"][2]["extensions"]["OMI_physics_body"]["collider"].contains("collisionFilter"));
        QCOMPARE(
            saved["nodes"][0]["extensions"]["OMI_physics_body"]["collider"]["collisionFilter"].get<int>(), 0);

        m_doc->undoStack()->undo();
        QCOMPARE(t->model()->rowCount(), 3);
        QCOMPARE(text(t, 1, FiltersPanel::NameColumn), QStringLiteral("Sensors"));
        QTRY_COMPARE(text(t, 1, FiltersPanel::UsersColumn), QStringLiteral("2"));
    }

    void renamingAndSelection()
    {
        QTableView* t = m_panel->table();
        typeInto(openEditor(t, 1, FiltersPanel::NameColumn), QStringLiteral("Triggers"));
        QCOMPARE(savedFilter(*m_doc, 1)["name"].get<std::string>(), std::string("Triggers"));
        QCOMPARE(m_doc->selectedFilter(), 1);
        m_doc->setSelectedFilter(2);
        QCOMPARE(currentRow(t), 2);
        m_doc->undoStack()->undo();
        QCOMPARE(text(t, 1, FiltersPanel::NameColumn), QStringLiteral("Sensors"));
        QCOMPARE(currentRow(t), 2);
    }
};

QTEST_MAIN(TestFiltersPanel)
#include "TestFiltersPanel.moc"
