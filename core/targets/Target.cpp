#include "targets/Target.h"

#include <array>

namespace cs::targets {

namespace {

struct FeatureText
{
    Feature feature;
    const char* id;
    const char* title;
};

// Indexed by Feature; featureText() checks that the order matches.
constexpr std::array<FeatureText, kFeatureCount> kFeatures = {{
    {Feature::FamilyOmi, "family-omi", "OMI physics (OMI_physics_body, OMI_physics_shape)"},
    {Feature::FamilyKhr, "family-khr", "KHR physics (KHR_physics_rigid_bodies, KHR_implicit_shapes)"},
    {Feature::OmiLegacyForm, "omi-legacy-form", "OMI_collider or a flat body `type`"},
    {Feature::NotListedInUsed, "not-in-extensions-used", "physics extension missing from `extensionsUsed`"},
    {Feature::NoTopLevelExtensions, "no-top-level-extensions", "no document-level `extensions` object"},
    {Feature::NoDocumentBodyObject, "no-document-body-object",
     "no document-level `KHR_physics_rigid_bodies` object"},
    {Feature::GeometryNode, "geometry-node", "collider `geometry.node` (earlier KHR revision)"},
    {Feature::GeometryMesh, "geometry-mesh", "collider `geometry.mesh`"},
    {Feature::ShapeWithoutParameters, "shape-without-parameters", "shape `type` without its sub-object"},
    {Feature::ShapeDefaults, "shape-defaults", "shape relying on default parameters"},
    {Feature::Plane, "plane", "plane shape"},
    {Feature::CapsuleMidHeight, "capsule-mid-height", "OMI capsule, E7 form (mid `height`, two radii)"},
    {Feature::CapsuleLegacy, "capsule-legacy", "OMI capsule, pre-E7 form (`radius`, full `height`)"},
    {Feature::Tapered, "tapered", "tapered capsule or cylinder (radii differ)"},
    {Feature::Cylinder, "cylinder", "cylinder shape"},
    {Feature::ConvexShape, "convex", "convex hull collider"},
    {Feature::TrimeshShape, "trimesh", "triangle mesh collider"},
    {Feature::TrimeshOnDynamic, "trimesh-on-dynamic", "triangle mesh collider in a dynamic body"},
    {Feature::HullPoints, "hull-points", "convex hull over the hull budget"},
    {Feature::NonUniformScale, "non-uniform-scale", "non-uniform scale on a collider"},
    {Feature::ColliderNotChildOfBody, "collider-not-child-of-body",
     "collider deeper than a direct child of its body"},
    {Feature::MeshOnPhysicsNode, "mesh-on-physics-node", "render mesh on an OMI_physics_body node"},
    {Feature::MotionWithCollider, "motion-with-collider", "collider or trigger shape on the body's own node"},
    {Feature::NestedMotion, "nested-motion", "body inside another body"},
    {Feature::NodeOrder, "node-order", "nodes not in depth-first order from index 0"},
    {Feature::Trigger, "trigger", "trigger with a shape"},
    {Feature::CompoundTrigger, "compound-trigger", "compound trigger (`nodes`)"},
    {Feature::ColliderWithoutMaterial, "collider-without-material", "collider without a physics material"},
    {Feature::Material, "material", "physics material"},
    {Feature::MaterialDefaults, "material-defaults", "material relying on default fields or combine modes"},
    {Feature::MixedCombineModes, "mixed-combine-modes", "materials with different combine modes"},
    {Feature::FrictionPair, "friction-pair", "staticFriction different from dynamicFriction"},
    {Feature::Filter, "filter", "collision filter"},
    {Feature::FilterCount, "filter-count", "more collision filters than the cap"},
    {Feature::SystemCount, "system-count", "more collision systems than the cap"},
    {Feature::FilterWithoutSystems, "filter-without-systems", "filter without `collisionSystems`"},
    {Feature::Joint, "joint", "joint"},
    {Feature::JointWithoutBody, "joint-without-body", "joint node with no body at or above it"},
    {Feature::RadialOrConeLimit, "radial-or-cone-limit", "joint limit over two axes (radial or cone)"},
    {Feature::LinearLimitSpring, "linear-limit-spring", "three-axis linear limit with a stiffness"},
    {Feature::DriveAcceleration, "drive-acceleration", "drive in `acceleration` mode"},
    {Feature::MaxForceZero, "max-force-zero", "drive with `maxForce: 0`"},
    {Feature::MassAbsent, "mass-absent", "motion without `mass`"},
    {Feature::MassZero, "mass-zero", "`mass: 0`"},
    {Feature::InertiaDiagonal, "inertia-diagonal", "`inertiaDiagonal` given"},
    {Feature::InertiaWithoutMass, "inertia-without-mass", "`inertiaDiagonal` without `mass`"},
    {Feature::InertiaOrientation, "inertia-orientation", "non-identity `inertiaOrientation`"},
    {Feature::CenterOfMassAbsent, "center-of-mass-absent", "motion without `centerOfMass`"},
    {Feature::InitialVelocity, "initial-velocity", "non-zero initial velocity"},
    {Feature::KinematicVelocity, "kinematic-velocity", "velocity on a kinematic body"},
    {Feature::GravityFactor, "gravity-factor", "`gravityFactor` other than 1"},
}};

const FeatureText& featureText(Feature f)
{
    static_assert(kFeatures.back().feature == Feature::GravityFactor);
    return kFeatures[size_t(f)];
}

} // namespace

const char* verdictName(Verdict v)
{
    switch (v) {
    case Verdict::Reads:
        return "reads";
    case Verdict::Differs:
        return "differs";
    case Verdict::Ignored:
        return "ignored";
    case Verdict::Fails:
        return "won't load";
    }
    return "reads";
}

const char* behaviourId(Behaviour b)
{
    switch (b) {
    case Behaviour::VelocityTimesWorldScale:
        return "velocity-times-world-scale";
    case Behaviour::VelocityInWorldFrame:
        return "velocity-in-world-frame";
    case Behaviour::AbsentMassDensity:
        return "absent-mass-density";
    case Behaviour::MassWithInertiaOnly:
        return "mass-with-inertia-only";
    case Behaviour::AngularDamping:
        return "angular-damping";
    case Behaviour::InertiaPerUnitMass:
        return "inertia-per-unit-mass";
    case Behaviour::CombinePrecedence:
        return "combine-precedence";
    case Behaviour::GravityFactorIgnored:
        return "gravity-factor-ignored";
    case Behaviour::DistanceLimitRigid:
        return "distance-limit-rigid";
    case Behaviour::LockedLimitRigid:
        return "locked-limit-rigid";
    case Behaviour::MixedLimitLinearOnly:
        return "mixed-limit-linear-only";
    case Behaviour::DriveMaxForceZeroUnlimited:
        return "drive-max-force-zero-unlimited";
    case Behaviour::CenterOfMassAtOrigin:
        return "center-of-mass-at-origin";
    case Behaviour::SymplecticEuler:
        return "symplectic-euler";
    case Behaviour::AbsentMass:
        return "absent-mass";
    case Behaviour::AbsentInertia:
        return "absent-inertia";
    case Behaviour::InertiaOrientationIgnored:
        return "inertia-orientation-ignored";
    case Behaviour::MassZeroFalls:
        return "mass-zero-falls";
    case Behaviour::AbsentFrictionCombine:
        return "absent-friction-combine";
    case Behaviour::AbsentRestitutionCombine:
        return "absent-restitution-combine";
    case Behaviour::FilterHavokMasks:
        return "filter-havok-masks";
    case Behaviour::FilterPhysXWords:
        return "filter-physx-words";
    case Behaviour::DistanceLimitWithoutMinHeld:
        return "distance-limit-without-min-held";
    case Behaviour::DistanceLimitWithMinPerAxis:
        return "distance-limit-with-min-per-axis";
    case Behaviour::LockedPairAngularRange:
        return "locked-pair-angular-range";
    case Behaviour::GravityFactorAcceleration:
        return "gravity-factor-acceleration";
    case Behaviour::WorldGravity:
        return "world-gravity";
    case Behaviour::GeometryNodeIgnored:
        return "geometry-node-ignored";
    case Behaviour::MeshOnDynamicHull:
        return "mesh-on-dynamic-hull";
    case Behaviour::PlaneAlongX:
        return "plane-along-x";
    }
    return "";
}

const char* featureId(Feature f)
{
    return featureText(f).id;
}

TargetFamily featureFamily(Feature f)
{
    switch (f) {
    case Feature::OmiLegacyForm:
    case Feature::CapsuleMidHeight:
    case Feature::CapsuleLegacy:
    case Feature::MeshOnPhysicsNode:
        return TargetFamily::Omi;
    case Feature::NoTopLevelExtensions:
    case Feature::NoDocumentBodyObject:
    case Feature::GeometryNode:
    case Feature::GeometryMesh:
        return TargetFamily::Khr;
    default:
        return TargetFamily::Any;
    }
}

const char* featureTitle(Feature f)
{
    return featureText(f).title;
}

const char* hullUnitName(HullUnit u)
{
    switch (u) {
    case HullUnit::Vertices:
        return "vertices";
    case HullUnit::Polygons:
        return "polygons";
    case HullUnit::Triangles:
        return "triangles";
    }
    return "vertices";
}

std::optional<int> HullBudget::most(HullUnit unit) const
{
    for (const HullLimit& l : limits) {
        if (l.unit == unit)
            return l.most;
    }
    return std::nullopt;
}

namespace {

bool dropped(const Target& t, Feature f)
{
    const Verdict v = t.verdict(f);
    return v == Verdict::Ignored || v == Verdict::Fails;
}

} // namespace

bool buildsConvex(const Target& t)
{
    return !dropped(t, Feature::ConvexShape) &&
           !(t.family == TargetFamily::Khr && dropped(t, Feature::GeometryMesh));
}

bool buildsTrimesh(const Target& t)
{
    return !dropped(t, Feature::TrimeshShape) &&
           !(t.family == TargetFamily::Khr && dropped(t, Feature::GeometryMesh));
}

const Rule* Target::rule(Feature f) const
{
    for (const Rule& r : rules) {
        if (r.feature == f)
            return &r;
    }
    return nullptr;
}

Verdict Target::verdict(Feature f) const
{
    const Rule* r = rule(f);
    return r ? r->verdict : Verdict::Reads;
}

Target specTarget()
{
    Target t;
    t.name = "spec";
    t.engine = "OMI_physics_* and KHR_physics_rigid_bodies as written (shared/spec digests)";
    t.family = TargetFamily::Any;
    t.reads = "either family, any revision Collidoscope reads";
    t.hullBudget = {{},
                    "none: OMI dropped its 255-point advice in 2023, KHR never had one",
                    "KHR-PHYSICS-DIGEST.md:73; OMI-SPEC-DIGEST.md:104",
                    false};
    return t;
}

const std::vector<Target>& allTargets()
{
    static const std::vector<Target> list = {specTarget(),    godotTarget(),        unityTarget(),
                                             babylonTarget(), sampleViewerTarget(), blenderTarget()};
    return list;
}

const Target* findTarget(std::string_view name)
{
    for (const Target& t : allTargets()) {
        if (t.name == name)
            return &t;
    }
    return nullptr;
}

} // namespace cs::targets
