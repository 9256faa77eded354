#include "Commands.h"

namespace cs::app {

// Each subcommand is defined in its own Command*.cpp.
int runInspect(const QStringList& args);

const std::vector<Command>& commands()
{
    static const std::vector<Command> list = {
        {"inspect", "Print what a glTF file contains", runInspect},
    };
    return list;
}

void printUsage(std::FILE* out)
{
    std::fprintf(out, "Usage: collidoscope COMMAND [ARGS...]\n\nCommands:\n");
    for (const Command& c : commands())
        std::fprintf(out, "  %-16s %s\n", c.name, c.summary);
    std::fprintf(out, "\n'collidoscope COMMAND --help' describes a command.\n");
}

} // namespace cs::app
