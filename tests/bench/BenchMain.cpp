// cs_bench [--runs N] [--quick]: every benchmark, one key=value line per figure.
// cs_bench --peak-rss LOADER FILE: (internal) loads FILE with one loader and prints the peak resident KiB.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace cs::bench {
int runLoadBenchmarks(int runs, bool quick);
int runHullBenchmarks(int runs, bool quick);
int runDocumentBenchmarks(const std::string& self, int runs, bool quick);
int peakRssChild(const char* loader, const char* file);
}

int main(int argc, char** argv)
{
    if (argc == 4 && std::strcmp(argv[1], "--peak-rss") == 0)
        return cs::bench::peakRssChild(argv[2], argv[3]);
    int runs = 9;
    bool quick = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
            runs = std::max(1, std::atoi(argv[++i]));
        } else if (std::strcmp(argv[i], "--quick") == 0) {
            quick = true;
        } else {
            std::fprintf(stderr, "usage: cs_bench [--runs N] [--quick]\n");
            return 2;
        }
    }
    std::printf("# Collidoscope benchmarks: medians of %d interleaved runs; ratio = ours / baseline (below 1: faster)\n",
                runs);
    const int load = cs::bench::runLoadBenchmarks(runs, quick);
    const int document = cs::bench::runDocumentBenchmarks(argv[0], runs, quick);
    const int hull = cs::bench::runHullBenchmarks(runs, quick);
    return load != 0 ? load : document != 0 ? document : hull;
}
