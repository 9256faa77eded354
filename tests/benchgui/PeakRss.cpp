// cs_peak_rss PROGRAM [ARGS...]: runs the program (its output to /dev/null) and prints "pid=N peak_kib=M"
// for it, from wait4's resource usage; exits with the program's exit status (125 when it could not run).
//
// Why a process of its own: a child's peak resident memory counts what it held before exec, and a child
// forked from a large process (a benchmark that has opened big scenes) holds that process's pages until
// exec. Started from this small program, the measured program's figure is its own.
#include <cstdio>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: cs_peak_rss PROGRAM [ARGS...]\n");
        return 125;
    }
    std::fflush(stdout);
    const pid_t pid = ::fork();
    if (pid < 0)
        return 125;
    if (pid == 0) {
        if (!std::freopen("/dev/null", "w", stdout))
            ::_exit(126);
        ::execv(argv[1], argv + 1);
        ::_exit(127);
    }
    int status = 0;
    rusage usage{};
    if (::wait4(pid, &status, 0, &usage) < 0)
        return 125;
    std::printf("pid=%ld peak_kib=%ld\n", static_cast<long>(pid), usage.ru_maxrss);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 125;
}
