#pragma once

#include <functional>

namespace cs::bench {

/// Runs the event loop until `finished()` holds or `timeoutMs` milliseconds have passed; whether it holds.
/// The loop wakes as soon as an event comes, as the program's own loop does: QTest::qWaitFor sleeps 10 ms
/// between its rounds, and a figure timed across it counts up to that much for every hand-off between
/// threads (the reading worker to the GUI thread) and for the wait itself.
bool runUntil(const std::function<bool()>& finished, int timeoutMs);

} // namespace cs::bench
