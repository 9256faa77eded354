// The Body panel driven like a user (typing + Enter, arrow keys, combo choices, checkbox clicks) on a small
// document in memory: every edit must reach the document's model as an undo command, undo/redo must restore
// the values and the panel, a multi-selection edit must be one undo step, unused fields must be disabled with
// their reason, disagreeing values must show the mixed state, and "Compute from shapes" must set the values
// the shapes give or say why it cannot.
#include "TestSupport.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "panels/BodyPanel.h"
#include "widgets/NumberField.h"
#include "widgets/QuatAsEulerField.h"
#include "widgets/Vec3Field.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTest>
#include <QUndoStack>
#include <algorithm>
#include <cmath>
#include <memory>

using namespace cs;
using namespace cs::ui;
using cs::document::Document;

namespace {

// 0 Body: dynamic, mass 2, with child 1 (a 1 x 2 x 3 box collider at y = 1).
// 2 Kin: kinematic, initial linear velocity, sphere collider on the same node. 3 Still: static.
// 4 Plain: no physics. 5 Lonely: dynamic, mass 3, no shapes. 6 Heavy: dynamic, mass 2, gravity factor 0.5.
const char* kScene = R"({
  "asset": {"version": "2.0"},
  "extensionsUsed": ["OMI_physics_body", "OMI_physics_shape"],
  "extensions": {"OMI_physics_shape": {"shapes": [
      {"type": "box", "box": {"size": [1, 2, 3]}},
      {"type": "sphere", "name": "Ball", "sphere": {"radius": 0.5}}]}},
  "scene": 0,
  "scenes": [{"nodes": [0, 2, 3, 4, 5, 6]}],
  "nodes": [
    {"name": "Body", "children": [1],
     "extensions": {"OMI_physics_body": {"motion": {"type": "dynamic", "mass": 2}}}},
    {"name": "BoxCollider", "translation": [0, 1, 0],
     "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}},
    {"name": "Kin", "extensions": {"OMI_physics_body": {
        "motion": {"type": "kinematic", "linearVelocity": [1, 2, 3]}, "collider": {"shape": 1}}}},
    {"name": "Still", "extensions": {"OMI_physics_body": {"motion": {"type": "static"}}}},
    {"name": "Plain"},
    {"name": "Lonely", "extensions": {"OMI_physics_body": {"motion": {"type": "dynamic", "mass": 3}}}},
    {"name": "Heavy", "extensions": {"OMI_physics_body": {
        "motion": {"type": "dynamic", "mass": 2, "gravityFactor": 0.5, "centerOfMass": [0, 7, 0]}}}}
  ]
})";

const physics::Motion& motion(const Document& doc, size_t node)
{
    const physics::NodePhysics* n = doc.model().node(node);
    if (!n || !n->motion)
        throw std::runtime_error("node " + std::to_string(node) + " has no motion");
    return *n->motion;
}

// The mass the file has; -1 when it leaves it out.
/// The centre of mass as the document's family reads it (OMI: absent is the node origin).
physics::Vec3 comOf(const Document& doc, size_t node)
{
    return physics::centerOfMassReading(motion(doc, node), doc.model().format).value;
}

double massOf(const Document& doc, size_t node)
{
    return motion(doc, node).mass.value_or(-1.0);
}

bool hasMotion(const Document& doc, size_t node)
{
    const physics::NodePhysics* n = doc.model().node(node);
    return n && n->motion;
}

/// Replaces the field's text as a user would and presses Enter.
void enter(NumberField* field, const QString& text)
{
    field->spinBox()->selectAll();
    QTest::keyClicks(field->spinBox(), text);
    QTest::keyClick(field->spinBox(), Qt::Key_Enter);
}

/// Chooses an entry of a combo box as a user would (the panel listens to activated()).
void choose(QComboBox* combo, int index)
{
    combo->setCurrentIndex(index);
    emit combo->activated(index);
}

QString shown(NumberField* field)
{
    return field->spinBox()->editor()->text();
}

bool near(double a, double b, double tolerance = 1e-9)
{
    return std::fabs(a - b) <= tolerance;
}

} // namespace

