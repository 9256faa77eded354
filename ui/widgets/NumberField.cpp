#include "widgets/NumberField.h"

#include "physics/NumberEntry.h"
#include "widgets/EntryMessage.h"
#include "widgets/WheelGuard.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QStyle>
#include <QStyleOptionSpinBox>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace cs::ui {

namespace {
constexpr double kLimit = 1e12; // what a non-finite range bound becomes
double finiteBound(double v)
{
    return std::isfinite(v) ? v : (v < 0 ? -kLimit : kLimit);
}
} // namespace

// --- NumberSpinBox
// ---------------------------------------------------------------------------------------------

NumberSpinBox::NumberSpinBox(QWidget* parent) : QDoubleSpinBox(parent)
{
    WheelGuard::install();
    setKeyboardTracking(false);
    setAccelerated(true);
    setFocusPolicy(Qt::StrongFocus);
    connect(lineEdit(), &QLineEdit::textEdited, this, [this] { m_typing = true; });
    connect(this, &QDoubleSpinBox::valueChanged, this, [this] { m_typing = false; });
}

QString NumberSpinBox::mixedText()
{
    return QStringLiteral("\u2014");
}

void NumberSpinBox::setMixed(bool mixed)
{
    if (mixed == m_mixed)
        return;
    m_mixed = mixed;
    // Setting the value it has rewrites the text without emitting anything.
    const QSignalBlocker blocker(this);
    setValue(value());
}

bool NumberSpinBox::isMixedText(const QString& text) const
{
    QString t = text;
    if (!prefix().isEmpty() && t.startsWith(prefix()))
        t.remove(0, prefix().size());
    if (!suffix().isEmpty() && t.endsWith(suffix()))
        t.chop(suffix().size());
    return t.trimmed() == mixedText();
}

QString NumberSpinBox::textFromValue(double value) const
{
    if (m_mixed)
        return mixedText();
    return physics::entryText(value, locale(), decimals());
}

double NumberSpinBox::valueFromText(const QString& text) const
{
    if (m_mixed && isMixedText(text))
        return value();
    return QDoubleSpinBox::valueFromText(text);
}

QValidator::State NumberSpinBox::validate(QString& input, int& pos) const
{
    if (m_mixed) {
        if (isMixedText(input))
            return QValidator::Acceptable;
        // Typing next to the dash replaces it.
        const auto at = input.indexOf(mixedText());
        if (at >= 0) {
            input.remove(at, mixedText().size());
            if (pos > at)
                pos -= static_cast<int>(mixedText().size());
        }
    }
    if (!specialValueText().isEmpty() && input == specialValueText())
        return QDoubleSpinBox::validate(input, pos);
    // Any text may be typed: the owner reads it when it is committed and says what it made of it. The base
    // class alone would drop a comma it takes for a thousands separator and refuse keys that leave the range.
    const QValidator::State state = QDoubleSpinBox::validate(input, pos);
    if (state == QValidator::Acceptable && physics::readNumber(input, locale(), suffix()))
        return QValidator::Acceptable;
    return QValidator::Intermediate;
}

QSize NumberSpinBox::sizeHint() const
{
    ensurePolished();
    const QFontMetrics fm(font());
    const int width = fm.horizontalAdvance(prefix() + QStringLiteral("-0000.000") + suffix()) + 4;
    QStyleOptionSpinBox option;
    initStyleOption(&option);
    return style()->sizeFromContents(QStyle::CT_SpinBox, &option,
                                     QSize(width, lineEdit()->sizeHint().height()), this);
}

QSize NumberSpinBox::minimumSizeHint() const
{
    ensurePolished();
    const QFontMetrics fm(font());
    const int width = fm.horizontalAdvance(QStringLiteral("-0.00")) + 4;
    QStyleOptionSpinBox option;
    initStyleOption(&option);
    return style()->sizeFromContents(QStyle::CT_SpinBox, &option,
                                     QSize(width, lineEdit()->minimumSizeHint().height()), this);
}

void NumberSpinBox::beginCommit()
{
    if (!m_typing)
        return;
    m_typing = false;
    const QString text = lineEdit()->displayText();
    if (!isMixedText(text))
        emit textEntered(text); // the owner shows what it read, so the base class finds nothing to change
}

void NumberSpinBox::endCommit()
{
    m_typing = false;
    emit commitEnded();
}

void NumberSpinBox::stepBy(int steps)
{
    beginCommit();
    QDoubleSpinBox::stepBy(steps);
}

void NumberSpinBox::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        beginCommit();
        QDoubleSpinBox::keyPressEvent(event);
        endCommit();
        return;
    }
    QDoubleSpinBox::keyPressEvent(event);
}

