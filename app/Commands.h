#pragma once

#include <QStringList>
#include <cstdio>
#include <string_view>
#include <vector>

namespace cs::app {

/// Exit codes every subcommand uses.
enum ExitCode : int
{
    ExitOk = 0,       ///< done, nothing wrong found
    ExitFindings = 1, ///< done, but the data has errors
    ExitUnusable = 2, ///< the input could not be read, or the arguments are wrong
};

struct Command
{
    const char* name;
    const char* summary;
    /// args[0] is the command name; returns the process exit code.
    int (*run)(const QStringList& args);
};

/// Every subcommand, in the order `collidoscope --help` lists them.
const std::vector<Command>& commands();
const Command* findCommand(std::string_view name);

/// The usage text of `collidoscope --help`: the window's options and every command. The one place that lists
/// them (the manual page is written from it).
void printUsage(std::FILE* out);

/// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`.
int editDistance(std::string_view a, std::string_view b);
/// The command whose name is a likely typo of `word`, or nullptr when none is close.
const Command* closestCommand(std::string_view word);

/// True when the first argument can only have been meant as a command: not an option, not an existing file
/// and not shaped like a path (no folder separator, no extension).
bool looksLikeCommand(std::string_view argument);
/// "collidoscope: unknown command 'WORD'", a suggestion and the list of commands on stderr; returns
/// ExitUnusable.
int reportUnknownCommand(std::string_view word);

} // namespace cs::app
