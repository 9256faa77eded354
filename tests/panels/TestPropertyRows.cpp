// The property-row layer on its own: a row described as data (look, getter, command) builds the editor with
// its range and unit, shows what the objects hold (mixed when they disagree), and an edit is one command over
// every object that changes only the edited component on each.
#include "TestSupport.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "panels/PropertyRows.h"
#include "widgets/NumberField.h"
#include "widgets/Vec3Field.h"

#include <QFormLayout>
#include <QLabel>
#include <QTest>
#include <QUndoStack>
#include <memory>

using namespace cs;
using namespace cs::ui;

namespace {

const char* kScene = R"({
  "asset": {"version": "2.0"},
  "extensionsUsed": ["OMI_physics_body"],
  "scene": 0,
  "scenes": [{"nodes": [0, 1]}],
  "nodes": [
    {"name": "A", "extensions": {"OMI_physics_body": {"motion": {"type": "dynamic", "mass": 2,
                                                                 "linearVelocity": [1, 2, 3]}}}},
    {"name": "B", "extensions": {"OMI_physics_body": {"motion": {"type": "dynamic", "mass": 5,
                                                                 "linearVelocity": [4, 5, 6]}}}}
  ]
})";

using Rows = std::vector<PropertyRow<physics::Motion>>;

Rows rows()
{
    using Locate = document::locate::Motion;
    return {propertyRow<Locate, document::field::Mass>(
                propertyLook(QStringLiteral("mass"), QStringLiteral("Mass"), QStringLiteral("kg"), 0)
                    .withUnit(QStringLiteral(" kg"))
                    .withRange(0.0, 50.0)
                    .withPrecision(3, 0.5)),
            propertyRow<Locate, document::field::LinearVelocity>(propertyLook(
                QStringLiteral("velocity"), QStringLiteral("Velocity"), QStringLiteral("m/s"), 1))};
}

} // namespace

class TestPropertyRows : public QObject
{
    Q_OBJECT

    std::unique_ptr<document::Document> m_doc;
    std::unique_ptr<QWidget> m_widget;
    std::unique_ptr<PropertyFields> m_fields;
    Rows m_rows;

    PropertyObjects<physics::Motion> bodies() const
    {
        PropertyObjects<physics::Motion> out;
        for (size_t node : {size_t(0), size_t(1)})
            out.emplace_back(node, &*m_doc->model().node(node)->motion);
        return out;
    }

    void show()
    {
        std::vector<const physics::Motion*> motions;
        for (const auto& entry : bodies())
            motions.push_back(entry.second);
        showProperties(*m_fields, m_rows, motions, *m_doc);
    }

    const physics::Motion& motion(size_t node) const { return *m_doc->model().node(node)->motion; }

private slots:
    void init()
    {
        m_doc = std::make_unique<document::Document>(test::loadJson(kScene));
        m_widget = std::make_unique<QWidget>();
        m_rows = rows();
        m_fields = std::make_unique<PropertyFields>(looksOf(m_rows), m_widget.get(), m_widget.get(),
                                                    [this](size_t row, const PropertyEdit& edit) {
                                                        m_rows[row].edit(*m_doc, bodies(), edit);
                                                        show();
                                                    });
        m_fields->addRows(new QFormLayout(m_widget.get()), 0, m_rows.size());
        show();
    }

    void cleanup()
    {
        m_fields.reset();
        m_widget.reset();
        m_doc.reset();
    }

    void theLookMakesTheEditor()
    {
        auto* mass = qobject_cast<NumberField*>(m_fields->field(0));
        QVERIFY(mass);
        QCOMPARE(mass->objectName(), QStringLiteral("mass"));
        QCOMPARE(mass->minimum(), 0.0);
        QCOMPARE(mass->maximum(), 50.0);
        QCOMPARE(mass->spinBox()->suffix(), QStringLiteral(" kg"));
        QCOMPARE(mass->spinBox()->decimals(), 3);
        QCOMPARE(mass->spinBox()->singleStep(), 0.5);
        QVERIFY(qobject_cast<Vec3Field*>(m_fields->field(1)));
        // The rows are in the form with their labels.
        auto* form = qobject_cast<QFormLayout*>(m_widget->layout());
        QCOMPARE(form->rowCount(), 2);
        auto* label = qobject_cast<QLabel*>(form->labelForField(m_fields->field(1)));
        QVERIFY(label);
        QCOMPARE(label->text(), QStringLiteral("Velocity"));
    }

    void disagreeingObjectsShowMixed()
    {
        auto* mass = static_cast<NumberField*>(m_fields->field(0));
        auto* velocity = static_cast<Vec3Field*>(m_fields->field(1));
        QVERIFY(mass->isMixed()); // 2 and 5
        for (int axis = 0; axis < 3; ++axis)
            QVERIFY(velocity->isMixed(axis));
    }

    void anEditIsOneCommandOverEveryObject()
    {
        auto* mass = static_cast<NumberField*>(m_fields->field(0));
        const int steps = m_doc->undoStack()->count();
        emit mass->edited(7.5);
        QCOMPARE(m_doc->undoStack()->count(), steps + 1);
        QCOMPARE(motion(0).mass, 7.5);
        QCOMPARE(motion(1).mass, 7.5);
        QVERIFY(!mass->isMixed());
        QCOMPARE(mass->value(), 7.5);
        m_doc->undoStack()->undo();
        QCOMPARE(motion(0).mass, 2.0);
        QCOMPARE(motion(1).mass, 5.0);
    }

    void aVectorEditChangesOneComponentOnEach()
    {
        auto* velocity = static_cast<Vec3Field*>(m_fields->field(1));
        emit velocity->componentEdited(1, -1.0);
        QCOMPARE(motion(0).linearVelocity, (physics::Vec3{1, -1, 3}));
        QCOMPARE(motion(1).linearVelocity, (physics::Vec3{4, -1, 6}));
        QVERIFY(!velocity->isMixed(1));
        QVERIFY(velocity->isMixed(0));
        // An axis the editor does not have pushes nothing.
        const int steps = m_doc->undoStack()->count();
        m_rows[1].edit(*m_doc, bodies(), VectorEdit{3, 9.0});
        m_rows[0].edit(*m_doc, bodies(), VectorEdit{0, 9.0});
        QCOMPARE(m_doc->undoStack()->count(), steps);
    }

    void groupsAreEnabledTogether()
    {
        m_fields->setGroupUsed(1, false, QStringLiteral("not used here"));
        QVERIFY(!m_fields->field(1)->isEnabled());
        QCOMPARE(m_fields->field(1)->toolTip(), QStringLiteral("not used here"));
        QVERIFY(m_fields->field(0)->isEnabled());
        m_fields->setGroupUsed(1, true, QStringLiteral("not used here"));
        QVERIFY(m_fields->field(1)->isEnabled());
        QCOMPARE(m_fields->field(1)->toolTip(), QStringLiteral("m/s"));
    }
};

QTEST_MAIN(TestPropertyRows)
#include "TestPropertyRows.moc"
