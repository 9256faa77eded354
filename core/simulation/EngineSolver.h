#pragma once

// Internal to the simulation library (World.cpp): Bullet's contact solver with bounces that keep the energy
// the restitution leaves them.
#include <BulletDynamics/ConstraintSolver/btSequentialImpulseConstraintSolver.h>
#include <optional>

namespace cs::simulation::engine {

/// The relative normal velocity (m/s, positive apart) two bodies should leave a step with when they meet
/// within it, for the engine's step (velocity, then position; the velocity kept half a step behind, see
/// World): after it the motion of the pair along the normal has the energy the restitution leaves it, so a
/// ball dropped from h onto a floor rises to e^2 h whatever the gap at which its contact was found. `gap`:
/// the contact's distance at the start of the step (negative: found penetrating); `approach`: the relative
/// normal velocity the engine holds (negative: closing); `acceleration`: the relative normal acceleration of
/// the free bodies (gravity; negative: towards each other). nullopt when they do not meet within the step.
std::optional<double> reboundVelocity(double gap, double approach, double acceleration, double restitution,
                                      double step);

/// Bullet's sequential impulse solver, with Bullet's handling of a bouncing contact replaced. Bullet finds a
/// contact at a small gap or a little after the bodies met, and gives the rebound e times the approach speed
/// less gap / step (or plus a push out of the penetration): a 0.5 restitution ball dropped 4 m rose 0.41 m
/// instead of 1 m, and a contact found at a gap larger than the step's motion bounced back before it met.
/// Here a contact whose bodies close faster than Bullet's restitution threshold gets reboundVelocity when
/// they meet within the step and the plain speculative contact (closing by at most the gap) otherwise; a
/// contact already parting that fast is not pushed out of its penetration (its rebound carries it out, and a
/// push would add to its height). Resting contacts (slower) are Bullet's.
class ContactSolver : public btSequentialImpulseConstraintSolver
{
protected:
    btScalar solveGroupCacheFriendlySetup(btCollisionObject** bodies, int numBodies,
                                          btPersistentManifold** manifolds, int numManifolds,
                                          btTypedConstraint** constraints, int numConstraints,
                                          const btContactSolverInfo& info,
                                          btIDebugDraw* debugDrawer) override;

private:
    void setBounce(btSolverConstraint& row, const btContactSolverInfo& info) const;
};

} // namespace cs::simulation::engine
