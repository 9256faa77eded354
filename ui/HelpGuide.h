#pragma once

#include <QString>

class QWidget;

namespace cs::ui {

class ActionTable;

/// Help > Quick Guide and Shortcuts: a few lines on how the window is used, the mouse and keys of the 3D
/// view, and every command that has a shortcut with the shortcut it has now (read from the actions when the
/// guide is shown, so that the list cannot drift from the menus).
QString guideHtml(const ActionTable& actions);

/// Shows the guide in a window of its own ("guideDialog", its text in the QTextBrowser "guideText"), not
/// modal, so that the shortcuts can be tried while it is open. One guide per window: asking again raises it.
void showGuide(QWidget* window, const ActionTable& actions);

} // namespace cs::ui
