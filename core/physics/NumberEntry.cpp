#include "physics/NumberEntry.h"

#include <algorithm>
#include <cmath>

namespace cs::physics {

namespace {

QString quoted(const QString& text)
{
    return QStringLiteral("\u201c%1\u201d").arg(text);
}

/// The text without the unit (and the spaces around the number).
QString withoutUnit(const QString& text, const QString& unit)
{
    QString t = text.trimmed();
    const QString u = unit.trimmed();
    if (!u.isEmpty() && t.endsWith(u))
        t.chop(u.size());
    return t.trimmed();
}

/// `value` kept to `decimals` (as the field shows it).
double rounded(double value, int decimals)
{
    return QLocale::c().toString(value, 'f', std::max(decimals, 0)).toDouble();
}

NumberEntry refused(QString message)
{
    NumberEntry entry;
    entry.outcome = NumberEntry::Outcome::Refused;
    entry.message = std::move(message);
    return entry;
}

/// Why text with a separator other than the locale's decimal one is not a number.
QString separatorNote(const QString& typed, const QLocale& locale)
{
    const QString point = locale.decimalPoint();
    for (const QString& sep : {QStringLiteral(","), QStringLiteral("."), locale.groupSeparator()}) {
        if (!sep.isEmpty() && sep != point && typed.contains(sep))
            return QStringLiteral(": the decimal separator here is %1, and digits are not grouped")
                .arg(quoted(point));
    }
    return {};
}

} // namespace

EntryBounds entryBounds(const FieldLimits& limits)
{
    EntryBounds b;
    b.minimum = limits.editorMinimum();
    b.maximum = limits.maximum;
    b.decimals = limits.decimals;
    b.unit = QString::fromLatin1(limits.unit);
    if (!limits.minimumAllowed)
        b.above = limits.minimum;
    return b;
}

QString entryText(double value, const QLocale& locale, int decimals, const QString& unit)
{
    QLocale loc = locale;
    loc.setNumberOptions(loc.numberOptions() | QLocale::OmitGroupSeparator);
    QString text = loc.toString(value, 'f', std::max(decimals, 0));
    const QString point = loc.decimalPoint();
    if (text.contains(point)) {
        const QString zero = loc.zeroDigit();
        while (text.endsWith(zero))
            text.chop(zero.size());
        if (text.endsWith(point))
            text.chop(point.size());
    }
    if (text == loc.negativeSign() + loc.zeroDigit())
        text = loc.zeroDigit();
    return text + unit;
}

std::optional<double> readNumber(const QString& text, const QLocale& locale, const QString& unit)
{
    QLocale strict = locale;
    strict.setNumberOptions(strict.numberOptions() | QLocale::RejectGroupSeparator);
    bool ok = false;
    const double number = strict.toDouble(withoutUnit(text, unit), &ok);
    if (!ok && !std::isinf(number))
        return std::nullopt;
    return number;
}

NumberEntry readNumberEntry(const QString& text, const QLocale& locale, const EntryBounds& bounds)
{
    const QString typed = withoutUnit(text, bounds.unit);
    if (typed.isEmpty())
        return refused(QStringLiteral("Nothing was typed: the value is kept"));
    const std::optional<double> read = readNumber(typed, locale);
    if (!read)
        return refused(
            QStringLiteral("%1 is not a number%2").arg(quoted(typed), separatorNote(typed, locale)));
    const double number = *read;
    if (std::isinf(number) && !typed.contains(QLatin1String("inf"), Qt::CaseInsensitive))
        return refused(QStringLiteral("%1 is too large a number").arg(quoted(typed)));
    if (!std::isfinite(number))
        return refused(QStringLiteral("%1 is not a finite number").arg(quoted(typed)));

    NumberEntry entry;
    entry.outcome = NumberEntry::Outcome::Accepted;
    const double kept = rounded(number, bounds.decimals);
    const auto shown = [&](double v) { return entryText(v, locale, bounds.decimals, bounds.unit); };
    if (bounds.above && kept <= *bounds.above) {
        // A size of 0 or less is no shape at all: the nearest one allowed would be a guess, so it is refused.
        return refused(QStringLiteral("%1 is refused: the value must be above %2")
                           .arg(typed, entryText(*bounds.above, locale, bounds.decimals, bounds.unit)));
    }
    if (kept < bounds.minimum) {
        entry.value = bounds.minimum;
        entry.message = QStringLiteral("%1 is the least: %2 became %1").arg(shown(bounds.minimum), typed);
    } else if (kept > bounds.maximum) {
        entry.value = bounds.maximum;
        entry.message = QStringLiteral("%1 is the most: %2 became %1").arg(shown(bounds.maximum), typed);
    } else {
        entry.value = kept == 0.0 ? 0.0 : kept; // no -0
        if (kept != number) {
            const QString kind = bounds.decimals <= 0 ? QStringLiteral("a whole number")
                                                      : QStringLiteral("%1 decimals").arg(bounds.decimals);
            entry.message = QStringLiteral("Kept to %1: %2 became %3").arg(kind, typed, shown(kept));
        }
    }
    if (!entry.message.isEmpty())
        entry.outcome = NumberEntry::Outcome::Adjusted;
    return entry;
}

} // namespace cs::physics
