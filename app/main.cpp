// collidoscope: the desktop application, or a command-line tool when the first argument names a command.
// Everything but the window runs without a display: the commands, help, version and argument errors.
#include "Commands.h"
#include "GuiMain.h"

#include <QCoreApplication>
#include <cstdio>
#include <string_view>

namespace {

int runCommand(const cs::app::Command& command, int argc, char** argv, const QStringList& extra = {})
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("collidoscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CS_VERSION));
    QStringList args = QCoreApplication::arguments().mid(1);
    if (!extra.isEmpty())
        args = QStringList{QString::fromUtf8(command.name)} + extra;
    return command.run(args);
}

} // namespace

int main(int argc, char** argv)
{
    if (argc >= 2) {
        const std::string_view first = argv[1];
        if (first == "help") {
            // `collidoscope help COMMAND` is `collidoscope COMMAND --help`.
            if (argc >= 3) {
                if (const cs::app::Command* command = cs::app::findCommand(argv[2]))
                    return runCommand(*command, argc, argv, {QStringLiteral("--help")});
                return cs::app::reportUnknownCommand(argv[2]);
            }
            cs::app::printUsage(stdout);
            return cs::app::ExitOk;
        }
        if (const cs::app::Command* command = cs::app::findCommand(first))
            return runCommand(*command, argc, argv);
        if (cs::app::looksLikeCommand(first))
            return cs::app::reportUnknownCommand(first);
    }
    return cs::app::runGui(argc, argv);
}
