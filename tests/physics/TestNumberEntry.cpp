// What a number field makes of typed text (physics::readNumberEntry): the user's locale decides the decimal
// separator and a comma it does not read is refused, never dropped ("2,5" is never 25); values outside a
// field's limits (FieldLimits) are clamped with a sentence that says so, or refused with the reason when the
// field must stay above a bound (a size above 0); non-numbers are refused with the reason. The cases are the
// issue's: "-0.3" in a radius, "-1" and "0" in a box size, "300" where 255 is the most.
#include "physics/FieldLimits.h"
#include "physics/NumberEntry.h"

#include <QTest>

using namespace cs::physics;
using Outcome = NumberEntry::Outcome;

namespace {

const QLocale kGerman(QLocale::German, QLocale::Germany);
const QLocale kEnglish(QLocale::English, QLocale::UnitedStates);

/// The hull dialog's Most points: 4 to 255, whole numbers.
EntryBounds hullPoints()
{
    EntryBounds b;
    b.minimum = 4;
    b.maximum = 255;
    b.decimals = 0;
    return b;
}

} // namespace

class TestNumberEntry : public QObject
{
    Q_OBJECT

private slots:
    void commaIsTheGermanDecimalSeparator()
    {
        const NumberEntry e = readNumberEntry(QStringLiteral("2,5"), kGerman, entryBounds(limits::Radius));
        QCOMPARE(e.outcome, Outcome::Accepted);
        QCOMPARE(e.value, 2.5);
        QVERIFY(e.message.isEmpty());
        // With the unit typed after it, as the field shows it.
        QCOMPARE(readNumberEntry(QStringLiteral("2,5 m"), kGerman, entryBounds(limits::Radius)).value, 2.5);
    }

    void commaIsRefusedWhereItIsNotTheDecimalSeparator()
    {
        for (const QLocale& locale : {QLocale::c(), kEnglish}) {
            const NumberEntry e = readNumberEntry(QStringLiteral("2,5"), locale, entryBounds(limits::Radius));
            QCOMPARE(e.outcome, Outcome::Refused);
            QVERIFY(!e.applies());
            QVERIFY2(e.message.contains(QStringLiteral("\u201c2,5\u201d is not a number")),
                     qPrintable(e.message));
            QVERIFY2(e.message.contains(QStringLiteral("decimal separator here is \u201c.\u201d")),
                     qPrintable(e.message));
        }
        // Thousands separators are refused as well: "1,000" is not 1000 nor 1.
        QCOMPARE(readNumberEntry(QStringLiteral("1,000"), kEnglish, {}).outcome, Outcome::Refused);
        // In German the point groups thousands: "2.5" would be 25 there; it is refused too.
        const NumberEntry german =
            readNumberEntry(QStringLiteral("2.5"), kGerman, entryBounds(limits::Radius));
        QCOMPARE(german.outcome, Outcome::Refused);
        QVERIFY2(german.message.contains(QStringLiteral("\u201c,\u201d")), qPrintable(german.message));
    }

    void negativeRadiusIsClampedToZeroWithAWord()
    {
        const NumberEntry e =
            readNumberEntry(QStringLiteral("-0.3"), QLocale::c(), entryBounds(limits::Radius));
        QCOMPARE(e.outcome, Outcome::Adjusted);
        QCOMPARE(e.value, 0.0);
        QVERIFY(!std::signbit(e.value));
        QCOMPARE(e.message, QStringLiteral("0 m is the least: -0.3 became 0 m"));
    }

    void boxSizeAtOrBelowZeroIsRefusedWithTheReason()
    {
        // A box's sides must be above 0 (FieldLimits::BoxSize): the nearest size allowed would be a guess.
        for (const char* typed : {"-1", "0", "0.00001"}) {
            const NumberEntry e =
                readNumberEntry(QString::fromLatin1(typed), QLocale::c(), entryBounds(limits::BoxSize));
            QCOMPARE(e.outcome, Outcome::Refused);
            QCOMPARE(
                e.message,
                QStringLiteral("%1 is refused: the value must be above 0 m").arg(QString::fromLatin1(typed)));
        }
        // Above the bound but below the least the editor shows: the least, said so.
        EntryBounds b = entryBounds(limits::BoxSize);
        b.minimum = 0.01;
        const NumberEntry e = readNumberEntry(QStringLiteral("0.001"), QLocale::c(), b);
        QCOMPARE(e.value, 0.01);
        QCOMPARE(e.message, QStringLiteral("0.01 m is the least: 0.001 became 0.01 m"));
    }

