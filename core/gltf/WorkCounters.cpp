#include "gltf/WorkCounters.h"

#include <array>
#include <atomic>

namespace cs::gltf {

namespace {

std::array<std::atomic<std::uint64_t>, 3> g_counts{};

} // namespace

void countWork(Work work)
{
    g_counts[size_t(work)].fetch_add(1, std::memory_order_relaxed);
}

std::uint64_t workCount(Work work)
{
    return g_counts[size_t(work)].load(std::memory_order_relaxed);
}

} // namespace cs::gltf
