#pragma once

// `collidoscope simulate` run as the built binary (CS_COLLIDOSCOPE), for the command-line tests.
#include <QByteArray>
#include <QProcess>
#include <QStringList>

namespace cs::test {

struct SimulateRun
{
    int exit = -1;
    QByteArray out;
    QByteArray err;
};

inline SimulateRun simulate(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(CS_COLLIDOSCOPE), QStringList{QStringLiteral("simulate")} + args);
    p.waitForFinished(120000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

} // namespace cs::test
