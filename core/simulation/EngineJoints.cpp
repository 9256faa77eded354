#include "simulation/EngineJoints.h"

#include "simulation/BulletMath.h"
#include "simulation/JointConstraint.h"
#include "simulation/SolverSettings.h"

#include <algorithm>
#include <btBulletDynamicsCommon.h>
#include <cmath>

namespace cs::simulation {

namespace {

constexpr btScalar Free = 1; // a lower bound above the upper one frees an axis

/// A Bullet 6-dof constraint index: 0..2 linear axes, 3..5 angular axes.
int dof(bool angular, int axis)
{
    return angular ? 3 + axis : axis;
}

/// Bullet's 6-dof angles (and its angular limits and spring positions) turn the joint frame relative to the
/// connected frame; the spec's turn the connected frame relative to the joint frame: the opposite sign.
btScalar bulletSign(int index, btScalar value)
{
    return index < 3 ? value : -value;
}

/// The connected frame's position along (or Euler angle about) one axis of the joint frame: call
/// calculateTransforms first.
btScalar positionOf(const btGeneric6DofSpring2Constraint& c, int index)
{
    return index < 3 ? c.getRelativePivotPosition(index) : -c.getAngle(index - 3);
}

/// The connected frame's rate along (or about) that axis, from the bodies' velocities.
btScalar velocityOf(const btGeneric6DofSpring2Constraint& c, int index)
{
    const btRigidBody& a = c.getRigidBodyA();
    const btRigidBody& b = c.getRigidBodyB();
    if (index >= 3) {
        const btVector3 axis = c.getAxis(index - 3);
        return (b.getAngularVelocity() - a.getAngularVelocity()).dot(axis);
    }
    const btVector3 axis = c.getCalculatedTransformA().getBasis().getColumn(index);
    const btVector3 pa = c.getCalculatedTransformA().getOrigin();
    const btVector3 pb = c.getCalculatedTransformB().getOrigin();
    const btVector3 va = a.getVelocityInLocalPoint(pa - a.getCenterOfMassPosition());
    const btVector3 vb = b.getVelocityInLocalPoint(pb - b.getCenterOfMassPosition());
    return (vb - va).dot(axis);
}

/// The mass (or moment of inertia) that resists relative motion along (or about) the axis: the reduced mass
/// of the two bodies, for drives in acceleration mode.
btScalar effectiveMass(const btGeneric6DofSpring2Constraint& c, int index)
{
    const btRigidBody& a = c.getRigidBodyA();
    const btRigidBody& b = c.getRigidBodyB();
    btScalar inverse = 0;
    if (index < 3) {
        inverse = a.getInvMass() + b.getInvMass();
    } else {
        const btVector3 axis = c.getAxis(index - 3);
        inverse =
            axis.dot(a.getInvInertiaTensorWorld() * axis) + axis.dot(b.getInvInertiaTensorWorld() * axis);
    }
    return inverse > 0 ? 1 / inverse : 0;
}

/// One axis whose limit is a spring: switched on (towards the nearer bound) only while the axis is outside
/// [lo, hi].
/// The share of a hard limit's overshoot corrected per step.
constexpr btScalar kLimitErp = 0.8;

struct SoftAxis
{
    btGeneric6DofSpring2Constraint* constraint = nullptr;
    int index = 0;
    btScalar lo = 0, hi = 0, stiffness = 0, damping = 0;
};

/// A distance limit (several linear axes): a constraint limited only along its X axis, whose frames turn
/// before every step so that X points from the joint origin to the connected frame's origin (with the
/// component along `freeAxis` of the joint frame removed for a distance from a line).
struct DistanceLimit
{
    btGeneric6DofSpring2Constraint* constraint = nullptr;
    btTransform frameA, frameB; // the joint's attachment frames in the bodies' principal frames
    int freeAxis = -1;          // -1: distance from the origin
};

struct DriveAxis
{
    btGeneric6DofSpring2Constraint* constraint = nullptr;
    SimJointDrive drive;
};

/// The Euler order whose first angle (the one with a full -pi..pi range; the middle one reads only
/// -pi/2..pi/2) is the joint's only angular axis that is not locked (a hinge), else its axis with a
/// one-axis range (a twist limit), when it has one.
RotateOrder rotateOrder(const SimJoint& joint)
{
    bool locked[3] = {};
    int ranged = -1;
    for (const SimJointLimit& l : joint.limits) {
        if (!l.angular)
            continue;
        const bool lock = l.max <= 0 && (l.axes.size() > 1 || l.min >= 0);
        for (int axis : l.axes)
            locked[axis] = locked[axis] || lock;
        if (l.axes.size() == 1 && !lock)
            ranged = l.axes.front();
    }
    const int open = int(!locked[0]) + int(!locked[1]) + int(!locked[2]);
    const int first = open == 1 ? (locked[0] ? (locked[1] ? 2 : 1) : 0) : ranged;
    return first == 1 ? RO_YZX : first == 2 ? RO_ZXY : RO_XYZ;
}

/// The frame turned so that its Z axis (the axis Bullet's hinge turns about) is its axis `axis`: a cyclic
/// turn of the axes, so that a turn about that axis keeps its sign.
btTransform hingeFrame(const btTransform& frame, int axis)
{
    btMatrix3x3 turn(0, 0, 0, 0, 0, 0, 0, 0, 0);
    turn[(axis + 1) % 3][0] = 1;
    turn[(axis + 2) % 3][1] = 1;
    turn[axis][2] = 1;
    return btTransform(frame.getBasis() * turn, frame.getOrigin());
}

/// Bullet's dedicated constraint for a ball or hinge joint (jointConstraint), holding its locked rows and its
/// range as firmly as the generic constraint's hard limits (kLimitErp, no bounce off the range's ends).
std::unique_ptr<btTypedConstraint> dedicatedConstraint(const JointConstraint& kind, btRigidBody& a,
                                                       btRigidBody& b, const btTransform& fa,
                                                       const btTransform& fb)
{
    if (kind.kind == JointConstraintKind::Ball) {
        auto ball = std::make_unique<btPoint2PointConstraint>(a, b, fa.getOrigin(), fb.getOrigin());
        ball->setParam(BT_CONSTRAINT_ERP, kLimitErp);
        return ball;
    }
    // Reference frame A: the hinge angle turns frame B relative to frame A, the spec's sign.
    auto hinge = std::make_unique<btHingeConstraint>(a, b, hingeFrame(fa, kind.hingeAxis),
                                                     hingeFrame(fb, kind.hingeAxis), true);
    if (std::isfinite(kind.min) && std::isfinite(kind.max))
        hinge->setLimit(btScalar(kind.min), btScalar(kind.max), 1, 1, 0);
    hinge->setParam(BT_CONSTRAINT_ERP, kLimitErp);
    hinge->setParam(BT_CONSTRAINT_STOP_ERP, kLimitErp);
    return hinge;
}

} // namespace

struct EngineJoints::State
{
    btDynamicsWorld* world = nullptr;
    btRigidBody fixed{0, nullptr, nullptr}; // the world side of a joint to static geometry
    std::vector<std::unique_ptr<btTypedConstraint>> constraints;
    std::vector<JointConstraintKind> kinds;               // per constraint
    std::vector<btGeneric6DofSpring2Constraint*> generic; // the Generic ones
    std::vector<SoftAxis> soft;
    std::vector<DistanceLimit> distances;
    std::vector<DriveAxis> drives;

