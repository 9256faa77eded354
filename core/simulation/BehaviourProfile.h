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

/// Which pairs of colliders a target lets touch, by their collision filters.
enum class FilterRule
{
    Spec,       ///< each side's filter accepts the other (no filter: in no system, accepts everything)
    HavokMasks, ///< Havok's bit masks: membership & the other's collide mask, both ways; no filter: all bits
    PhysXWords, ///< PhysX words: the spec's pair rule between filters, but no filter (or one past
                ///< BehaviourProfile::filterCap) collides with everything
};

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
    /// Each step moves by the velocity after that step's gravity (symplectic Euler), instead of the spec's
    /// exact free fall: n steps of dt fall g dt^2 n (n + 1) / 2.
    bool symplecticEuler = false;
    /// kg for a mass the file leaves to the engine, whatever the colliders; nullopt: computed.
    std::optional<double> absentMass;
    /// kg m^2 on each principal axis for an `inertiaDiagonal` the file leaves to the engine; nullopt:
    /// computed from the colliders.
    std::optional<double> absentInertia;
    /// `inertiaOrientation` is not read: the given diagonal is about the body's axes.
    bool inertiaOrientationIgnored = false;
    /// KHR `mass: 0` is an infinite mass that gravity still moves and that no contact stops (it falls
    /// through static geometry).
    bool massZeroFalls = false;
    /// The combine mode of a material (one the file gives) without `frictionCombine` /
    /// `restitutionCombine`; nullopt: the material takes no part in the precedence (the spec).
    std::optional<physics::CombineMode> absentFrictionCombine;
    std::optional<physics::CombineMode> absentRestitutionCombine;
    FilterRule filterRule = FilterRule::Spec;
    /// PhysXWords: the filters the engine reads (those past it are no filter); 0 = all.
    int filterCap = 0;
    /// A limit on three linear axes without `min` holds the starting distance rigidly.
    bool distanceLimitWithoutMinHeld = false;
    /// A limit on three linear axes with `min` > 0 becomes the range min..max on each axis.
    bool distanceLimitWithMinPerAxis = false;
    /// radians: with a limit that locks two or more angular axes, every other angular range of the joint
    /// becomes -value..value (0: ranges kept).
    double lockedPairAngularRange = 0;
    /// A gravity factor other than 1 is an acceleration of `value` x factor m/s^2 along -Y, whatever the
    /// world's gravity (0: the factor scales the world's gravity).
    double gravityFactorAcceleration = 0;
    /// m/s^2 along -Y: the engine's own gravity, which replaces the one the preview is given.
    std::optional<double> gravity;
    /// Colliders and triggers spelled `geometry.node` get no shape.
    bool geometryNodeIgnored = false;
    /// A triangle mesh collider on a dynamic body is its convex hull.
    bool meshOnDynamicHull = false;
    /// A static plane is the half-space x < 0 of its node (normal +X, sizes ignored), not y < 0.
    bool planeAlongX = false;

    /// True for the spec's profile (no parameter differs).
    bool isSpec() const;
};

/// The profile of a target: its behaviour rules as parameters (the spec's for any it does not give).
BehaviourProfile behaviourProfile(const targets::Target& target);
/// `spec`, then every target that has a deviation that is a parameter, in targets::allTargets() order.
std::vector<BehaviourProfile> behaviourProfiles();
/// The profile of that name from behaviourProfiles(), or nothing.
std::optional<BehaviourProfile> findBehaviourProfile(std::string_view name);

/// The gravity of a body with `gravityFactor` under the world's `gravity`: gravity x factor (the spec), or
/// the profile's gravityFactorAcceleration x factor along -Y for a factor other than 1.
physics::Vec3 bodyGravity(const BehaviourProfile& profile, const physics::Vec3& gravity, double factor);

} // namespace cs::simulation
