// Saving when the system says no: a read-only folder, a full disk, a process killed in the middle of a save.
// Every case checks that the file that was there is byte for byte what it was, that no temporary file is left
// that a later save could trip on, and that the error names the file and the reason.
//
// How the failures are made, so that they bind for root as well as for other users, and never pass by not
// happening (each child first checks that its failure is in place and reports when it is not):
// - read-only folder: chmod 0555 on the folder; a forked child that runs as root drops CAP_DAC_OVERRIDE,
//   CAP_DAC_READ_SEARCH and CAP_FOWNER (no privilege needed), so the permission bits apply to it too. When
//   mounting is allowed (root, or an unprivileged user namespace), also a read-only bind mount of the folder
//   in a private mount namespace of the child.
// - full disk: RLIMIT_FSIZE in a forked child with SIGXFSZ ignored (writes fail with EFBIG); when mounting is
//   allowed, also a 256 KiB tmpfs in a private mount namespace (ENOSPC).
// - kill: a forked child saves a large document over and over; the parent watches the temporary file grow
//   through /proc/PID/fd and sends SIGKILL at several points (before, during and after a write).
#include "Assets.h"
#include "ChildProcess.h"
#include "TestSupport.h"
#include "document/Document.h"
#include "document/NodeCommands.h"
#include "gltf/GltfDocument.h"

#include <QTest>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace cs;
using namespace cs::reliability;
using gltf::Bytes;
using gltf::Json;
namespace fs = std::filesystem;

namespace {

/// Sets a folder's permissions and puts the old ones back when it goes out of scope.
class PermissionGuard
{
public:
    PermissionGuard(fs::path folder, fs::perms perms) : m_folder(std::move(folder))
    {
        m_old = fs::status(m_folder).permissions();
        fs::permissions(m_folder, perms, fs::perm_options::replace);
    }
    ~PermissionGuard()
    {
        std::error_code ec;
        fs::permissions(m_folder, m_old, fs::perm_options::replace, ec);
    }
    PermissionGuard(const PermissionGuard&) = delete;
    PermissionGuard& operator=(const PermissionGuard&) = delete;

private:
    fs::path m_folder;
    fs::perms m_old{};
};

Json toJson(const Diagnostics& diagnostics)
{
    Json out = Json::array();
    for (const auto& d : diagnostics)
        out.push_back({{"severity", severityName(d.severity)}, {"code", d.code}, {"message", d.message}});
    return out;
}

std::string describeJson(const Json& j)
{
    return j.dump(1);
}

/// The one FILE_WRITE_FAILED error in `diagnostics` (as sent back by a child): it must name `file` and carry
/// `reason` (the text of the system error), and say the old file was kept.
void checkWriteError(const Json& diagnostics, const fs::path& file, const std::string& reason)
{
    QVERIFY2(diagnostics.is_array(), describeJson(diagnostics).c_str());
    const Json* error = nullptr;
    for (const Json& d : diagnostics) {
        if (d["severity"] == "error") {
            QVERIFY2(!error, ("more than one error: " + describeJson(diagnostics)).c_str());
            error = &d;
        }
    }
    QVERIFY2(error, ("no error: " + describeJson(diagnostics)).c_str());
    const std::string message = (*error)["message"].get<std::string>();
    QCOMPARE((*error)["code"].get<std::string>(), std::string("FILE_WRITE_FAILED"));
    QVERIFY2(contains(message, "'" + file.string() + "'"), message.c_str());
    QVERIFY2(contains(message, reason), (message + " (expected the reason '" + reason + "')").c_str());
    QVERIFY2(contains(message, "left unchanged"), message.c_str());
}

Json parseChild(const ChildOutcome& outcome)
{
    try {
        return Json::parse(outcome.output);
    } catch (const std::exception&) {
        return Json();
    }
}

/// In a forked child: makes `folder` unwritable for this process. The parent has already removed the write
/// bits; a child running as root also gives up the capabilities that override them. Returns why it could not.
std::string makeFolderUnwritable(const fs::path& folder)
{
    if (!canCreateFileIn(folder))
        return {};
    std::string error;
    if (!dropFileOverrides(error))
        return "cannot give up CAP_DAC_OVERRIDE: " + error;
    if (canCreateFileIn(folder))
        return "the folder is still writable after chmod 0555 and without CAP_DAC_OVERRIDE";
    return {};
}

std::string reasonText(int error)
{
    return std::strerror(error);
}

/// The targets of this process's child's open files that lie in `folder` (other than `except`).
struct OpenFile
{
    std::string link;
    std::int64_t size = -1;
};
std::vector<OpenFile> openFilesIn(pid_t pid, const fs::path& folder, const fs::path& except)
{
    std::vector<OpenFile> out;
    const fs::path fdDir = "/proc/" + std::to_string(pid) + "/fd";
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(fdDir, ec)) {
        char link[4096];
        const ssize_t n = ::readlink(e.path().c_str(), link, sizeof link - 1);
        if (n <= 0)
            continue;
        const std::string target(link, size_t(n));
        if (target.rfind(folder.string() + "/", 0) != 0 || target == except.string())
            continue;
        struct stat st
        {};
        OpenFile f{target, -1};
        if (::stat(e.path().c_str(), &st) == 0)
            f.size = st.st_size;
        out.push_back(f);
    }
    return out;
}

