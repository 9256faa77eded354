#pragma once

// What the viewport's Qt Quick window tells about its frames: when one showing the latest changes is on
// screen, and what draws them.

#include <QString>
#include <functional>

class QObject;
class QQuickWindow;

namespace cs::ui {

/// Calls `done` on the GUI thread once `window` has presented a frame whose scene graph was synchronised
/// after this call (so it shows every change made before it); not when `context` is gone by then. Asks for no
/// frame.
void whenFramePresented(QQuickWindow* window, QObject* context, std::function<void()> done);

/// "Qt Quick 3D, OpenGL 4.5 core" for the context Qt Quick made for `window`; empty before it has one.
QString describeRenderer(QQuickWindow* window);

} // namespace cs::ui
