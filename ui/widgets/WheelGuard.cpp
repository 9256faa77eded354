#include "widgets/WheelGuard.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QDial>
#include <QEvent>
#include <QSlider>

namespace cs::ui {

namespace {

/// A field whose value the wheel changes (not a scroll bar, which exists to take the wheel).
bool editsWithWheel(QObject* object)
{
    return qobject_cast<QComboBox*>(object) || qobject_cast<QAbstractSpinBox*>(object) ||
           qobject_cast<QSlider*>(object) || qobject_cast<QDial*>(object);
}

} // namespace

void WheelGuard::install()
{
    auto* app = qobject_cast<QApplication*>(QCoreApplication::instance());
    if (!app || app->findChild<WheelGuard*>(QString(), Qt::FindDirectChildrenOnly))
        return;
    app->installEventFilter(new WheelGuard(app));
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Polish && editsWithWheel(watched)) {
        // Combo and spin boxes take wheel focus by default: the first notch over one would give it the focus,
        // and so the wheel.
        auto* widget = static_cast<QWidget*>(watched);
        if ((widget->focusPolicy() & Qt::WheelFocus) == Qt::WheelFocus)
            widget->setFocusPolicy(Qt::StrongFocus);
        return false;
    }
    if (event->type() != QEvent::Wheel || !editsWithWheel(watched))
        return false;
    if (static_cast<QWidget*>(watched)->hasFocus())
        return false;
    // Unaccepted and filtered out: QApplication hands the event on to the parent, which scrolls.
    event->ignore();
    return true;
}

} // namespace cs::ui