    btGeneric6DofSpring2Constraint* add(btRigidBody& a, btRigidBody& b, const btTransform& fa,
                                        const btTransform& fb, RotateOrder order, bool enableCollision)
    {
        auto c = std::make_unique<btGeneric6DofSpring2Constraint>(a, b, fa, fb, order);
        for (int i = 0; i < 6; ++i) {
            c->setLimit(i, Free, 0);
            // A hard limit pushes a frame back from most of its overshoot in one step (Bullet's 0.2 left a
            // loaded limit resting visibly past its end).
            c->setParam(BT_CONSTRAINT_STOP_ERP, kLimitErp, i);
        }
        generic.push_back(c.get());
        insert(std::move(c), JointConstraintKind::Generic, enableCollision);
        return generic.back();
    }

    void insert(std::unique_ptr<btTypedConstraint> c, JointConstraintKind kind, bool enableCollision)
    {
        // Joint limits are hard in the spec (absent stiffness): with Bullet's default 10 iterations a
        // pendulum whose inertia about its centre of mass is small next to m d^2 rested 0.2 rad past its
        // limit (the solver's residual, in proportion to the load).
        c->setOverrideNumSolverIterations(kJointSolverIterations);
        world->addConstraint(c.get(), !enableCollision);
        constraints.push_back(std::move(c));
        kinds.push_back(kind);
    }

