#pragma once

#include <QObject>

namespace cs::ui {

/// Keeps the mouse wheel from editing a field it only passes over: a combo box, a spin box or a slider takes
/// the wheel only when it has keyboard focus (which the wheel no longer gives it); otherwise the wheel event
/// goes on to its parents, so the panel, dialog or table around it scrolls. One filter on the application
/// covers every window, dialog and table editor, including those made later.
class WheelGuard : public QObject
{
    Q_OBJECT

public:
    /// Installs the guard on the running QApplication; later calls do nothing. Every window part that holds
    /// such fields calls it (the main window, the panels, the dialogs), so that each works as it does in the
    /// window wherever it is built.
    static void install();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    using QObject::QObject;
};

} // namespace cs::ui