class TestBodyPanel : public QObject
{
    Q_OBJECT

    std::unique_ptr<Document> m_doc;
    std::unique_ptr<BodyPanel> m_panel;

    QUndoStack* stack() { return m_doc->undoStack(); }

private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void init()
    {
        m_doc = std::make_unique<Document>(test::loadJson(kScene));
        m_panel = std::make_unique<BodyPanel>();
        m_panel->setDocument(m_doc.get());
        m_panel->show();
    }

    void cleanup()
    {
        m_panel.reset();
        m_doc.reset();
    }

    void showsTheSelectedBody()
    {
        m_panel->setNodes({0});
        QVERIFY(m_panel->isEnabled());
        QVERIFY(m_panel->motionCheck()->isChecked());
        QVERIFY(m_panel->motionEditor()->isVisible());
        QCOMPARE(m_panel->typeCombo()->currentText(), QStringLiteral("Dynamic"));
        QCOMPARE(m_panel->massField()->value(), 2.0);
        QCOMPARE(shown(m_panel->massField()), QStringLiteral("2 kg"));
        QCOMPARE(m_panel->gravityFactorField()->value(), 1.0);
        QCOMPARE(m_panel->inertiaOrientationField()->value(), (physics::Quat{0, 0, 0, 1}));

        m_panel->setNodes({2});
        QCOMPARE(m_panel->typeCombo()->currentText(), QStringLiteral("Kinematic"));
        QCOMPARE(m_panel->linearVelocityField()->value(), (physics::Vec3{1, 2, 3}));
        QCOMPARE(m_panel->massField()->value(), 1.0); // the spec's default when the file leaves it out

        m_panel->setNodes({4});
        QVERIFY(!m_panel->motionCheck()->isChecked());
        QVERIFY(!m_panel->motionEditor()->isVisible());

        m_panel->setDocument(nullptr);
        QVERIFY(!m_panel->isEnabled());
    }

    void typedMassIsOneUndoableCommand()
    {
        m_panel->setNodes({0});
        enter(m_panel->massField(), QStringLiteral("5.5"));
        QCOMPARE(massOf(*m_doc, 0), 5.5);
        QCOMPARE(stack()->count(), 1);
        QCOMPARE(stack()->text(0), QString::fromUtf8(document::text::Mass));
        stack()->undo();
        QCOMPARE(massOf(*m_doc, 0), 2.0);
        QCOMPARE(m_panel->massField()->value(), 2.0); // the panel followed the undo
        QCOMPARE(shown(m_panel->massField()), QStringLiteral("2 kg"));
        stack()->redo();
        QCOMPARE(massOf(*m_doc, 0), 5.5);
        QCOMPARE(m_panel->massField()->value(), 5.5);
    }

    void arrowKeysOnOneNodeMergeIntoOneStep()
    {
        m_panel->setNodes({0});
        for (int i = 0; i < 3; ++i)
            QTest::keyClick(m_panel->massField()->spinBox(), Qt::Key_Up);
        QVERIFY(near(massOf(*m_doc, 0), 2.3));
        QCOMPARE(stack()->count(), 1);
        stack()->undo();
        QCOMPARE(massOf(*m_doc, 0), 2.0);
    }

    void arrowKeysOnThreeNodesMergeIntoOneStep()
    {
        // Mass 2, 3 and 2: the first press sets every body to the shown value plus one step (mixed shows the
        // first body's 2), the next presses add 0.1 each; one undo gives back each body's own mass.
        m_panel->setNodes({0, 5, 6});
        QTest::keyClick(m_panel->massField()->spinBox(), Qt::Key_Up);
        const double first = massOf(*m_doc, 0);
        QTest::keyClick(m_panel->massField()->spinBox(), Qt::Key_Up);
        QTest::keyClick(m_panel->massField()->spinBox(), Qt::Key_Up);
        for (size_t node : {0, 5, 6})
            QVERIFY(near(massOf(*m_doc, node), first + 0.2));
        QCOMPARE(stack()->count(), 1);
        stack()->undo();
        QCOMPARE(massOf(*m_doc, 0), 2.0);
        QCOMPARE(massOf(*m_doc, 5), 3.0);
        QCOMPARE(massOf(*m_doc, 6), 2.0);
        QVERIFY(m_panel->massField()->isMixed());
    }

