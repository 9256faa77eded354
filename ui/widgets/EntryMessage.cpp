#include "widgets/EntryMessage.h"

#include <QMainWindow>
#include <QStatusBar>

namespace cs::ui {

namespace {
constexpr int kStatusMilliseconds = 10000;
}

void showEntryMessage(QWidget* editor, const QString& message, const QString& toolTip)
{
    if (message.isEmpty()) {
        editor->setToolTip(toolTip);
        return;
    }
    editor->setToolTip(toolTip.isEmpty() ? message : message + QLatin1Char('\n') + toolTip);
    // Parents, not window(): a dialog or a floating dock still reaches the main window's status bar.
    for (QWidget* w = editor; w; w = w->parentWidget()) {
        if (auto* window = qobject_cast<QMainWindow*>(w)) {
            window->statusBar()->showMessage(message, kStatusMilliseconds);
            return;
        }
    }
}

} // namespace cs::ui
