#include "widgets/EntrySpinBox.h"

#include "widgets/EntryMessage.h"
#include "widgets/WheelGuard.h"

#include <QLineEdit>

namespace cs::ui {

TypedEntry::TypedEntry(QAbstractSpinBox* box, QLineEdit* editor) : m_box(box), m_editor(editor)
{
    WheelGuard::install();
    QObject::connect(editor, &QLineEdit::textEdited, box, [this] { m_typing = true; });
}

QValidator::State TypedEntry::state(const QString& input, const QLocale& locale, const QString& unit) const
{
    if (!m_box->specialValueText().isEmpty() && input == m_box->specialValueText())
        return QValidator::Acceptable;
    return physics::readNumber(input, locale, unit) ? QValidator::Acceptable : QValidator::Intermediate;
}

std::optional<double> TypedEntry::commit(const physics::EntryBounds& bounds)
{
    if (!m_typing)
        return std::nullopt;
    m_typing = false;
    const QString text = m_editor->displayText();
    physics::NumberEntry entry;
    if (!m_box->specialValueText().isEmpty() && text == m_box->specialValueText()) {
        entry.outcome = physics::NumberEntry::Outcome::Accepted;
        entry.value = bounds.minimum;
    } else {
        entry = physics::readNumberEntry(text, m_box->locale(), bounds);
    }
    if (m_message.isEmpty())
        m_ownToolTip = m_box->toolTip();
    m_message = entry.message;
    showEntryMessage(m_box, m_message, m_ownToolTip);
    if (!entry.applies())
        return std::nullopt;
    return entry.value;
}

} // namespace cs::ui
