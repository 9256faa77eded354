#include "Commands.h"

#include "GuiMain.h"

#include <algorithm>
#include <filesystem>
#include <string>

namespace cs::app {

// Each subcommand is defined in its own Command*.cpp.
int runInspect(const QStringList& args);
int runValidate(const QStringList& args);
int runUpgrade(const QStringList& args);
int runConvert(const QStringList& args);
int runAddColliders(const QStringList& args);
int runHull(const QStringList& args);
int runAddRagdoll(const QStringList& args);
int runSimulate(const QStringList& args);
int runTargets(const QStringList& args);

const std::vector<Command>& commands()
{
    static const std::vector<Command> list = {
        {"inspect", "Print what a glTF file contains and its physics scene", runInspect},
        {"validate", "Check glTF files and their physics data", runValidate},
        {"upgrade", "Rewrite physics data in the newest OMI (or KHR) form", runUpgrade},
        {"convert", "Convert any asset (FBX, OBJ, DAE, STL, ...) to .gltf or .glb", runConvert},
        {"add-colliders", "Fit a collider to every mesh node (box, sphere, capsule, hull, ...)",
         runAddColliders},
        {"hull", "Add a capped convex hull collider to one mesh node", runHull},
        {"add-ragdoll", "Give a skinned character a body per bone and limited joints between them",
         runAddRagdoll},
        {"simulate", "Simulate the physics for some seconds; print final poses and trigger events",
         runSimulate},
        {"targets", "List the engine targets and their support matrix (validate/upgrade --target)",
         runTargets},
    };
    return list;
}

const Command* findCommand(std::string_view name)
{
    for (const Command& c : commands()) {
        if (name == c.name)
            return &c;
    }
    return nullptr;
}

namespace {

void printCommandList(std::FILE* out)
{
    std::fprintf(out, "Commands:\n");
    for (const Command& c : commands())
        std::fprintf(out, "  %-22s %s\n", c.name, c.summary);
}

/// "-v, --version" or "--size WxH": the way a usage text names an option.
std::string optionSynopsis(const QCommandLineOption& option)
{
    std::string text;
    for (const QString& name : option.names()) {
        if (!text.empty())
            text += ", ";
        text += (name.size() == 1 ? "-" : "--") + name.toStdString();
    }
    if (!option.valueName().isEmpty())
        text += ' ' + option.valueName().toStdString();
    return text;
}

} // namespace

void printUsage(std::FILE* out)
{
    std::fprintf(
        out, "Usage: collidoscope [OPTIONS] [FILE]\n"
             "       collidoscope COMMAND [ARGS...]\n"
             "       collidoscope help [COMMAND]\n\n"
             "Without a command the desktop window opens FILE (a .gltf or .glb, or any asset the convert\n"
             "command reads; by default the bundled sample). The window needs a graphical session; the\n"
             "commands and the options -h and -v do not.\n\nOptions:\n");
    for (const QCommandLineOption& option : windowOptions()) {
        std::string description = option.description().toStdString();
        if (!option.defaultValues().isEmpty()) {
            if (!description.empty() && description.back() == '.')
                description.pop_back();
            description += " (default " + option.defaultValues().join(QLatin1Char(' ')).toStdString() + ").";
        }
        std::fprintf(out, "  %-22s %s\n", optionSynopsis(option).c_str(), description.c_str());
    }
    std::fprintf(out, "\n");
    printCommandList(out);
    std::fprintf(
        out, "\n'collidoscope COMMAND --help' describes a command.\n\n"
             "Exit codes: 0 when all is well, 1 when the data has errors, 2 when an input cannot be read,\n"
             "the arguments are wrong or the window cannot be shown.\n");
}

int editDistance(std::string_view a, std::string_view b)
{
    // Optimal string alignment: Levenshtein plus the swap of two neighbouring letters ("valdiate").
    const size_t n = a.size(), m = b.size();
    std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1, 0));
    for (size_t i = 0; i <= n; ++i)
        d[i][0] = int(i);
    for (size_t j = 0; j <= m; ++j)
        d[0][j] = int(j);
    for (size_t i = 1; i <= n; ++i) {
        for (size_t j = 1; j <= m; ++j) {
            const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[n][m];
}

const Command* closestCommand(std::string_view word)
{
    const Command* best = nullptr;
    int bestDistance = 0;
    for (const Command& c : commands()) {
        const int distance = editDistance(word, c.name);
        if (!best || distance < bestDistance) {
            best = &c;
            bestDistance = distance;
        }
    }
    // A suggestion that shares little with the word ("frobnicate" -> "convert") would only mislead.
    const int allowed = std::max(2, int(word.size()) / 3);
    return best && bestDistance <= allowed ? best : nullptr;
}

bool looksLikeCommand(std::string_view argument)
{
    if (argument.empty() || argument.front() == '-')
        return false;
    if (argument.find_first_of("/\\.") != std::string_view::npos)
        return false;
    std::error_code ec;
    return !std::filesystem::exists(std::filesystem::path(argument), ec);
}

int reportUnknownCommand(std::string_view word)
{
    const std::string text(word);
    std::fprintf(stderr, "collidoscope: unknown command '%s'\n", text.c_str());
    if (const Command* suggestion = closestCommand(word))
        std::fprintf(stderr, "Did you mean '%s'?\n", suggestion->name);
    std::fprintf(stderr, "\n");
    printCommandList(stderr);
    std::fprintf(stderr, "\n'collidoscope --help' describes the window and the commands.\n");
    return ExitUnusable;
}

} // namespace cs::app
