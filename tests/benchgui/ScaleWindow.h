#pragma once

#include <filesystem>

namespace cs::ui {
class MainWindow;
}

namespace cs::bench {

/// bench=scale_window: the window opens the scale scene (tests/bench/ScaleScene.h, the tenth of it with
/// `quick`): the time until the worker has read and prepared it and until the first frame is presented, the
/// longest stall of the GUI thread in each of those two spans (a 10 ms timer's longest gap) and, after the
/// reading, all its stalls of 50 ms or more added up, how many "Opening..." status
/// lines the window showed meanwhile, how long Cancel takes to end a second open (pressed a quarter of the
/// way into the reading), and the program's peak memory opening it to a screenshot in a fresh process
/// (against the file's size). False when it could not be measured.
bool scaleWindow(ui::MainWindow& window, bool quick, const std::filesystem::path& shotDir);

} // namespace cs::bench
