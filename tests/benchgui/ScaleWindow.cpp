#include "ScaleWindow.h"

#include "BenchUtil.h"
#include "DocumentSession.h"
#include "EventWait.h"
#include "MainWindow.h"
#include "PeakMemory.h"
#include "ScaleScene.h"
#include "viewport/Viewport.h"

#include <QElapsedTimer>
#include <QPushButton>
#include <QTest>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <unistd.h>

namespace cs::bench {

namespace fs = std::filesystem;

namespace {

/// The longest gap between two ticks of a 10 ms timer on the GUI thread: how long the GUI thread was busy
/// at a stretch (a stall the user sees as a frozen window).
class StallMeter
{
public:
    StallMeter()
    {
        m_timer.setInterval(10);
        QObject::connect(&m_timer, &QTimer::timeout, [this] { tick(); });
        m_clock.start();
        m_last = 0;
        m_timer.start();
    }
    /// The longest gap between ticks so far, then starts counting afresh. Without `closeCurrent`, the gap in
    /// progress (the GUI thread busy right now, e.g. in the call that asks) is left to the next count.
    double takeLongest(bool closeCurrent)
    {
        if (closeCurrent)
            tick();
        m_stalledTaken = std::exchange(m_stalled, 0.0);
        return std::exchange(m_longest, 0.0);
    }
    /// The gaps of 50 ms or more added up, over the span the last takeLongest() ended: how long the window
    /// was frozen in all, when it froze more than once.
    double stalledTaken() const { return m_stalledTaken; }
    /// When the GUI thread last ticked (ms since the meter started).
    double lastTick() const { return m_last; }

private:
    void tick()
    {
        const double now = double(m_clock.nsecsElapsed()) / 1e6;
        m_longest = std::max(m_longest, now - m_last);
        if (now - m_last >= 50)
            m_stalled += now - m_last;
        m_last = now;
    }
    QTimer m_timer;
    QElapsedTimer m_clock;
    double m_last = 0, m_longest = 0, m_stalled = 0, m_stalledTaken = 0;
};

/// Opens the file again and presses Cancel `afterMs` into the reading: the milliseconds until the open
/// ended (the reading stops at its next stage), or -1 when the button was not shown or the open was not
/// cancelled.
double cancelLatency(ui::MainWindow& window, const fs::path& file, int afterMs)
{
    bool ended = false, ok = true;
    QElapsedTimer timer;
    double endedMs = -1;
    window.session().openFile(QString::fromStdString(file.string()), [&](bool result) {
        ended = true;
        ok = result;
        endedMs = timer.isValid() ? double(timer.nsecsElapsed()) / 1e6 : -1;
    });
    QTest::qWait(afterMs);
    auto* cancel = window.findChild<QPushButton*>(QStringLiteral("cancelOpen"));
    if (!cancel || !cancel->isVisible() || ended)
        return -1;
    timer.start();
    QTest::mouseClick(cancel, Qt::LeftButton);
    if (!runUntil([&] { return ended; }, 600000) || ok)
        return -1;
    return endedMs;
}

} // namespace

bool scaleWindow(ui::MainWindow& window, bool quick, const fs::path& shotDir)
{
    const ScaleSceneSize size = scaleSceneSize(quick);
    const fs::path file = scaleSceneFile(CS_BENCH_DATA_DIR, size);
    if (file.empty()) {
        std::printf("bench=scale_window error=\"cannot write the scene into %s\"\n", CS_BENCH_DATA_DIR);
        return false;
    }
    QTest::qWait(300); // the frames the window still owes, as in first_frame
    int openingLines = 0;
    const auto counting =
        QObject::connect(&window.session(), &ui::DocumentSession::statusMessage, [&](const QString& text) {
            openingLines += text.startsWith(QLatin1String("Opening")) ? 1 : 0;
        });
    StallMeter stalls;
    QElapsedTimer timer;
    timer.start();
    bool opened = false, ok = false, framed = false;
    double readMs = 0, readStall = 0, frameAt = -1;
    window.session().openFile(QString::fromStdString(file.string()), [&](bool result) {
        // Called once the window has adopted what the worker read and prepared: the GUI thread's last tick
        // came before the adoption began (it has been busy with it since), so the gaps so far are the ones
        // while the worker read, and the one in progress belongs to the adoption.
        readMs = stalls.lastTick();
        readStall = stalls.takeLongest(false);
        opened = true;
        ok = result;
        // The first frame is the one presented on screen, as the user waits for it: a capture would block
        // the GUI thread while it renders and count as a stall of the window's own.
        if (ok)
            window.viewport()->whenPresented([&] {
                frameAt = double(timer.nsecsElapsed()) / 1e6;
                framed = true;
            });
    });
    const bool done = runUntil([&] { return opened && (!ok || framed); }, 900000);
    const double frameMs = frameAt;
    const double adoptStall = stalls.takeLongest(true);
    const double adoptStalled = stalls.stalledTaken();
    QObject::disconnect(counting);
    if (!done || !ok) {
        std::printf("bench=scale_window file=%s error=open_failed\n", file.filename().c_str());
        return false;
    }
    const double cancelMs = cancelLatency(window, file, int(readMs / 4)); // a quarter into the reading
    // The program's own peak, opening the file to its first frame in a fresh process.
    const PeakMeasurement peak = measurePeak(
        CS_PEAK_RSS, {CS_COLLIDOSCOPE, file.string(), "--screenshot", (shotDir / "scale.png").string()});
    const std::string error = separateProcessesError({peak}, long(::getpid()));
    const double fileMb = double(fs::file_size(file)) / (1 << 20), peakMb = double(peak.peakKib) / 1024.0;
    std::printf(
        "bench=scale_window file=%s file_mb=%s read_ms=%s first_frame_ms=%s max_gui_stall_reading_ms=%s "
        "max_gui_stall_adopt_to_frame_ms=%s gui_stalled_adopt_to_frame_ms=%s opening_status_lines=%d "
        "cancel_ms=%s peak_mb=%s ratio_file=%s "
        "pid=%ld%s\n",
        file.filename().c_str(), fixed(fileMb, 0).c_str(), fixed(readMs, 0).c_str(),
        fixed(frameMs, 0).c_str(), fixed(readStall, 1).c_str(), fixed(adoptStall, 1).c_str(),
        fixed(adoptStalled, 0).c_str(), openingLines, fixed(cancelMs, 0).c_str(), fixed(peakMb, 0).c_str(),
        fixed(peakMb / fileMb, 2).c_str(), peak.pid,
        error.empty() ? "" : (" error=\"" + error + "\"").c_str());
    std::fflush(stdout);
    return error.empty();
}

} // namespace cs::bench
