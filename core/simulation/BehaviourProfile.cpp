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
           !lockedLimitRigid && !mixedLimitLinearOnly && !driveMaxForceZeroUnlimited &&
           !centerOfMassAtOrigin && !symplecticEuler && !absentMass && !absentInertia &&
           !inertiaOrientationIgnored && !massZeroFalls && !absentFrictionCombine &&
           !absentRestitutionCombine && filterRule == FilterRule::Spec && !distanceLimitWithoutMinHeld &&
           !distanceLimitWithMinPerAxis && lockedPairAngularRange == 0 && gravityFactorAcceleration == 0 &&
           !gravity && !geometryNodeIgnored && !meshOnDynamicHull && !planeAlongX;
}

namespace {

/// The rules added for issue 47 (the engines' integration, PhysX's mass reading, filters and joints).
void applyEngineRule(BehaviourProfile& p, const targets::BehaviourRule& rule)
{
    using targets::Behaviour;
    switch (rule.behaviour) {
    case Behaviour::SymplecticEuler:
        p.symplecticEuler = true;
        return;
    case Behaviour::AbsentMass:
        p.absentMass = rule.value;
        return;
    case Behaviour::AbsentInertia:
        p.absentInertia = rule.value;
        return;
    case Behaviour::InertiaOrientationIgnored:
        p.inertiaOrientationIgnored = true;
        return;
    case Behaviour::MassZeroFalls:
        p.massZeroFalls = true;
        return;
    case Behaviour::AbsentFrictionCombine:
        p.absentFrictionCombine = rule.mode;
        return;
    case Behaviour::AbsentRestitutionCombine:
        p.absentRestitutionCombine = rule.mode;
        return;
    case Behaviour::FilterHavokMasks:
        p.filterRule = FilterRule::HavokMasks;
        return;
    case Behaviour::FilterPhysXWords:
        p.filterRule = FilterRule::PhysXWords;
        p.filterCap = int(rule.value);
        return;
    case Behaviour::DistanceLimitWithoutMinHeld:
        p.distanceLimitWithoutMinHeld = true;
        return;
    case Behaviour::DistanceLimitWithMinPerAxis:
        p.distanceLimitWithMinPerAxis = true;
        return;
    case Behaviour::LockedPairAngularRange:
        p.lockedPairAngularRange = rule.value;
        return;
    case Behaviour::GravityFactorAcceleration:
        p.gravityFactorAcceleration = rule.value;
        return;
    case Behaviour::WorldGravity:
        p.gravity = rule.value;
        return;
    case Behaviour::GeometryNodeIgnored:
        p.geometryNodeIgnored = true;
        return;
    case Behaviour::MeshOnDynamicHull:
        p.meshOnDynamicHull = true;
        return;
    case Behaviour::PlaneAlongX:
        p.planeAlongX = true;
        return;
    default:
        return;
    }
}

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
    default:
        applyEngineRule(p, rule);
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

physics::Vec3 bodyGravity(const BehaviourProfile& profile, const physics::Vec3& gravity, double factor)
{
    if (profile.gravityFactorAcceleration > 0 && factor != 1)
        return {0, -profile.gravityFactorAcceleration * factor, 0};
    return {gravity[0] * factor, gravity[1] * factor, gravity[2] * factor};
}

} // namespace cs::simulation