    void everyFieldReachesTheModel()
    {
        m_panel->setNodes({0});
        enter(m_panel->centerOfMassField()->component(1), QStringLiteral("0.25"));
        enter(m_panel->inertiaField()->component(2), QStringLiteral("4"));
        enter(m_panel->inertiaOrientationField()->angles()->component(1), QStringLiteral("90"));
        enter(m_panel->linearVelocityField()->component(0), QStringLiteral("-3"));
        enter(m_panel->angularVelocityField()->component(2), QStringLiteral("1.5"));
        enter(m_panel->gravityFactorField(), QStringLiteral("-0.5"));
        const physics::Motion& m = motion(*m_doc, 0);
        QCOMPARE(m.centerOfMass, std::optional(physics::Vec3{0, 0.25, 0}));
        QCOMPARE(m.inertiaDiagonal, std::optional(physics::Vec3{0, 0, 4}));
        const double s = std::sqrt(0.5);
        QVERIFY(near(m.inertiaOrientation[0], 0) && near(m.inertiaOrientation[1], s) &&
                near(m.inertiaOrientation[2], 0) && near(m.inertiaOrientation[3], s));
        QCOMPARE(m.linearVelocity, (physics::Vec3{-3, 0, 0}));
        QCOMPARE(m.angularVelocity, (physics::Vec3{0, 0, 1.5}));
        QCOMPARE(m.gravityFactor, -0.5);
        QCOMPARE(stack()->count(), 6);
        while (stack()->canUndo())
            stack()->undo();
        const physics::Motion& back = motion(*m_doc, 0);
        QCOMPARE(comOf(*m_doc, 0), (physics::Vec3{0, 0, 0}));
        QCOMPARE(back.inertiaOrientation, (physics::Quat{0, 0, 0, 1}));
        QCOMPARE(back.gravityFactor, 1.0);
        QCOMPARE(m_panel->gravityFactorField()->value(), 1.0);
        QCOMPARE(m_panel->inertiaOrientationField()->value(), (physics::Quat{0, 0, 0, 1}));
    }

    void typeChangeFromTheCombo()
    {
        m_panel->setNodes({0});
        choose(m_panel->typeCombo(), m_panel->typeCombo()->findText(QStringLiteral("Kinematic")));
        QCOMPARE(motion(*m_doc, 0).type, physics::MotionType::Kinematic);
        QVERIFY(!m_panel->massField()->isEnabled());
        stack()->undo();
        QCOMPARE(motion(*m_doc, 0).type, physics::MotionType::Dynamic);
        QCOMPARE(m_panel->typeCombo()->currentText(), QStringLiteral("Dynamic"));
        QVERIFY(m_panel->massField()->isEnabled());
    }

    void multiSelectionShowsMixedAndEditsInOneStep()
    {
        m_panel->setNodes({0, 5, 6});
        QVERIFY(m_panel->massField()->isMixed()); // 2, 3, 2
        QVERIFY(shown(m_panel->massField()).startsWith(NumberSpinBox::mixedText()));
        QVERIFY(m_panel->gravityFactorField()->isMixed());                        // 1, 1, 0.5
        QCOMPARE(m_panel->typeCombo()->currentText(), QStringLiteral("Dynamic")); // all agree
        QVERIFY(!m_panel->centerOfMassField()->isMixed(0));
        QVERIFY(m_panel->centerOfMassField()->isMixed(1)); // 0, 0, 7

        enter(m_panel->massField(), QStringLiteral("4"));
        for (size_t node : {0, 5, 6})
            QCOMPARE(massOf(*m_doc, node), 4.0);
        QCOMPARE(stack()->count(), 1);
        QVERIFY(!m_panel->massField()->isMixed());

        // One component on each node: y stays each node's own.
        enter(m_panel->centerOfMassField()->component(0), QStringLiteral("1"));
        QCOMPARE(stack()->count(), 2);
        QCOMPARE(comOf(*m_doc, 0), (physics::Vec3{1, 0, 0}));
        QCOMPARE(comOf(*m_doc, 6), (physics::Vec3{1, 7, 0}));

        stack()->undo();
        stack()->undo();
        QCOMPARE(massOf(*m_doc, 0), 2.0);
        QCOMPARE(massOf(*m_doc, 5), 3.0);
        QCOMPARE(massOf(*m_doc, 6), 2.0);
        QCOMPARE(comOf(*m_doc, 6), (physics::Vec3{0, 7, 0}));
        QVERIFY(m_panel->massField()->isMixed());
    }

