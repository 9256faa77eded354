#pragma once

// Running a piece of a test in a forked child process: with bounds on memory and time, with privileges that
// let file permissions apply even to root, with a full disk, or to be killed in the middle of its work. The
// parent learns what happened (normal exit, signal, peak memory, time) and reads what the child sent back.

#include <cstdint>
#include <functional>
#include <string>
#include <sys/types.h>

namespace cs::reliability {

struct ChildLimits
{
    /// RLIMIT_AS of the child (0: none). Ignored in AddressSanitizer builds, whose shadow memory reserves far
    /// more address space; the peak resident size (ChildOutcome::maxRssKb) bounds memory there.
    std::uint64_t addressSpace = std::uint64_t(1) << 30;
    /// Wall-clock limit: alarm() in the child (SIGALRM ends it), and the parent stops waiting after it too.
    /// Eight times as long in AddressSanitizer builds (unoptimised, instrumented code).
    unsigned seconds = 10;
    /// RLIMIT_FSIZE of the child (0: none); SIGXFSZ is ignored, so a write past it fails with EFBIG.
    std::uint64_t fileSize = 0;
};

struct ChildOutcome
{
    bool exited = false; ///< the child returned normally (exit status in exitCode)
    int exitCode = -1;
    int signal = 0;     ///< the signal that ended it, when !exited
    std::string output; ///< what the body returned
    long maxRssKb = 0;  ///< peak resident set size of the child
    long long elapsedMs = 0;

    /// True when the child exited with status 0.
    bool ok() const { return exited && exitCode == 0; }
    /// One line for failure messages: exit status or signal, peak memory, time.
    std::string describe() const;
};

/// Runs `body` in a forked child under `limits`; the string it returns reaches the parent through a pipe and
/// the child exits with 0. An exception from the body exits with 3 and its what() as the output. The child
/// never returns into the test framework and runs no exit handlers.
ChildOutcome runInChild(const std::function<std::string()>& body, const ChildLimits& limits = {});

/// True in builds with AddressSanitizer (where RLIMIT_AS cannot be used).
bool addressSanitizerBuild();

/// Lets file permission bits bind this process even when it runs as root: sets no_new_privs and removes
/// CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH and CAP_FOWNER from the effective, permitted and inheritable sets
/// (which needs no privilege), so that a program it execs does not get them back either. Returns false with
/// the reason in `error` when the capabilities could not be changed. Meant for forked children only.
bool dropFileOverrides(std::string& error);

/// True when this process can create a file in `folder` (it creates and removes a probe file).
bool canCreateFileIn(const std::string& folder);

/// Puts this process into a private mount namespace (a new user namespace first when not root), so mounts it
/// makes are invisible outside and vanish with it. False with the reason when the system does not allow it.
/// Meant for forked children only.
bool enterPrivateMountNamespace(std::string& error);

} // namespace cs::reliability
