// The readers of OMI physics: Godot's core glTF module and the omi-gltf-unity package. Every rule cites
// shared/spec/ENGINE-TARGETS.md (sections 2, 3 and 10) by its key:line.
#include "targets/Target.h"

namespace cs::targets {

namespace {

// Jolt is the stricter of Godot's two engines (GodotPhysics has no cap).
HullBudget godotHullBudget()
{
    return {{{HullUnit::Vertices, 256}},
            "Jolt: 256 vertices (silently truncates); GodotPhysics: none; glTF export warns above 255",
            "KHR-PHYSICS-DIGEST.md:136-138; ENGINE-TARGETS.md:69 (G47 shape.cpp:138-140)",
            false};
}

HullBudget unityHullBudget()
{
    return {{{HullUnit::Triangles, 255}},
            "Unity mesh colliders: 255 triangles; moot, since omi-gltf-unity builds no convex collider",
            "KHR-PHYSICS-DIGEST.md:138; ENGINE-TARGETS.md:96",
            true};
}

} // namespace

Target godotTarget()
{
    Target t;
    t.name = "godot-4.x";
    t.engine = "Godot 4.3+ core glTF module (modules/gltf/extensions/physics, 4.7-dev copy G47@070e8cb)";
    t.family = TargetFamily::Omi;
    t.reads = "OMI_physics_shape + OMI_physics_body; capsule `height` read as the full height (pre-E7 form)";
    t.revision = 2; // the hull cap became Jolt's 256 vertices
    t.hullBudget = godotHullBudget();
    using F = Feature;
    using V = Verdict;
    t.rules = {
        {F::FamilyKhr, V::Fails, "no KHR physics reader: only OMI extensions are handled",
         "G47 doc_ext.cpp:78-84"},
        {F::NotListedInUsed, V::Fails, "physics is skipped unless extensionsUsed names an OMI extension",
         "G47 doc_ext.cpp:40-43"},
        {F::ShapeWithoutParameters, V::Differs,
         "parameters missing: Godot's defaults apply (radius 0.5, height 2.0)", "G47 shape.cpp:270-312"},
        {F::ShapeDefaults, V::Differs, "Godot's own defaults fill in: radius 0.5, height 2.0 (full)",
         "G47 shape.cpp:270-312; shape.h:51-53"},
        {F::Plane, V::Ignored, "no plane shape type: no shape is made", "G47 shape.cpp:279"},
        {F::CapsuleMidHeight, V::Differs,
         "only `radius` and `height` are read and `height` is taken as the full height: a mid-height capsule "
         "comes out shorter (radiusTop/radiusBottom ignored, radius 0.5)",
         "G47 shape.cpp:238-243, 314-338"},
        {F::Tapered, V::Differs, "radiusTop/radiusBottom are not read; the shape gets one radius",
         "G47 shape.cpp:314-338"},
        {F::TrimeshOnDynamic, V::Differs,
         "ConcavePolygonShape3D on a RigidBody3D: the editor warns it will likely not behave well",
         "G47 scene/3d/physics/collision_shape_3d.cpp:140-141"},
        {F::HullPoints, V::Differs, "Jolt keeps at most 256 hull vertices and silently truncates the rest",
         "KHR-PHYSICS-DIGEST.md:136-138; G47 shape.cpp:138-140"},
        {F::NonUniformScale, V::Differs, "non-uniform scale on a physics node 'will probably not function'",
         "G47 scene/3d/physics/collision_shape_3d.cpp:155"},
        {F::ColliderNotChildOfBody, V::Differs,
         "only the direct parent is checked: the collider gets a StaticBody3D of its own",
         "G47 doc_ext.cpp:337-346"},
        {F::MeshOnPhysicsNode, V::Ignored,
         "the extension makes the node, so the glTF mesh on it is not instantiated",
         "G47 modules/gltf/gltf_document.cpp:4514-4524"},
        {F::Material, V::Ignored, "physics materials are not read (Godot's default friction applies)",
         "G47 doc_ext.cpp (no physicsMaterial)"},
        {F::Filter, V::Ignored, "collision filters are not read", "G47 doc_ext.cpp (no collisionFilter)"},
        {F::Joint, V::Ignored, "OMI_physics_joint is not a supported extension", "G47 doc_ext.cpp:78-84"},
        {F::MassZero, V::Ignored, "RigidBody3D.set_mass rejects 0 with an error; the mass stays 1 kg",
         "G47 body.cpp:292-294"},
        {F::InertiaOrientation, V::Ignored, "inertiaOrientation is read but never applied",
         "G47 body.cpp:327-334"},
        {F::InitialVelocity, V::Differs, "velocities go to RigidBody3D as a global frame (inferred)",
         "G47 body.cpp:231-233"},
        {F::KinematicVelocity, V::Ignored, "kinematic bodies become AnimatableBody3D; velocities dropped",
         "G47 body.cpp:253-291"},
        {F::GravityFactor, V::Ignored, "gravity_scale is never set", "G47 body.cpp:292-334"},
    };
    t.behaviours = {
        {Behaviour::VelocityInWorldFrame,
         0,
         {},
         "initial velocities go to RigidBody3D unrotated, as global vectors (inferred)",
         "G47 body.cpp:231-233",
         std::nullopt},
        {Behaviour::GravityFactorIgnored,
         0,
         {},
         "gravity_scale is never set",
         "G47 body.cpp:292-334",
         std::nullopt},
        {Behaviour::CenterOfMassAtOrigin,
         0,
         {},
         "always CENTER_OF_MASS_MODE_CUSTOM: an absent centerOfMass is the node origin",
         "G47 body.cpp:229-237",
         std::nullopt},
    };
    return t;
}

Target unityTarget()
{
    Target t;
    t.name = "unity-omi";
    t.engine = "Five-Squared-Interactive/omi-gltf-unity 0.1.0 on glTFast 6.0.0 (UNI@e8c62f6)";
    t.family = TargetFamily::Omi;
    t.reads = "OMI E7 only: nested shape sub-objects, capsule mid `height` with radiusTop/radiusBottom";
    t.revision = 2; // the hull cap is counted in triangles, and moot
    t.hullBudget = unityHullBudget();
    using F = Feature;
    using V = Verdict;
    t.rules = {
        {F::FamilyKhr, V::Fails, "reads OMI E7 only",
         "UNI Extensions/PhysicsShape/OMIPhysicsShapeData.cs:126-178"},
        {F::OmiLegacyForm, V::Fails, "OMI_collider and the flat body `type` are not read",
         "UNI Extensions/PhysicsShape/OMIPhysicsShapeData.cs:126-178"},
        {F::ShapeWithoutParameters, V::Differs, "a missing sub-object gives Unity's default collider size",
         "UNI DefaultPhysicsShapeHandler.cs:73-103"},
        {F::Plane, V::Ignored, "no plane shape type", "UNI DefaultPhysicsShapeHandler.cs:73-103"},
        {F::CapsuleLegacy, V::Differs,
         "legacy `radius` is not read (radius 0.5); `height` is read as mid-height",
         "UNI Extensions/PhysicsShape/OMIPhysicsShapeData.cs:126-178"},
        {F::Tapered, V::Differs, "radius = mean of the two radii",
         "UNI DefaultPhysicsShapeHandler.cs:187-230"},
        {F::Cylinder, V::Differs, "a cylinder becomes a CapsuleCollider of the cylinder's height",
         "UNI DefaultPhysicsShapeHandler.cs:187-230"},
        {F::ConvexShape, V::Ignored, "mesh colliders are never built (the mesh table is never filled)",
         "UNI DefaultPhysicsShapeHandler.cs:234-271; Core/OMIImportContext.cs:122-133"},
        {F::TrimeshShape, V::Ignored, "mesh colliders are never built (the mesh table is never filled)",
         "UNI DefaultPhysicsShapeHandler.cs:234-271; Core/OMIImportContext.cs:122-133"},
        {F::NonUniformScale, V::Differs, "Unity primitive colliders under non-uniform scale (inferred)",
         "UNI (inferred)"},
        {F::NodeOrder, V::Fails,
         "node i is mapped to the i-th GameObject of a depth-first walk: components land on the wrong "
         "objects",
         "UNI Core/OMIHierarchyUtility.cs:34-55"},
        {F::CompoundTrigger, V::Differs, "`nodes` only adds a marker component",
         "UNI DefaultPhysicsBodyHandler.cs:325-361"},
        {F::ColliderWithoutMaterial, V::Differs, "Unity's default physics material applies",
         "UNI DefaultPhysicsBodyHandler.cs:94-111"},
        {F::MaterialDefaults, V::Differs, "missing fields: 0.6/0.6/0; absent combine mode: Average",
         "UNI DefaultPhysicsBodyHandler.cs:462-472"},
        {F::MixedCombineModes, V::Differs, "mixed modes resolve by PhysX's priority, not the spec's",
         "UNI PhysicsBody/OMIPhysicsBodyData.cs:202-217"},
        {F::Filter, V::Ignored, "filters are parsed, never applied",
         "UNI DefaultPhysicsBodyHandler.cs:62-67"},
        {F::Joint, V::Differs,
         "ConfigurableJoint: one symmetric linear limit, symmetric Y/Z angular limits, drive mode ignored",
         "UNI DefaultPhysicsJointHandler.cs:208-318"},
        {F::RadialOrConeLimit, V::Differs, "two-axis limits become symmetric per-axis limits",
         "UNI DefaultPhysicsJointHandler.cs:208-318"},
        {F::DriveAcceleration, V::Differs, "drive `mode` is ignored",
         "UNI DefaultPhysicsJointHandler.cs:320-402"},
        {F::InertiaOrientation, V::Differs, "converted as (x, y, -z, -w)", "UNI OMIPhysicsBodyData.cs:100"},
        {F::CenterOfMassAbsent, V::Differs, "absent centerOfMass: Unity computes it (OMI means the origin)",
         "UNI DefaultPhysicsBodyHandler.cs:199-255"},
        {F::InitialVelocity, V::Differs, "velocities mirrored on Z into world space",
         "UNI DefaultPhysicsBodyHandler.cs:222-273"},
        {F::GravityFactor, V::Ignored, "gravityFactor is ignored",
         "UNI DefaultPhysicsBodyHandler.cs:276-277"},
    };
    using M = physics::CombineMode;
    t.absentCombine = M::Average; // UNI DefaultPhysicsBodyHandler.cs:462-472 (unknown or absent: Average)
    t.behaviours = {
        {Behaviour::CombinePrecedence,
         0,
         {M::Maximum, M::Multiply, M::Minimum, M::Average},
         "Unity resolves mixed modes by PhysX's priority: maximum > multiply > minimum > average",
         "UNI PhysicsBody/OMIPhysicsBodyData.cs:202-217",
         std::nullopt},
        {Behaviour::GravityFactorIgnored,
         0,
         {},
         "gravityFactor is ignored",
         "UNI DefaultPhysicsBodyHandler.cs:276-277",
         std::nullopt},
    };
    return t;
}

} // namespace cs::targets
