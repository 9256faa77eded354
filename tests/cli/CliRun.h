#pragma once

// Running the built collidoscope binary from a CLI test (CS_COLLIDOSCOPE names it).

#include <QProcess>
#include <QStringList>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace cs::test {

struct CliRun
{
    int exit = -1; ///< -1: it did not finish within two minutes, or crashed
    std::string out;
    std::string err;
};

inline CliRun runCollidoscope(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(CS_COLLIDOSCOPE), args);
    CliRun r;
    if (!p.waitForFinished(120000))
        return r;
    r.exit = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput().toStdString();
    r.err = p.readAllStandardError().toStdString();
    return r;
}

/// The lines of a program's output, without their line ends.
inline std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> result;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        result.push_back(line);
    return result;
}

inline QString qpath(const std::filesystem::path& p)
{
    return QString::fromStdString(p.string());
}

} // namespace cs::test

/// `run` is evaluated once (it may be the call that runs the program).
#define EXPECT_CLI_EXIT(run, code)                                                                           \
    do {                                                                                                     \
        const cs::test::CliRun cliRun_ = (run);                                                              \
        QVERIFY2(cliRun_.exit == (code), ("exit " + std::to_string(cliRun_.exit) +                           \
                                          "\nstdout: " + cliRun_.out + "\nstderr: " + cliRun_.err)           \
                                             .c_str());                                                      \
    } while (false)
