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

std::vector<double> medianMs(const std::vector<std::function<void()>>& contenders, int runs)
{
    for (const auto& f : contenders)
        f();
    std::vector<std::vector<double>> times(contenders.size());
    for (int r = 0; r < runs; ++r) {
        for (size_t i = 0; i < contenders.size(); ++i) {
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
