#pragma once

#include <QDoubleSpinBox>
#include <QWidget>
#include <optional>
#include <vector>

namespace cs::ui {

/// The spin box inside a NumberField. It shows values without trailing zeros, can show a "mixed" state
/// (an em dash instead of a number) and tells user edits apart from programmatic ones. Use it through
/// NumberField; it is public so that tests and panels can reach the line edit.
class NumberSpinBox : public QDoubleSpinBox
{
    Q_OBJECT

public:
    explicit NumberSpinBox(QWidget* parent = nullptr);

    /// Shows the em dash instead of the value until the user enters one.
    void setMixed(bool mixed);
    bool isMixed() const { return m_mixed; }
    /// True while the user has typed text that is not committed yet (Enter or focus-out commits it).
    bool isTyping() const { return m_typing; }
    /// Forgets that the user typed (the owner is about to show another object's value).
    void discardTyping() { m_typing = false; }
    /// The line edit the user types into.
    QLineEdit* editor() const { return lineEdit(); }

    QString textFromValue(double value) const override;
    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& input, int& pos) const override;
    /// Text typed and not committed is read first (as a commit would), so a step goes from what was typed.
    void stepBy(int steps) override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    /// What the line edit shows in the mixed state.
    static QString mixedText();

signals:
    /// The user committed typed text (Enter or focus-out); the owner reads it (see physics::readNumberEntry)
    /// before the spin box would, so that nothing typed is dropped or changed without a word.
    void textEntered(const QString& text);
    /// A commit (Enter or focus-out) has been handled, whether or not the user had typed anything.
    void commitEnded();

protected:
    void focusOutEvent(QFocusEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    /// The wheel changes the value only when the box has focus, so scrolling a panel does not edit it.
    void wheelEvent(QWheelEvent* event) override;

private:
    bool isMixedText(const QString& text) const;
    void beginCommit();
    void endCommit();

    bool m_mixed = false;
    bool m_typing = false;
};

/// One number with an optional unit: a spin box that emits edited() for user edits only (typing committed
/// with Enter or focus-out, arrow keys, Page Up/Down, the wheel, the step buttons), never for setValue().
///
/// value() is the exact value last set or edited, not the rounded number on display, so a field that shows
/// 3 decimals does not round the stored value unless the user edits it. Non-finite values cannot be entered;
/// the range (default -1e9 .. 1e9) clamps what can.
///
/// A value outside the range (read from a file) is shown as it is; what the user types is read in the
/// widget's locale (its decimal separator, no thousands separators), kept to the decimals and clamped to the
/// range, each change said in the field's tooltip and through entryReported() (which the main window's status
/// bar shows); text that is not a number is refused with the reason and the value kept.
///
/// When several selected objects disagree, setMixed() shows an em dash until the user enters a value.
/// setValue() does not overwrite text the user is typing (the new value is kept and shown when the edit
/// ends without a commit).
class NumberField : public QWidget
{
    Q_OBJECT

public:
    explicit NumberField(QWidget* parent = nullptr);

    void setRange(double min, double max);
    /// The value must be above `bound` (a size above 0): typed values at or below it are refused with that
    /// reason instead of clamped to the minimum. Nothing: the minimum itself is allowed.
    void setAbove(std::optional<double> bound) { m_above = bound; }
    double minimum() const;
    double maximum() const;
    /// Shown after the number, e.g. " kg" (include the space).
    void setUnit(const QString& unit);
    /// Decimals shown and accepted (default 4). Trailing zeros are not shown.
    void setDecimals(int decimals);
    /// Step of the arrow keys and the wheel (default 0.1).
    void setSingleStep(double step);

    /// Shows `value` (clamped to the range) and leaves the mixed state. Never emits edited(). A non-finite
    /// value shows the mixed state.
    void setValue(double value);
    /// Shows the value when all agree, else the mixed state. An empty list shows the mixed state.
    void setValues(const std::vector<double>& values);
    /// Shows an em dash: the selected objects disagree.
    void setMixed();
    /// Drops text the user typed and has not committed, and shows the value. For a change of the edited
    /// objects (a new selection), so that a later focus-out does not apply the text to them.
    void discardTyping();

    double value() const { return m_value; }
    bool isMixed() const { return m_spin->isMixed(); }
    NumberSpinBox* spinBox() const { return m_spin; }

    /// What became of the text the user last typed, when it was not taken as typed (else empty).
    QString entryMessage() const { return m_message; }

signals:
    /// The user entered `value` (already clamped to the range).
    void edited(double value);
    /// Typed text was adjusted or refused; `message` says how (also the field's tooltip and a status tip).
    void entryReported(const QString& message);

private:
    void showValue();
    void onValueChanged(double value);
    void onTextEntered(const QString& text);
    void report(const QString& message);
    double clamped(double value) const;

    NumberSpinBox* m_spin;
    QString m_message;
    double m_value = 0.0;
    double m_min = -1e9;
    double m_max = 1e9;
    std::optional<double> m_above;
    bool m_mixed = false;    ///< what the owner asked for; the box leaves it as soon as the user commits
    bool m_deferred = false; ///< a value was set while the user was typing: show it when the edit ends
    bool m_setting = false;  ///< inside a programmatic change of the box
};

} // namespace cs::ui
