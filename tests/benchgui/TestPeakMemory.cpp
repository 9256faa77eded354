// The window-memory benchmark's measurement: every figure from a process of its own, none from the
// benchmark's, and not inflated by the benchmark's own memory.
#include "PeakMemory.h"

#include <QTest>
#include <cstring>
#include <memory>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace cs::bench;

namespace {

constexpr size_t kHeldMib = 300;

/// Peak resident KiB of `program` forked straight from this process: what the benchmark measured before.
long directForkPeakKib(const char* program)
{
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::execl(program, program, static_cast<char*>(nullptr));
        ::_exit(127);
    }
    int status = 0;
    rusage usage{};
    ::wait4(pid, &status, 0, &usage);
    return usage.ru_maxrss;
}

} // namespace

class TestPeakMemory : public QObject
{
    Q_OBJECT

private slots:
    void sameProcessIsRefused()
    {
        const long self = long(::getpid());
        QCOMPARE(separateProcessesError({{101, 2000}, {102, 3000}}, self), std::string());
        QCOMPARE(separateProcessesError({{101, 2000}, {101, 3000}}, self),
                 std::string("two measurements came from the same process"));
        QCOMPARE(separateProcessesError({{self, 2000}, {102, 3000}}, self),
                 std::string("a measurement came from the benchmark's own process"));
        QCOMPARE(separateProcessesError({{101, -1}, {102, 3000}}, self), std::string("a measurement failed"));
    }

    void parsesTheHelpersLine()
    {
        const auto m = parsePeakLine("pid=4242 peak_kib=123456\n");
        QVERIFY(m.has_value());
        QCOMPARE(m->pid, 4242L);
        QCOMPARE(m->peakKib, 123456L);
        QVERIFY(!parsePeakLine("peak_kib=5").has_value());
        QVERIFY(!parsePeakLine("").has_value());
    }

    /// With 300 MiB resident here, a program started through the helper reports its own few MiB; forked
    /// straight from here it would report at least the 300 MiB it shared until exec.
    void theBenchmarksMemoryIsNotCounted()
    {
        auto held = std::make_unique<char[]>(kHeldMib << 20);
        std::memset(held.get(), 1, kHeldMib << 20);
        QTest::qWait(0);
        const PeakMeasurement a = measurePeak(CS_PEAK_RSS, {"/bin/true"});
        const PeakMeasurement b = measurePeak(CS_PEAK_RSS, {"/bin/true"});
        QCOMPARE(separateProcessesError({a, b}, long(::getpid())), std::string());
        QVERIFY2(a.peakKib > 0 && a.peakKib < 64 * 1024, qPrintable(QString::number(a.peakKib)));
        QVERIFY(directForkPeakKib("/bin/true") >= long(kHeldMib) * 1024 * 9 / 10);
        QVERIFY(held[12345] == 1);
    }
};

QTEST_GUILESS_MAIN(TestPeakMemory)
#include "TestPeakMemory.moc"