/// True when the open files of process `pid` can be listed through /proc.
bool canListOpenFiles(pid_t pid)
{
    std::error_code ec;
    fs::directory_iterator it("/proc/" + std::to_string(pid) + "/fd", ec);
    return !ec;
}

} // namespace

class TestSaveFailures : public QObject
{
    Q_OBJECT

private slots:
    void readOnlyFolder()
    {
        test::TempDir dir;
        const fs::path folder = dir / "read-only";
        fs::create_directories(folder);
        const fs::path target = folder / "scene.glb";
        QVERIFY(gltf::saveGltf(makeAsset(300, 1), target).empty());
        const Bytes original = test::readBytes(target);

        PermissionGuard guard(folder, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                          fs::perms::group_exec | fs::perms::others_read |
                                          fs::perms::others_exec);
        const ChildOutcome outcome = runInChild([&] {
            Json r;
            r["setup"] = makeFolderUnwritable(folder);
            if (!r["setup"].get<std::string>().empty())
                return r.dump();
            r["glb"] = toJson(gltf::saveGltf(makeAsset(300, 2), target));
            r["newGltf"] = toJson(gltf::saveGltf(makeAsset(300, 2), folder / "new.gltf"));
            auto opened = document::Document::open(target);
            if (!opened)
                return r.dump();
            document::Document& doc = **opened;
            doc.push(new document::RenameNode(&doc, 0, "edited"));
            r["save"] = toJson(doc.save());
            r["saveAs"] = toJson(doc.saveAs(folder / "other.glb"));
            r["stillModified"] = doc.isModified();
            r["pathKept"] = doc.filePath() == target;
            return r.dump();
        });
        QVERIFY2(outcome.ok(), outcome.describe().c_str());
        const Json r = parseChild(outcome);
        QVERIFY2(r.is_object() && r.value("setup", "?").empty(), outcome.output.c_str());
        QVERIFY2(r.contains("save"), ("the document did not open: " + outcome.output).c_str());

        const std::string denied = reasonText(EACCES);
        checkWriteError(r["glb"], target, denied);
        // A new .gltf fails at its first file, the .bin, and says which.
        checkWriteError(r["newGltf"], folder / "new.bin", denied);
        checkWriteError(r["save"], target, denied);
        checkWriteError(r["saveAs"], folder / "other.glb", denied);
        QVERIFY(r["stillModified"].get<bool>());
        QVERIFY(r["pathKept"].get<bool>());

        QVERIFY(test::readBytes(target) == original);
        QCOMPARE(folderListing(folder), std::vector<std::string>{"scene.glb"});
    }

    void readOnlyMount()
    {
        test::TempDir dir;
        const fs::path folder = dir / "mounted";
        fs::create_directories(folder);
        const fs::path target = folder / "scene.glb";
        QVERIFY(gltf::saveGltf(makeAsset(300, 1), target).empty());
        const Bytes original = test::readBytes(target);

        const ChildOutcome outcome = runInChild([&] {
            Json r;
            std::string error;
            if (!enterPrivateMountNamespace(error)) {
                r["unsupported"] = error;
                return r.dump();
            }
            if (::mount(folder.c_str(), folder.c_str(), nullptr, MS_BIND, nullptr) != 0 ||
                ::mount(nullptr, folder.c_str(), nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY, nullptr) != 0) {
                r["unsupported"] = std::string("read-only bind mount: ") + std::strerror(errno);
                return r.dump();
            }
            r["writable"] = canCreateFileIn(folder);
            r["glb"] = toJson(gltf::saveGltf(makeAsset(300, 2), target));
            return r.dump();
        });
        QVERIFY2(outcome.ok(), outcome.describe().c_str());
        const Json r = parseChild(outcome);
        QVERIFY2(r.is_object(), outcome.output.c_str());
        if (r.contains("unsupported")) {
            // readOnlyFolder covers the same failure through permissions; this system allows no mounts.
            const std::string why = "no read-only mount here (" + r["unsupported"].get<std::string>() +
                                    "); readOnlyFolder still covers the failure through permissions";
            QSKIP(why.c_str());
        }
        QVERIFY(!r["writable"].get<bool>());
        checkWriteError(r["glb"], target, reasonText(EROFS));
        QVERIFY(test::readBytes(target) == original);
        QCOMPARE(folderListing(folder), std::vector<std::string>{"scene.glb"});
    }

