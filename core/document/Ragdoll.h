#pragma once

// "Add Ragdoll": a dynamic body with a capsule (or box) on every bone of a skinned character and a joint
// between each bone and its parent, limited as the bone's role allows. Three steps, as every heavy tool:
//   1. gatherRagdoll(doc, graph, options)  the skeleton: bones, their pose, the skinned vertices of each bone
//   2. planRagdoll(input)                  pure: which bones, the shapes, masses, joint frames and ranges
//   3. applyRagdoll(document, plan)        everything as ONE undo step, in the document's family
// addRagdoll() runs the three in a row. Units: metres, kilograms, radians; the world is the scene's.

#include "Diagnostic.h"
#include "document/RagdollPresets.h"
#include "geometry/Transform.h"
#include "gltf/GltfDocument.h"
#include "gltf/SceneGraph.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cs::document {

class Document;

enum class RagdollShape
{
    Capsule,
    Box
};

struct RagdollOptions
{
    double totalMass = 70.0; ///< kg, split over the bodies by their shapes' volumes
    RagdollShape shape = RagdollShape::Capsule;
    double minBoneLength = 0.05;  ///< metres: a shorter bone gets no body (its children join its parent)
    double weightThreshold = 0.4; ///< a vertex belongs to each bone whose weight for it is at least this
    bool includeFingers = false;  ///< also fingers and toes
    RagdollPreset preset = RagdollPreset::Auto;
};

/// One joint of a skin (a bone), as gathered.
struct RagdollBone
{
    size_t node = 0;
    std::string name;
    BoneRole role = BoneRole::Other;
    std::optional<size_t> parent; ///< index into RagdollInput::bones: the nearest ancestor that is a bone
    geometry::Mat4d world;        ///< the node's world transform now
    std::vector<geometry::Vec3d> points; ///< world positions of the vertices weighted to it (posed skin)

    bool operator==(const RagdollBone&) const = default;
};

struct RagdollInput
{
    RagdollOptions options;
    std::vector<RagdollBone> bones; ///< parents before children
    bool vrmNames = false;          ///< roles came from a VRM humanoid mapping
    std::uint64_t revision = 0;     ///< Document::revision() when gathered (0 without a Document)
};

/// One body of the plan: on a bone's node, its shape on a new child node.
struct RagdollBody
{
    size_t bone = 0;              ///< index into RagdollInput::bones
    std::optional<size_t> parent; ///< index into RagdollPlan::bodies: the nearest ancestor with a body
    RagdollShape shape = RagdollShape::Capsule;
    double radius = 0, height = 0; ///< capsule: radius and distance between the sphere centres (metres)
    geometry::Vec3d size;          ///< box: full extents along the shape frame's X, Y (the bone), Z
    geometry::Vec3d centre;        ///< world
    geometry::Quatd rotation;      ///< world: the shape frame, its Y along the bone
    double volume = 0, mass = 0;
    /// kg m^2 about the centre, along the shape frame's axes; see planRagdoll for the floor on the smallest.
    geometry::Vec3d inertia;
    double length = 0; ///< the bone's length (head to child head, or its vertices' extent)
    size_t points = 0;
    /// Bodies this one overlaps at rest without a joint between them (indices into RagdollPlan::bodies):
    /// left to collide, they would push each other apart from the first step (the chest's capsule reaches
    /// past a short neck into the head's), so the two get collision filters that keep them apart.
    std::vector<size_t> noCollide;
};

/// One joint: between a body and its parent body, at the child bone's head.
struct RagdollJoint
{
    size_t parentBody = 0, childBody = 0; ///< indices into RagdollPlan::bodies
    geometry::Vec3d anchor;               ///< world: the child bone's head
    geometry::Quatd rotation;             ///< world: X along the child bone, Z its bend axis
    JointRanges ranges;
    BoneRole role = BoneRole::Other;
};

struct RagdollPlan
{
    RagdollInput input;
    bool humanoid = false; ///< the preset used
    std::vector<RagdollBody> bodies;
    std::vector<RagdollJoint> joints;
    std::vector<size_t> skipped; ///< bones left without a body (indices into input.bones)
    Diagnostics diagnostics;     ///< errors mean there is nothing to apply
};

/// Step 1: every bone of every skin used by a mesh node of the document, with the skinned vertices (their
/// posed positions, skinned with the joints' world matrices and inverse bind matrices) whose weight for it
/// reaches options.weightThreshold. Errors: RAGDOLL_NO_SKIN when no mesh node has a skin, accessor errors.
Result<RagdollInput> gatherRagdoll(const gltf::GltfDocument& doc, const gltf::SceneGraph& graph,
                                   const RagdollOptions& options);
/// Step 1 on a Document: as above, tagged with the document's revision.
Result<RagdollInput> gatherRagdoll(const Document& document, const RagdollOptions& options);
/// Step 2: the bodies and joints (see the file comment); RAGDOLL_NO_BONES when no bone qualifies.
RagdollPlan planRagdoll(RagdollInput input);

struct RagdollReport
{
    size_t bodies = 0, joints = 0;
    std::string preset; ///< "humanoid" or "generic"
    std::vector<size_t> bodyNodes, jointNodes;
    Diagnostics diagnostics;
    bool pushed = false;
};

/// Step 3: one undo step "Add Ragdoll": per body a motion on the bone's node (mass, centre of mass) and a
/// collider child node (with a collision filter, system "<bone> ragdoll", when it has noCollide bodies); per
/// joint a joint node under the parent bone and its connected node under the child bone, both at the anchor,
/// a joint description per role. Refused (RAGDOLL_BODY_EXISTS) when a bone already has a body,
/// (DOCUMENT_CHANGED) when the document changed since gathering.
RagdollReport applyRagdoll(Document& document, const RagdollPlan& plan);
/// What applyRagdoll would refuse `plan` for on `document` as it is (RAGDOLL_BODY_EXISTS) or warn of
/// (RAGDOLL_BONE_UNEVEN_SCALE), without pushing anything: a tool says so before its Apply.
Diagnostics checkRagdoll(const Document& document, const RagdollPlan& plan);
/// The three steps in a row.
RagdollReport addRagdoll(Document& document, const RagdollOptions& options);

} // namespace cs::document
