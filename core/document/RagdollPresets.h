#pragma once

// What a ragdoll's joints allow, by bone: a bone's role read from its name (VRM's humanoid bone names,
// Mixamo's, common rig names such as Unreal's and Blender's) and the angular ranges of that role's joint.

#include <optional>
#include <string>

namespace cs::document {

/// The part of a humanoid skeleton a bone is, whichever side; Other for a bone no preset names.
enum class BoneRole
{
    Hips,
    Spine,
    Chest,
    Neck,
    Head,
    Shoulder,
    UpperArm,
    LowerArm,
    Hand,
    UpperLeg,
    LowerLeg,
    Foot,
    Toes,
    Finger,
    Other,
};
const char* boneRoleName(BoneRole role);

/// The role a bone's name gives: a rig's prefix ("mixamorig:", "Armature|") and side markers ("Left",
/// "_l", ".R", ...) are set aside, case and separators ignored, and what is left compared with the names
/// VRM, Mixamo and common rigs use ("LeftUpLeg", "thigh_l", "upper_arm.L", "leftUpperArm" are all UpperLeg
/// or UpperArm). Other when none matches.
BoneRole boneRoleFromName(const std::string& name);

enum class RagdollPreset
{
    Auto,     ///< humanoid when the skeleton's names make a humanoid (hips, arms and legs), else generic
    Humanoid, ///< limits by role; bones of no role get the generic limits
    Generic,  ///< the same moderate limits for every joint
};
const char* ragdollPresetName(RagdollPreset preset);
std::optional<RagdollPreset> ragdollPresetFromName(const std::string& name);

/// The ranges, in radians, of a joint whose frame has X along the child bone (twist), Z the axis the bone
/// bends about towards its bend direction (positive angles bend it that way) and Y = Z x X. A range
/// symmetric about 0 with the same half-width on Y and Z is a cone.
struct JointRanges
{
    double twistMin = 0, twistMax = 0;
    double swingMin = 0, swingMax = 0; ///< about Y
    double bendMin = 0, bendMax = 0;   ///< about Z
    /// Which way a positive bend turns the bone: towards the character's front (1) for most joints, its
    /// back (-1) for a knee (the shin goes back).
    double bendDirection = 1;
    bool cone() const { return swingMin == -swingMax && bendMin == -bendMax && swingMax == bendMax; }
};

/// The ranges of a joint whose child bone has `role`, under a humanoid (true) or the generic preset.
JointRanges jointRanges(BoneRole role, bool humanoid);

} // namespace cs::document
