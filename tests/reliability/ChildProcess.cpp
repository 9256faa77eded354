#include "ChildProcess.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <linux/capability.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CS_RELIABILITY_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define CS_RELIABILITY_ASAN 1
#endif

namespace cs::reliability {

namespace {

void writeAll(int fd, const std::string& text)
{
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return;
        done += size_t(n);
    }
}

bool writeSmallFile(const char* path, const std::string& text)
{
    const int fd = ::open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = ::write(fd, text.data(), text.size()) == ssize_t(text.size());
    ::close(fd);
    return ok;
}

} // namespace

bool addressSanitizerBuild()
{
#ifdef CS_RELIABILITY_ASAN
    return true;
#else
    return false;
#endif
}

std::string ChildOutcome::describe() const
{
    std::string s = exited ? "exit status " + std::to_string(exitCode)
                           : "killed by signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
    s += ", peak memory " + std::to_string(maxRssKb / 1024) + " MiB, " + std::to_string(elapsedMs) + " ms";
    if (!output.empty())
        s += ", output: " + output.substr(0, 2000);
    return s;
}

ChildOutcome runInChild(const std::function<std::string()>& body, const ChildLimits& limits)
{
    ChildOutcome outcome;
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        outcome.output = std::string("pipe: ") + std::strerror(errno);
        return outcome;
    }
    const auto start = std::chrono::steady_clock::now();
    // An AddressSanitizer build without optimisation runs this code about ten times slower; the bound is
    // there to catch a spin, not to time the work.
    const unsigned seconds = addressSanitizerBuild() ? limits.seconds * 8 : limits.seconds;
    const pid_t pid = ::fork();
    if (pid < 0) {
        outcome.output = std::string("fork: ") + std::strerror(errno);
        ::close(fds[0]);
        ::close(fds[1]);
        return outcome;
    }
    if (pid == 0) {
        ::close(fds[0]);
        if (limits.addressSpace != 0 && !addressSanitizerBuild()) {
            const rlimit as{limits.addressSpace, limits.addressSpace};
            ::setrlimit(RLIMIT_AS, &as);
        }
        if (limits.fileSize != 0) {
            ::signal(SIGXFSZ, SIG_IGN);
            const rlimit fs{limits.fileSize, limits.fileSize};
            ::setrlimit(RLIMIT_FSIZE, &fs);
        }
        ::alarm(seconds);
        std::string out;
        int code = 0;
        try {
            out = body();
        } catch (const std::exception& e) {
            out = std::string("exception: ") + e.what();
            code = 3;
        } catch (...) {
            out = "an exception that is not a std::exception";
            code = 3;
        }
        writeAll(fds[1], out);
        ::close(fds[1]);
        ::_exit(code);
    }

    ::close(fds[1]);
    const auto deadline = start + std::chrono::seconds(seconds + 5);
    char chunk[65536];
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            ::kill(pid, SIGKILL); // the child outlived its own alarm
            break;
        }
        pollfd p{fds[0], POLLIN, 0};
        const int ready = ::poll(&p, 1, int(left.count()));
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0)
            continue;
        const ssize_t n = ::read(fds[0], chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        outcome.output.append(chunk, size_t(n));
    }
    ::close(fds[0]);
    int status = 0;
    rusage usage{};
    while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    outcome.elapsedMs =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start)
            .count();
    outcome.maxRssKb = usage.ru_maxrss;
    if (WIFEXITED(status)) {
        outcome.exited = true;
        outcome.exitCode = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        outcome.signal = WTERMSIG(status);
    }
    return outcome;
}

bool dropFileOverrides(std::string& error)
{
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
        error = std::string("prctl(PR_SET_NO_NEW_PRIVS): ") + std::strerror(errno);
        return false;
    }
    __user_cap_header_struct header{};
    header.version = _LINUX_CAPABILITY_VERSION_3;
    header.pid = 0;
    __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3] = {};
    if (::syscall(SYS_capget, &header, data) != 0) {
        error = std::string("capget: ") + std::strerror(errno);
        return false;
    }
    for (int cap : {CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER}) {
        const std::uint32_t bit = std::uint32_t(1) << (cap % 32);
        data[cap / 32].effective &= ~bit;
        data[cap / 32].permitted &= ~bit;
        data[cap / 32].inheritable &= ~bit;
    }
    if (::syscall(SYS_capset, &header, data) != 0) {
        error = std::string("capset: ") + std::strerror(errno);
        return false;
    }
    return true;
}

bool canCreateFileIn(const std::string& folder)
{
    const std::string probe = folder + "/.probe-" + std::to_string(::getpid());
    const int fd = ::open(probe.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0644);
    if (fd < 0)
        return false;
    ::close(fd);
    ::unlink(probe.c_str());
    return true;
}

bool enterPrivateMountNamespace(std::string& error)
{
    const uid_t uid = ::geteuid();
    const gid_t gid = ::getegid();
    if (::unshare(CLONE_NEWNS) != 0) {
        // Without CAP_SYS_ADMIN: a user namespace of its own, where this process is root, may allow it.
        if (::unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) {
            error = std::string("unshare: ") + std::strerror(errno);
            return false;
        }
        const bool mapped = writeSmallFile("/proc/self/setgroups", "deny") &&
                            writeSmallFile("/proc/self/uid_map", "0 " + std::to_string(uid) + " 1") &&
                            writeSmallFile("/proc/self/gid_map", "0 " + std::to_string(gid) + " 1");
        if (!mapped) {
            error = std::string("mapping the user namespace: ") + std::strerror(errno);
            return false;
        }
    }
    // Mounts made from here on must not propagate back to the namespace the test runs in.
    if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) {
        error = std::string("making / private: ") + std::strerror(errno);
        return false;
    }
    return true;
}

} // namespace cs::reliability
