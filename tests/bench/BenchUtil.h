#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace cs::bench {

/// Median wall time in milliseconds of `runs` calls of each function, the calls interleaved (a, b, c, a, b, c...)
/// so that a slow spell of a shared machine hits every contender alike. One untimed warm-up call each first.
std::vector<double> medianMs(const std::vector<std::function<void()>>& contenders, int runs);

/// "1.23" style formatting for key=value lines.
std::string fixed(double value, int decimals = 3);

/// Keeps the optimizer from discarding a result.
void keep(const void* p);

} // namespace cs::bench
