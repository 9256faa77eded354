#include "widgets/DialogPlacement.h"

#include <QScreen>
#include <QWidget>
#include <algorithm>
#include <array>

namespace cs::ui {

namespace {

/// `at` moved as little as needed for a window of `size` to lie inside `screen` (its top left kept inside
/// when the window is larger than the screen).
QPoint clampedTo(QPoint at, const QSize& size, const QRect& screen)
{
    at.setX(std::max(screen.left(), std::min(at.x(), screen.left() + screen.width() - size.width())));
    at.setY(std::max(screen.top(), std::min(at.y(), screen.top() + screen.height() - size.height())));
    return at;
}

qint64 overlap(const QRect& a, const QRect& b)
{
    const QRect both = a.intersected(b);
    return both.isEmpty() ? 0 : qint64(both.width()) * both.height();
}

} // namespace

QPoint placeBeside(const QRect& keepClear, const QSize& size, const QRect& screen)
{
    const std::array<QPoint, 4> sides{QPoint(keepClear.right() + 1, keepClear.top()),
                                      QPoint(keepClear.left() - size.width(), keepClear.top()),
                                      QPoint(keepClear.left(), keepClear.bottom() + 1),
                                      QPoint(keepClear.left(), keepClear.top() - size.height())};
    QPoint best;
    qint64 least = -1;
    for (const QPoint& side : sides) {
        const QPoint at = clampedTo(side, size, screen);
        const qint64 covered = overlap(QRect(at, size), keepClear);
        if (least < 0 || covered < least) {
            best = at;
            least = covered;
        }
        if (covered == 0)
            break;
    }
    return best;
}

void moveBeside(QWidget* dialog, const QWidget* view)
{
    if (!dialog || !view)
        return;
    const QRect viewRect(view->mapToGlobal(QPoint(0, 0)), view->size());
    // The frame's size once shown (title bar and borders included), the contents' before.
    const QSize size = dialog->isVisible() ? dialog->frameGeometry().size() : dialog->sizeHint();
    const QScreen* screen = view->screen();
    const QRect available = screen ? screen->availableGeometry() : viewRect;
    dialog->move(placeBeside(viewRect, size, available));
}

} // namespace cs::ui
