#pragma once

#include <map>
#include <string>

namespace cs::bench {

/// The CPU time each thread of this process has run so far (/proc/self/task/<tid>/schedstat), by thread id,
/// with the thread's name.
struct ThreadTime
{
    std::string name;
    double ms = 0;
};
std::map<long, ThreadTime> threadTimes();

/// The CPU time the threads ran between `before` and `after`, per frame of `frames`, grouped by what they do:
/// "gui=1.2,render=3.4,rasterizer=5.6,simulation=7.8,other=0.1" (milliseconds; gui is the main thread,
/// render Qt Quick's render thread, rasterizer the OpenGL driver's llvmpipe threads).
std::string cpuPerFrame(const std::map<long, ThreadTime>& before, const std::map<long, ThreadTime>& after,
                        int frames);

} // namespace cs::bench
