#include "geometry/Parallel.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace cs::geometry {

void parallelFor(size_t count, int threads, const std::function<void(size_t)>& work)
{
    const int wanted = threads > 0 ? threads : int(std::max(1u, std::thread::hardware_concurrency()));
    const size_t n = std::min<size_t>(count, size_t(wanted));
    if (n <= 1) {
        for (size_t i = 0; i < count; ++i)
            work(i);
        return;
    }
    std::atomic<size_t> next{0};
    std::vector<std::thread> pool;
    for (size_t t = 0; t < n; ++t)
        pool.emplace_back([&] {
            for (size_t i = next++; i < count; i = next++)
                work(i);
        });
    for (auto& t : pool)
        t.join();
}

void parallelBlocks(size_t count, size_t block, const std::function<void(size_t, size_t)>& work)
{
    const size_t step = std::max<size_t>(1, block);
    const size_t blocks = (count + step - 1) / step;
    parallelFor(blocks, 0, [&](size_t b) { work(b * step, std::min(count, (b + 1) * step)); });
}

} // namespace cs::geometry
