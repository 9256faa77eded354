// collidoscope: the command line. Subcommands live in Command*.cpp files and register in commands().
#include "Commands.h"

#include <QtGlobal>

#include <QCoreApplication>

#include <cstdio>
#include <cstring>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("collidoscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CS_VERSION));

    QStringList args = QCoreApplication::arguments();
    if (args.size() >= 2) {
        const QString name = args.at(1);
        for (const cs::app::Command& c : cs::app::commands()) {
            if (name == QLatin1String(c.name))
                return c.run(args.mid(1));
        }
        if (name == QLatin1String("--version")) {
            std::printf("collidoscope %s\n", CS_VERSION);
            return 0;
        }
        if (name != QLatin1String("--help") && name != QLatin1String("-h") && name != QLatin1String("help")) {
            std::fprintf(stderr, "collidoscope: unknown command '%s'\n\n", qPrintable(name));
            cs::app::printUsage(stderr);
            return 2;
        }
    }
    cs::app::printUsage(stdout);
    return args.size() >= 2 ? 0 : 2;
}
