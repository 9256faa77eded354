#pragma once

#include <cstddef>
#include <functional>

namespace cs::geometry {

/// Runs work(i) for i in [0, count) on `threads` threads (0 or less: one per core). Each i must write only
/// its own result, so that the outcome does not depend on the number of threads or their timing.
void parallelFor(size_t count, int threads, const std::function<void(size_t)>& work);

/// Runs work(begin, end) over [0, count) in blocks of `block` indices, on every core: for loops whose single
/// step is too cheap to pay for a call through std::function each.
void parallelBlocks(size_t count, size_t block, const std::function<void(size_t, size_t)>& work);

} // namespace cs::geometry
