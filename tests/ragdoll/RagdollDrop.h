#pragma once

// A ragdoll dropped onto a floor: the figures issue 51 asks of it, measured at every step of the preview.

#include "document/Document.h"

#include <string>

namespace cs::test {

struct DropFigures
{
    double settleTime = -1; ///< s: from then on every body is slower than the rest thresholds (-1: never)
    double largestSeparation = 0; ///< m: the two sides of a joint furthest apart at any step
    /// m/s: the largest of |v| - g t over every body and step before the first body reaches the floor (in
    /// free fall nothing may move faster than g t: a body that does was pushed by another)
    double worstOverFreeFall = -1e9;
    /// m/s: the same over the whole run. After the landing a limb may rightly pass g t: a T-posed arm whose
    /// shoulder stops turns about it, its tip at 1.5 times the shoulder's speed (a rod's angular momentum
    /// about its end), so this is a figure, and energy is what bounds the run.
    double worstOverFreeFallAfterLanding = -1e9;
    /// J: the largest excess of kinetic energy over the potential energy released so far (gravity
    /// the only source: positive values are energy the solver made)
    double worstEnergyGain = -1e9;
    double dropEnergy = 0;        ///< J: total mass x g x drop, for scale
    double deepestBelowFloor = 0; ///< m: how far any collider's lowest point went under the floor's top
    /// The same as a share of that collider's half thickness: 1 or more is a limb through the floor. The
    /// engine lets a landing body sink up to half its thickness before its continuous collision detection
    /// steps in (SolverSettings.h), so a few centimetres are its design, not a passage.
    double deepestShare = 0;
    size_t bodies = 0, joints = 0;
    std::string problem; ///< the simulation could not be built
};

/// Rest: every body slower than these.
inline constexpr double kRestSpeed = 0.05;       // m/s
inline constexpr double kRestAngularSpeed = 0.5; // rad/s

/// Adds a static box floor (never written anywhere: the document is the test's) whose top is `drop` metres
/// below the lowest point of the document's colliders, then simulates `seconds` at 60 Hz.
DropFigures dropOntoFloor(document::Document& doc, double drop = 1.0, double seconds = 7.0);

} // namespace cs::test
