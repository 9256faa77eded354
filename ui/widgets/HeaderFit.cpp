#include "widgets/HeaderFit.h"

#include <QAbstractItemModel>
#include <QHeaderView>
#include <QStyle>
#include <algorithm>

namespace cs::ui {

void keepHeaderTextsWhole(QHeaderView* header)
{
    const QAbstractItemModel* model = header ? header->model() : nullptr;
    if (!model)
        return;
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    int stretched = header->minimumSectionSize();
    for (int i = 0; i < header->count(); ++i) {
        const QString text = model->headerData(i, header->orientation()).toString();
        const int needed = header->fontMetrics().horizontalAdvance(text) + 2 * margin;
        if (header->sectionResizeMode(i) == QHeaderView::ResizeToContents)
            continue;
        // Until the view is laid out a section has the default size, whatever its mode.
        header->resizeSection(i, std::max(header->sectionSize(i), needed));
        if (header->sectionResizeMode(i) == QHeaderView::Stretch)
            stretched = std::max(stretched, needed);
    }
    header->setMinimumSectionSize(stretched);
}

} // namespace cs::ui
