// The mouse wheel over a field it only passes over: combo boxes, number fields and integer spin boxes in the
// Properties panel, the hull dialog's form and a table's cell editors take the wheel only when they have
// keyboard focus; otherwise the panel, form or table around them scrolls and the document is not edited.
// The wheel events are delivered as the window system delivers them (spontaneous, to the widget under the
// pointer, handed on to its parents while ignored).
#include "BoxMeshes.h"
#include "TestSupport.h"
#include "dialogs/HullForm.h"
#include "document/Document.h"
#include "document/ListItems.h"
#include "panels/MaterialsPanel.h"
#include "panels/PropertiesPanel.h"
#include "panels/ShapePanel.h"
#include "widgets/NumberField.h"

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTableView>
#include <QTest>
#include <QUndoStack>
#include <QWheelEvent>
#include <QtTest/qtestspontaneevent.h>
#include <memory>
#include <string>

using namespace cs;
using cs::ui::HullForm;
using cs::ui::MaterialsPanel;
using cs::ui::NumberField;
using cs::ui::PropertiesPanel;

namespace {

const char* kScene = R"({
  "asset": {"version": "2.0"},
  "extensionsUsed": ["OMI_physics_body", "OMI_physics_shape"],
  "extensions": {
    "OMI_physics_shape": {"shapes": [{"type": "convex", "convex": {"mesh": 0}}]},
    "OMI_physics_body": {"physicsMaterials": [{"name": "Ice", "staticFriction": 0.05, "frictionCombine": "minimum"}]}
  },
  "scene": 0,
  "scenes": [{"nodes": [0]}],
  "nodes": [
    {"name": "Rock", "mesh": 0, "extensions": {"OMI_physics_body": {"motion": {"type": "dynamic", "mass": 2},
                                                                    "collider": {"shape": 0, "physicsMaterial": 0}}}}
  ]
})";

std::unique_ptr<document::Document> makeDocument()
{
    return std::make_unique<document::Document>(
        test::loadJson(test::boxMeshes(gltf::Json::parse(kScene), {{-1, -1, -1, 1, 1, 1}}).dump()));
}

/// One notch of the wheel (down when `notches` < 0) over the centre of `widget`, as the window system
/// delivers it: to the deepest widget under the pointer, spontaneous, so that QApplication hands it on to
/// the parents while it is ignored. Returns the widget under the pointer.
QWidget* wheelOver(QWidget* widget, int notches)
{
    QWidget* window = widget->window();
    const QPoint inWindow = widget->mapTo(window, widget->rect().center());
    QWidget* target = window->childAt(inWindow);
    if (!target)
        target = window;
    const QPointF local = target->mapFrom(window, inWindow);
    QWheelEvent event(local, QPointF(window->mapToGlobal(inWindow)), QPoint(), QPoint(0, 120 * notches),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    // As QTest does for keys: sendEvent() would make the event non-spontaneous, and Qt does not hand a
    // non-spontaneous wheel event on to the parents.
    QSpontaneKeyEvent::setSpontaneous(&event);
    qApp->notify(target, &event);
    return target;
}

/// True when `inner` is `outer` or inside it (the widget under the pointer may be a spin box's line edit).
bool isWithin(const QWidget* inner, const QWidget* outer)
{
    for (const QWidget* w = inner; w; w = w->parentWidget())
        if (w == outer)
            return true;
    return false;
}

} // namespace

class TestWheelGuard : public QObject
{
    Q_OBJECT

    std::unique_ptr<document::Document> m_doc;

private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void init() { m_doc = makeDocument(); }
    void cleanup() { m_doc.reset(); }

