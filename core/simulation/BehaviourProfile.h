#pragma once

// Simulate > Behave like: the preview run with a target engine's deviations that are parameters (initial
// velocities scaled, a density for an absent mass, damping, inertia per unit mass, combine precedence...), so
// an artist sees what the engine will do. The parameters come from the target descriptions
// (targets::Target::behaviours, each cited there); the `spec` profile changes nothing.

#include "physics/PhysicsModel.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cs::targets {
struct Target;
}

namespace cs::simulation {

/// The four combine modes, the one that wins when two materials meet first.
using CombinePrecedence = std::array<physics::CombineMode, 4>;

/// The spec's precedence (both families): average > minimum > maximum > multiply.
inline constexpr CombinePrecedence kSpecPrecedence = {
    physics::CombineMode::Average, physics::CombineMode::Minimum, physics::CombineMode::Maximum,
    physics::CombineMode::Multiply};

/// How the preview reads a file: as the spec says (the defaults) or as a target engine does.
struct BehaviourProfile
{
    std::string name = "spec"; ///< the target's name
    /// Initial velocities (node space) go through the node's whole world matrix, scale included, instead of
    /// being rotated to the world.
    bool velocityTimesWorldScale = false;
    /// A dynamic body's initial velocities are taken as world vectors (not rotated by the node).
    bool velocityInWorldFrame = false;
    /// kg/m^3 for a mass the file leaves to the engine (KHR without `mass`).
    double absentMassDensity = physics::kComputedMassDensity;
    /// kg for a KHR body with `inertiaDiagonal` and no `mass`; nullopt: computed like any absent mass.
    std::optional<double> massWithInertiaOnly;
    /// 1/s: without other torques, angular velocity decays as exp(-angularDamping t).
    double angularDamping = 0;
    /// A given `inertiaDiagonal` is per unit mass: multiplied by the body's mass.
    bool inertiaPerUnitMass = false;
    CombinePrecedence precedence = kSpecPrecedence;
    /// Every body falls with the world's gravity (`gravityFactor` read as 1).
    bool gravityFactorIgnored = false;
    /// A joint limit on all three linear axes is hard: its stiffness and damping are dropped.
    bool distanceLimitRigid = false;
    /// A joint limit with min = max = 0 (a locked axis) is hard: its stiffness and damping are dropped.
    bool lockedLimitRigid = false;
    /// A joint limit that names both linear and angular axes keeps only its linear axes.
    bool mixedLimitLinearOnly = false;
    /// A joint drive's `maxForce` 0 is no cap (the spec: the drive applies no force).
    bool driveMaxForceZeroUnlimited = false;
    /// A centre of mass the file leaves to the engine (KHR without `centerOfMass`) is the node origin, not
    /// the colliders' centre.
    bool centerOfMassAtOrigin = false;

    /// True for the spec's profile (no parameter differs).
    bool isSpec() const;
};

/// The profile of a target: its behaviour rules as parameters (the spec's for any it does not give).
BehaviourProfile behaviourProfile(const targets::Target& target);
/// `spec`, then every target that has a deviation that is a parameter, in targets::allTargets() order.
std::vector<BehaviourProfile> behaviourProfiles();
/// The profile of that name from behaviourProfiles(), or nothing.
std::optional<BehaviourProfile> findBehaviourProfile(std::string_view name);

/// The mode that applies between two materials' combine modes under `precedence`: a side without a mode
/// takes no part; when neither has one, average. With kSpecPrecedence this is physics::appliedCombineMode.
physics::CombineMode appliedCombineMode(std::optional<physics::CombineMode> a,
                                        std::optional<physics::CombineMode> b,
                                        const CombinePrecedence& precedence);

} // namespace cs::simulation