    /// Hard ranges per axis (intersected when several limits name one axis) and soft ones.
    void setLimits(btGeneric6DofSpring2Constraint& c, const SimJoint& joint, const btTransform& fa,
                   const btTransform& fb, btRigidBody& a, btRigidBody& b)
    {
        btScalar lo[6], hi[6];
        bool limited[6] = {};
        for (const SimJointLimit& l : joint.limits) {
            const bool several = l.axes.size() > 1;
            const bool locked = l.max <= 0 && (several || l.min >= 0);
            if (several && !l.angular && !locked) {
                addDistance(l, fa, fb, a, b);
                continue;
            }
            // Several angular axes: -max..max about each (a cone read as a square, docs/simulation.md).
            const btScalar low = locked ? 0 : btScalar(several ? -l.max : l.min);
            const btScalar high = locked ? 0 : btScalar(l.max);
            for (int axis : l.axes) {
                const int i = dof(l.angular, axis);
                if (l.stiffness > 0) {
                    soft.push_back({&c, i, low, high, btScalar(l.stiffness), btScalar(l.damping)});
                    continue;
                }
                lo[i] = limited[i] ? std::max(lo[i], low) : low;
                hi[i] = limited[i] ? std::min(hi[i], high) : high;
                limited[i] = true;
            }
        }
        for (int i = 0; i < 6; ++i) {
            const btScalar high = std::max(lo[i], hi[i]);
            if (limited[i])
                c.setLimit(i, std::min(bulletSign(i, lo[i]), bulletSign(i, high)),
                           std::max(bulletSign(i, lo[i]), bulletSign(i, high)));
        }
    }

    void addDistance(const SimJointLimit& l, const btTransform& fa, const btTransform& fb, btRigidBody& a,
                     btRigidBody& b)
    {
        btGeneric6DofSpring2Constraint* c = add(a, b, fa, fb, RO_XYZ, true);
        int freeAxis = -1;
        if (l.axes.size() == 2)
            freeAxis = 3 - l.axes[0] - l.axes[1];
        const btScalar low = btScalar(std::max(l.min, 0.0));
        const btScalar high = std::isfinite(l.max) ? btScalar(l.max) : BT_LARGE_FLOAT;
        if (l.stiffness > 0)
            soft.push_back({c, 0, low, high, btScalar(l.stiffness), btScalar(l.damping)});
        else
            c->setLimit(0, low, high);
        distances.push_back({c, fa, fb, freeAxis});
    }

    void alignDistance(DistanceLimit& d)
    {
        const btTransform worldA = d.constraint->getRigidBodyA().getCenterOfMassTransform() * d.frameA;
        const btTransform worldB = d.constraint->getRigidBodyB().getCenterOfMassTransform() * d.frameB;
        btVector3 local = worldA.getBasis().transpose() * (worldB.getOrigin() - worldA.getOrigin());
        if (d.freeAxis >= 0)
            local[d.freeAxis] = 0;
        // X along the separation in the joint frame (any X when the two origins meet).
        const btVector3 x = local.length2() > btScalar(1e-12) ? local.normalized() : btVector3(1, 0, 0);
        const btVector3 helper = std::fabs(x.x()) < btScalar(0.9) ? btVector3(1, 0, 0) : btVector3(0, 1, 0);
        const btVector3 z = x.cross(helper).normalized();
        const btVector3 y = z.cross(x);
        const btMatrix3x3 turn(x.x(), y.x(), z.x(), x.y(), y.y(), z.y(), x.z(), y.z(), z.z());
        const btTransform alignedA(d.frameA.getBasis() * turn, d.frameA.getOrigin());
        // Frame B turned to match frame A now, so that the free angular axes read zero.
        const btMatrix3x3 worldTurn = worldA.getBasis() * turn;
        const btMatrix3x3 inB =
            d.constraint->getRigidBodyB().getCenterOfMassTransform().getBasis().transpose() * worldTurn;
        d.constraint->setFrames(alignedA, btTransform(inB, d.frameB.getOrigin()));
    }

    static void updateSoft(const SoftAxis& s)
    {
        btGeneric6DofSpring2Constraint& c = *s.constraint;
        const btScalar position = positionOf(c, s.index);
        const bool outside = s.lo == s.hi || position < s.lo || position > s.hi;
        c.enableSpring(s.index, outside);
        if (!outside)
            return;
        c.setStiffness(s.index, s.stiffness);
        c.setDamping(s.index, s.damping);
        c.setEquilibriumPoint(s.index, bulletSign(s.index, position < s.lo ? s.lo : s.hi));
    }

