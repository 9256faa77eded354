#pragma once

// Where a tool window goes so that it leaves the 3D view it previews in free.

#include <QPoint>
#include <QRect>
#include <QSize>

class QWidget;

namespace cs::ui {

/// The top left corner for a window of `size` (its frame, in screen pixels) that covers none of
/// `keepClear` when `screen` (the screen's available area) has room for that: beside it on the right, else
/// on the left, below or above, level with its top (or left) edge as far as the screen allows. When no side
/// has room, the place of these that covers the least of `keepClear`.
QPoint placeBeside(const QRect& keepClear, const QSize& size, const QRect& screen);

/// Moves `dialog` (a top-level window) beside `view`, on the view's screen (see placeBeside).
void moveBeside(QWidget* dialog, const QWidget* view);

} // namespace cs::ui
