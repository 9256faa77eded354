#pragma once

// The field edits of physics objects: one SetField alias per field. Push them with the object's index (the
// shape/material/filter position, or the node index for motion, collider and trigger):
//
//     document.push(new SetMotionMass(&document, node, 12.5));

#include "document/SetField.h"

namespace cs::document {

namespace locate {

template <class T, std::vector<T> physics::PhysicsModel::*List, ChangeEvent::Kind Kind> struct ListItem
{
    using Object = T;
    static constexpr ChangeEvent::Kind kind = Kind;
    static std::vector<T>& list(physics::PhysicsModel& model) { return model.*List; }
    static Object* find(physics::PhysicsModel& model, gltf::GltfDocument&, size_t index)
    {
        auto& items = model.*List;
        return index < items.size() ? &items[index] : nullptr;
    }
};

/// A component of a node's physics (motion, collider or trigger), found by node index.
template <class T, std::optional<T> physics::NodePhysics::*Member, ChangeEvent::Kind Kind>
struct NodeComponent
{
    using Object = T;
    static constexpr ChangeEvent::Kind kind = Kind;
    static Object* find(physics::PhysicsModel& model, gltf::GltfDocument&, size_t node)
    {
        const auto it = model.nodes.find(node);
        if (it == model.nodes.end() || !(it->second.*Member))
            return nullptr;
        return &*(it->second.*Member);
    }
};

using Shape = ListItem<physics::Shape, &physics::PhysicsModel::shapes, ChangeEvent::Kind::Shape>;
using Material =
    ListItem<physics::PhysicsMaterial, &physics::PhysicsModel::materials, ChangeEvent::Kind::Material>;
using Filter = ListItem<physics::CollisionFilter, &physics::PhysicsModel::filters, ChangeEvent::Kind::Filter>;
using Motion = NodeComponent<physics::Motion, &physics::NodePhysics::motion, ChangeEvent::Kind::Body>;
using Collider =
    NodeComponent<physics::Collider, &physics::NodePhysics::collider, ChangeEvent::Kind::Collider>;
using Trigger = NodeComponent<physics::Trigger, &physics::NodePhysics::trigger, ChangeEvent::Kind::Trigger>;

} // namespace locate

namespace text {
inline constexpr char ShapeName[] = "Rename Shape";
inline constexpr char ShapeSize[] = "Change Box Size";
inline constexpr char ShapeRadius[] = "Change Radius";
inline constexpr char ShapeHeight[] = "Change Height";
inline constexpr char ShapeRadiusTop[] = "Change Top Radius";
inline constexpr char ShapeRadiusBottom[] = "Change Bottom Radius";
inline constexpr char ShapeMesh[] = "Change Shape Mesh";
inline constexpr char ShapePlane[] = "Change Plane Size";
inline constexpr char PlaneSizeX[] = "Change Plane Size X";
inline constexpr char PlaneSizeZ[] = "Change Plane Size Z";
inline constexpr char PlaneDoubleSided[] = "Change Plane Sides";
inline constexpr char MotionType[] = "Change Motion Type";
inline constexpr char Mass[] = "Change Mass";
inline constexpr char CenterOfMass[] = "Change Centre of Mass";
inline constexpr char InertiaDiagonal[] = "Change Inertia";
inline constexpr char MassInFile[] = "Leave Mass Out";
inline constexpr char InertiaInFile[] = "Leave Inertia Out";
inline constexpr char CenterOfMassInFile[] = "Leave Centre of Mass Out";
inline constexpr char InertiaOrientation[] = "Change Inertia Orientation";
inline constexpr char LinearVelocity[] = "Change Linear Velocity";
inline constexpr char AngularVelocity[] = "Change Angular Velocity";
inline constexpr char GravityFactor[] = "Change Gravity Factor";
inline constexpr char AssignShape[] = "Assign Shape";
inline constexpr char AssignMaterial[] = "Assign Physics Material";
inline constexpr char AssignFilter[] = "Assign Collision Filter";
inline constexpr char MaterialName[] = "Rename Physics Material";
inline constexpr char StaticFriction[] = "Change Static Friction";
inline constexpr char DynamicFriction[] = "Change Dynamic Friction";
inline constexpr char Restitution[] = "Change Restitution";
inline constexpr char FrictionCombine[] = "Change Friction Combine Mode";
inline constexpr char RestitutionCombine[] = "Change Restitution Combine Mode";
inline constexpr char FilterName[] = "Rename Collision Filter";
inline constexpr char CollisionSystems[] = "Change Collision Systems";
inline constexpr char CollideWith[] = "Change Collide-With Systems";
inline constexpr char NotCollideWith[] = "Change Not-Collide-With Systems";
inline constexpr char TriggerNodes[] = "Change Compound Trigger Nodes";
} // namespace text

namespace field {

using P = ChangeEvent::Property;
using physics::Collider;
using physics::CollisionFilter;
using physics::Motion;
using physics::PhysicsMaterial;
using physics::Shape;
using physics::Trigger;

using ShapeName = SourceNameField<Shape, MergeId::ShapeName, text::ShapeName>;
using ShapeSize = MemberField<Shape, &Shape::size, MergeId::ShapeSize, P::ShapeParameters, text::ShapeSize>;
using ShapeRadius =
    MemberField<Shape, &Shape::radius, MergeId::ShapeRadius, P::ShapeParameters, text::ShapeRadius>;
using ShapeHeight =
    MemberField<Shape, &Shape::height, MergeId::ShapeHeight, P::ShapeParameters, text::ShapeHeight>;
using ShapeRadiusTop =
    MemberField<Shape, &Shape::radiusTop, MergeId::ShapeRadiusTop, P::ShapeParameters, text::ShapeRadiusTop>;
using ShapeRadiusBottom = MemberField<Shape, &Shape::radiusBottom, MergeId::ShapeRadiusBottom,
                                      P::ShapeParameters, text::ShapeRadiusBottom>;
using ShapeMesh = MemberField<Shape, &Shape::mesh, MergeId::None, P::ShapeParameters, text::ShapeMesh>;
using ShapePlane =
    MemberField<Shape, &Shape::plane, MergeId::ShapePlane, P::ShapeParameters, text::ShapePlane>;

/// One extent of a KHR plane in metres, 0 when the file leaves it out (a plane with neither is unbounded).
/// Setting 0 or less leaves it out. A shape that is not a plane reads 0 and is left alone.
template <std::optional<double> physics::PlaneParams::*Size, MergeId Merge, const char* Text>
struct PlaneSizeField
{
    using Object = Shape;
    using Value = double;
    static constexpr bool partial = true; ///< planes only
    static constexpr MergeId mergeId = Merge;
    static constexpr std::uint32_t property = P::ShapeParameters;
    static Value get(const Object& s) { return s.plane ? ((*s.plane).*Size).value_or(0.0) : 0.0; }
    static void set(Object& s, Value v)
    {
        if (!s.plane)
            return;
        if (v > 0.0)
            (*s.plane).*Size = v;
        else
            ((*s.plane).*Size).reset();
    }
    static const char* text() { return Text; }
};
using PlaneSizeX = PlaneSizeField<&physics::PlaneParams::sizeX, MergeId::PlaneSizeX, text::PlaneSizeX>;
using PlaneSizeZ = PlaneSizeField<&physics::PlaneParams::sizeZ, MergeId::PlaneSizeZ, text::PlaneSizeZ>;

/// Whether a KHR plane collides on both sides. A shape that is not a plane reads false and is left alone.
struct PlaneDoubleSided
{
    using Object = Shape;
    using Value = bool;
    static constexpr bool partial = true; ///< planes only
    static constexpr MergeId mergeId = MergeId::None;
    static constexpr std::uint32_t property = P::ShapeParameters;
    static Value get(const Object& s) { return s.plane && s.plane->doubleSided; }
    static void set(Object& s, Value v)
    {
        if (s.plane)
            s.plane->doubleSided = v;
    }
    static const char* text() { return text::PlaneDoubleSided; }
};

using MotionType = MemberField<Motion, &Motion::type, MergeId::None, P::MotionType, text::MotionType>;
/// A value the file may leave out, as a row edits it: the file's value, or `Fallback` where it has none (the
/// panels say what an absent value means in the document's family); setting writes the value.
template <auto Member, class V, MergeId Merge, std::uint32_t Property, const char* Text> struct GivenField
{
    using Object = Motion;
    using Value = V;
    static constexpr MergeId mergeId = Merge;
    static constexpr std::uint32_t property = Property;
    static Value get(const Object& o);
    static bool given(const Object& o) { return (o.*Member).has_value(); }
    static void set(Object& o, const Value& v) { o.*Member = v; }
    static const char* text() { return Text; }
};
/// Mass in kg; absent reads as OMI's default, 1 kg.
using Mass = GivenField<&Motion::mass, double, MergeId::MotionMass, P::Mass, text::Mass>;
template <> inline double Mass::get(const Motion& o)
{
    return o.mass.value_or(1.0);
}
/// Centre of mass in the node frame; absent reads as the origin (OMI's meaning; KHR computes it, the panel
/// says so).
using CenterOfMass = GivenField<&Motion::centerOfMass, physics::Vec3, MergeId::MotionCenterOfMass,
                                P::CenterOfMass, text::CenterOfMass>;
template <> inline physics::Vec3 CenterOfMass::get(const Motion& o)
{
    return o.centerOfMass.value_or(physics::Vec3{0, 0, 0});
}
/// Principal moments in kg m^2; absent (computed) reads as zeros.
using InertiaDiagonal = GivenField<&Motion::inertiaDiagonal, physics::Vec3, MergeId::MotionInertiaDiagonal,
                                   P::Inertia, text::InertiaDiagonal>;
template <> inline physics::Vec3 InertiaDiagonal::get(const Motion& o)
{
    return o.inertiaDiagonal.value_or(physics::Vec3{0, 0, 0});
}
/// Mass and inertia as the file has them: nullopt leaves the key out (OMI: 1 kg and computed inertia; KHR:
/// both computed by the engine), the way back from a written value to the family's reading of none.
using MassInFile = MemberField<Motion, &Motion::mass, MergeId::None, P::Mass, text::MassInFile>;
using InertiaInFile =
    MemberField<Motion, &Motion::inertiaDiagonal, MergeId::None, P::Inertia, text::InertiaInFile>;
/// The centre of mass as the file has it: nullopt leaves the key out (OMI: the node origin; KHR: computed).
using CenterOfMassInFile =
    MemberField<Motion, &Motion::centerOfMass, MergeId::None, P::CenterOfMass, text::CenterOfMassInFile>;
using InertiaOrientation = MemberField<Motion, &Motion::inertiaOrientation, MergeId::MotionInertiaOrientation,
                                       P::Inertia, text::InertiaOrientation>;
using LinearVelocity = MemberField<Motion, &Motion::linearVelocity, MergeId::MotionLinearVelocity,
                                   P::LinearVelocity, text::LinearVelocity>;
using AngularVelocity = MemberField<Motion, &Motion::angularVelocity, MergeId::MotionAngularVelocity,
                                    P::AngularVelocity, text::AngularVelocity>;
using GravityFactor = MemberField<Motion, &Motion::gravityFactor, MergeId::MotionGravityFactor,
                                  P::GravityFactor, text::GravityFactor>;

using ColliderShape = MemberField<Collider, &Collider::shape, MergeId::None, P::ShapeRef, text::AssignShape>;
using ColliderMaterial =
    MemberField<Collider, &Collider::physicsMaterial, MergeId::None, P::MaterialRef, text::AssignMaterial>;
using ColliderFilter =
    MemberField<Collider, &Collider::collisionFilter, MergeId::None, P::FilterRef, text::AssignFilter>;
using TriggerShape = MemberField<Trigger, &Trigger::shape, MergeId::None, P::ShapeRef, text::AssignShape>;
using TriggerFilter =
    MemberField<Trigger, &Trigger::collisionFilter, MergeId::None, P::FilterRef, text::AssignFilter>;

/// The member list of a compound trigger. Setting it makes the compound explicit (a legacy implicit compound
/// is written as the list it stands for).
struct TriggerNodes
{
    using Object = Trigger;
    using Value = std::vector<int>;
    static constexpr MergeId mergeId = MergeId::None;
    static constexpr std::uint32_t property = P::TriggerNodes;
    static Value get(const Object& t) { return t.nodes; }
    static void set(Object& t, const Value& v)
    {
        t.nodes = v;
        t.implicitCompound = false;
    }
    static const char* text() { return text::TriggerNodes; }
};

using MaterialName = SourceNameField<PhysicsMaterial, MergeId::MaterialName, text::MaterialName>;
using StaticFriction = MemberField<PhysicsMaterial, &PhysicsMaterial::staticFriction,
                                   MergeId::MaterialStaticFriction, P::Friction, text::StaticFriction>;
using DynamicFriction = MemberField<PhysicsMaterial, &PhysicsMaterial::dynamicFriction,
                                    MergeId::MaterialDynamicFriction, P::Friction, text::DynamicFriction>;
using Restitution = MemberField<PhysicsMaterial, &PhysicsMaterial::restitution, MergeId::MaterialRestitution,
                                P::Restitution, text::Restitution>;
using FrictionCombine = MemberField<PhysicsMaterial, &PhysicsMaterial::frictionCombine, MergeId::None,
                                    P::CombineModes, text::FrictionCombine>;
using RestitutionCombine = MemberField<PhysicsMaterial, &PhysicsMaterial::restitutionCombine, MergeId::None,
                                       P::CombineModes, text::RestitutionCombine>;

using FilterName = SourceNameField<CollisionFilter, MergeId::FilterName, text::FilterName>;
using CollisionSystems = MemberField<CollisionFilter, &CollisionFilter::collisionSystems, MergeId::None,
                                     P::Systems, text::CollisionSystems>;
using CollideWithSystems = MemberField<CollisionFilter, &CollisionFilter::collideWithSystems, MergeId::None,
                                       P::Systems, text::CollideWith>;
using NotCollideWithSystems = MemberField<CollisionFilter, &CollisionFilter::notCollideWithSystems,
                                          MergeId::None, P::Systems, text::NotCollideWith>;

} // namespace field

using SetShapeName = SetField<locate::Shape, field::ShapeName>;
using SetShapeSize = SetField<locate::Shape, field::ShapeSize>;
using SetShapeRadius = SetField<locate::Shape, field::ShapeRadius>;
using SetShapeHeight = SetField<locate::Shape, field::ShapeHeight>;
using SetShapeRadiusTop = SetField<locate::Shape, field::ShapeRadiusTop>;
using SetShapeRadiusBottom = SetField<locate::Shape, field::ShapeRadiusBottom>;
using SetShapeMesh = SetField<locate::Shape, field::ShapeMesh>;
/// A plane's sizes (KHR_implicit_shapes); only for shapes that are planes.
using SetShapePlane = SetField<locate::Shape, field::ShapePlane>;
using SetPlaneSizeX = SetField<locate::Shape, field::PlaneSizeX>;
using SetPlaneSizeZ = SetField<locate::Shape, field::PlaneSizeZ>;
using SetPlaneDoubleSided = SetField<locate::Shape, field::PlaneDoubleSided>;

using SetMotionType = SetField<locate::Motion, field::MotionType>;
using SetMotionMass = SetField<locate::Motion, field::Mass>;
using SetCenterOfMass = SetField<locate::Motion, field::CenterOfMass>;
using SetInertiaDiagonal = SetField<locate::Motion, field::InertiaDiagonal>;
using SetInertiaOrientation = SetField<locate::Motion, field::InertiaOrientation>;
using SetMassInFile = SetField<locate::Motion, field::MassInFile>;
using SetInertiaInFile = SetField<locate::Motion, field::InertiaInFile>;
using SetCenterOfMassInFile = SetField<locate::Motion, field::CenterOfMassInFile>;
using SetLinearVelocity = SetField<locate::Motion, field::LinearVelocity>;
using SetAngularVelocity = SetField<locate::Motion, field::AngularVelocity>;
using SetGravityFactor = SetField<locate::Motion, field::GravityFactor>;

using SetColliderShape = SetField<locate::Collider, field::ColliderShape>;
using SetColliderMaterial = SetField<locate::Collider, field::ColliderMaterial>;
using SetColliderFilter = SetField<locate::Collider, field::ColliderFilter>;
using SetTriggerShape = SetField<locate::Trigger, field::TriggerShape>;
using SetTriggerFilter = SetField<locate::Trigger, field::TriggerFilter>;
using SetTriggerNodes = SetField<locate::Trigger, field::TriggerNodes>;

using SetMaterialName = SetField<locate::Material, field::MaterialName>;
using SetStaticFriction = SetField<locate::Material, field::StaticFriction>;
using SetDynamicFriction = SetField<locate::Material, field::DynamicFriction>;
using SetRestitution = SetField<locate::Material, field::Restitution>;
using SetFrictionCombine = SetField<locate::Material, field::FrictionCombine>;
using SetRestitutionCombine = SetField<locate::Material, field::RestitutionCombine>;

using SetFilterName = SetField<locate::Filter, field::FilterName>;
using SetCollisionSystems = SetField<locate::Filter, field::CollisionSystems>;
using SetCollideWithSystems = SetField<locate::Filter, field::CollideWithSystems>;
using SetNotCollideWithSystems = SetField<locate::Filter, field::NotCollideWithSystems>;

} // namespace cs::document
