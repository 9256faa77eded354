#pragma once

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>

namespace cs::ui {

/// Runs the event loop while `busy()` holds, at most `milliseconds`; true when it stopped holding in time.
/// For tests and scripted use of widgets that compute off the GUI thread.
template <class Busy> bool waitWhile(Busy busy, int milliseconds)
{
    QElapsedTimer clock;
    clock.start();
    while (busy() && clock.elapsed() < milliseconds)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return !busy();
}

} // namespace cs::ui
