// What the fields make of typed text, driven as a user types: a comma is the decimal separator where the
// user's locale says so and is refused elsewhere (never dropped: "2,5" is never 25), and a value outside a
// field's limits is clamped with a word or refused with the reason, said in the field's tooltip and in the
// main window's status bar. Never truncated, sign-flipped or silently reverted.
#include "BoxMeshes.h"
#include "TableCells.h"
#include "TestSupport.h"
#include "dialogs/HullForm.h"
#include "document/Document.h"
#include "panels/MaterialsPanel.h"
#include "panels/ShapePanel.h"
#include "widgets/NumberField.h"
#include "widgets/Vec3Field.h"

#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QMainWindow>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTest>
#include <QUndoStack>
#include <memory>

using namespace cs;
using namespace cs::test;
using cs::ui::HullForm;
using cs::ui::MaterialsPanel;
using cs::ui::NumberField;
using cs::ui::ShapePanel;

namespace {

const char* kScene = R"({
  "asset": {"version": "2.0"},
  "extensionsUsed": ["OMI_physics_body", "OMI_physics_shape"],
  "extensions": {
    "OMI_physics_shape": {"shapes": [{"type": "sphere", "sphere": {"radius": 0.5}},
                                     {"type": "box", "box": {"size": [2, 2, 2]}}]},
    "OMI_physics_body": {"physicsMaterials": [{"name": "Ice", "staticFriction": 0.05}]}
  },
  "scene": 0,
  "scenes": [{"nodes": [0, 1]}],
  "nodes": [
    {"name": "Ball", "mesh": 0, "extensions": {"OMI_physics_body": {"collider": {"shape": 0, "physicsMaterial": 0}}}},
    {"name": "Crate", "extensions": {"OMI_physics_body": {"collider": {"shape": 1}}}}
  ]
})";

/// Replaces the text of a spin box by typing and commits it with Return.
void typeInto(QAbstractSpinBox* box, const QString& text)
{
    QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

} // namespace

class TestTypedEntry : public QObject
{
    Q_OBJECT

    std::unique_ptr<document::Document> m_doc;
    std::unique_ptr<QMainWindow> m_window;
    ShapePanel* m_panel = nullptr;

    const physics::Shape& shape(size_t i) { return m_doc->model().shapes.at(i); }
    QString status() { return m_window->statusBar()->currentMessage(); }

private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void init()
    {
        m_doc = std::make_unique<document::Document>(
            loadJson(boxMeshes(gltf::Json::parse(kScene), {{-1, -1, -1, 1, 1, 1}}).dump()));
        // The shape panel in a main window, as the Properties dock puts it.
        m_window = std::make_unique<QMainWindow>();
        m_panel = new ShapePanel;
        m_window->setCentralWidget(m_panel);
        m_panel->setDocument(m_doc.get());
        m_window->resize(460, 760);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanup()
    {
        m_window.reset();
        m_doc.reset();
        QLocale::setDefault(QLocale::c());
    }

    void commaIsTheDecimalSeparatorInGerman()
    {
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        NumberField field; // made after the default changed, so it takes it
        field.setRange(0, 1e6);
        field.setUnit(QStringLiteral(" m"));
        field.setValue(1.0);
        field.show();
        QSignalSpy spy(&field, &NumberField::edited);
        typeInto(field.spinBox(), QStringLiteral("2,5"));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toDouble(), 2.5);
        QCOMPARE(field.spinBox()->editor()->text(), QStringLiteral("2,5 m")); // what it understood
        // The point groups thousands in German: "2.5" is refused, not taken for 25.
        typeInto(field.spinBox(), QStringLiteral("2.5"));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(field.value(), 2.5);
        QVERIFY2(field.spinBox()->toolTip().contains(
                     QStringLiteral("the decimal separator here is \u201c,\u201d")),
                 qPrintable(field.spinBox()->toolTip()));
    }

    void commaIsTheDecimalSeparatorOfAWidgetInGerman()
    {
        // The Shape panel's radius in a panel whose locale is German (the user's, not the default's).
        m_panel->setLocale(QLocale(QLocale::German, QLocale::Germany));
        m_panel->setShape(0, 0);
        typeInto(m_panel->radiusField()->spinBox(), QStringLiteral("2,5"));
        QCOMPARE(shape(0).radius, 2.5);
    }

    void commaIsRefusedWhereItIsNotTheDecimalSeparator()
    {
        m_panel->setShape(0, 0);
        const int steps = m_doc->undoStack()->count();
        NumberField* radius = m_panel->radiusField();
        typeInto(radius->spinBox(), QStringLiteral("2,5"));
        QCOMPARE(shape(0).radius, 0.5); // never 25
        QCOMPARE(m_doc->undoStack()->count(), steps);
        QCOMPARE(radius->spinBox()->editor()->text(), QStringLiteral("0.5 m")); // the value kept
        const QString why = QStringLiteral("\u201c2,5\u201d is not a number: the decimal separator here is "
                                           "\u201c.\u201d");
        QVERIFY2(radius->spinBox()->toolTip().startsWith(why), qPrintable(radius->spinBox()->toolTip()));
        QVERIFY2(status().startsWith(why), qPrintable(status()));
    }

