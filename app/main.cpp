// collidoscope: the desktop application, or a command-line tool when the first argument names a command.
#include "Commands.h"
#include "GuiMain.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstring>

namespace {

const cs::app::Command* findCommand(const char* name)
{
    for (const cs::app::Command& c : cs::app::commands()) {
        if (std::strcmp(name, c.name) == 0)
            return &c;
    }
    return nullptr;
}

} // namespace

int main(int argc, char** argv)
{
    const cs::app::Command* command = argc >= 2 ? findCommand(argv[1]) : nullptr;
    if (argc >= 2 && (std::strcmp(argv[1], "help") == 0)) {
        cs::app::printUsage(stdout);
        return 0;
    }
    if (!command)
        return cs::app::runGui(argc, argv);

    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("collidoscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CS_VERSION));
    return command->run(QCoreApplication::arguments().mid(1));
}
