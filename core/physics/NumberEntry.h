#pragma once

// What a number field makes of the text a user typed: the number read in the user's locale, kept to the
// field's decimals and clamped to its limits, with a sentence saying so whenever the value applied is not the
// one typed; or a refusal with the reason. Nothing is dropped silently: a comma the locale does not read as
// its decimal separator refuses the text instead of being taken for a thousands separator ("2,5" is never
// 25).

#include "physics/FieldLimits.h"

#include <QLocale>
#include <QString>
#include <optional>

namespace cs::physics {

/// The limits of a number field as an editor applies them.
struct EntryBounds
{
    double minimum = -1e9; ///< the least value the field takes
    double maximum = 1e9;  ///< the most
    int decimals = 4;      ///< the value is kept to this many decimals (0: whole numbers)
    QString unit;          ///< after a number, e.g. " m"; typed after the number it is accepted
    /// A bound the value must stay above (a size above 0 m): a value at or below it is refused with that
    /// reason rather than clamped, since the smallest value allowed would be a guess.
    std::optional<double> above;
};

/// The bounds of a field descriptor: its editor minimum, maximum, decimals and unit, and the spec's bound
/// when the value must stay above it.
EntryBounds entryBounds(const FieldLimits& limits);

/// What became of the typed text.
struct NumberEntry
{
    enum class Outcome
    {
        Accepted, ///< the number as typed
        Adjusted, ///< kept to the field's decimals or clamped to its limits; `message` says which
        Refused   ///< not a number; `message` says why and nothing is applied
    };
    Outcome outcome = Outcome::Refused;
    double value = 0.0; ///< what to apply (not meaningful when refused)
    QString message;    ///< empty when accepted as typed

    bool applies() const { return outcome != Outcome::Refused; }
};

/// The number `text` holds as `locale` writes numbers (its decimal separator and minus sign, no thousands
/// separators, an exponent allowed), after the unit if `text` ends with it; nothing when it holds none.
/// Infinite and overflowing numbers are read as infinite.
std::optional<double> readNumber(const QString& text, const QLocale& locale, const QString& unit = {});

/// Reads `text` (a number, optionally followed by the unit) as `locale` writes numbers: its decimal separator
/// and minus sign, no thousands separators, an exponent allowed. A non-finite number is refused, and so is
/// one at or below `bounds.above`; the value is rounded to `bounds.decimals` and clamped to [minimum,
/// maximum], each change named in the message.
NumberEntry readNumberEntry(const QString& text, const QLocale& locale, const EntryBounds& bounds);

/// `value` as a field shows it: `decimals` at most, no trailing zeros, no group separators, no "-0" (a
/// value that rounds to zero at that precision shows as 0), then the unit.
QString entryText(double value, const QLocale& locale, int decimals, const QString& unit = {});

} // namespace cs::physics