    void negativeRadiusIsClampedToZeroWithAWord()
    {
        m_panel->setShape(0, 0);
        NumberField* radius = m_panel->radiusField();
        typeInto(radius->spinBox(), QStringLiteral("-0.3"));
        QCOMPARE(shape(0).radius, 0.0);
        QCOMPARE(radius->spinBox()->editor()->text(), QStringLiteral("0 m")); // not "-0 m"
        const QString said = QStringLiteral("0 m is the least: -0.3 became 0 m");
        QVERIFY2(radius->spinBox()->toolTip().startsWith(said), qPrintable(radius->spinBox()->toolTip()));
        QCOMPARE(status(), said);
        // The field's own tooltip stays after the message.
        QVERIFY(radius->spinBox()->toolTip().contains(QStringLiteral("The sphere is centred on its node")));
        // A value taken as typed clears the message.
        typeInto(radius->spinBox(), QStringLiteral("0.75"));
        QCOMPARE(shape(0).radius, 0.75);
        QVERIFY(radius->spinBox()->toolTip().isEmpty());
    }

    void boxSizeAtOrBelowZeroIsRefusedWithTheReason()
    {
        m_panel->setShape(1, 1);
        const int steps = m_doc->undoStack()->count();
        for (const char* typed : {"-1", "0"}) {
            NumberField* width = m_panel->sizeField()->component(0);
            typeInto(width->spinBox(), QString::fromLatin1(typed));
            QCOMPARE(shape(1).size, (physics::Vec3{2, 2, 2})); // not 1 m, not reverted without a word
            QCOMPARE(m_doc->undoStack()->count(), steps);
            const QString why =
                QStringLiteral("%1 is refused: the value must be above 0 m").arg(QString::fromLatin1(typed));
            QVERIFY2(width->spinBox()->toolTip().startsWith(why), qPrintable(width->spinBox()->toolTip()));
            QCOMPARE(status(), why);
        }
    }

    void hullMostPointsIsClampedWithAWord()
    {
        HullForm form;
        form.show();
        QVERIFY(QTest::qWaitForWindowExposed(&form));
        auto* points = form.findChild<QSpinBox*>(QStringLiteral("maxPoints"));
        QVERIFY(points);
        form.setMaxPoints(100);
        typeInto(points, QStringLiteral("300"));
        QCOMPARE(form.maxPoints(), 255); // not 30
        QVERIFY2(points->toolTip().startsWith(QStringLiteral("255 is the most: 300 became 255")),
                 qPrintable(points->toolTip()));
        QVERIFY(points->toolTip().contains(QStringLiteral("Unity and PhysX accept at most 255 points")));
        typeInto(points, QStringLiteral("2"));
        QCOMPARE(form.maxPoints(), 4);
        QVERIFY(points->toolTip().startsWith(QStringLiteral("4 is the least: 2 became 4")));
        typeInto(points, QStringLiteral("64"));
        QCOMPARE(form.maxPoints(), 64);
        QVERIFY(points->toolTip().startsWith(QStringLiteral("Unity and PhysX"))); // its own tooltip again
        // The simplification distance reads a comma as the locale says, too.
        auto* distance = form.findChild<QDoubleSpinBox*>(QStringLiteral("simplifyError"));
        QVERIFY(distance);
        form.setSimplifyFirst(0.01);
        typeInto(distance, QStringLiteral("2,5"));
        QCOMPARE(form.simplifyFirst(), std::optional<double>(0.01));
        QVERIFY(distance->toolTip().contains(QStringLiteral("is not a number")));
    }

    void tableCellsReadTypedTextTheSameWay()
    {
        QMainWindow window;
        auto* panel = new MaterialsPanel;
        window.setCentralWidget(panel);
        panel->setDocument(m_doc.get());
        window.resize(900, 300);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTableView* table = panel->table();
        const int steps = m_doc->undoStack()->count();
        auto* editor =
            qobject_cast<QAbstractSpinBox*>(openEditor(table, 0, MaterialsPanel::StaticFrictionColumn));
        QVERIFY(editor);
        typeInto(editor, QStringLiteral("2,5"));
        QCoreApplication::processEvents();                          // the delegate commits on the next turn
        QCOMPARE(m_doc->model().materials[0].staticFriction, 0.05); // never 25
        QCOMPARE(m_doc->undoStack()->count(), steps);
        QVERIFY2(window.statusBar()->currentMessage().startsWith(
                     QStringLiteral("\u201c2,5\u201d is not a number")),
                 qPrintable(window.statusBar()->currentMessage()));
        editor = qobject_cast<QAbstractSpinBox*>(openEditor(table, 0, MaterialsPanel::StaticFrictionColumn));
        typeInto(editor, QStringLiteral("250"));
        QCoreApplication::processEvents();
        QCOMPARE(m_doc->model().materials[0].staticFriction, 100.0); // the editors' most, said so
        QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("100 is the most: 250 became 100"));
    }
};

QTEST_MAIN(TestTypedEntry)
#include "TestTypedEntry.moc"
