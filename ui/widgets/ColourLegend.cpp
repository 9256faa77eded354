#include "widgets/ColourLegend.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPixmap>
#include <QResizeEvent>
#include <algorithm>

namespace cs::ui {

namespace {

constexpr int kMargin = 6;   ///< px left and right of the rows
constexpr int kSpacing = 10; ///< px between entries
constexpr int kRowGap = 2;   ///< px above, between and below the rows

} // namespace

ColourLegend::ColourLegend(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
}

void ColourLegend::addEntry(const QColor& color, const QString& name)
{
    auto* entry = new QWidget(this);
    auto* layout = new QHBoxLayout(entry);
    layout->setContentsMargins(0, 0, 0, 0);
    QPixmap swatch(12, 12);
    swatch.fill(color);
    auto* icon = new QLabel(entry);
    icon->setPixmap(swatch);
    layout->addWidget(icon);
    layout->addWidget(new QLabel(name, entry));
    entry->adjustSize();
    entry->show(); // a child made after the legend is on screen stays hidden until told
    m_entries.push_back(entry);
    arrange(width(), true); // the number of rows follows the width the layout gives (resizeEvent)
    updateGeometry();
}

void ColourLegend::clear()
{
    for (QWidget* entry : m_entries)
        delete entry;
    m_entries.clear();
    m_rows = 1;
    updateGeometry();
}

QStringList ColourLegend::names() const
{
    QStringList out;
    for (const QWidget* entry : m_entries) {
        if (!entry->isVisibleTo(this))
            continue;
        const auto labels = entry->findChildren<QLabel*>();
        for (const QLabel* label : labels) {
            if (!label->text().isEmpty())
                out << label->text();
        }
    }
    return out;
}

int ColourLegend::arrange(int width, bool move)
{
    if (m_entries.empty())
        return 1;
    const int rowHeight = m_entries.front()->sizeHint().height();
    int x = kMargin, row = 0;
    for (QWidget* entry : m_entries) {
        const QSize size = entry->sizeHint();
        // An entry that does not fit after others starts the next row; alone on a row it is cut at the edge.
        if (x > kMargin && x + size.width() > width - kMargin) {
            x = kMargin;
            ++row;
        }
        if (move)
            entry->setGeometry(x, kRowGap + row * (rowHeight + kRowGap), size.width(), rowHeight);
        x += size.width() + kSpacing;
    }
    return row + 1;
}

QSize ColourLegend::sizeHint() const
{
    const int rowHeight = m_entries.empty() ? 0 : m_entries.front()->sizeHint().height();
    int oneRow = 2 * kMargin;
    for (const QWidget* entry : m_entries)
        oneRow += entry->sizeHint().width() + kSpacing;
    return {oneRow, kRowGap + m_rows * (rowHeight + kRowGap)};
}

QSize ColourLegend::minimumSizeHint() const
{
    return {0, sizeHint().height()};
}

void ColourLegend::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    const int rows = arrange(event->size().width(), true);
    if (rows != m_rows) {
        m_rows = rows;
        updateGeometry(); // the layout gives the view what the rows no longer need, or takes it
    }
}

} // namespace cs::ui
