// bench=scale: a scene ten times bigger than the others (ScaleScene.h: about 1 GB, 50,000 nodes, 20 million
// triangles, 10,000 colliders), written once into the build's bench-data folder and reused.
//   bench=scale: core's load against fread + JSON parse of the same file (medians of interleaved runs).
//   bench=scale_cli: `collidoscope validate` and `collidoscope add-colliders --strategy box`, each in a fresh
//     process through cs_peak_rss (wall time, peak resident memory, its ratio to the file's size), against
//     the same kind of process doing fread + parse only (this program's --peak-rss fread_json); the three
//     processes interleaved over the runs, each figure the run of median time.
#include "BenchUtil.h"
#include "PeakMemory.h"
#include "ScaleScene.h"
#include "gltf/GltfDocument.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace cs::bench {

namespace fs = std::filesystem;

namespace {

struct TimedPeak
{
    PeakMeasurement peak;
    double ms = 0;
};

TimedPeak timedPeak(const std::vector<std::string>& command)
{
    const auto start = std::chrono::steady_clock::now();
    TimedPeak t;
    t.peak = measurePeak(CS_PEAK_RSS, command);
    t.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return t;
}

void printCli(const char* command, const TimedPeak& run, const TimedPeak& baseline, double fileBytes,
              int runs)
{
    const double mb = double(run.peak.peakKib) / 1024.0, fileMb = fileBytes / (1 << 20);
    std::printf("bench=scale_cli command=%s runs=%d ms=%s peak_mb=%s file_mb=%s ratio_file=%s "
                "fread_json_process_ms=%s "
                "fread_json_peak_mb=%s ratio_json=%s pid=%ld\n",
                command, runs, fixed(run.ms, 0).c_str(), fixed(mb, 0).c_str(), fixed(fileMb, 0).c_str(),
                fixed(mb / fileMb, 2).c_str(), fixed(baseline.ms, 0).c_str(),
                fixed(double(baseline.peak.peakKib) / 1024.0, 0).c_str(),
                fixed(run.ms / baseline.ms, 2).c_str(), run.peak.pid);
}

} // namespace

int runScaleBenchmarks(const std::string& self, int runs, bool quick)
{
    const ScaleSceneSize size = scaleSceneSize(quick);
    const auto start = std::chrono::steady_clock::now();
    bool generated = false;
    const fs::path file = scaleSceneFile(CS_BENCH_DATA_DIR, size, &generated);
    if (file.empty()) {
        std::printf("bench=scale error=\"cannot write the scene into %s\"\n", CS_BENCH_DATA_DIR);
        return 1;
    }
    const double makeMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    const double bytes = double(fs::file_size(file));

    bool ok = true;
    const auto ms = medianMs({[&] {
                                  auto r = gltf::loadGltf(file);
                                  ok = ok && r.value.has_value() && !hasErrors(r.diagnostics);
                                  keep(&r);
                              },
                              [&] { keep(reinterpret_cast<void*>(freadAndParseFile(file))); }},
                             runs);
    std::printf(
        "bench=scale file=%s bytes=%.0f nodes=%zu meshes=%zu triangles=%zu colliders=%zu make_ms=%s%s "
        "ours_ms=%s fread_json_ms=%s ratio_json=%s%s\n",
        file.filename().c_str(), bytes, size.nodes, size.meshes, size.triangles(), size.bodies,
        fixed(makeMs, 0).c_str(), generated ? " generated=1" : " reused=1", fixed(ms[0]).c_str(),
        fixed(ms[1]).c_str(), fixed(ms[0] / ms[1], 2).c_str(), ok ? "" : " error=load_failed");
    std::fflush(stdout);

    const fs::path out =
        fs::temp_directory_path() / ("collidoscope-scale-" + std::to_string(::getpid()) + ".glb");
    const std::vector<std::vector<std::string>> commands{
        {self, "--peak-rss", "fread_json", file.string()},
        {CS_COLLIDOSCOPE, "validate", file.string()},
        {CS_COLLIDOSCOPE, "add-colliders", file.string(), "--strategy", "box", "-o", out.string()}};
    // Each process `runs` times, interleaved (runOrder), so that a busy spell of the shared machine hits the
    // baseline as much as the commands; each line gives the run of median time.
    std::vector<std::vector<TimedPeak>> timed(commands.size());
    std::vector<PeakMeasurement> peaks;
    for (int run = 0; run < runs; ++run)
        for (size_t c : runOrder(size_t(run), commands.size())) {
            timed[c].push_back(timedPeak(commands[c]));
            peaks.push_back(timed[c].back().peak);
        }
    fs::remove(out);
    const std::string error = separateProcessesError(peaks, long(::getpid()));
    if (!error.empty()) {
        std::printf("bench=scale_cli error=\"%s\"\n", error.c_str());
        return 1;
    }
    for (auto& t : timed)
        std::sort(t.begin(), t.end(), [](const TimedPeak& a, const TimedPeak& b) { return a.ms < b.ms; });
    const auto median = [&](size_t c) { return timed[c][timed[c].size() / 2]; };
    printCli("validate", median(1), median(0), bytes, runs);
    printCli("add-colliders_box", median(2), median(0), bytes, runs);
    return ok ? 0 : 1;
}

} // namespace cs::bench
