#pragma once

// Procedural skinned humanoids for the ragdoll tests: a T-posed character 1.8 m tall facing +Z, one tube of
// vertices per bone, each tube's vertices weighted to its bone (the ring at the bone's head shared 0.65/0.35
// with the parent bone), the bones named as Mixamo, a common rig (Unreal's) or not at all.

#include "geometry/Vec3d.h"
#include "gltf/GltfDocument.h"

#include <string>
#include <vector>

namespace cs::test {

enum class RigNaming
{
    Mixamo, ///< mixamorig:Hips, mixamorig:LeftUpLeg, ...
    Common, ///< pelvis, spine_01, upperarm_l, thigh_l, ...
    Plain,  ///< Bone0, Bone1, ...: no preset recognises them
};

/// One bone of the test character, as built.
struct CharacterBone
{
    std::string name;
    int parent = -1;      ///< index into the list
    geometry::Vec3d head; ///< world, at rest
    geometry::Vec3d tail; ///< where its tube ends (its child's head, or the end of a leaf)
    double radius = 0;    ///< of its tube (0: no vertices, an end bone)
    bool fingerOrToe = false;
};

/// The character's bones (the same for every naming), parents first.
std::vector<CharacterBone> characterBones(RigNaming naming);

/// The glTF of the character: node i is bone i (under an "Armature" root node scaled by `armatureScale`,
/// the bones' translations divided by it, as Mixamo exports do with 0.01), then the armature, then the
/// skinned mesh node "Body". The buffer is a data: URI. `lift` raises the whole character (metres).
gltf::Json characterGltf(RigNaming naming, double armatureScale = 1.0, double lift = 0.0);

} // namespace cs::test