void NumberSpinBox::focusOutEvent(QFocusEvent* event)
{
    beginCommit();
    QDoubleSpinBox::focusOutEvent(event);
    endCommit();
}

void NumberSpinBox::wheelEvent(QWheelEvent* event)
{
    if (!hasFocus()) {
        event->ignore();
        return;
    }
    QDoubleSpinBox::wheelEvent(event);
}

// --- NumberField
// -----------------------------------------------------------------------------------------------

NumberField::NumberField(QWidget* parent) : QWidget(parent), m_spin(new NumberSpinBox(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_spin);
    setFocusProxy(m_spin);
    m_setting = true;
    m_spin->setDecimals(4);
    m_spin->setSingleStep(0.1);
    m_spin->setRange(m_min, m_max);
    m_spin->setValue(0.0);
    m_setting = false;
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, &NumberField::onValueChanged);
    connect(m_spin, &NumberSpinBox::textEntered, this, &NumberField::onTextEntered);
    connect(m_spin, &NumberSpinBox::commitEnded, this, [this] {
        if (m_deferred) {
            m_deferred = false;
            showValue();
        }
    });
}

void NumberField::setRange(double min, double max)
{
    m_min = finiteBound(std::min(min, max));
    m_max = finiteBound(std::max(min, max));
    if (!m_spin->isTyping())
        showValue();
}

double NumberField::minimum() const
{
    return m_min;
}

double NumberField::maximum() const
{
    return m_max;
}

void NumberField::setUnit(const QString& unit)
{
    m_setting = true;
    m_spin->setSuffix(unit);
    m_setting = false;
}

void NumberField::setDecimals(int decimals)
{
    m_setting = true;
    m_spin->setDecimals(decimals);
    m_setting = false;
    if (!m_spin->isTyping())
        showValue();
}

void NumberField::setSingleStep(double step)
{
    m_spin->setSingleStep(step);
}

void NumberField::setValue(double value)
{
    if (!std::isfinite(value)) {
        setMixed();
        return;
    }
    m_value = value;
    m_mixed = false;
    if (m_spin->isTyping()) {
        m_deferred = true;
        return;
    }
    showValue();
}

void NumberField::setValues(const std::vector<double>& values)
{
    if (!values.empty() &&
        std::all_of(values.begin(), values.end(), [&](double v) { return v == values[0]; })) {
        setValue(values[0]);
        return;
    }
    if (!values.empty() && std::isfinite(values[0]))
        m_value = values[0]; // where the arrow keys start from
    setMixed();
}

void NumberField::setMixed()
{
    m_mixed = true;
    if (m_spin->isTyping()) {
        m_deferred = true;
        return;
    }
    showValue();
}

void NumberField::discardTyping()
{
    m_spin->discardTyping();
    m_deferred = false;
    m_message.clear(); // it spoke of the objects shown before
    showEntryMessage(m_spin, m_message, QString());
    showValue();
}

double NumberField::clamped(double value) const
{
    return std::clamp(value, m_min, m_max);
}

void NumberField::showValue()
{
    m_setting = true;
    // A value from a file may lie outside the range; the box shows it as it is.
    const double lo = std::min(m_min, m_value);
    const double hi = std::max(m_max, m_value);
    if (m_spin->minimum() != lo || m_spin->maximum() != hi)
        m_spin->setRange(lo, hi);
    m_spin->setMixed(m_mixed);
    m_spin->setValue(m_value);
    m_setting = false;
}

void NumberField::onValueChanged(double value)
{
    if (m_setting)
        return;
    const double v = clamped(value);
    m_value = v;
    m_mixed = false;
    m_deferred = false;
    showValue();
    emit edited(v);
}

void NumberField::onTextEntered(const QString& text)
{
    m_deferred = false;
    physics::NumberEntry entry;
    const QString special = m_spin->specialValueText();
    if (!special.isEmpty() && text.trimmed() == special.trimmed()) {
        entry.outcome = physics::NumberEntry::Outcome::Accepted;
        entry.value = m_min; // what the special text stands for
    } else {
        entry = physics::readNumberEntry(text, m_spin->locale(),
                                         {m_min, m_max, m_spin->decimals(), m_spin->suffix(), m_above});
    }
    report(entry.message);
    if (!entry.applies()) {
        showValue();
        return;
    }
    const bool changed = m_mixed || entry.value != m_value;
    m_value = entry.value;
    m_mixed = false;
    showValue();
    if (changed)
        emit edited(entry.value);
}

void NumberField::report(const QString& message)
{
    m_message = message;
    // Without a message the spin box has no tooltip, so the field's own (which its panel changes) shows.
    showEntryMessage(m_spin, message, message.isEmpty() ? QString() : toolTip());
    if (!message.isEmpty())
        emit entryReported(message);
}

} // namespace cs::ui
