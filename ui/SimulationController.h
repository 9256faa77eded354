#pragma once

#include "simulation/World.h"

#include <QObject>
#include <QThread>
#include <chrono>
#include <functional>
#include <memory>
#include <vector>

namespace cs::ui {

using SimulationClock = std::chrono::steady_clock;

/// What the worker last reported: the state after `step` fixed steps.
///
/// While playing, the worker runs one step ahead of the wall clock: the simulated time the view should show
/// (`clockTime`) lies between `previousTime` and `time`, and the view draws the poses interpolated between
/// `previousStates` and `states` (see displayTime).
struct SimulationFrame
{
    size_t step = 0;
    double time = 0;
    std::vector<simulation::BodyState> states;         ///< per SimulationInput body
    std::vector<simulation::BodyState> previousStates; ///< one step before `states` (empty: none)
    double previousTime = 0;
    SimulationClock::time_point clockBase; ///< the wall-clock instant when the simulated time was baseTime
    double baseTime = 0;
    double speed = 1.0;                   ///< simulated seconds per wall-clock second from clockBase on
    std::vector<size_t> occupiedTriggers; ///< trigger nodes with something inside
    std::vector<simulation::TriggerEvent> newEvents; ///< since the frame before
    bool playing = false;
    size_t generation = 0;     ///< load/reset count when made: older frames are dropped
    bool acknowledges = false; ///< answers a command (play, pause, step, reset, load)
};

/// The simulated time to show at `now` while `frame` is the newest of a playing run: the frame's clock
/// mapping, clamped between its previous and newest states (the newest time when it has no previous state).
double displayTime(const SimulationFrame& frame, SimulationClock::time_point now);

/// Runs a simulation::World on a worker thread for the window's preview. The world is a copy of the
/// document's physics (SimulationInput): nothing here touches the document. Playing steps at the fixed
/// step of the input's settings, as many steps as the wall clock times the speed asks for; Step advances one
/// step while paused; Reset goes back to time 0 (bit-identical replays). Every command is answered by a
/// frame, so settled() tells when the frame on show reflects every command given.
class SimulationController : public QObject
{
    Q_OBJECT

public:
    explicit SimulationController(QObject* parent = nullptr);
    ~SimulationController() override;

    /// Starts over with `input`: time 0, paused. The GUI thread keeps a copy (input()).
    void load(simulation::SimulationInput input, simulation::Settings settings = {});
    /// No simulation (stops the worker's world).
    void clear();
    bool loaded() const { return m_loaded; }
    const simulation::SimulationInput& input() const { return m_input; }

    void play();
    void pause();
    void togglePlay() { m_playing ? pause() : play(); }
    /// One fixed step (pauses first).
    void step();
    void reset();
    /// Simulated seconds per wall-clock second, clamped to 0.05..8.
    void setSpeed(double speed);
    double speed() const { return m_speed; }
    bool playing() const { return m_playing; }

    /// The newest frame of the current run (a default frame before load).
    const SimulationFrame& frame() const { return m_frame; }
    /// Every trigger event since time 0 of the current run, in order.
    const std::vector<simulation::TriggerEvent>& events() const { return m_events; }
    /// Every command has been answered by the worker.
    bool settled() const { return m_pending == 0; }

signals:
    void frameChanged();
    void playingChanged(bool playing);

private:
    class Worker;
    /// Runs `what` on the worker thread, after the commands sent before; a new run (load, reset) drops the
    /// frames of the one before.
    void send(bool newRun, const std::function<void(Worker&)>& what);
    void setPlayingFlag(bool playing);
    void runWorker(bool playing);
    void receive(const std::shared_ptr<SimulationFrame>& frame);

    QThread m_thread;
    Worker* m_worker = nullptr; // lives in m_thread
    simulation::SimulationInput m_input;
    SimulationFrame m_frame;
    std::vector<simulation::TriggerEvent> m_events;
    bool m_loaded = false;
    bool m_playing = false;
    double m_speed = 1.0;
    size_t m_generation = 0;
    int m_pending = 0;
};

} // namespace cs::ui