    void mixedTypesShowNoType()
    {
        m_panel->setNodes({0, 2});
        QCOMPARE(m_panel->typeCombo()->currentIndex(), -1);
        choose(m_panel->typeCombo(), m_panel->typeCombo()->findText(QStringLiteral("Static")));
        QCOMPARE(motion(*m_doc, 0).type, physics::MotionType::Static);
        QCOMPARE(motion(*m_doc, 2).type, physics::MotionType::Static);
        QCOMPARE(stack()->count(), 1);
        stack()->undo();
        QCOMPARE(motion(*m_doc, 2).type, physics::MotionType::Kinematic);
    }

    void nodesWithoutMotionAreLeftAlone()
    {
        m_panel->setNodes({0, 4});
        QCOMPARE(m_panel->motionCheck()->checkState(), Qt::PartiallyChecked);
        enter(m_panel->massField(), QStringLiteral("8"));
        QCOMPARE(massOf(*m_doc, 0), 8.0);
        QVERIFY(!hasMotion(*m_doc, 4));
    }

    void motionCheckboxAddsAndRemoves()
    {
        m_panel->setNodes({4});
        m_panel->motionCheck()->click();
        QVERIFY(hasMotion(*m_doc, 4));
        QCOMPARE(motion(*m_doc, 4).type, physics::MotionType::Dynamic);
        QVERIFY(m_panel->motionCheck()->isChecked());
        QVERIFY(m_panel->motionEditor()->isVisible());
        stack()->undo();
        QVERIFY(!hasMotion(*m_doc, 4));
        QVERIFY(!m_panel->motionCheck()->isChecked());
        QVERIFY(!m_panel->motionEditor()->isVisible());

        // Partly bodies: the click adds motion where it is missing; then all are bodies and it removes all.
        m_panel->setNodes({0, 4});
        m_panel->motionCheck()->click();
        QVERIFY(hasMotion(*m_doc, 4));
        QCOMPARE(massOf(*m_doc, 0), 2.0);
        QCOMPARE(m_panel->motionCheck()->checkState(), Qt::Checked);
        const int before = stack()->count();
        m_panel->motionCheck()->click();
        QVERIFY(!hasMotion(*m_doc, 0));
        QVERIFY(!hasMotion(*m_doc, 4));
        QCOMPARE(stack()->count(), before + 1);
        stack()->undo();
        QVERIFY(hasMotion(*m_doc, 0));
        QVERIFY(hasMotion(*m_doc, 4));
        QCOMPARE(massOf(*m_doc, 0), 2.0);
    }

