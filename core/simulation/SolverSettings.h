#pragma once

// What the preview pays for accuracy, and where (docs/simulation.md, "Solver settings"): solver iterations
// by the scene's size and per joint, continuous collision detection per body and only for its fast steps.
// bench=simulate measures the cost against raw Bullet.
#include "simulation/JointConstraint.h"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace cs::simulation {

/// Bullet's default solver iterations per step (btContactSolverInfo's m_numIterations).
inline constexpr int kBulletSolverIterations = 10;

/// The most solver iterations per step contacts get: a stack of ten 1 m boxes comes to rest with 15 and more
/// (with 10 it keeps shaking and topples after 14 s), and a body resting on a floor keeps still with its
/// friction resolved.
inline constexpr int kContactSolverIterations = 60;

/// The solver's work per step the preview allows for contacts, in dynamic bodies times iterations: 100 bodies
/// at kContactSolverIterations.
inline constexpr int kContactSolverBudget = 6000;

/// Solver iterations per step for the contacts of a scene with `dynamicBodies` dynamic bodies that have
/// colliders: kContactSolverIterations up to 100 bodies, then fewer so that the solver's work stays within
/// kContactSolverBudget, never under Bullet's default (reached at 600 bodies: a pile of a thousand boxes is
/// solved as a Bullet user would solve it).
inline int contactSolverIterations(size_t dynamicBodies)
{
    if (dynamicBodies == 0)
        return kContactSolverIterations;
    const size_t fit = (size_t(kContactSolverBudget) + dynamicBodies / 2) / dynamicBodies;
    return int(std::clamp(fit, size_t(kBulletSolverIterations), size_t(kContactSolverIterations)));
}

/// Solver iterations per step for the rows of each joint constraint (btTypedConstraint::
/// setOverrideNumSolverIterations): a hard limit holding a load needs them (with 10, a loaded hinge rested
/// 0.2 rad past its limit; with 60, under 0.01 rad), in a scene of any size. Only the joints' rows pay for
/// them: Bullet solves the contact rows of the same step contactSolverIterations times.
inline constexpr int kJointSolverIterations = 60;

/// A dynamic body's continuous collision detection, from the thinnest extent of its collision shape (m).
struct ContinuousCollision
{
    double sweptRadius = 0;     ///< the sphere swept along a fast step (m)
    double motionThreshold = 0; ///< a step moving the body farther than this (m) is swept; 0: never
};

/// A step that moves a body by less than half its thickness cannot carry it through a wall, however thin:
/// the contact found after the step is shallower than half the body, and pushes it back the way it came. So
/// only a step longer than that is swept (a 0.5 m box falling at 13 m/s moves 0.22 m in 1/60 s and is not;
/// a 9 mm ball at 6 m/s moves 0.1 m and is), with a sphere of a quarter of the thickness, which stops the
/// body before its centre reaches the wall. No thickness (a body without volume): never swept.
inline ContinuousCollision continuousCollision(double thickness)
{
    if (!(thickness > 0))
        return {};
    return {thickness / 4, thickness / 2};
}

/// What a World gave the engine, for tests and diagnostics (World::solverReport).
struct SolverReport
{
    int contactIterations = 0;                        ///< per step, every contact
    std::vector<int> constraintIterations;            ///< per engine constraint of the joints, in joint order
    std::vector<JointConstraintKind> constraintKinds; ///< per engine constraint, in the same order
    std::vector<double> ccdMotionThresholds; ///< per SimulationInput body (m per step; 0: never swept)
    bool pairFilter = false; ///< the broadphase asks the filter callback about each new pair of objects
};

} // namespace cs::simulation