    /// force = stiffness (target - position) + damping (targetVelocity - velocity), at most maxForce, applied
    /// for the coming step by the axis motor: it drives towards the velocity that force tends to, never past
    /// it, and never with more than the force.
    static void updateDrive(const DriveAxis& d)
    {
        btGeneric6DofSpring2Constraint& c = *d.constraint;
        const int index = dof(d.drive.angular, d.drive.axis);
        const btScalar position = positionOf(c, index);
        const btScalar velocity = velocityOf(c, index);
        btScalar stiffness = btScalar(d.drive.stiffness);
        btScalar damping = btScalar(d.drive.damping);
        if (d.drive.acceleration) {
            const btScalar mass = effectiveMass(c, index);
            stiffness *= mass;
            damping *= mass;
        }
        btScalar force = damping * (btScalar(d.drive.velocityTarget) - velocity);
        if (d.drive.positionTarget)
            force += stiffness * (btScalar(*d.drive.positionTarget) - position);
        const btScalar limit = std::isfinite(d.drive.maxForce) ? btScalar(d.drive.maxForce) : BT_LARGE_FLOAT;
        const btScalar magnitude = std::min(std::fabs(force), limit);
        const btScalar target = damping > 0 ? velocity + force / damping
                                            : velocity + (force > 0 ? BT_LARGE_FLOAT : -BT_LARGE_FLOAT);
        c.enableMotor(index, magnitude > 0);
        // Bullet's motor rows measure A relative to B: the opposite sign to the velocity read above.
        c.setTargetVelocity(index, -target);
        c.setMaxMotorForce(index, magnitude);
    }
};

EngineJoints::EngineJoints(btDynamicsWorld& world, const std::vector<SimJoint>& joints,
                           const std::vector<std::unique_ptr<btRigidBody>>& bodies,
                           const std::vector<btTransform>& principal)
    : m_state(std::make_unique<State>())
{
    State& s = *m_state;
    s.world = &world;
    for (const SimJoint& joint : joints) {
        btRigidBody& a = joint.bodyA >= 0 ? *bodies[size_t(joint.bodyA)] : s.fixed;
        btRigidBody& b = joint.bodyB >= 0 ? *bodies[size_t(joint.bodyB)] : s.fixed;
        // Frames in the bodies' principal frames (Bullet's body frame), or in the world.
        const btTransform fa = joint.bodyA >= 0
                                   ? principal[size_t(joint.bodyA)].inverse() * toBullet(joint.frameA)
                                   : toBullet(joint.frameA);
        const btTransform fb = joint.bodyB >= 0
                                   ? principal[size_t(joint.bodyB)].inverse() * toBullet(joint.frameB)
                                   : toBullet(joint.frameB);
        const JointConstraint dedicated = jointConstraint(joint);
        if (dedicated.kind != JointConstraintKind::Generic) {
            s.insert(dedicatedConstraint(dedicated, a, b, fa, fb), dedicated.kind, joint.enableCollision);
            continue;
        }
        btGeneric6DofSpring2Constraint* c = s.add(a, b, fa, fb, rotateOrder(joint), joint.enableCollision);
        const size_t softBefore = s.soft.size();
        s.setLimits(*c, joint, fa, fb, a, b);
        if (!joint.drives.empty()) {
            btGeneric6DofSpring2Constraint* driver = s.add(a, b, fa, fb, rotateOrder(joint), true);
            for (const SimJointDrive& d : joint.drives)
                s.drives.push_back({driver, d});
        }
        // Springs and motors are set between steps: a sleeping body would not feel them.
        if (!joint.drives.empty() || s.soft.size() > softBefore) {
            for (btRigidBody* body : {&a, &b}) {
                if (body != &s.fixed)
                    body->setActivationState(DISABLE_DEACTIVATION);
            }
        }
    }
}

EngineJoints::~EngineJoints()
{
    for (auto& c : m_state->constraints)
        m_state->world->removeConstraint(c.get());
}

std::vector<int> EngineJoints::iterations() const
{
    std::vector<int> out;
    for (const auto& c : m_state->constraints)
        out.push_back(c->getOverrideNumSolverIterations());
    return out;
}

std::vector<JointConstraintKind> EngineJoints::kinds() const
{
    return m_state->kinds;
}

void EngineJoints::beforeStep()
{
    State& s = *m_state;
    for (DistanceLimit& d : s.distances)
        s.alignDistance(d);
    // The soft limits and drives read positions from the current frames; Bullet computes them itself for its
    // own rows, so joints with neither cost nothing here.
    if (s.soft.empty() && s.drives.empty())
        return;
    for (btGeneric6DofSpring2Constraint* c : s.generic)
        c->calculateTransforms();
    for (const SoftAxis& soft : s.soft)
        State::updateSoft(soft);
    for (const DriveAxis& d : s.drives)
        State::updateDrive(d);
}

} // namespace cs::simulation
