#include "ThreadTimes.h"

#include "BenchUtil.h"

#include <array>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace cs::bench {

std::map<long, ThreadTime> threadTimes()
{
    std::map<long, ThreadTime> out;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator("/proc/self/task", error)) {
        const long tid = std::atol(entry.path().filename().c_str());
        std::ifstream stat(entry.path() / "schedstat"), comm(entry.path() / "comm");
        double ns = 0;
        std::string name;
        if (!(stat >> ns) || !std::getline(comm, name))
            continue; // the thread ended meanwhile
        out[tid] = {name, ns / 1e6};
    }
    return out;
}

std::string cpuPerFrame(const std::map<long, ThreadTime>& before, const std::map<long, ThreadTime>& after,
                        int frames)
{
    const char* const names[] = {"gui", "render", "rasterizer", "simulation", "other"};
    std::array<double, 5> ms{};
    const long main = long(::getpid());
    for (const auto& [tid, t] : after) {
        const auto it = before.find(tid);
        const double spent = t.ms - (it == before.end() ? 0.0 : it->second.ms);
        const size_t group = tid == main                        ? 0
                             : t.name == "QSGRenderThread"      ? 1
                             : t.name.rfind("llvmpipe", 0) == 0 ? 2
                             : t.name == "Simulation"           ? 3
                                                                : 4;
        ms[group] += spent;
    }
    std::string text;
    for (size_t g = 0; g < ms.size(); ++g)
        text += (g ? "," : "") + std::string(names[g]) + "=" + fixed(ms[g] / std::max(frames, 1), 2);
    return text;
}

} // namespace cs::bench
