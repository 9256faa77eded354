// cs_bench [--runs N] [--quick] [--only
// load|document|hull|hull_budget|decode|simulate|decompose|primitive_parts|fit|simplify|reskin|scale]: the
// benchmarks, one key=value line per figure (scale: at most 3 runs of its 1 GB scene). cs_bench --peak-rss
// LOADER FILE: (internal) loads FILE with one loader and prints the peak resident KiB.
#include "BenchUtil.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace cs::bench {
int runLoadBenchmarks(int runs, bool quick);
int runHullBenchmarks(int runs, bool quick);
int runHullBudgetBenchmarks(int runs, bool quick);
int runDecodeBenchmarks(int runs, bool quick);
int runDecomposeBenchmarks(int runs, bool quick);
int runPrimitivePartsBenchmarks(int runs, bool quick);
int runSimulateBenchmarks(int runs, bool quick);
int runFitBenchmarks(int runs, bool quick);
int runSimplifyBenchmarks(int runs, bool quick);
int runReskinBenchmarks(int runs, bool quick);
int runDocumentBenchmarks(const std::string& self, int runs, bool quick);
int runScaleBenchmarks(const std::string& self, int runs, bool quick);
int peakRssChild(const char* loader, const char* file);
} // namespace cs::bench

int main(int argc, char** argv)
{
    if (argc == 4 && std::strcmp(argv[1], "--peak-rss") == 0)
        return cs::bench::peakRssChild(argv[2], argv[3]);
    const cs::bench::Options options = cs::bench::parseOptions(argc, argv, 9);
    if (!options.ok) {
        std::fprintf(stderr, "usage: cs_bench [--runs N] [--quick] [--only "
                             "load|document|hull|hull_budget|decode|simulate|decompose|primitive_parts|fit|"
                             "simplify|reskin|scale]\n");
        return 2;
    }
    const int runs = options.runs;
    const bool quick = options.quick;
    std::printf("# Collidoscope benchmarks: medians of %d interleaved runs (decompose: at most 3, see "
                "timed_runs); ratio = ours / baseline (below 1: faster)\n",
                runs);
    auto run = [&](const char* name) { return options.run(name); };
    const int load = run("load") ? cs::bench::runLoadBenchmarks(runs, quick) : 0;
    const int document = run("document") ? cs::bench::runDocumentBenchmarks(argv[0], runs, quick) : 0;
    const int hull = run("hull") ? cs::bench::runHullBenchmarks(runs, quick) : 0;
    const int budget = run("hull_budget") ? cs::bench::runHullBudgetBenchmarks(runs, quick) : 0;
    const int decode = run("decode") ? cs::bench::runDecodeBenchmarks(runs, quick) : 0;
    const int simulate = run("simulate") ? cs::bench::runSimulateBenchmarks(runs, quick) : 0;
    const int decompose = run("decompose") ? cs::bench::runDecomposeBenchmarks(runs, quick) : 0;
    const int parts = run("primitive_parts") ? cs::bench::runPrimitivePartsBenchmarks(runs, quick) : 0;
    const int fit = run("fit") ? cs::bench::runFitBenchmarks(runs, quick) : 0;
    const int simplify = run("simplify") ? cs::bench::runSimplifyBenchmarks(runs, quick) : 0;
    const int reskin = run("reskin") ? cs::bench::runReskinBenchmarks(runs, quick) : 0;
    const int scale = run("scale") ? cs::bench::runScaleBenchmarks(argv[0], std::min(runs, 3), quick) : 0;
    return load != 0        ? load
           : document != 0  ? document
           : hull != 0      ? hull
           : budget != 0    ? budget
           : decode != 0    ? decode
           : simulate != 0  ? simulate
           : decompose != 0 ? decompose
           : parts != 0     ? parts
           : fit != 0       ? fit
           : simplify != 0  ? simplify
           : reskin != 0    ? reskin
                            : scale;
}
