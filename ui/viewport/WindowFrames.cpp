#include "viewport/WindowFrames.h"

#include <QCoreApplication>
#include <QOpenGLContext>
#include <QPointer>
#include <QQuickWindow>
#include <QSGRendererInterface>
#include <atomic>
#include <memory>

namespace cs::ui {

void whenFramePresented(QQuickWindow* window, QObject* context, std::function<void()> done)
{
    // Both signals come from the render thread: a frame swapped after a synchronisation that began after
    // this call is one that shows what the GUI thread had made by then.
    struct Wait
    {
        std::atomic<bool> synced{false}, fired{false};
        QMetaObject::Connection sync, swap;
    };
    auto wait = std::make_shared<Wait>();
    wait->sync = QObject::connect(
        window, &QQuickWindow::beforeSynchronizing, window, [wait] { wait->synced = true; },
        Qt::DirectConnection);
    wait->swap = QObject::connect(
        window, &QQuickWindow::frameSwapped, window,
        [wait, self = QPointer<QObject>(context), done = std::move(done)] {
            if (!wait->synced || wait->fired.exchange(true))
                return;
            QMetaObject::invokeMethod(QCoreApplication::instance(), [wait, self, done] {
                QObject::disconnect(wait->sync);
                QObject::disconnect(wait->swap);
                if (self)
                    done();
            });
        },
        Qt::DirectConnection);
}

QString describeRenderer(QQuickWindow* window)
{
    // The context Qt Quick made for the window (on its render thread; its format is fixed once made).
    auto* gl = window->rendererInterface()
                   ? static_cast<QOpenGLContext*>(window->rendererInterface()->getResource(
                         window, QSGRendererInterface::OpenGLContextResource))
                   : nullptr;
    if (!gl)
        return {};
    const QSurfaceFormat format = gl->format();
    return QStringLiteral("Qt Quick 3D, OpenGL %1.%2 %3")
        .arg(format.majorVersion())
        .arg(format.minorVersion())
        .arg(format.profile() == QSurfaceFormat::CoreProfile ? QStringLiteral("core")
                                                             : QStringLiteral("compatibility"));
}

} // namespace cs::ui