    void fullDiskByFileSizeLimit()
    {
        test::TempDir dir;
        const fs::path target = dir / "scene.glb";
        QVERIFY(gltf::saveGltf(makeAsset(300, 1), target).empty());
        const Bytes original = test::readBytes(target);

        ChildLimits limits;
        limits.fileSize = 64 * 1024;
        const ChildOutcome outcome = runInChild(
            [&] {
                Json r;
                const gltf::GltfDocument large = makeAsset(30000, 2); // 360 KB of positions
                r["glb"] = toJson(gltf::saveGltf(large, target));
                document::Document doc(large);
                doc.push(new document::RenameNode(&doc, 0, "edited"));
                r["saveAs"] = toJson(doc.saveAs(target));
                r["stillModified"] = doc.isModified();
                r["noPath"] = doc.filePath().empty();
                return r.dump();
            },
            limits);
        QVERIFY2(outcome.ok(), outcome.describe().c_str());
        const Json r = parseChild(outcome);
        QVERIFY2(r.is_object(), outcome.output.c_str());
        checkWriteError(r["glb"], target, reasonText(EFBIG));
        checkWriteError(r["saveAs"], target, reasonText(EFBIG));
        QVERIFY(r["stillModified"].get<bool>());
        QVERIFY(r["noPath"].get<bool>());
        QVERIFY(test::readBytes(target) == original);
        QCOMPARE(folderListing(dir.path()), std::vector<std::string>{"scene.glb"});
        // Nothing left behind stands in the way of the next save.
        QVERIFY(gltf::saveGltf(makeAsset(30000, 2), target).empty());
        QCOMPARE(folderListing(dir.path()), std::vector<std::string>{"scene.glb"});
    }

    void failedGltfSaveKeepsItsResources()
    {
        // A .gltf save writes several files. Here the new .bin is small enough and the .gltf is not: the old
        // .gltf must still come with the .bin it was saved with, not with the new one.
        test::TempDir dir;
        const fs::path target = dir / "scene.gltf";
        QVERIFY(gltf::saveGltf(makeAsset(300, 1), target).empty());
        QCOMPARE(folderListing(dir.path()), (std::vector<std::string>{"scene.bin", "scene.gltf"}));
        const Bytes originalGltf = test::readBytes(target);
        const Bytes originalBin = test::readBytes(dir / "scene.bin");

        ChildLimits limits;
        limits.fileSize = 64 * 1024;
        const ChildOutcome outcome = runInChild(
            [&] {
                return Json{{"gltf", toJson(gltf::saveGltf(makeAsset(300, 2, 4000), target))}}.dump();
            },
            limits);
        QVERIFY2(outcome.ok(), outcome.describe().c_str());
        const Json r = parseChild(outcome);
        QVERIFY2(r.is_object(), outcome.output.c_str());
        checkWriteError(r["gltf"], target, reasonText(EFBIG));
        QVERIFY(test::readBytes(target) == originalGltf);
        QVERIFY2(test::readBytes(dir / "scene.bin") == originalBin, "the old .gltf lost its .bin");
        QCOMPARE(folderListing(dir.path()), (std::vector<std::string>{"scene.bin", "scene.gltf"}));
        auto reloaded = gltf::loadGltf(target);
        QVERIFY2(reloaded && !hasErrors(reloaded.diagnostics), test::describe(reloaded.diagnostics).c_str());
    }

