#pragma once

#include "simulation/SimulationInput.h"
#include "simulation/SolverSettings.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cs::simulation {

struct Settings
{
    double step = 1.0 / 60.0;         ///< seconds per fixed step, > 0
    Vec3 gravity{0.0, -9.80665, 0.0}; ///< m/s^2, world frame (standard gravity, down -Y)
    /// A ground under the scene (simulate --ground, Simulate > Ground): a static half-space below the plane
    /// y = *ground (normal +Y, glTF's up) with the default material and no filter. It is not the file's:
    /// input() does not hold it and triggers do not report it.
    std::optional<double> ground = std::nullopt;
};

/// Where a body's node is after some steps (scale is not part of it: the node keeps the scale it had).
struct BodyState
{
    size_t node = 0;
    Pose pose;                     ///< the node's world placement
    Vec3 linearVelocity{0, 0, 0};  ///< of the centre of mass, m/s
    Vec3 angularVelocity{0, 0, 0}; ///< rad/s
};

/// Something solid started or stopped overlapping a trigger.
struct TriggerEvent
{
    bool enter = true;
    size_t step = 0;    ///< the state the overlap was found in: after this many steps
    double time = 0;    ///< step * Settings::step, seconds
    size_t trigger = 0; ///< node of the trigger (of the compound trigger for a compound)
    size_t other = 0;   ///< node of the body, or of the static collider
    int otherBody = -1; ///< index into SimulationInput::bodies, -1 for static geometry
};

/// A running simulation of one SimulationInput. Integration is Bullet's (velocity, then position, per
/// step); a dynamic body starts half a step of its gravity behind its initial velocity, which makes that
/// scheme exact for constant acceleration (a body in free fall is at x0 + v0 t + g t^2 / 2 after every
/// step) and leaves resting contact as it is. states() reports the engine's velocity, which for a body in
/// free fall is its velocity half a step earlier (the file's velocity at time 0). The world owns a copy of
/// its input and shares nothing with the document or with other worlds, so it can be built, stepped and read
/// on any one thread (a worker thread for the window), and several worlds may run on different threads at
/// once. A World is not itself safe for concurrent use: one thread steps it, and hands out copies of
/// states().
///
/// Stepping is deterministic: the same input and settings give the same states bit for bit, in any
/// process of the same build. Kinematic bodies move by their velocities exactly (pose at time t =
/// initial pose advanced by v t and w t). Triggers are tested after every step (and at time 0) against the
/// states of that step; events carry the step and time of the state in which the overlap began or ended.
class World
{
public:
    explicit World(SimulationInput input, Settings settings = {});
    ~World();
    World(World&&) noexcept;
    World& operator=(World&&) noexcept;
    World(const World&) = delete;
    World& operator=(const World&) = delete;

    /// One fixed step of Settings::step seconds.
    void step();
    /// Steps until time() >= seconds (at least as many steps as fit, none when already there).
    void advance(double seconds);
    /// Back to time 0: the initial poses and velocities, no events.
    void reset();

    size_t stepCount() const { return m_steps; }
    double time() const { return double(m_steps) * m_settings.step; }
    const Settings& settings() const { return m_settings; }
    const SimulationInput& input() const { return m_input; }

    /// Every body's state now, in SimulationInput::bodies order.
    std::vector<BodyState> states() const;
    /// Every enter and exit since time 0, in order (step, then trigger, then other).
    const std::vector<TriggerEvent>& events() const { return m_events; }
    /// The trigger nodes with something inside now.
    std::vector<size_t> occupiedTriggers() const;
    /// Translational plus rotational kinetic energy of the dynamic bodies, joules.
    double kineticEnergy() const;
    /// The solver iterations and continuous collision thresholds the engine was given.
    SolverReport solverReport() const;

private:
    struct Engine;
    SimulationInput m_input;
    Settings m_settings;
    size_t m_steps = 0;
    std::vector<TriggerEvent> m_events;
    std::unique_ptr<Engine> m_engine;
};

/// "0, -9.80665, 0": three finite numbers separated by commas (a gravity vector as the command line and the
/// window take it), or nothing.
std::optional<Vec3> vectorFromText(const std::string& text);
/// The same vector as vectorFromText reads it back ("0, -9.80665, 0").
std::string vectorText(const Vec3& v);

/// The pose a fraction `alpha` (0..1) of the way from a to b: positions linearly, rotations by the shorter
/// spherical path. For drawing between two fixed steps.
Pose interpolate(const Pose& a, const Pose& b, double alpha);

} // namespace cs::simulation
