#include "PeakMemory.h"

#include <cstdio>
#include <set>
#include <sys/wait.h>
#include <unistd.h>

namespace cs::bench {

std::optional<PeakMeasurement> parsePeakLine(std::string_view line)
{
    PeakMeasurement m;
    const std::string text(line);
    if (std::sscanf(text.c_str(), "pid=%ld peak_kib=%ld", &m.pid, &m.peakKib) != 2 || m.pid <= 0)
        return std::nullopt;
    return m;
}

PeakMeasurement measurePeak(const std::filesystem::path& helper, const std::vector<std::string>& command)
{
    int out[2];
    if (::pipe(out) != 0)
        return {};
    std::vector<std::string> args{helper.string()};
    args.insert(args.end(), command.begin(), command.end());
    std::vector<char*> argv;
    for (auto& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    std::fflush(stdout);
    const pid_t pid = ::fork();
    if (pid < 0)
        return {};
    if (pid == 0) {
        ::dup2(out[1], STDOUT_FILENO);
        ::close(out[0]);
        ::close(out[1]);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    ::close(out[1]);
    std::string text;
    char buffer[256];
    for (ssize_t n; (n = ::read(out[0], buffer, sizeof buffer)) > 0;)
        text.append(buffer, size_t(n));
    ::close(out[0]);
    int status = 0;
    const bool clean = ::waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    auto parsed = parsePeakLine(text);
    if (!parsed)
        return {};
    if (!clean)
        parsed->peakKib = -1;
    return *parsed;
}

std::string separateProcessesError(const std::vector<PeakMeasurement>& measurements, long self)
{
    std::set<long> seen;
    for (const auto& m : measurements) {
        if (m.pid <= 0 || m.peakKib < 0)
            return "a measurement failed";
        if (m.pid == self)
            return "a measurement came from the benchmark's own process";
        if (!seen.insert(m.pid).second)
            return "two measurements came from the same process";
    }
    return {};
}

} // namespace cs::bench