    void unusedFieldsAreDisabledWithTheReason()
    {
        m_panel->setNodes({3}); // static
        for (QWidget* w : std::initializer_list<QWidget*>{
                 m_panel->massField(), m_panel->centerOfMassField(), m_panel->inertiaField(),
                 m_panel->inertiaOrientationField(), m_panel->linearVelocityField(),
                 m_panel->angularVelocityField(), m_panel->gravityFactorField(), m_panel->computeButton()}) {
            QVERIFY2(!w->isEnabled(), qPrintable(w->objectName()));
            QVERIFY2(w->toolTip().contains(QStringLiteral("static")), qPrintable(w->toolTip()));
        }
        QVERIFY(m_panel->typeNote()->isVisible());
        QVERIFY(m_panel->typeNote()->text().contains(QStringLiteral("Static")));
        QVERIFY(m_panel->typeCombo()->isEnabled());

        m_panel->setNodes({2}); // kinematic: velocities used
        QVERIFY(!m_panel->massField()->isEnabled());
        QVERIFY(!m_panel->inertiaField()->isEnabled());
        QVERIFY(!m_panel->gravityFactorField()->isEnabled());
        QVERIFY(m_panel->massField()->toolTip().contains(QStringLiteral("kinematic")));
        QVERIFY(m_panel->linearVelocityField()->isEnabled());
        QVERIFY(m_panel->angularVelocityField()->isEnabled());
        QVERIFY(m_panel->typeNote()->text().contains(QStringLiteral("Kinematic")));

        m_panel->setNodes({0}); // dynamic: everything
        for (QWidget* w : std::initializer_list<QWidget*>{
                 m_panel->massField(), m_panel->centerOfMassField(), m_panel->inertiaField(),
                 m_panel->inertiaOrientationField(), m_panel->linearVelocityField(),
                 m_panel->angularVelocityField(), m_panel->gravityFactorField(), m_panel->computeButton()})
            QVERIFY2(w->isEnabled(), qPrintable(w->objectName()));
        QVERIFY(!m_panel->typeNote()->isVisible());

        // Changing the type by undo/redo updates what is enabled.
        choose(m_panel->typeCombo(), m_panel->typeCombo()->findText(QStringLiteral("Static")));
        QVERIFY(!m_panel->massField()->isEnabled());
        stack()->undo();
        QVERIFY(m_panel->massField()->isEnabled());
    }

    void massZeroOnADynamicBodyIsExplained()
    {
        m_panel->setNodes({0});
        QVERIFY(!m_panel->massNote()->isVisible());
        enter(m_panel->massField(), QStringLiteral("0"));
        QCOMPARE(massOf(*m_doc, 0), 0.0);
        QVERIFY(m_panel->massNote()->isVisible());
        QVERIFY(m_panel->massNote()->text().contains(QStringLiteral("mass 0")));
        stack()->undo();
        QVERIFY(!m_panel->massNote()->isVisible());
    }

    void externalEditsRefreshWithoutDisturbingTyping()
    {
        m_panel->setNodes({0});
        // The user is typing a gravity factor when another edit (another panel, a script) changes the mass.
        NumberField* gravity = m_panel->gravityFactorField();
        gravity->spinBox()->selectAll();
        QTest::keyClicks(gravity->spinBox(), QStringLiteral("9"));
        m_doc->push(new document::SetMotionMass(m_doc.get(), 0, 12.0));
        QCOMPARE(m_panel->massField()->value(), 12.0);
        QCOMPARE(gravity->spinBox()->editor()->text(), QStringLiteral("9"));
        QTest::keyClick(gravity->spinBox(), Qt::Key_Enter);
        QCOMPARE(motion(*m_doc, 0).gravityFactor, 9.0);
        QCOMPARE(massOf(*m_doc, 0), 12.0);
        // Other nodes' edits do not concern the panel's fields.
        m_doc->push(new document::SetMotionMass(m_doc.get(), 5, 30.0));
        QCOMPARE(m_panel->massField()->value(), 12.0);
    }

    void newSelectionDropsUncommittedText()
    {
        m_panel->setNodes({0});
        NumberField* mass = m_panel->massField();
        mass->spinBox()->selectAll();
        QTest::keyClicks(mass->spinBox(), QStringLiteral("9"));
        m_panel->setNodes({5}); // e.g. a click in the viewport while the text is there
        QCOMPARE(mass->spinBox()->editor()->text(), QStringLiteral("3 kg"));
        QTest::keyClick(mass->spinBox(), Qt::Key_Enter);
        QCOMPARE(massOf(*m_doc, 5), 3.0);
        QCOMPARE(massOf(*m_doc, 0), 2.0);
        QCOMPARE(stack()->count(), 0);
    }