    void fullDiskOnTmpfs()
    {
        test::TempDir dir;
        const fs::path disk = dir / "disk";
        fs::create_directories(disk);
        const fs::path target = disk / "scene.glb";
        const ChildOutcome outcome = runInChild([&] {
            Json r;
            std::string error;
            if (!enterPrivateMountNamespace(error)) {
                r["unsupported"] = error;
                return r.dump();
            }
            if (::mount("tmpfs", disk.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, "size=256k") != 0) {
                r["unsupported"] = std::string("mounting a tmpfs: ") + std::strerror(errno);
                return r.dump();
            }
            const gltf::GltfDocument small = makeAsset(6000, 1); // 72 KB
            r["first"] = toJson(gltf::saveGltf(small, target));
            const Bytes original = test::readBytes(target);
            r["glb"] = toJson(gltf::saveGltf(makeAsset(30000, 2), target)); // 360 KB: the disk is too small
            r["unchanged"] = test::readBytes(target) == original;
            r["listing"] = folderListing(disk);
            // The failed save left nothing that takes up the space the next one needs.
            r["again"] = toJson(gltf::saveGltf(makeAsset(6000, 3), target));
            r["listingAfter"] = folderListing(disk);
            return r.dump();
        });
        QVERIFY2(outcome.ok(), outcome.describe().c_str());
        const Json r = parseChild(outcome);
        QVERIFY2(r.is_object(), outcome.output.c_str());
        if (r.contains("unsupported")) {
            const std::string why = "no tmpfs here (" + r["unsupported"].get<std::string>() +
                                    "); the file size limit case still covers a full disk";
            QSKIP(why.c_str());
        }
        QVERIFY2(r["first"].empty(), describeJson(r["first"]).c_str());
        checkWriteError(r["glb"], target, reasonText(ENOSPC));
        QVERIFY(r["unchanged"].get<bool>());
        QVERIFY2(r["listing"] == Json::array({"scene.glb"}), r["listing"].dump().c_str());
        QVERIFY2(r["again"].empty(), describeJson(r["again"]).c_str());
        QVERIFY2(r["listingAfter"] == Json::array({"scene.glb"}), r["listingAfter"].dump().c_str());
        QVERIFY(folderListing(disk).empty()); // the tmpfs went with the child
    }

    void killedWhileSaving()
    {
        test::TempDir dir;
        const fs::path folder = dir / "kill";
        fs::create_directories(folder);
        const fs::path target = folder / "scene.glb";
        QVERIFY(gltf::saveGltf(makeAsset(300, 1), target).empty());
        const Bytes original = test::readBytes(target);
        const gltf::GltfDocument large = makeAsset(2'000'000, 2); // 24 MB of positions
        auto encoded = gltf::encodeGlb(large);
        QVERIFY(encoded.value.has_value());
        const Bytes replacement = std::move(*encoded.value);
        const std::int64_t fullSize = std::int64_t(replacement.size());

        // Kill points: at once; once a temporary file is open; when it holds a third and two thirds of the
        // new file; after a first save went through (the next one is then under way).
        const std::vector<double> points = {-1, 0, 1.0 / 3, 2.0 / 3, 2};
        int killedMidWrite = 0;
        bool procVisible = true;
        for (double point : points) {
            test::writeBytes(target, original);
            int ready[2];
            QVERIFY(::pipe(ready) == 0);
            const pid_t pid = ::fork();
            QVERIFY(pid >= 0);
            if (pid == 0) {
                ::close(ready[0]);
                ::alarm(20);
                document::Document doc(large);
                for (;;) {
                    const Diagnostics d = doc.saveAs(target);
                    if (hasErrors(d))
                        ::_exit(4);
                    if (::write(ready[1], "s", 1) != 1)
                        ::_exit(5);
                }
            }
            ::close(ready[1]);
            ::fcntl(ready[0], F_SETFL, O_NONBLOCK);
            bool midWrite = false;
            std::string seen;
            const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
            // Where this system hides other processes' open files (a strict ptrace policy), the kills fall
            // back to fixed delays; the checks on the files after each kill are the same.
            const bool watchable = canListOpenFiles(pid);
            procVisible = procVisible && watchable;
            if (point >= 0 && point <= 1 && !watchable) {
                std::this_thread::sleep_for(std::chrono::milliseconds(10 + int(60 * point)));
            } else if (point >= 0) {
                for (;;) {
                    QVERIFY2(std::chrono::steady_clock::now() < deadline,
                             "the child never got to the kill point");
                    char c;
                    if (point > 1) {
                        if (::read(ready[0], &c, 1) == 1)
                            break;
                    } else {
                        // A save that went by unobserved (the parent was not scheduled) is no failure: the
                        // child goes on saving, and the next one is watched.
                        bool hit = false;
                        for (const OpenFile& f : openFilesIn(pid, folder, target)) {
                            if (f.size >= std::int64_t(point * double(fullSize)) && f.size < fullSize) {
                                hit = true;
                                seen = f.link + " at " + std::to_string(f.size) + " bytes";
                            }
                        }
                        if (hit) {
                            midWrite = true;
                            break;
                        }
                    }
                    std::this_thread::sleep_for(std::chrono::microseconds(200));
                }
            }
            ::kill(pid, SIGKILL);
            int status = 0;
            ::waitpid(pid, &status, 0);
            ::close(ready[0]);
            QVERIFY2(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
                     ("the saving child ended by itself, status " + std::to_string(status)).c_str());
            killedMidWrite += midWrite;

            // The target is whole: the old file or the new one, nothing in between.
            const Bytes now = test::readBytes(target);
            const std::string where =
                "kill point " + std::to_string(point) + (seen.empty() ? "" : ", " + seen);
            QVERIFY2(now == original || now == replacement, ("a torn file after the " + where).c_str());
            // A kill before the first save was committed leaves the old file. (After a kill mid-write the old
            // file can only be gone if the write finished and was committed in the instant before the kill.)
            if (point == -1)
                QVERIFY(now == original);
            if (point > 1)
                QVERIFY(now == replacement);

            // Whatever the killed save left behind does not stand in the way of the next one, and is not
            // mistaken for the file.
            const std::vector<std::string> before = folderListing(folder);
            for (const std::string& name : before)
                QVERIFY2(name == "scene.glb" || name.rfind("scene.glb.", 0) == 0, name.c_str());
            QVERIFY(gltf::saveGltf(makeAsset(300, 3), target).empty());
            auto reloaded = gltf::loadGltf(target);
            QVERIFY2(reloaded && !hasErrors(reloaded.diagnostics),
                     test::describe(reloaded.diagnostics).c_str());
            const std::vector<std::string> after = folderListing(folder);
            QCOMPARE(after.size(), before.size()); // the next save leaves no more than there was
            if (before.size() > 1)
                qInfo("after the %s, %zu temporary files stayed behind", where.c_str(), before.size() - 1);
        }
        qInfo("%d of %zu kills landed while the temporary file was being written", killedMidWrite,
              points.size());
        if (!procVisible) {
            qWarning("/proc/PID/fd of a child is not readable here: the kills came after fixed delays, and "
                     "whether one landed mid-write is not known");
            return;
        }
        // At least one kill landed while the temporary file was being written.
        QVERIFY2(killedMidWrite >= 1, "no kill landed mid-write");
    }

