#pragma once

#include <QStringList>

#include <cstdio>
#include <vector>

namespace cs::app {

/// Exit codes every subcommand uses.
enum ExitCode : int {
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
void printUsage(std::FILE* out);

} // namespace cs::app
