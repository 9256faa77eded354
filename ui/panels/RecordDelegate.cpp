#include "panels/RecordDelegate.h"

#include "panels/RecordTableModel.h"
#include "widgets/EntrySpinBox.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSignalBlocker>

namespace cs::ui {

RecordDelegate::RecordDelegate(const RecordTableModel* model, QObject* parent)
    : QStyledItemDelegate(parent), m_model(model)
{}

QWidget* RecordDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                                      const QModelIndex& index) const
{
    const RecordColumn& column = m_model->column(index.column());
    switch (column.editor) {
    case RecordEditor::Text: {
        auto* edit = new QLineEdit(parent);
        edit->setFrame(false);
        if (column.setUpEditor)
            column.setUpEditor(edit, index);
        return edit;
    }
    case RecordEditor::Number: {
        auto* spin = new DecimalSpinBox(parent);
        spin->setFrame(false);
        spin->setDecimals(column.decimals);
        spin->setSingleStep(column.step);
        spin->setRange(column.minimum, column.maximum);
        spin->setAccelerated(true);
        // Enter closes the editor even on text that is not a number yet: the spin box says what it made of
        // it.
        spin->setCorrectionMode(QAbstractSpinBox::CorrectToNearestValue);
        return spin;
    }
    case RecordEditor::Choice: {
        auto* combo = new QComboBox(parent);
        for (const RecordChoice& choice : column.choices) {
            combo->addItem(choice.label, choice.value);
            if (!choice.toolTip.isEmpty())
                combo->setItemData(combo->count() - 1, choice.toolTip, Qt::ToolTipRole);
        }
        // A choice is an edit at once, not when the editor closes.
        auto* self = const_cast<RecordDelegate*>(this);
        connect(combo, &QComboBox::currentIndexChanged, self,
                [self, combo] { emit self->commitData(combo); });
        return combo;
    }
    case RecordEditor::None:
        break;
    }
    return QStyledItemDelegate::createEditor(parent, option, index);
}

void RecordDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const
{
    if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        const QSignalBlocker block(combo);
        combo->setCurrentIndex(combo->findData(index.data(Qt::EditRole)));
        return;
    }
    QStyledItemDelegate::setEditorData(editor, index);
}

void RecordDelegate::setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const
{
    if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        if (combo->currentIndex() >= 0 && combo->currentData() != index.data(Qt::EditRole))
            model->setData(index, combo->currentData(), Qt::EditRole);
        return;
    }
    if (auto* spin = dynamic_cast<DecimalSpinBox*>(editor))
        spin->commitTyped(); // the view commits on focus-out before the spin box sees it
    QStyledItemDelegate::setModelData(editor, model, index);
}

QString RecordDelegate::displayText(const QVariant& value, const QLocale& locale) const
{
    if (value.typeId() == QMetaType::Double)
        return locale.toString(value.toDouble(), 'g', QLocale::FloatingPointShortest);
    return QStyledItemDelegate::displayText(value, locale);
}

void RecordDelegate::initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const QString& placeholder = m_model->column(index.column()).placeholder;
    if (!option->text.isEmpty() || placeholder.isEmpty())
        return;
    option->text = placeholder;
    option->palette.setColor(QPalette::Text, option->palette.color(QPalette::Disabled, QPalette::Text));
    option->font.setItalic(true);
}

} // namespace cs::ui
