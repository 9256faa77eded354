#include "document/JointFields.h"

#include <algorithm>
#include <charconv>
#include <sstream>

namespace cs::document {

namespace {

std::string number(double v)
{
    std::ostringstream out;
    out << v;
    return out.str();
}

std::string optionalNumber(const std::optional<double>& v)
{
    return v ? number(*v) : std::string();
}

std::string trimmed(const std::string& text)
{
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos)
        return {};
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

std::optional<double> parseNumber(const std::string& text)
{
    const std::string t = trimmed(text);
    double v = 0;
    const auto [end, error] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (t.empty() || error != std::errc() || end != t.data() + t.size())
        return std::nullopt;
    return v;
}

// An optional field: empty text clears it.
bool setOptional(std::optional<double>& out, const std::string& text)
{
    if (trimmed(text).empty()) {
        out.reset();
        return true;
    }
    const auto v = parseNumber(text);
    if (!v)
        return false;
    out = v;
    return true;
}

bool setRequired(double& out, const std::string& text)
{
    const auto v = parseNumber(text);
    if (!v)
        return false;
    out = *v;
    return true;
}

std::optional<int> parseAxis(const std::string& text)
{
    const auto v = parseNumber(text);
    if (!v || (*v != 0 && *v != 1 && *v != 2))
        return std::nullopt;
    return static_cast<int>(*v);
}

std::string axesText(const std::vector<int>& axes)
{
    std::string out;
    for (int a : axes)
        out += (out.empty() ? "" : " ") + std::to_string(a);
    return out;
}

std::optional<std::vector<int>> parseAxes(const std::string& text)
{
    std::istringstream in(text);
    std::vector<int> axes;
    for (std::string word; in >> word;) {
        const auto a = parseAxis(word);
        if (!a || std::find(axes.begin(), axes.end(), *a) != axes.end())
            return std::nullopt;
        axes.push_back(*a);
    }
    if (axes.empty())
        return std::nullopt;
    return axes;
}

} // namespace

const char* limitFieldName(LimitField field)
{
    static const char* names[] = {"Kind", "Axes", "Min", "Max", "Stiffness", "Damping"};
    return names[static_cast<int>(field)];
}

const char* driveFieldName(DriveField field)
{
    static const char* names[] = {
        "Type", "Mode", "Axis", "Max force", "Position target", "Velocity target", "Stiffness", "Damping"};
    return names[static_cast<int>(field)];
}

std::string limitFieldText(const physics::JointLimit& limit, LimitField field)
{
    switch (field) {
    case LimitField::Kind:
        return limit.angular() ? "angular" : "linear";
    case LimitField::Axes:
        return axesText(limit.axes());
    case LimitField::Min:
        return optionalNumber(limit.min);
    case LimitField::Max:
        return optionalNumber(limit.max);
    case LimitField::Stiffness:
        return optionalNumber(limit.stiffness);
    case LimitField::Damping:
        return number(limit.damping);
    case LimitField::Count:
        break;
    }
    return {};
}

std::string driveFieldText(const physics::JointDrive& drive, DriveField field)
{
    switch (field) {
    case DriveField::Type:
        return drive.type ? physics::driveTypeName(*drive.type) : "";
    case DriveField::Mode:
        return drive.mode ? physics::driveModeName(*drive.mode) : "";
    case DriveField::Axis:
        return drive.axis ? std::to_string(*drive.axis) : "";
    case DriveField::MaxForce:
        return optionalNumber(drive.maxForce);
    case DriveField::PositionTarget:
        return optionalNumber(drive.positionTarget);
    case DriveField::VelocityTarget:
        return optionalNumber(drive.velocityTarget);
    case DriveField::Stiffness:
        return number(drive.stiffness);
    case DriveField::Damping:
        return number(drive.damping);
    case DriveField::Count:
        break;
    }
    return {};
}

bool setLimitField(physics::JointLimit& limit, LimitField field, const std::string& text)
{
    switch (field) {
    case LimitField::Kind: {
        const std::string kind = trimmed(text);
        if (kind != "linear" && kind != "angular")
            return false;
        std::vector<int> axes = limit.axes();
        limit.linearAxes.clear();
        limit.angularAxes.clear();
        (kind == "angular" ? limit.angularAxes : limit.linearAxes) = std::move(axes);
        return true;
    }
    case LimitField::Axes: {
        auto axes = parseAxes(text);
        if (!axes)
            return false;
        (limit.angular() ? limit.angularAxes : limit.linearAxes) = std::move(*axes);
        return true;
    }
    case LimitField::Min:
        return setOptional(limit.min, text);
    case LimitField::Max:
        return setOptional(limit.max, text);
    case LimitField::Stiffness:
        return setOptional(limit.stiffness, text);
    case LimitField::Damping:
        return setRequired(limit.damping, text);
    case LimitField::Count:
        break;
    }
    return false;
}

bool setDriveField(physics::JointDrive& drive, DriveField field, const std::string& text)
{
    switch (field) {
    case DriveField::Type: {
        const auto type = physics::driveTypeFromName(trimmed(text));
        if (!type)
            return false;
        drive.type = type;
        return true;
    }
    case DriveField::Mode: {
        const auto mode = physics::driveModeFromName(trimmed(text));
        if (!mode)
            return false;
        drive.mode = mode;
        return true;
    }
    case DriveField::Axis: {
        const auto axis = parseAxis(text);
        if (!axis)
            return false;
        drive.axis = axis;
        return true;
    }
    case DriveField::MaxForce:
        return setOptional(drive.maxForce, text);
    case DriveField::PositionTarget:
        return setOptional(drive.positionTarget, text);
    case DriveField::VelocityTarget:
        return setOptional(drive.velocityTarget, text);
    case DriveField::Stiffness:
        return setRequired(drive.stiffness, text);
    case DriveField::Damping:
        return setRequired(drive.damping, text);
    case DriveField::Count:
        break;
    }
    return false;
}

std::string jointSummary(const physics::JointDescription& joint)
{
    std::ostringstream out;
    out << joint.limits.size() << (joint.limits.size() == 1 ? " limit" : " limits") << ", "
        << joint.drives.size() << (joint.drives.size() == 1 ? " drive" : " drives");
    std::string separator = ": ";
    for (const auto& l : joint.limits) {
        out << separator << limitFieldText(l, LimitField::Kind) << ' ' << axesText(l.axes()) << ' ';
        if (l.min && l.max && *l.min == 0 && *l.max == 0)
            out << "locked";
        else
            out << (l.min ? number(*l.min) : "-inf") << ".." << (l.max ? number(*l.max) : "inf");
        separator = "; ";
    }
    return out.str();
}

physics::JointLimit defaultLimit()
{
    physics::JointLimit l;
    l.linearAxes = {0, 1, 2};
    l.min = 0.0;
    l.max = 0.0;
    return l;
}

physics::JointDrive defaultDrive()
{
    physics::JointDrive d;
    d.type = physics::DriveType::Linear;
    d.mode = physics::DriveMode::Force;
    d.axis = 0;
    return d;
}

} // namespace cs::document
