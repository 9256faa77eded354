// The field widgets of the property panels: NumberField (user edits only, exact values, mixed state, range),
// Vec3Field (per-component mixed state and edits), the Euler angle conversions and QuatAsEulerField.
#include "geometry/EulerAngles.h"
#include "widgets/NumberField.h"
#include "widgets/QuatAsEulerField.h"
#include "widgets/Vec3Field.h"

#include <QApplication>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>
#include <cmath>
#include <limits>

using namespace cs;
using namespace cs::ui;

namespace {

/// Replaces the text of the field's spin box with `text` as a user would, without committing.
void typeText(NumberField& field, const QString& text)
{
    field.spinBox()->selectAll();
    QTest::keyClicks(field.spinBox(), text);
}

/// Types `text` and presses Enter.
void enterText(NumberField& field, const QString& text)
{
    typeText(field, text);
    QTest::keyClick(field.spinBox(), Qt::Key_Enter);
}

bool near(double a, double b, double tolerance = 1e-9)
{
    return std::fabs(a - b) <= tolerance;
}

} // namespace

class TestFieldWidgets : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void setValueNeverEmits()
    {
        NumberField field;
        QSignalSpy spy(&field, &NumberField::edited);
        field.setRange(-10, 10);
        field.setDecimals(2);
        field.setValue(3.0);
        field.setValue(-4.5);
        field.setMixed();
        field.setValue(1.0);
        QCOMPARE(spy.count(), 0);
        QCOMPARE(field.value(), 1.0);
        QVERIFY(!field.isMixed());
    }

    void typingCommitsOnEnterOnly()
    {
        NumberField field;
        field.setUnit(QStringLiteral(" kg"));
        field.show();
        QSignalSpy spy(&field, &NumberField::edited);
        typeText(field, QStringLiteral("2.5"));
        QCOMPARE(spy.count(), 0); // not committed yet
        QTest::keyClick(field.spinBox(), Qt::Key_Enter);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toDouble(), 2.5);
        QCOMPARE(field.value(), 2.5);
        QCOMPARE(field.spinBox()->editor()->text(), QStringLiteral("2.5 kg"));
        // Enter again without typing: nothing new.
        QTest::keyClick(field.spinBox(), Qt::Key_Enter);
        QCOMPARE(spy.count(), 1);
    }

    void arrowKeysEmit()
    {
        NumberField field;
        field.setSingleStep(0.5);
        field.setValue(1.0);
        field.show();
        QSignalSpy spy(&field, &NumberField::edited);
        QTest::keyClick(field.spinBox(), Qt::Key_Up);
        QTest::keyClick(field.spinBox(), Qt::Key_Up);
        QTest::keyClick(field.spinBox(), Qt::Key_Down);
        QCOMPARE(spy.count(), 3);
        QCOMPARE(spy.at(0).at(0).toDouble(), 1.5);
        QCOMPARE(spy.at(1).at(0).toDouble(), 2.0);
        QCOMPARE(spy.at(2).at(0).toDouble(), 1.5);
        QCOMPARE(field.value(), 1.5);
    }

    void wheelEditsOnlyWithFocus()
    {
        QWidget window;
        auto* other = new QLineEdit(&window);
        auto* field = new NumberField(&window);
        field->move(0, 60);
        field->setSingleStep(1.0);
        field->setValue(5.0);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        other->setFocus();
        QTRY_VERIFY(other->hasFocus());
        QSignalSpy spy(field, &NumberField::edited);
        const QPointF at(field->spinBox()->rect().center());
        auto wheel = [&] {
            QWheelEvent event(at, field->spinBox()->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                              Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(field->spinBox(), &event);
        };
        wheel();
        QCOMPARE(spy.count(), 0); // scrolling over an unfocused field leaves it alone
        field->spinBox()->setFocus();
        QTRY_VERIFY(field->spinBox()->hasFocus());
        wheel();
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toDouble(), 6.0);
    }

    void focusOutCommits()
    {
        QWidget window;
        auto* field = new NumberField(&window);
        auto* other = new QLineEdit(&window);
        other->move(0, 60);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        field->spinBox()->setFocus();
        QTRY_VERIFY(field->spinBox()->hasFocus());
        QSignalSpy spy(field, &NumberField::edited);
        typeText(*field, QStringLiteral("7.25"));
        QCOMPARE(spy.count(), 0);
        other->setFocus();
        QTRY_VERIFY(other->hasFocus());
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toDouble(), 7.25);
    }

    void exactValueIsKept()
    {
        NumberField field;
        field.setDecimals(2);
        field.setValue(1.23456789);
        QCOMPARE(field.value(), 1.23456789);
        QCOMPARE(field.spinBox()->editor()->text(), QStringLiteral("1.23"));
        field.setValue(2.0);
        QCOMPARE(field.spinBox()->editor()->text(), QStringLiteral("2")); // no trailing zeros
        field.setValue(-0.0000001);
        QCOMPARE(field.spinBox()->editor()->text(), QStringLiteral("0")); // no "-0"
    }

    void mixedShowsDashUntilTheUserEntersAValue()
    {
        NumberField field;
        field.setUnit(QStringLiteral(" m"));
        field.show();
        QSignalSpy spy(&field, &NumberField::edited);
        field.setValues({1.0, 2.0});
        QVERIFY(field.isMixed());
        QVERIFY(field.spinBox()->editor()->text().startsWith(NumberSpinBox::mixedText()));
        QCOMPARE(spy.count(), 0);
        // Enter without typing keeps the mixed state and edits nothing.
        QTest::keyClick(field.spinBox(), Qt::Key_Enter);
        QVERIFY(field.isMixed());
        QCOMPARE(spy.count(), 0);
        // The value the box holds internally (the first one) typed while mixed is still an edit.
        enterText(field, QStringLiteral("1"));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toDouble(), 1.0);
        QVERIFY(!field.isMixed());
        QCOMPARE(field.spinBox()->editor()->text(), QStringLiteral("1 m"));

        field.setValues({3.0, 3.0});
        QVERIFY(!field.isMixed());
        QCOMPARE(field.value(), 3.0);
        field.setValues({});
        QVERIFY(field.isMixed());
        // Typing next to the dash replaces it.
        field.spinBox()->editor()->setCursorPosition(1);
        QTest::keyClicks(field.spinBox(), QStringLiteral("4"));
        QTest::keyClick(field.spinBox(), Qt::Key_Enter);
        QCOMPARE(spy.count(), 2);
        QCOMPARE(spy.at(1).at(0).toDouble(), 4.0);
    }

    void arrowKeysLeaveTheMixedState()
    {
        NumberField field;
        field.setSingleStep(1.0);
        field.setValues({2.0, 5.0});
        field.show();
        QSignalSpy spy(&field, &NumberField::edited);
        QTest::keyClick(field.spinBox(), Qt::Key_Up);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toDouble(), 3.0);
        QVERIFY(!field.isMixed());
        QCOMPARE(field.spinBox()->editor()->text(), QStringLiteral("3"));
    }

    void rangeClampsWhatTheUserEnters()
    {
        NumberField field;
        field.setRange(0.0, 10.0);
        field.setValue(5.0);
        field.show();
        QSignalSpy spy(&field, &NumberField::edited);
        enterText(field, QStringLiteral("-3"));
        enterText(field, QStringLiteral("50"));
        for (const auto& args : spy)
            QVERIFY(args.at(0).toDouble() >= 0.0 && args.at(0).toDouble() <= 10.0);
        QVERIFY(field.value() >= 0.0 && field.value() <= 10.0);

        // A value from a file outside the range is shown as it is; stepping brings it into the range.
        spy.clear();
        field.setValue(-1.0);
        QCOMPARE(field.value(), -1.0);
        QCOMPARE(field.spinBox()->editor()->text(), QStringLiteral("-1"));
        QTest::keyClick(field.spinBox(), Qt::Key_Up);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toDouble(), 0.0);
        QCOMPARE(field.value(), 0.0);
    }

    void nonFiniteCannotBeEntered()
    {
        NumberField field;
        field.setValue(2.0);
        field.show();
        QSignalSpy spy(&field, &NumberField::edited);
        for (const char* text : {"inf", "nan", "1e999", "-inf"}) {
            enterText(field, QString::fromLatin1(text));
            QVERIFY(std::isfinite(field.value()));
        }
        for (const auto& args : spy)
            QVERIFY(std::isfinite(args.at(0).toDouble()));
        field.setValue(std::numeric_limits<double>::quiet_NaN());
        QVERIFY(field.isMixed());
        QVERIFY(std::isfinite(field.value()));
    }

    void setValueWhileTypingKeepsTheText()
    {
        NumberField field;
        field.setValue(1.0);
        field.show();
        QSignalSpy spy(&field, &NumberField::edited);
        typeText(field, QStringLiteral("7"));
        field.setValue(3.0); // e.g. a refresh from the document
        QCOMPARE(field.spinBox()->editor()->text(), QStringLiteral("7"));
        QTest::keyClick(field.spinBox(), Qt::Key_Enter);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toDouble(), 7.0);
        QCOMPARE(field.value(), 7.0);
    }

    void vec3PerComponentMixedAndEdits()
    {
        Vec3Field field;
        field.setUnit(QStringLiteral(" m"));
        field.show();
        QSignalSpy whole(&field, &Vec3Field::edited);
        QSignalSpy single(&field, &Vec3Field::componentEdited);
        field.setValues({{1.0, 2.0, 3.0}, {1.0, 5.0, 3.0}});
        QVERIFY(!field.isMixed(0));
        QVERIFY(field.isMixed(1));
        QVERIFY(!field.isMixed(2));
        QVERIFY(field.isMixed());
        QCOMPARE(whole.count(), 0);
        enterText(*field.component(2), QStringLiteral("-4"));
        QCOMPARE(single.count(), 1);
        QCOMPARE(single.at(0).at(0).toInt(), 2);
        QCOMPARE(single.at(0).at(1).toDouble(), -4.0);
        QCOMPARE(whole.count(), 1);
        const auto v = whole.at(0).at(0).value<physics::Vec3>();
        QCOMPARE(v[0], 1.0);
        QCOMPARE(v[1], 2.0); // the mixed component holds the first object's value
        QCOMPARE(v[2], -4.0);

        field.setValue({0.125, 0.0, 9.5});
        QVERIFY(!field.isMixed());
        QCOMPARE(field.value(), (physics::Vec3{0.125, 0.0, 9.5}));
        QCOMPARE(whole.count(), 1);
    }

    void quatFieldEditsOneAngle()
    {
        QuatAsEulerField field;
        field.show();
        QSignalSpy spy(&field, &QuatAsEulerField::edited);
        const physics::Quat start = geometry::eulerDegreesToQuat({10, 20, 30});
        field.setValue(start);
        QCOMPARE(field.value(), start);
        QCOMPARE(spy.count(), 0);
        QVERIFY(near(field.angles()->value()[0], 10, 1e-9));
        enterText(*field.angles()->component(1), QStringLiteral("45"));
        QCOMPARE(spy.count(), 1);
        const auto q = spy.at(0).at(0).value<physics::Quat>();
        QVERIFY(near(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3], 1.0, 1e-12));
        QVERIFY(geometry::sameOrientation(q, geometry::eulerDegreesToQuat({10, 45, 30}), 1e-12));
        QCOMPARE(field.value(), q);

        field.setValues({start, geometry::eulerDegreesToQuat({10, 20, 31})});
        QVERIFY(field.isMixed());
        QVERIFY(!field.angles()->isMixed(1));
        QVERIFY(field.angles()->isMixed(2));
    }
};

QTEST_MAIN(TestFieldWidgets)
#include "TestFieldWidgets.moc"
