#include "Commands.h"

namespace cs::app {

// Each subcommand is defined in its own Command*.cpp.
int runInspect(const QStringList& args);
int runValidate(const QStringList& args);
int runUpgrade(const QStringList& args);

const std::vector<Command>& commands()
{
    static const std::vector<Command> list = {
        {"inspect", "Print what a glTF file contains and its physics scene", runInspect},
        {"validate", "Check glTF files and their physics data", runValidate},
        {"upgrade", "Rewrite physics data in the newest OMI (or KHR) form", runUpgrade},
    };
    return list;
}

void printUsage(std::FILE* out)
{
    std::fprintf(out, "Usage: collidoscope [FILE] [--screenshot OUT.png [--size WxH] [--view VIEW] [--xray]]\n"
                      "       collidoscope COMMAND [ARGS...]\n\n"
                      "Without a command the desktop application opens FILE (or the bundled sample).\n\nCommands:\n");
    for (const Command& c : commands())
        std::fprintf(out, "  %-16s %s\n", c.name, c.summary);
    std::fprintf(out, "\n'collidoscope COMMAND --help' describes a command.\n");
}

} // namespace cs::app
