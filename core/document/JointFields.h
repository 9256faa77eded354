#pragma once

// The joint description's limits and drives as the Joints tab shows them: one row per limit or drive, one
// text per field, parsed back into the model's values. Empty text means "absent" for optional fields.

#include "physics/PhysicsModel.h"

#include <string>

namespace cs::document {

enum class LimitField
{
    Kind,      ///< "linear" or "angular"
    Axes,      ///< "0 1 2" (X, Y, Z as 0, 1, 2)
    Min,       ///< metres or radians; empty: unbounded
    Max,       ///< metres or radians; empty: unbounded
    Stiffness, ///< empty: a hard limit
    Damping,
    Count
};

enum class DriveField
{
    Type, ///< "linear" or "angular"
    Mode, ///< "force" or "acceleration"
    Axis, ///< 0, 1 or 2
    MaxForce,
    PositionTarget,
    VelocityTarget,
    Stiffness,
    Damping,
    Count
};

const char* limitFieldName(LimitField field);
const char* driveFieldName(DriveField field);

std::string limitFieldText(const physics::JointLimit& limit, LimitField field);
std::string driveFieldText(const physics::JointDrive& drive, DriveField field);

/// Sets one field from its text. False (and `limit` unchanged) when the text is not a value of the field:
/// an unknown kind, axes other than distinct 0..2, a number that does not parse, an empty required field.
bool setLimitField(physics::JointLimit& limit, LimitField field, const std::string& text);
bool setDriveField(physics::JointDrive& drive, DriveField field, const std::string& text);

/// One line about a description: "2 limits, 1 drive: linear 0 1 2 locked; angular 0 -1.5..1.5".
std::string jointSummary(const physics::JointDescription& joint);

/// A new limit (all three linear axes locked) and a new drive (linear, force, on X), for "Add".
physics::JointLimit defaultLimit();
physics::JointDrive defaultDrive();

} // namespace cs::document
