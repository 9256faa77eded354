#pragma once

#include <QStringList>
#include <QWidget>
#include <vector>

class QColor;

namespace cs::ui {

/// A row of colour swatches with their names (what each colour of the 3D view means) that wraps onto further
/// rows when the view is too narrow for one, so that no entry is cut off at the window's edge. It never
/// widens the window: its width is the layout's, its height as many rows as that width needs.
class ColourLegend : public QWidget
{
public:
    explicit ColourLegend(QWidget* parent = nullptr);

    /// Appends an entry: a swatch of `color` and `name`.
    void addEntry(const QColor& color, const QString& name);
    /// Removes every entry.
    void clear();
    /// The names of the entries shown (or shown with the legend), in order.
    QStringList names() const;
    /// How many rows the entries take at the current width.
    int rows() const { return m_rows; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    /// Places the entries in rows of at most `width` pixels; the number of rows.
    int arrange(int width, bool move);

    std::vector<QWidget*> m_entries;
    int m_rows = 1;
};

} // namespace cs::ui
