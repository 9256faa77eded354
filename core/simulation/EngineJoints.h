#pragma once

#include "simulation/JointConstraint.h"
#include "simulation/SimulationInput.h"

#include <memory>
#include <vector>

class btDynamicsWorld;
class btRigidBody;
class btTransform;

namespace cs::simulation {

/// Internal to the simulation library (World.cpp): the SimJoints as Bullet constraints. A ball or hinge
/// joint (jointConstraint) is Bullet's point-to-point or hinge constraint. Any other joint is a
/// btGeneric6DofSpring2Constraint between the two attachment frames that holds its hard per-axis limits,
/// plus, where needed, one constraint per distance limit (several linear axes) whose frames turn every step
/// so that one axis points along the current separation, and one constraint whose motors apply the drives.
/// Soft limits and drives are set for each step from the state before it (beforeStep).
class EngineJoints
{
public:
    /// `bodies` and `principal` per SimulationInput body; the constraints are added to `world` and removed
    /// by the destructor (before the bodies go).
    EngineJoints(btDynamicsWorld& world, const std::vector<SimJoint>& joints,
                 const std::vector<std::unique_ptr<btRigidBody>>& bodies,
                 const std::vector<btTransform>& principal);
    ~EngineJoints();
    EngineJoints(const EngineJoints&) = delete;
    EngineJoints& operator=(const EngineJoints&) = delete;

    void beforeStep();
    /// Each constraint's solver iterations (its override), in the order the joints made them.
    std::vector<int> iterations() const;
    /// Each constraint's kind, in the same order.
    std::vector<JointConstraintKind> kinds() const;

private:
    struct State;
    std::unique_ptr<State> m_state;
};

} // namespace cs::simulation
