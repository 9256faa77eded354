#pragma once

#include "Diagnostic.h"
#include "physics/PhysicsModel.h"

namespace cs::physics {

// Joint descriptions and node joints. KHR_physics_rigid_bodies and the newest OMI_physics_joint (2024) spell
// them field for field the same, so one reader and one writer serve both families.

/// One `physicsJoints[i]` object. Bad values give error diagnostics and are left unset.
JointDescription readJointDescription(const Json& object, const std::string& pointer,
                                      Diagnostics& diagnostics);
/// A node's joint object ({connectedNode, joint, enableCollision}).
NodeJoint readNodeJoint(const Json& object, const std::string& pointer, Diagnostics& diagnostics);

/// Reads the document and node OMI_physics_joint objects into the model. The document list is read from
/// `physicsJoints` and, as the extension's schema names it, from `constraints`; the 2023 form (constraints of
/// lowerLimit/upperLimit, nodes with nodeA/nodeB) is reported and left as it is (jointsKeptAsRead).
void readOmiJoints(const Json& root, PhysicsModel& model, Diagnostics& diagnostics);

/// The JSON of a joint description or node joint; an unchanged object gives back its source. Every value
/// the model holds is written; absent optional values stay absent (they mean unbounded / hard / unlimited).
Json jointDescriptionToJson(const JointDescription& joint);
Json nodeJointToJson(const NodeJoint& joint);

/// Writes the joints as OMI_physics_joint (document `physicsJoints`, never `constraints`, and node objects),
/// and lists the extension in extensionsUsed exactly when it is used. A model with jointsKeptAsRead leaves
/// the extension untouched.
void writeOmiJoints(const PhysicsModel& model, Json& root);

} // namespace cs::physics