    void tooManyPointsIsClampedToTheMost()
    {
        const NumberEntry e = readNumberEntry(QStringLiteral("300"), QLocale::c(), hullPoints());
        QCOMPARE(e.outcome, Outcome::Adjusted);
        QCOMPARE(e.value, 255.0);
        QCOMPARE(e.message, QStringLiteral("255 is the most: 300 became 255"));
        const NumberEntry few = readNumberEntry(QStringLiteral("2"), QLocale::c(), hullPoints());
        QCOMPARE(few.value, 4.0);
        QCOMPARE(few.message, QStringLiteral("4 is the least: 2 became 4"));
    }

    void valuesWithinTheLimitsAreTakenAsTyped()
    {
        const NumberEntry e = readNumberEntry(QStringLiteral("100"), QLocale::c(), hullPoints());
        QCOMPARE(e.outcome, Outcome::Accepted);
        QCOMPARE(e.value, 100.0);
        QVERIFY(e.message.isEmpty());
        QCOMPARE(readNumberEntry(QStringLiteral("1.5e2"), QLocale::c(), hullPoints()).value, 150.0);
        QCOMPARE(readNumberEntry(QStringLiteral(" 0.25 m "), QLocale::c(), entryBounds(limits::Radius)).value,
                 0.25);
    }

    void moreDecimalsThanTheFieldKeepsAreRoundedWithAWord()
    {
        const NumberEntry e =
            readNumberEntry(QStringLiteral("0.12346"), QLocale::c(), entryBounds(limits::Radius));
        QCOMPARE(e.outcome, Outcome::Adjusted);
        QCOMPARE(e.value, 0.1235);
        QCOMPARE(e.message, QStringLiteral("Kept to 4 decimals: 0.12346 became 0.1235 m"));
        const NumberEntry whole = readNumberEntry(QStringLiteral("12.7"), QLocale::c(), hullPoints());
        QCOMPARE(whole.value, 13.0);
        QCOMPARE(whole.message, QStringLiteral("Kept to a whole number: 12.7 became 13"));
    }

    void nonNumbersAreRefusedWithTheReason()
    {
        const EntryBounds b = entryBounds(limits::Mass);
        QCOMPARE(readNumberEntry(QStringLiteral("abc"), QLocale::c(), b).message,
                 QStringLiteral("\u201cabc\u201d is not a number"));
        QCOMPARE(readNumberEntry(QString(), QLocale::c(), b).outcome, Outcome::Refused);
        QCOMPARE(readNumberEntry(QStringLiteral(" kg"), QLocale::c(), b).outcome, Outcome::Refused);
        for (const char* text : {"inf", "-inf", "nan", "1e999"}) {
            const NumberEntry e = readNumberEntry(QString::fromLatin1(text), QLocale::c(), b);
            QCOMPARE(e.outcome, Outcome::Refused);
            QVERIFY(!e.message.isEmpty());
        }
        QVERIFY(readNumberEntry(QStringLiteral("1e999"), QLocale::c(), b).message.contains("too large"));
    }

    void readNumberTakesTheLocalesSeparatorOnly()
    {
        QCOMPARE(readNumber(QStringLiteral("2,5"), kGerman), std::optional<double>(2.5));
        QCOMPARE(readNumber(QStringLiteral("2.5"), QLocale::c()), std::optional<double>(2.5));
        QVERIFY(!readNumber(QStringLiteral("2,5"), QLocale::c()));
        QVERIFY(!readNumber(QStringLiteral("2.5"), kGerman));
        QCOMPARE(readNumber(QStringLiteral("-1 m"), QLocale::c(), QStringLiteral(" m")),
                 std::optional<double>(-1.0));
    }

    void entryTextShowsTinyValuesAsZero()
    {
        QCOMPARE(entryText(7.74e-9, QLocale::c(), 4, QStringLiteral(" m")), QStringLiteral("0 m"));
        QCOMPARE(entryText(-1e-7, QLocale::c(), 4), QStringLiteral("0"));
        QCOMPARE(entryText(2.5, kGerman, 4, QStringLiteral(" m")), QStringLiteral("2,5 m"));
        QCOMPARE(entryText(1234.5, kEnglish, 2), QStringLiteral("1234.5")); // no group separator
    }
};

QTEST_MAIN(TestNumberEntry)
#include "TestNumberEntry.moc"
