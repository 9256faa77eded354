#pragma once

#include <QColor>

namespace cs::ui {

/// The parts of a joint's drawing, each in its own colour (see scene::JointLines).
enum class JointPart
{
    Frames, ///< both attachment frames
    Links,  ///< joint frame to connected frame, body to body
    Limits,
    Drives,
    Count
};

QColor jointColor(JointPart part);
const char* jointPartName(JointPart part);

} // namespace cs::ui
