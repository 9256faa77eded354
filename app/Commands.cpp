#include "Commands.h"

namespace cs::app {

// Each subcommand is defined in its own Command*.cpp.
int runInspect(const QStringList& args);
int runValidate(const QStringList& args);
int runUpgrade(const QStringList& args);
int runConvert(const QStringList& args);
int runAddColliders(const QStringList& args);
int runHull(const QStringList& args);

const std::vector<Command>& commands()
{
    static const std::vector<Command> list = {
        {"inspect", "Print what a glTF file contains and its physics scene", runInspect},
        {"validate", "Check glTF files and their physics data", runValidate},
        {"upgrade", "Rewrite physics data in the newest OMI (or KHR) form", runUpgrade},
        {"convert", "Convert any asset (FBX, OBJ, DAE, STL, ...) to .gltf or .glb", runConvert},
        {"add-colliders", "Fit a collider to every mesh node (box, sphere, capsule, hull, ...)", runAddColliders},
        {"hull", "Add a capped convex hull collider to one mesh node", runHull},
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
