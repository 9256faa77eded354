#include "BenchUtil.h"

#include <algorithm>
#include <cstdio>

namespace cs::bench {

Options parseOptions(int argc, char** argv, int defaultRuns, const std::vector<std::string>& valued)
{
    Options o;
    o.runs = defaultRuns;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool hasValue = i + 1 < argc;
        if (arg == "--runs" && hasValue)
            o.runs = std::max(1, std::atoi(argv[++i]));
        else if (arg == "--quick")
            o.quick = true;
        else if (arg == "--only" && hasValue)
            o.only = argv[++i];
        else if (hasValue && std::find(valued.begin(), valued.end(), arg) != valued.end())
            o.values[arg] = argv[++i];
        else
            o.ok = false;
    }
    return o;
}

std::vector<size_t> runOrder(size_t run, size_t n)
{
    // A Williams square: the first row 0, 1, n-1, 2, n-2, ..., each next row the one before plus 1 (mod n);
    // for an odd n the rows of a second square are the first's reversed.
    std::vector<size_t> order(n);
    for (size_t k = 0; k < n; ++k) {
        const size_t first = k % 2 == 1 ? (k + 1) / 2 : (n - k / 2) % n;
        order[k] = (first + run) % n;
    }
    if (n % 2 == 1 && (run / n) % 2 == 1)
        std::reverse(order.begin(), order.end());
    return order;
}

std::vector<double> medianMs(const std::vector<std::function<void()>>& contenders, int runs)
{
    for (const auto& f : contenders)
        f();
    std::vector<std::vector<double>> times(contenders.size());
    for (int r = 0; r < runs; ++r) {
        for (const size_t i : runOrder(size_t(r), contenders.size())) {
            const auto start = std::chrono::steady_clock::now();
            contenders[i]();
            const auto end = std::chrono::steady_clock::now();
            times[i].push_back(std::chrono::duration<double, std::milli>(end - start).count());
        }
    }
    std::vector<double> medians;
    for (auto& t : times) {
        std::sort(t.begin(), t.end());
        medians.push_back(t[t.size() / 2]);
    }
    return medians;
}

std::string fixed(double value, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    return buf;
}

void keep(const void* p)
{
    asm volatile("" : : "g"(p) : "memory");
}

} // namespace cs::bench
