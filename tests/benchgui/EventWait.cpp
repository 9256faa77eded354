#include "EventWait.h"

#include <QAbstractEventDispatcher>
#include <QEventLoop>
#include <QTimer>

namespace cs::bench {

bool runUntil(const std::function<bool()>& finished, int timeoutMs)
{
    if (finished())
        return true;
    QEventLoop loop;
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, &loop, &QEventLoop::quit);
    // The loop is about to wait for events once it has handled those it had: the moment to look.
    const auto look = QObject::connect(QAbstractEventDispatcher::instance(),
                                       &QAbstractEventDispatcher::aboutToBlock, &loop, [&] {
                                           if (finished())
                                               loop.quit();
                                       });
    deadline.start(timeoutMs);
    loop.exec();
    QObject::disconnect(look);
    return finished();
}

} // namespace cs::bench
