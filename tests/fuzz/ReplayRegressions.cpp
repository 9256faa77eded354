// Replays every input kept under tests/fuzz/regressions/<target>/ and the seed corpus
// tests/fuzz/corpus/<target>/ through the fuzz targets, in the normal build: each must return without a
// crash, a broken invariant or an uncaught exception, within a time and memory bound. So `make test` catches
// a finding that comes back.
#include "FuzzTargets.h"

#include <QElapsedTimer>
#include <QTest>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sys/resource.h>

#if defined(__SANITIZE_ADDRESS__)
#define CS_REPLAY_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CS_REPLAY_UNDER_ASAN 1
#endif
#endif

namespace {

namespace fs = std::filesystem;

// Generous bounds: a fixed input runs in milliseconds; the bounds only catch a spin or a blow-up coming back.
constexpr qint64 kMaxMillisecondsPerInput = 10000;
constexpr long kMaxResidentMegabytes = 2048;

std::vector<std::uint8_t> readFile(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

long residentPeakMegabytes()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024; // kilobytes on Linux
}

} // namespace

class ReplayRegressions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
#ifndef CS_REPLAY_UNDER_ASAN
        // A declared huge size that gets allocated fails here as std::bad_alloc instead of paging the machine
        // to death. (AddressSanitizer reserves terabytes of address space, so it is left alone there; ASan
        // reports huge allocations itself.)
        rlimit limit{};
        limit.rlim_cur = limit.rlim_max = rlim_t(6) << 30;
        setrlimit(RLIMIT_AS, &limit);
#endif
    }

    void replay_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("file");
        int rows = 0;
        for (const char* kind : {"regressions", "corpus"}) {
            for (const auto& target : cs::fuzz::kTargets) {
                const fs::path dir = fs::path(CS_FUZZ_DIR) / kind / std::string(target.name);
                if (!fs::is_directory(dir))
                    continue;
                std::vector<fs::path> files;
                for (const auto& entry : fs::directory_iterator(dir)) {
                    if (entry.is_regular_file())
                        files.push_back(entry.path());
                }
                std::sort(files.begin(), files.end());
                for (const auto& file : files) {
                    const std::string tag =
                        std::string(kind) + "/" + std::string(target.name) + "/" + file.filename().string();
                    QTest::newRow(tag.c_str()) << QString::fromUtf8(std::string(target.name))
                                               << QString::fromStdString(file.string());
                    ++rows;
                }
            }
        }
        QVERIFY2(rows > 0, "no fuzz inputs found under " CS_FUZZ_DIR);
    }

    void replay()
    {
        QFETCH(QString, target);
        QFETCH(QString, file);
        const auto bytes = readFile(file.toStdString());
        const auto* t = std::find_if(std::begin(cs::fuzz::kTargets), std::end(cs::fuzz::kTargets),
                                     [&](const auto& x) { return target.toStdString() == x.name; });
        QVERIFY(t != std::end(cs::fuzz::kTargets));
        QElapsedTimer timer;
        timer.start();
        QCOMPARE(t->run(cs::fuzz::Input(bytes.data(), bytes.size())), 0);
        const qint64 ms = timer.elapsed();
        QVERIFY2(ms < kMaxMillisecondsPerInput, qPrintable(QString("took %1 ms").arg(ms)));
        const long mb = residentPeakMegabytes();
        QVERIFY2(mb < kMaxResidentMegabytes, qPrintable(QString("peak resident memory %1 MB").arg(mb)));
    }
};

QTEST_GUILESS_MAIN(ReplayRegressions)
#include "ReplayRegressions.moc"
