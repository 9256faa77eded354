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
        switch (header->sectionResizeMode(i)) {
        case QHeaderView::Interactive:
        case QHeaderView::Fixed:
            header->resizeSection(i, std::max(header->sectionSize(i), needed));
            break;
        case QHeaderView::Stretch:
            stretched = std::max(stretched, needed);
            break;
        case QHeaderView::ResizeToContents:
            break;
        }
    }
    header->setMinimumSectionSize(stretched);
}

} // namespace cs::ui
