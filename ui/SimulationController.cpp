#include "SimulationController.h"

#include <QTimer>
#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

namespace cs::ui {

/// Owns the World; every member is used on the worker thread only.
class SimulationController::Worker : public QObject
{
public:
    explicit Worker(SimulationController* owner) : m_owner(owner)
    {
        m_timer.setInterval(4);
        connect(&m_timer, &QTimer::timeout, this, &Worker::tick);
    }

    void load(const std::shared_ptr<const simulation::SimulationInput>& input, simulation::Settings settings,
              size_t generation)
    {
        m_world.reset();
        if (input)
            m_world.emplace(*input, settings);
        startRun(generation);
    }

    void reset(size_t generation)
    {
        if (m_world)
            m_world->reset();
        startRun(generation);
    }

    void setPlaying(bool playing, double speed)
    {
        m_playing = playing && m_world;
        m_speed = speed;
        rebase();
        if (m_playing)
            m_timer.start();
        else
            m_timer.stop();
        publish(true);
    }

    void step()
    {
        m_playing = false;
        m_previous.clear();
        m_timer.stop();
        if (m_world)
            m_world->step();
        publish(true);
    }

private:
    void startRun(size_t generation)
    {
        m_generation = generation;
        m_eventsSent = 0;
        m_playing = false;
        m_previous.clear();
        m_timer.stop();
        publish(true);
    }

    /// From now on the simulated time follows the wall clock times the speed, starting where it is.
    void rebase()
    {
        m_baseTime = m_world ? m_world->time() : 0.0;
        m_clockBase = SimulationClock::now();
    }

    void tick()
    {
        if (!m_world || !m_playing)
            return;
        constexpr size_t MaxStepsPerTick = 8;
        const double target =
            m_baseTime +
            m_speed * std::chrono::duration<double>(SimulationClock::now() - m_clockBase).count();
        const double dt = m_world->settings().step;
        const double behind = target - m_world->time();
        if (behind <= 0)
            return;
        // One step past the wall clock, so that the view can draw between the last two states.
        const auto needed = size_t(std::ceil(behind / dt - 1e-9));
        const size_t steps = std::clamp<size_t>(needed, 1, MaxStepsPerTick);
        for (size_t i = 0; i + 1 < steps; ++i)
            m_world->step();
        m_previousTime = m_world->time();
        m_previous = m_world->states();
        m_world->step();
        if (needed > MaxStepsPerTick)
            rebase(); // too slow for real time: run as fast as it can instead of falling further behind
        publish(false);
    }

    void publish(bool acknowledges)
    {
        auto frame = std::make_shared<SimulationFrame>();
        if (m_world) {
            frame->step = m_world->stepCount();
            frame->time = m_world->time();
            frame->states = m_world->states();
            if (m_playing && m_previous.size() == frame->states.size()) {
                frame->previousStates = m_previous;
                frame->previousTime = m_previousTime;
            }
            frame->occupiedTriggers = m_world->occupiedTriggers();
            const auto& events = m_world->events();
            frame->newEvents.assign(events.begin() + std::ptrdiff_t(m_eventsSent), events.end());
            m_eventsSent = events.size();
        }
        frame->clockBase = m_clockBase;
        frame->baseTime = m_baseTime;
        frame->speed = m_speed;
        frame->playing = m_playing;
        frame->generation = m_generation;
        frame->acknowledges = acknowledges;
        SimulationController* owner = m_owner;
        QMetaObject::invokeMethod(
            owner, [owner, frame] { owner->receive(frame); }, Qt::QueuedConnection);
    }

    SimulationController* m_owner;
    QTimer m_timer{this};
    SimulationClock::time_point m_clockBase = SimulationClock::now();
    std::optional<simulation::World> m_world;
    size_t m_generation = 0;
    size_t m_eventsSent = 0;
    bool m_playing = false;
    double m_speed = 1.0;
    double m_baseTime = 0;
    std::vector<simulation::BodyState> m_previous; ///< before the last step of the last tick
    double m_previousTime = 0;
};

double displayTime(const SimulationFrame& frame, SimulationClock::time_point now)
{
    if (frame.previousStates.empty())
        return frame.time;
    const double wall = std::chrono::duration<double>(now - frame.clockBase).count();
    return std::clamp(frame.baseTime + frame.speed * wall, frame.previousTime, frame.time);
}

SimulationController::SimulationController(QObject* parent) : QObject(parent)
{
    m_thread.setObjectName(QStringLiteral("Simulation"));
    m_worker = new Worker(this);
    m_worker->moveToThread(&m_thread);
    m_thread.start();
}

SimulationController::~SimulationController()
{
    // The worker (and its timer) goes on its own thread, then the thread ends.
    Worker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker] { delete worker; }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

void SimulationController::send(bool newRun, const std::function<void(Worker&)>& what)
{
    ++m_pending;
    if (newRun) {
        ++m_generation;
        m_events.clear();
    }
    Worker* worker = m_worker;
    QMetaObject::invokeMethod(
        worker, [worker, what] { what(*worker); }, Qt::QueuedConnection);
}

void SimulationController::setPlayingFlag(bool playing)
{
    if (m_playing == playing)
        return;
    m_playing = playing;
    emit playingChanged(playing);
}

void SimulationController::load(simulation::SimulationInput input, simulation::Settings settings)
{
    m_input = std::move(input);
    m_loaded = true;
    setPlayingFlag(false);
    auto copy = std::make_shared<const simulation::SimulationInput>(m_input);
    const size_t generation = m_generation + 1;
    send(true, [copy, settings, generation](Worker& w) { w.load(copy, settings, generation); });
}

void SimulationController::clear()
{
    m_input = {};
    m_loaded = false;
    m_frame = {};
    setPlayingFlag(false);
    const size_t generation = m_generation + 1;
    send(true, [generation](Worker& w) { w.load(nullptr, {}, generation); });
}

void SimulationController::play()
{
    runWorker(true);
}

void SimulationController::pause()
{
    runWorker(false);
}

void SimulationController::runWorker(bool playing)
{
    if (playing == m_playing || (playing && !m_loaded))
        return;
    setPlayingFlag(playing);
    const double speed = m_speed;
    send(false, [playing, speed](Worker& w) { w.setPlaying(playing, speed); });
}

void SimulationController::step()
{
    if (!m_loaded)
        return;
    setPlayingFlag(false);
    send(false, [](Worker& w) { w.step(); });
}

void SimulationController::reset()
{
    if (!m_loaded)
        return;
    setPlayingFlag(false);
    const size_t generation = m_generation + 1;
    send(true, [generation](Worker& w) { w.reset(generation); });
}

void SimulationController::setSpeed(double speed)
{
    m_speed = std::clamp(speed, 0.05, 8.0);
    if (!m_playing)
        return;
    const double s = m_speed;
    send(false, [s](Worker& w) { w.setPlaying(true, s); });
}

void SimulationController::receive(const std::shared_ptr<SimulationFrame>& frame)
{
    if (frame->acknowledges)
        --m_pending;
    if (frame->generation != m_generation)
        return; // from before the last load or reset
    m_events.insert(m_events.end(), frame->newEvents.begin(), frame->newEvents.end());
    m_frame = std::move(*frame);
    emit frameChanged();
}

} // namespace cs::ui
