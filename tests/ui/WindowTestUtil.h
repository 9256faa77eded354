#pragma once

// Helpers shared by the window tests: settings and recovery kept in a test folder, opening a file and
// waiting for the scene.

#include "DocumentSession.h"
#include "MainWindow.h"
#include "viewport/Viewport.h"

#include <QAction>
#include <QCoreApplication>
#include <QImage>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QTest>
#include <filesystem>

namespace cs::test {

/// The action of the window's menus with this object name, or null.
inline QAction* menuAction(ui::MainWindow& w, const QString& objectName)
{
    for (QAction* a : w.menuBar()->actions())
        if (a->menu())
            for (QAction* b : a->menu()->actions())
                if (b->objectName() == objectName)
                    return b;
    return nullptr;
}

/// Settings (recent files, layout) and crash-recovery copies go under `dir`, so that a test run leaves the
/// user's own alone.
inline void useTestSettings(const std::filesystem::path& dir)
{
    QCoreApplication::setOrganizationName(QStringLiteral("CollidoscopeTest"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                       QString::fromStdString((dir / "settings").string()));
    qputenv("CS_RECOVERY_DIR", QByteArray::fromStdString((dir / "recovery").string()));
}

/// A fresh copy of `from` at `to` (replacing one left by an earlier test), as a path for the window.
inline QString freshCopy(const std::filesystem::path& from, const std::filesystem::path& to)
{
    std::filesystem::remove(to);
    std::filesystem::copy_file(from, to);
    return QString::fromStdString(to.string());
}

/// Opens `path` in the window and waits (up to 20 s) until the scene is shown; false when it failed.
inline bool openAndWait(ui::MainWindow& w, const QString& path)
{
    bool finished = false, ok = false;
    w.session().openFile(path, [&](bool result) {
        finished = true;
        ok = result;
    });
    return QTest::qWaitFor([&] { return finished; }, 20000) && ok;
}

/// Shows the window at 1200 x 800, waits until it is on screen, and opens `path` in it (openAndWait).
inline bool showAndOpen(ui::MainWindow& w, const QString& path)
{
    w.resize(1200, 800);
    w.show();
    return QTest::qWaitForWindowExposed(&w) && openAndWait(w, path);
}

/// The picture the viewport draws next; null when none came within 30 s.
inline QImage captured(ui::Viewport& view)
{
    QImage image;
    bool done = false;
    view.capture([&](const QImage& i) {
        image = i;
        done = true;
    });
    if (!QTest::qWaitFor([&] { return done; }, 30000))
        return {};
    return image;
}

/// Shows `view` at `width` x `height` and waits until it is on screen.
inline bool showView(ui::Viewport& view, int width, int height)
{
    view.resize(width, height);
    view.show();
    return QTest::qWaitForWindowExposed(&view);
}

} // namespace cs::test
