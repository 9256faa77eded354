// The order in which the benchmarks time their contenders: every contender timed as often as asked, and none
// always right after the same one (the one before leaves its data in the caches: a loader timed right after
// Assimp every time came out 5-10% slower than the same loader timed after a light one).
#include "BenchUtil.h"

#include <QTest>
#include <algorithm>
#include <functional>
#include <map>
#include <utility>
#include <vector>

using namespace cs::bench;

class TestBenchOrder : public QObject
{
    Q_OBJECT

private slots:
    void everyRunIsAnOrderOfAll()
    {
        for (size_t n = 1; n <= 7; ++n) {
            for (size_t run = 0; run < 3 * n; ++run) {
                std::vector<size_t> order = runOrder(run, n);
                std::sort(order.begin(), order.end());
                std::vector<size_t> all(n);
                for (size_t i = 0; i < n; ++i)
                    all[i] = i;
                QCOMPARE(order, all);
            }
        }
    }

    void eachFollowsEachOtherEquallyOften()
    {
        for (size_t n = 2; n <= 7; ++n) {
            const size_t runs = n % 2 == 0 ? n : 2 * n;
            std::map<std::pair<size_t, size_t>, int> after;
            for (size_t run = 0; run < runs; ++run) {
                const auto order = runOrder(run, n);
                for (size_t k = 1; k < n; ++k)
                    ++after[{order[k - 1], order[k]}];
            }
            QCOMPARE(after.size(), n * (n - 1)); // every ordered pair of two contenders
            const int times = n % 2 == 0 ? 1 : 2;
            for (const auto& [pair, count] : after)
                QCOMPARE(count, times);
        }
    }

    void medianMsCallsInTheOrder()
    {
        std::vector<int> calls;
        std::vector<std::function<void()>> contenders;
        for (int i = 0; i < 4; ++i)
            contenders.push_back([&calls, i] { calls.push_back(i); });
        const auto medians = medianMs(contenders, 5);
        QCOMPARE(medians.size(), size_t(4));
        // The warm-up calls in the given order, then runs 0, 1, 2, 3, 0 of runOrder.
        std::vector<int> expected{0, 1, 2, 3, 0, 1, 3, 2, 1, 2, 0, 3, 2, 3, 1, 0, 3, 0, 2, 1, 0, 1, 3, 2};
        QCOMPARE(calls, expected);
    }
};

QTEST_APPLESS_MAIN(TestBenchOrder)
#include "TestBenchOrder.moc"
