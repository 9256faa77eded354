#pragma once

// Driving a record table (QTableView over a RecordTableModel) the way a user does, and reading what it shows.

#include <QAbstractItemModel>
#include <QComboBox>
#include <QCoreApplication>
#include <QIcon>
#include <QTableView>
#include <QTest>

namespace cs::test {

/// Makes the cell current, as a click on it would.
inline void setCurrentCell(QTableView* table, int row, int column)
{
    table->setCurrentIndex(table->model()->index(row, column));
}

/// Opens the cell's editor as a double click would and returns it.
inline QWidget* openEditor(QTableView* table, int row, int column)
{
    const QModelIndex index = table->model()->index(row, column);
    table->setCurrentIndex(index);
    table->edit(index);
    return table->indexWidget(index);
}

/// Replaces the editor's text by typing and presses Return, which commits it.
inline void typeInto(QWidget* editor, const QString& text)
{
    QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
    // The delegate commits on the next turn of the event loop.
    QCoreApplication::processEvents();
}

/// What the table shows in a cell: its text, its value as edited (Qt::EditRole), its tooltip, its icon.
inline QVariant cell(const QTableView* table, int row, int column, int role = Qt::DisplayRole)
{
    return table->model()->index(row, column).data(role);
}
inline QString text(const QTableView* table, int row, int column)
{
    return cell(table, row, column).toString();
}
inline double number(const QTableView* table, int row, int column)
{
    return cell(table, row, column, Qt::EditRole).toDouble();
}
inline QIcon icon(const QTableView* table, int row, int column)
{
    return cell(table, row, column, Qt::DecorationRole).value<QIcon>();
}

/// The combo box that is always open in a choice cell.
inline QComboBox* comboAt(const QTableView* table, int row, int column)
{
    return qobject_cast<QComboBox*>(table->indexWidget(table->model()->index(row, column)));
}

inline int currentRow(const QTableView* table)
{
    return table->currentIndex().row();
}

} // namespace cs::test
