#pragma once

// Spin boxes for the dialogs and the table editors that read typed text as NumberField does (see
// physics::readNumberEntry): any text may be typed; on Enter or focus-out it is read in the widget's locale,
// kept to the decimals and clamped to the range, each change said in the tooltip and the main window's status
// bar, or refused with the reason and the value kept. Never a comma dropped, a minus lost or a digit refused.

#include "physics/NumberEntry.h"

#include <QDoubleSpinBox>
#include <QKeyEvent>
#include <QSpinBox>
#include <algorithm>
#include <cmath>
#include <optional>
#include <type_traits>

namespace cs::ui {

/// The reading of typed text that the spin boxes below share.
class TypedEntry
{
public:
    /// `editor` is the spin box's line edit: what the user types there is read on commit().
    TypedEntry(QAbstractSpinBox* box, QLineEdit* editor);

    /// Acceptable when the text holds a number, else Intermediate: nothing the user types is refused as it
    /// is typed.
    QValidator::State state(const QString& input, const QLocale& locale, const QString& unit) const;
    /// When the user typed since the last commit: what the text reads as within `bounds`, shown as the
    /// message; nothing when it was refused (or nothing was typed).
    std::optional<double> commit(const physics::EntryBounds& bounds);
    bool isTyping() const { return m_typing; }
    /// What became of the text last committed, when it was not taken as typed (else empty).
    QString message() const { return m_message; }

private:
    QAbstractSpinBox* m_box;
    QLineEdit* m_editor;
    QString m_message;
    QString m_ownToolTip; ///< the box's tooltip before a message was put in front of it
    bool m_typing = false;
};

/// A QSpinBox or QDoubleSpinBox (`Base`) that reads typed text as NumberField does ("300" in a field of at
/// most 255 is 255, said so). Use it through WholeSpinBox and DecimalSpinBox.
template <class Base> class EntrySpinBox : public Base
{
    static constexpr bool kWhole = std::is_same_v<Base, QSpinBox>;
    using Value = std::conditional_t<kWhole, int, double>;

public:
    explicit EntrySpinBox(QWidget* parent = nullptr) : Base(parent), m_entry(this, Base::lineEdit())
    {
        Base::setFocusPolicy(Qt::StrongFocus);
        // The value changes on a commit only: "2" of a "2,5" that is then refused must not stay behind.
        Base::setKeyboardTracking(false);
    }

    QValidator::State validate(QString& input, int& /*pos*/) const override
    {
        return m_entry.state(input, Base::locale(), Base::suffix());
    }
    /// Read as validate() read it (the base class would drop a comma); setValue clamps, the commit says so.
    Value valueFromText(const QString& text) const override
    {
        const std::optional<double> v = physics::readNumber(text, Base::locale(), Base::suffix());
        if (!v || !std::isfinite(*v))
            return Base::value();
        if constexpr (kWhole)
            return static_cast<int>(
                std::clamp(std::round(*v), double(Base::minimum()), double(Base::maximum())));
        else
            return *v;
    }
    /// A step goes from what was typed, read as a commit would.
    void stepBy(int steps) override
    {
        commitTyped();
        Base::stepBy(steps);
    }
    /// Reads the text typed since the last commit, if any (the table editors commit before they close).
    void commitTyped()
    {
        if (!m_entry.isTyping())
            return;
        const int decimals = kWhole ? 0 : decimalsOf(this);
        const std::optional<double> v = m_entry.commit(
            {double(Base::minimum()), double(Base::maximum()), decimals, Base::suffix(), std::nullopt});
        // A refusal shows the value kept: setValue rewrites the text either way.
        Base::setValue(v ? static_cast<Value>(*v) : Base::value());
    }
    QString entryMessage() const { return m_entry.message(); }

protected:
    void keyPressEvent(QKeyEvent* event) override
    {
        if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter)
            commitTyped();
        Base::keyPressEvent(event);
    }
    void focusOutEvent(QFocusEvent* event) override
    {
        commitTyped();
        Base::focusOutEvent(event);
    }

private:
    static int decimalsOf(const QSpinBox*) { return 0; }
    static int decimalsOf(const QDoubleSpinBox* box) { return box->decimals(); }

    TypedEntry m_entry;
};

using WholeSpinBox = EntrySpinBox<QSpinBox>;
using DecimalSpinBox = EntrySpinBox<QDoubleSpinBox>;

} // namespace cs::ui
