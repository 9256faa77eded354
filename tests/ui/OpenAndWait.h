#pragma once

// Opening a file in a window test: DocumentSession::openFile reads off the GUI thread; the test waits for it.

#include "DocumentSession.h"
#include "MainWindow.h"

#include <QTest>

namespace cs::test {

/// Opens `path` in `w` and waits (at most 20 s) until the window shows it; false when it could not be opened.
inline bool openAndWait(ui::MainWindow& w, const QString& path)
{
    bool finished = false, ok = false;
    w.session().openFile(path, [&](bool result) {
        finished = true;
        ok = result;
    });
    return QTest::qWaitFor([&] { return finished; }, 20000) && ok;
}

} // namespace cs::test
