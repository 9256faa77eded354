// cs_bench [--runs N] [--quick]: every benchmark, one key=value line per figure.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace cs::bench {
int runLoadBenchmarks(int runs, bool quick);
int runHullBenchmarks(int runs, bool quick);
}

int main(int argc, char** argv)
{
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
    const int hull = cs::bench::runHullBenchmarks(runs, quick);
    return load != 0 ? load : hull;
}
