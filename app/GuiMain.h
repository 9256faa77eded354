#pragma once

#include <QCommandLineOption>
#include <QList>

namespace cs::app {
/// The options of `collidoscope [OPTIONS] [FILE]`, help and version first: the one list the window's parser
/// and the usage text read.
QList<QCommandLineOption> windowOptions();
/// The desktop application (and its --screenshot mode). Returns the exit code.
int runGui(int argc, char** argv);
} // namespace cs::app
