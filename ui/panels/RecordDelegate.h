#pragma once

#include <QStyledItemDelegate>

namespace cs::ui {

class RecordTableModel;

/// The editors of a record table, chosen by each column's RecordEditor: a line edit (with the column's
/// set-up), a spin box with the column's range, or a combo box over the column's choices that commits as
/// soon as the choice changes (open on every row; see RecordTablePanel). Numbers show in their shortest
/// form; an empty text cell shows the column's placeholder, greyed and italic.
class RecordDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    RecordDelegate(const RecordTableModel* model, QObject* parent);

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override;
    QString displayText(const QVariant& value, const QLocale& locale) const override;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;

private:
    const RecordTableModel* m_model;
};

} // namespace cs::ui
