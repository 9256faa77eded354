#include "simulation/BehaviourProfile.h"

#include "targets/Target.h"

#include <algorithm>

namespace cs::simulation {

bool BehaviourProfile::isSpec() const
{
    const BehaviourProfile spec;
    return !velocityTimesWorldScale && !velocityInWorldFrame && absentMassDensity == spec.absentMassDensity &&
           !massWithInertiaOnly && angularDamping == 0 && !inertiaPerUnitMass &&
           precedence == kSpecPrecedence && !gravityFactorIgnored && !distanceLimitRigid &&
           !lockedLimitRigid && !mixedLimitLinearOnly && !driveMaxForceZeroUnlimited && !centerOfMassAtOrigin;
}

namespace {

void applyRule(BehaviourProfile& p, const targets::BehaviourRule& rule)
{
    using targets::Behaviour;
    switch (rule.behaviour) {
    case Behaviour::VelocityTimesWorldScale:
        p.velocityTimesWorldScale = true;
        return;
    case Behaviour::VelocityInWorldFrame:
        p.velocityInWorldFrame = true;
        return;
    case Behaviour::AbsentMassDensity:
        p.absentMassDensity = rule.value;
        return;
    case Behaviour::MassWithInertiaOnly:
        p.massWithInertiaOnly = rule.value;
        return;
    case Behaviour::AngularDamping:
        p.angularDamping = rule.value;
        return;
    case Behaviour::InertiaPerUnitMass:
        p.inertiaPerUnitMass = true;
        return;
    case Behaviour::CombinePrecedence:
        if (rule.precedence.size() == p.precedence.size())
            std::copy(rule.precedence.begin(), rule.precedence.end(), p.precedence.begin());
        return;
    case Behaviour::GravityFactorIgnored:
        p.gravityFactorIgnored = true;
        return;
    case Behaviour::DistanceLimitRigid:
        p.distanceLimitRigid = true;
        return;
    case Behaviour::LockedLimitRigid:
        p.lockedLimitRigid = true;
        return;
    case Behaviour::MixedLimitLinearOnly:
        p.mixedLimitLinearOnly = true;
        return;
    case Behaviour::DriveMaxForceZeroUnlimited:
        p.driveMaxForceZeroUnlimited = true;
        return;
    case Behaviour::CenterOfMassAtOrigin:
        p.centerOfMassAtOrigin = true;
        return;
    }
}

} // namespace

BehaviourProfile behaviourProfile(const targets::Target& target)
{
    BehaviourProfile p;
    p.name = target.name;
    for (const targets::BehaviourRule& rule : target.behaviours)
        applyRule(p, rule);
    return p;
}

std::vector<BehaviourProfile> behaviourProfiles()
{
    std::vector<BehaviourProfile> out(1);
    for (const targets::Target& t : targets::allTargets()) {
        if (!t.behaviours.empty())
            out.push_back(behaviourProfile(t));
    }
    return out;
}

std::optional<BehaviourProfile> findBehaviourProfile(std::string_view name)
{
    for (BehaviourProfile& p : behaviourProfiles()) {
        if (p.name == name)
            return std::move(p);
    }
    return std::nullopt;
}

physics::CombineMode appliedCombineMode(std::optional<physics::CombineMode> a,
                                        std::optional<physics::CombineMode> b,
                                        const CombinePrecedence& precedence)
{
    if (!a && !b)
        return physics::CombineMode::Average;
    if (!a || !b)
        return a ? *a : *b;
    for (physics::CombineMode m : precedence) {
        if (m == *a || m == *b)
            return m;
    }
    return *a;
}

} // namespace cs::simulation
