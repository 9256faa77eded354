#include "simulation/EngineSolver.h"

#include <BulletCollision/NarrowPhaseCollision/btManifoldPoint.h>
#include <algorithm>
#include <cmath>

namespace cs::simulation::engine {

std::optional<double> reboundVelocity(double gap, double approach, double acceleration, double restitution,
                                      double step)
{
    // Unconstrained, the step moves the pair by (approach + acceleration step) step.
    if (gap + (approach + acceleration * step) * step >= 0)
        return std::nullopt;
    const double towards = std::max(0.0, -acceleration);
    // The engine's velocity is half a step behind: at the step's start the pair closes at `start`, and meets
    // at the speed the gap adds to it (or took from it, when found penetrating).
    const double start = approach + acceleration * step / 2;
    const double impact2 = std::max(0.0, start * start + 2 * towards * gap);
    // Leaving the bounce at e times the impact speed, the pair separates by e^2 v^2 / (2 g) at most. From the
    // gap the step starts at, the velocity of the step's middle that reaches that height (or keeps its speed,
    // with no acceleration towards each other) is:
    const double rising = std::sqrt(std::max(0.0, restitution * restitution * impact2 - 2 * towards * gap));
    return rising + acceleration * step / 2;
}

btScalar ContactSolver::solveGroupCacheFriendlySetup(btCollisionObject** bodies, int numBodies,
                                                     btPersistentManifold** manifolds, int numManifolds,
                                                     btTypedConstraint** constraints, int numConstraints,
                                                     const btContactSolverInfo& info,
                                                     btIDebugDraw* debugDrawer)
{
    const btScalar result = btSequentialImpulseConstraintSolver::solveGroupCacheFriendlySetup(
        bodies, numBodies, manifolds, numManifolds, constraints, numConstraints, info, debugDrawer);
    for (int i = 0; i < m_tmpSolverContactConstraintPool.size(); ++i)
        setBounce(m_tmpSolverContactConstraintPool[i], info);
    return result;
}

void ContactSolver::setBounce(btSolverConstraint& row, const btContactSolverInfo& info) const
{
    const btManifoldPoint& point = *static_cast<const btManifoldPoint*>(row.m_originalContactPoint);
    const double gap = point.getDistance() + info.m_linearSlop;
    // No restitution and no penetration: Bullet's row as it is.
    if (!(point.m_combinedRestitution > 0) && !(gap < 0))
        return;
    const btSolverBody& a = m_tmpSolverBodyPool[row.m_solverBodyIdA];
    const btSolverBody& b = m_tmpSolverBodyPool[row.m_solverBodyIdB];
    // The rows' normals and lever arms are zero for a side without a body (static geometry).
    const double velocity =
        row.m_contactNormal1.dot(a.m_linearVelocity) + row.m_relpos1CrossNormal.dot(a.m_angularVelocity) +
        row.m_contactNormal2.dot(b.m_linearVelocity) + row.m_relpos2CrossNormal.dot(b.m_angularVelocity);
    // What the step's forces (gravity) add to it before the contact acts.
    const double forced = row.m_contactNormal1.dot(a.m_externalForceImpulse) +
                          row.m_relpos1CrossNormal.dot(a.m_externalTorqueImpulse) +
                          row.m_contactNormal2.dot(b.m_externalForceImpulse) +
                          row.m_relpos2CrossNormal.dot(b.m_externalTorqueImpulse);
    const double threshold = info.m_restitutionVelocityThreshold;
    const double step = info.m_timeStep;
    double target = 0;
    if (point.m_combinedRestitution > 0 && velocity < -threshold) {
        const auto rebound = reboundVelocity(gap, velocity, forced / step, point.m_combinedRestitution, step);
        target = rebound ? *rebound : -gap / step;
    } else if (velocity > threshold && gap < 0) {
        target = 0; // parting: no push, and no impulse unless the step's forces close it
    } else {
        return;
    }
    row.m_rhs = btScalar((target - (velocity + forced)) * row.m_jacDiagABInv);
    row.m_rhsPenetration = 0;
}

} // namespace cs::simulation::engine
