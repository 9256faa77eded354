#pragma once

namespace cs::app {
/// The desktop application (and its --screenshot mode). Returns the exit code.
int runGui(int argc, char** argv);
} // namespace cs::app
