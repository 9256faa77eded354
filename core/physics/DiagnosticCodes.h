#pragma once

// The stable codes of every physics diagnostic. Tools and tests match on these strings, so a code is never
// renamed or reused for another meaning; add new ones instead.

#include <string_view>

namespace cs::physics::code {

// Reading: a legacy or non-conforming form was understood and converted to the newest meaning (info unless
// noted).
inline constexpr const char* LegacyInlineCollider = "LEGACY_INLINE_COLLIDER"; // V1 2022 draft node collider
inline constexpr const char* LegacyOmiCollider = "LEGACY_OMI_COLLIDER";       // V2 OMI_collider
inline constexpr const char* LegacyBodyType = "LEGACY_BODY_TYPE";             // V3 body `type`
inline constexpr const char* LegacyFlatShape = "LEGACY_FLAT_SHAPE";           // V4 flat shape parameters
inline constexpr const char* LegacyNodeShape = "LEGACY_NODE_SHAPE"; // V5 node-level OMI_physics_shape
inline constexpr const char* LegacyShapeTypeAlias =
    "LEGACY_SHAPE_TYPE_ALIAS";                                        // hull -> convex, mesh -> trimesh
inline constexpr const char* LegacyBoxExtents = "LEGACY_BOX_EXTENTS"; // draft half extents
inline constexpr const char* LegacyIsTrigger = "LEGACY_IS_TRIGGER";
inline constexpr const char* LegacyInertiaTensor = "LEGACY_INERTIA_TENSOR";
inline constexpr const char* LegacyCapsuleHeight = "LEGACY_CAPSULE_HEIGHT";      // full height -> mid-height
inline constexpr const char* LegacyCapsuleTooShort = "LEGACY_CAPSULE_TOO_SHORT"; // warning: full height < 2r
inline constexpr const char* LegacyCylinderRadius = "LEGACY_CYLINDER_RADIUS";
inline constexpr const char* LegacyImplicitCompoundTrigger = "LEGACY_IMPLICIT_COMPOUND_TRIGGER"; // warning
inline constexpr const char* ShapeParamsMissing = "SHAPE_PARAMS_MISSING"; // warning: defaults applied
inline constexpr const char* MotionTypeMissing = "MOTION_TYPE_MISSING";   // warning: dynamic assumed
inline constexpr const char* IndexSentinel = "INDEX_SENTINEL";            // warning: -1 written

// Structure and values (errors unless noted).
inline constexpr const char* WrongType = "PHYSICS_WRONG_TYPE";
inline constexpr const char* ArrayLength = "PHYSICS_ARRAY_LENGTH";
inline constexpr const char* ShapeTypeUnknown = "SHAPE_TYPE_UNKNOWN";
inline constexpr const char* MotionTypeUnknown = "MOTION_TYPE_UNKNOWN";
inline constexpr const char* CombineModeUnknown = "COMBINE_MODE_UNKNOWN";
inline constexpr const char* ShapeIndexInvalid = "SHAPE_INDEX_INVALID";
inline constexpr const char* MeshIndexInvalid = "MESH_INDEX_INVALID";
inline constexpr const char* MaterialIndexInvalid = "MATERIAL_INDEX_INVALID";
inline constexpr const char* FilterIndexInvalid = "FILTER_INDEX_INVALID";
inline constexpr const char* TriggerNodeIndexInvalid = "TRIGGER_NODE_INDEX_INVALID";
inline constexpr const char* ShapeSizeInvalid = "SHAPE_SIZE_INVALID"; // size/height <= 0, radius < 0
inline constexpr const char* ShapeDegenerate = "SHAPE_DEGENERATE";    // a size, radius or height below 1e-6 m
inline constexpr const char* InertiaOrientationNotUnit = "INERTIA_ORIENTATION_NOT_UNIT"; // warning
inline constexpr const char* MassNegative = "MASS_NEGATIVE";
inline constexpr const char* MaterialValueNegative = "MATERIAL_VALUE_NEGATIVE";
inline constexpr const char* FilterBothMasks = "FILTER_BOTH_MASKS";
inline constexpr const char* TriggerShapeAndNodes = "TRIGGER_SHAPE_AND_NODES";
inline constexpr const char* TriggerEmpty = "TRIGGER_EMPTY"; // warning
inline constexpr const char* CompoundTriggerFilter = "COMPOUND_TRIGGER_FILTER";
inline constexpr const char* CompoundTriggerNotDescendant = "COMPOUND_TRIGGER_NOT_DESCENDANT";
inline constexpr const char* CompoundTriggerMemberNotTrigger = "COMPOUND_TRIGGER_MEMBER_NOT_TRIGGER";
inline constexpr const char* TrimeshOnDynamic = "TRIMESH_ON_DYNAMIC"; // warning
inline constexpr const char* TrimeshTrigger = "TRIMESH_TRIGGER";      // warning
inline constexpr const char* MeshNotTriangles = "MESH_NOT_TRIANGLES";
inline constexpr const char* MeshMultiplePrimitives = "MESH_MULTIPLE_PRIMITIVES"; // warning
inline constexpr const char* MeshNoTriangles = "MESH_NO_TRIANGLES";
inline constexpr const char* HullPointLimit = "HULL_POINT_LIMIT";   // warning (compatibility)
inline constexpr const char* ConvexFlat = "CONVEX_FEW_POINTS";      // < 4 points not in one plane
inline constexpr const char* ShapeNodeScaled = "SHAPE_NODE_SCALED"; // info: uniform scale
inline constexpr const char* ShapeNodeNonUniformScale = "SHAPE_NODE_NONUNIFORM_SCALE"; // warning
inline constexpr const char* BodyWithoutShapes = "BODY_WITHOUT_SHAPES";                // warning
inline constexpr const char* NestedMotion = "NESTED_MOTION";                           // info
inline constexpr const char* ExtensionNotDeclared = "EXTENSION_NOT_DECLARED";
inline constexpr const char* ExtensionRequired = "PHYSICS_EXTENSION_REQUIRED"; // warning: optional extension

// Joints (OMI_physics_joint and KHR joints).
inline constexpr const char* DriveValueUnknown = "DRIVE_VALUE_UNKNOWN";     // drive type/mode not in the enum
inline constexpr const char* JointConstraintsKey = "JOINT_CONSTRAINTS_KEY"; // info: OMI `constraints` key
inline constexpr const char* JointLegacyForm = "JOINT_LEGACY_FORM";         // warning: 2023 form kept as is
inline constexpr const char* JointLimitAxes = "JOINT_LIMIT_AXES"; // not exactly one set of distinct 0..2 axes
inline constexpr const char* JointLimitRange = "JOINT_LIMIT_RANGE";        // min > max
inline constexpr const char* JointAngleBeyondPi = "JOINT_ANGLE_BEYOND_PI"; // warning
inline constexpr const char* DriveIncomplete = "DRIVE_INCOMPLETE";         // type, mode or axis missing/bad
inline constexpr const char* JointIndexInvalid = "JOINT_INDEX_INVALID";
inline constexpr const char* JointConnectedNodeInvalid = "JOINT_CONNECTED_NODE_INVALID";
inline constexpr const char* JointConnectedSelf = "JOINT_CONNECTED_SELF";
inline constexpr const char* JointNoBody = "JOINT_NO_BODY";

// Rules of the 2024-2026 revisions shared by both families.
inline constexpr const char* GeometryNotOne = "GEOMETRY_NOT_ONE"; // KHR geometry: not exactly one of 3 keys
inline constexpr const char* PlaneOneSize = "PLANE_ONE_SIZE";     // warning: sizeX without sizeZ or back
inline constexpr const char* CompoundTriggerDuplicate = "COMPOUND_TRIGGER_DUPLICATE";
inline constexpr const char* CollisionSystemsMany = "COLLISION_SYSTEMS_MANY"; // warning: > 32 systems
inline constexpr const char* MassInfinite = "MASS_INFINITE";                  // info: mass 0
inline constexpr const char* InertiaInfinite = "INERTIA_INFINITE";            // info: KHR inertia component 0
inline constexpr const char* CombineModeResolved = "COMBINE_MODE_RESOLVED";   // info: the mode that applies

// Writing.
inline constexpr const char* WriteLegacyRemoved = "WRITE_LEGACY_REMOVED";              // info
inline constexpr const char* WriteDroppedEmptyTrigger = "WRITE_DROPPED_EMPTY_TRIGGER"; // warning
inline constexpr const char* WriteRepeatedKeyDropped = "WRITE_REPEATED_KEY_DROPPED";   // info
inline constexpr const char* OmiNotExpressible = "OMI_NOT_EXPRESSIBLE"; // warning: lost writing OMI
inline constexpr const char* WriteShapeReferenceRenumbered = "WRITE_SHAPE_REFERENCE_RENUMBERED"; // info
inline constexpr const char* WriteShapeListKept = "WRITE_SHAPE_LIST_KEPT"; // info: another extension uses it

// KHR import and export.
inline constexpr const char* KhrImported = "KHR_IMPORTED";                 // info
inline constexpr const char* KhrLegacyShapesKey = "KHR_LEGACY_SHAPES_KEY"; // info: KHR_collision_shapes
inline constexpr const char* KhrPlaneUnsupported =
    "KHR_PLANE_UNSUPPORTED";                                           // no longer given: planes are read
inline constexpr const char* KhrShapeTypeKept = "KHR_SHAPE_TYPE_KEPT"; // warning: unknown type kept as is
inline constexpr const char* KhrGeometryNodeTransform = "KHR_GEOMETRY_NODE_TRANSFORM"; // warning
inline constexpr const char* KhrGeometryDeformed = "KHR_GEOMETRY_DEFORMED"; // info: skin/morph applied
inline constexpr const char* KhrMassComputed = "KHR_MASS_COMPUTED";         // info
inline constexpr const char* KhrNotExpressible = "KHR_NOT_EXPRESSIBLE";     // warning on export
inline constexpr const char* KhrDegenerateShape = "KHR_DEGENERATE_SHAPE";   // warning on export
inline constexpr const char* KhrWriterSlip = "KHR_WRITER_SLIP"; // warning: a known writer's slip, read

// MSFT_rigid_bodies + MSFT_collision_primitives (read only; written as KHR or OMI).
inline constexpr const char* MsftImported = "MSFT_IMPORTED"; // info
inline constexpr const char* MsftColliderUnreadable =
    "MSFT_COLLIDER_UNREADABLE"; // error: no shape sub-object
inline constexpr const char* MsftColliderType =
    "MSFT_COLLIDER_TYPE";                                         // warning: `type` names another sub-object
inline constexpr const char* MsftNotCarried = "MSFT_NOT_CARRIED"; // warning: lost writing KHR or OMI
inline constexpr const char* MsftKept = "MSFT_KEPT"; // info: OMI or KHR read, the MSFT data left as it is

/// True for the reading notes that describe a conversion from a legacy form (LEGACY_*, KHR_LEGACY_SHAPES_KEY,
/// JOINT_CONSTRAINTS_KEY). They describe the file as opened; a save after a physics edit writes the newest
/// form of the file's family, and then they no longer apply. KHR_IMPORTED is not one: a KHR file is saved as
/// KHR.
inline bool isConversionNote(std::string_view c)
{
    return c.substr(0, 7) == "LEGACY_" || c == KhrLegacyShapesKey || c == JointConstraintsKey;
}

} // namespace cs::physics::code