    void wheelOverThePropertiesScrollsThemAndEditsNothing()
    {
        PropertiesPanel panel;
        panel.setDocument(m_doc.get());
        m_doc->setSelectedNodes({0});
        panel.resize(420, 260); // shorter than its sections: it scrolls
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto* scroll = panel.findChild<QScrollArea*>();
        QVERIFY(scroll);
        QScrollBar* bar = scroll->verticalScrollBar();
        QComboBox* type = panel.shapePanel()->typeCombo();
        QCOMPARE(type->currentData().toInt(), int(physics::ShapeType::Convex));
        auto* mass = panel.findChild<NumberField*>(QStringLiteral("mass"));
        QVERIFY(mass);
        const int steps = m_doc->undoStack()->count();
        const gltf::Json saved = m_doc->savedJson();

        for (QWidget* field : {static_cast<QWidget*>(type), static_cast<QWidget*>(mass->spinBox())}) {
            scroll->ensureWidgetVisible(field);
            QVERIFY(bar->value() < bar->maximum()); // room to scroll down
            QVERIFY(!field->hasFocus());
            const int before = bar->value();
            QVERIFY(isWithin(wheelOver(field, -1), field));
            QVERIFY2(bar->value() > before, field->objectName().toUtf8()); // the panel scrolled
            QVERIFY(!field->hasFocus()); // the wheel does not give it the focus either
        }
        QCOMPARE(type->currentData().toInt(), int(physics::ShapeType::Convex));
        QCOMPARE(m_doc->model().shapes[0].type, physics::ShapeType::Convex);
        QCOMPARE(mass->value(), 2.0);
        QCOMPARE(m_doc->undoStack()->count(), steps);
        QVERIFY(m_doc->savedJson() == saved);

        // With the focus (clicked or tabbed into), the wheel is the combo box's.
        panel.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&panel));
        type->setFocus();
        QTRY_VERIFY(type->hasFocus());
        scroll->ensureWidgetVisible(type);
        wheelOver(type, -1);
        QCOMPARE(m_doc->model().shapes[0].type, physics::ShapeType::Trimesh);
        QCOMPARE(m_doc->undoStack()->count(), steps + 1);
    }

    void wheelOverTheHullFormScrollsIt()
    {
        QScrollArea scroll;
        auto* form = new HullForm;
        scroll.setWidget(form);
        scroll.setWidgetResizable(true);
        scroll.resize(420, 120);
        scroll.show();
        QVERIFY(QTest::qWaitForWindowExposed(&scroll));
        QScrollBar* bar = scroll.verticalScrollBar();
        QVERIFY(bar->maximum() > 0);
        auto* points = form->findChild<QSpinBox*>(QStringLiteral("maxPoints"));
        auto* kind = form->findChild<QComboBox*>(QStringLiteral("hullKind"));
        auto* destination = form->findChild<QComboBox*>(QStringLiteral("destination"));
        QVERIFY(points && kind && destination);
        for (QWidget* field : {static_cast<QWidget*>(points), static_cast<QWidget*>(kind),
                               static_cast<QWidget*>(destination)}) {
            scroll.ensureWidgetVisible(field, 0, 0);
            const int before = bar->value();
            const int notches = before < bar->maximum() ? -1 : 1;
            QVERIFY(isWithin(wheelOver(field, notches), field));
            QVERIFY2(bar->value() != before, field->objectName().toUtf8());
        }
        QCOMPARE(form->maxPoints(), HullForm::kMaxHullPoints);
        QVERIFY(!form->conservative());
        QVERIFY(!form->onCollider());
    }

    void wheelOverATableEditorScrollsTheTable()
    {
        // Enough materials that the table scrolls; each row's combine modes are combo boxes always open.
        for (int i = 1; i < 30; ++i)
            document::addMaterial(*m_doc, "Material " + std::to_string(i));
        MaterialsPanel panel;
        panel.setDocument(m_doc.get());
        panel.resize(900, 240);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTableView* table = panel.table();
        QScrollBar* bar = table->verticalScrollBar();
        QVERIFY(bar->maximum() > 0);
        auto* combine = qobject_cast<QComboBox*>(
            table->indexWidget(table->model()->index(0, MaterialsPanel::FrictionCombineColumn)));
        QVERIFY(combine);
        const QString mode = combine->currentText();
        const int steps = m_doc->undoStack()->count();
        const gltf::Json saved = m_doc->savedJson();
        QVERIFY(!combine->hasFocus());
        QCOMPARE(bar->value(), 0);
        QVERIFY(isWithin(wheelOver(combine, -1), combine));
        QVERIFY(bar->value() > 0); // the table scrolled
        QCOMPARE(combine->currentText(), mode);
        QCOMPARE(m_doc->undoStack()->count(), steps);
        QVERIFY(m_doc->savedJson() == saved);
    }
};

QTEST_MAIN(TestWheelGuard)
#include "TestWheelGuard.moc"