    void computeFromShapesByDensity()
    {
        m_panel->setNodes({0});
        QCOMPARE(m_panel->computeModeCombo()->currentData().toInt(), int(BodyPanel::ComputeMode::Density));
        enter(m_panel->computeValueField(), QStringLiteral("500"));
        m_panel->computeButton()->click();
        // A 1 x 2 x 3 box at 500 kg/m^3: 3000 kg, centred at the collider node (y = 1), and m (b^2 + c^2) /
        // 12 about each axis, whatever order the principal axes come in.
        const physics::Motion& m = motion(*m_doc, 0);
        QVERIFY2(near(m.mass.value_or(-1.0), 3000.0, 1e-6),
                 qPrintable(QString::number(m.mass.value_or(-1.0))));
        QVERIFY(m.centerOfMass);
        QVERIFY(near((*m.centerOfMass)[0], 0, 1e-9) && near((*m.centerOfMass)[1], 1, 1e-9) &&
                near((*m.centerOfMass)[2], 0, 1e-9));
        QVERIFY(m.inertiaDiagonal);
        std::vector<double> diagonal(m.inertiaDiagonal->begin(), m.inertiaDiagonal->end());
        std::sort(diagonal.begin(), diagonal.end());
        QVERIFY(near(diagonal[0], 3000.0 * 5 / 12, 1e-6));
        QVERIFY(near(diagonal[1], 3000.0 * 10 / 12, 1e-6));
        QVERIFY(near(diagonal[2], 3000.0 * 13 / 12, 1e-6));
        QCOMPARE(stack()->count(), 1); // the mass and the rest: one step
        QVERIFY(m_panel->computeMessage()->isVisible());
        QVERIFY(m_panel->computeMessage()->text().contains(QStringLiteral("3000")));
        QCOMPARE(m_panel->massField()->value(), m.mass.value_or(-1.0));
        stack()->undo();
        QCOMPARE(massOf(*m_doc, 0), 2.0);
        QCOMPARE(comOf(*m_doc, 0), (physics::Vec3{0, 0, 0}));
        QVERIFY(!motion(*m_doc, 0).inertiaDiagonal); // the file left it out: computed again
    }

    void computeFromShapesByTotalMass()
    {
        m_panel->setNodes({0});
        choose(m_panel->computeModeCombo(), 1);
        enter(m_panel->computeValueField(), QStringLiteral("12"));
        m_panel->computeButton()->click();
        const physics::Motion& m = motion(*m_doc, 0);
        QCOMPARE(m.mass, std::optional(12.0));
        QVERIFY(m.inertiaDiagonal);
        std::vector<double> diagonal(m.inertiaDiagonal->begin(), m.inertiaDiagonal->end());
        std::sort(diagonal.begin(), diagonal.end());
        QVERIFY(near(diagonal[0], 5.0, 1e-9));
        QVERIFY(near(diagonal[1], 10.0, 1e-9));
        QVERIFY(near(diagonal[2], 13.0, 1e-9));
        QCOMPARE(stack()->count(), 1);
        stack()->undo();
        QCOMPARE(massOf(*m_doc, 0), 2.0);
    }

    void computeFromShapesSaysWhyItFails()
    {
        m_panel->setNodes({5}); // a dynamic body without shapes
        m_panel->computeButton()->click();
        QCOMPARE(stack()->count(), 0);
        QVERIFY(m_panel->computeMessage()->isVisible());
        QVERIFY2(m_panel->computeMessage()->text().contains(QStringLiteral("no collider shapes")),
                 qPrintable(m_panel->computeMessage()->text()));
        QCOMPARE(massOf(*m_doc, 5), 3.0);

        // With a body that works selected too, that one is computed and the other named in the message.
        m_panel->setNodes({0, 5});
        m_panel->computeButton()->click();
        QCOMPARE(stack()->count(), 1);
        QVERIFY(near(massOf(*m_doc, 0), 6000.0, 1e-6));
        QVERIFY(m_panel->computeMessage()->text().contains(QStringLiteral("Lonely")));
    }
};

QTEST_MAIN(TestBodyPanel)
#include "TestBodyPanel.moc"