    void commandLineOntoReadOnlyTarget()
    {
        test::TempDir dir;
        const fs::path input = dir / "input.glb";
        QVERIFY(gltf::saveGltf(makeAsset(300, 1), input).empty());
        const fs::path folder = dir / "read-only";
        fs::create_directories(folder);
        const fs::path target = folder / "out.glb";
        QVERIFY(gltf::saveGltf(makeAsset(300, 2), target).empty());
        const Bytes original = test::readBytes(target);
        fs::create_directories(dir / "logs");
        PermissionGuard guard(folder, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                          fs::perms::group_exec | fs::perms::others_read |
                                          fs::perms::others_exec);

        for (const char* command : {"convert", "upgrade"}) {
            const fs::path errors = dir / "logs" / (std::string(command) + ".stderr");
            ChildLimits limits;
            limits.addressSpace = 0;
            limits.seconds = 60;
            const ChildOutcome outcome = runInChild(
                [&]() -> std::string {
                    const std::string setup = makeFolderUnwritable(folder);
                    if (!setup.empty())
                        return "setup: " + setup;
                    const int err = ::open(errors.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
                    const int out = ::open("/dev/null", O_WRONLY);
                    if (err < 0 || out < 0 || ::dup2(err, 2) < 0 || ::dup2(out, 1) < 0)
                        return "redirecting output failed";
                    ::setenv("QT_QPA_PLATFORM", "offscreen", 1);
                    const std::string binary = CS_COLLIDOSCOPE;
                    std::vector<std::string> args = {binary, command, input.string(), "-o", target.string()};
                    std::vector<char*> argv;
                    for (auto& a : args)
                        argv.push_back(a.data());
                    argv.push_back(nullptr);
                    ::execv(binary.c_str(), argv.data());
                    return std::string("exec failed: ") + std::strerror(errno);
                },
                limits);
            QVERIFY2(outcome.output.empty(), outcome.output.c_str());
            QVERIFY2(outcome.exited && outcome.exitCode != 0, outcome.describe().c_str());
            const Bytes stderrBytes = test::readBytes(errors);
            const std::string text(stderrBytes.begin(), stderrBytes.end());
            QVERIFY2(contains(text, target.string()), text.c_str());
            QVERIFY2(contains(text, reasonText(EACCES)), text.c_str());
            QVERIFY(test::readBytes(target) == original);
            QCOMPARE(folderListing(folder), std::vector<std::string>{"out.glb"});
        }
    }
};

QTEST_GUILESS_MAIN(TestSaveFailures)
#include "TestSaveFailures.moc"
