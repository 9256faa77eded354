#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cs::bench {

/// One program's peak resident memory and the process it was measured in.
struct PeakMeasurement
{
    long pid = -1;
    long peakKib = -1; ///< negative: the program did not exit cleanly or could not be measured
};

/// Runs `command` (a program path and its arguments) through the cs_peak_rss helper at `helper`, so that the
/// figure is the program's own and not this process's (see PeakRss.cpp).
PeakMeasurement measurePeak(const std::filesystem::path& helper, const std::vector<std::string>& command);

/// The helper's line "pid=N peak_kib=M"; none when it is not one.
std::optional<PeakMeasurement> parsePeakLine(std::string_view line);

/// Why measurements cannot be compared, or empty when they can: each must come from a process of its own,
/// none from this process (`self`), and every one must have succeeded.
std::string separateProcessesError(const std::vector<PeakMeasurement>& measurements, long self);

} // namespace cs::bench
