#include "scene/JointOverlay.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cs::scene {

namespace {

using physics::JointDescription;
using physics::JointDrive;
using physics::JointLimit;

constexpr double kPi = std::numbers::pi;

QVector3D unit(int axis)
{
    QVector3D v;
    v[axis] = 1.0f;
    return v;
}

// Appends a segment with both ends mapped through the frame.
struct Pen
{
    const QMatrix4x4& frame;
    std::vector<QVector3D>& out;

    void line(const QVector3D& a, const QVector3D& b)
    {
        out.push_back(frame.map(a));
        out.push_back(frame.map(b));
    }
    // An arc about `axis` (unit) from angle a0 to a1, radius r, starting from `zero` (unit, perpendicular).
    void arc(const QVector3D& axis, const QVector3D& zero, float r, double a0, double a1, int segmentsPerTurn,
             const QVector3D& centre = {})
    {
        const QVector3D ninety = QVector3D::crossProduct(axis, zero);
        const int n = std::max(2, int(std::ceil(std::fabs(a1 - a0) / (2 * kPi) * segmentsPerTurn)));
        auto at = [&](double t) {
            return centre + r * (float(std::cos(t)) * zero + float(std::sin(t)) * ninety);
        };
        for (int i = 0; i < n; ++i)
            line(at(a0 + (a1 - a0) * i / n), at(a0 + (a1 - a0) * (i + 1) / n));
    }
    void circle(const QVector3D& axis, const QVector3D& zero, float r, int segments,
                const QVector3D& centre = {})
    {
        arc(axis, zero, r, 0, 2 * kPi, segments, centre);
    }
    void square(const QVector3D& centre, const QVector3D& u, const QVector3D& v, float half)
    {
        const QVector3D c[4] = {centre + half * (u + v), centre + half * (u - v), centre + half * (-u - v),
                                centre + half * (-u + v)};
        for (int i = 0; i < 4; ++i)
            line(c[i], c[(i + 1) % 4]);
    }
    void arrowHead(const QVector3D& tip, const QVector3D& direction, const QVector3D& side, float length)
    {
        line(tip, tip - length * direction + 0.5f * length * side);
        line(tip, tip - length * direction - 0.5f * length * side);
    }
};

// The two axes other than `axis`, in cyclic order (so that u x v = axis).
std::pair<int, int> others(int axis)
{
    return {(axis + 1) % 3, (axis + 2) % 3};
}

int missingAxis(const std::vector<int>& two)
{
    return 3 - two[0] - two[1];
}

bool validAxes(const std::vector<int>& axes)
{
    for (int a : axes) {
        if (a < 0 || a > 2)
            return false;
    }
    return !axes.empty() && axes.size() <= 3;
}

void linearLimit(const JointLimit& l, const JointDrawOptions& o, Pen& pen)
{
    const auto& axes = l.linearAxes;
    const float s = o.size;
    if (axes.size() == 1) {
        const auto [u, v] = others(axes[0]);
        for (const auto& bound : {l.min, l.max}) {
            if (bound)
                pen.square(float(*bound) * unit(axes[0]), unit(u), unit(v), s);
        }
        if (l.min && l.max && *l.min == 0 && *l.max == 0)
            pen.square({}, unit(u), unit(v), 0.25f * s);
    } else if (axes.size() == 2) {
        const int along = missingAxis(axes);
        for (const auto& bound : {l.min, l.max}) {
            if (bound && *bound > 0)
                pen.circle(unit(along), unit(axes[0]), float(*bound), o.circleSegments);
        }
        if (l.max && *l.max == 0)
            pen.line(-s * unit(along), s * unit(along)); // held on the line itself
    } else {
        if (l.max && *l.max > 0) {
            for (int a = 0; a < 3; ++a)
                pen.circle(unit(a), unit(others(a).first), float(*l.max), o.circleSegments);
        }
        if (l.max && *l.max == 0) {
            for (int a = 0; a < 3; ++a)
                pen.line(-0.25f * s * unit(a), 0.25f * s * unit(a)); // held at the point
        }
    }
}

void angularLimit(const JointLimit& l, const JointDrawOptions& o, Pen& pen)
{
    const auto& axes = l.angularAxes;
    const float s = o.size;
    if (axes.size() == 1) {
        const auto [u, v] = others(axes[0]);
        (void)v;
        const double lo = l.min.value_or(-kPi), hi = l.max.value_or(kPi);
        pen.arc(unit(axes[0]), unit(u), s, lo, hi, o.circleSegments);
        const QVector3D ninety = QVector3D::crossProduct(unit(axes[0]), unit(u));
        for (double a : {lo, hi})
            pen.line({}, s * (float(std::cos(a)) * unit(u) + float(std::sin(a)) * ninety));
    } else if (axes.size() == 2) {
        const int along = missingAxis(axes);
        const double half = std::min(std::fabs(l.max.value_or(kPi)), kPi);
        const QVector3D axis = unit(along);
        const QVector3D zero = unit(others(along).first);
        const QVector3D ninety = QVector3D::crossProduct(axis, zero);
        const QVector3D centre = s * float(std::cos(half)) * axis;
        const float r = s * float(std::sin(half));
        if (r > 0)
            pen.circle(axis, zero, r, o.circleSegments, centre);
        for (const QVector3D& d : {zero, ninety, -zero, -ninety})
            pen.line({}, centre + r * d);
    } else {
        const double half = std::min(std::fabs(l.max.value_or(kPi)), kPi);
        for (int a = 0; a < 3; ++a)
            pen.arc(unit(a), unit(others(a).first), s, -half, half, o.circleSegments);
    }
}

void drive(const JointDrive& d, const JointDrawOptions& o, Pen& pen)
{
    if (!d.type || !d.axis || *d.axis < 0 || *d.axis > 2)
        return;
    const QVector3D axis = unit(*d.axis);
    const QVector3D side = unit(others(*d.axis).first);
    const float s = o.size;
    const double sign = d.velocityTarget && *d.velocityTarget < 0 ? -1.0 : 1.0;
    if (*d.type == physics::DriveType::Linear) {
        const float length = d.positionTarget ? float(*d.positionTarget) : float(sign) * s;
        if (length == 0)
            return;
        const QVector3D tip = length * axis;
        pen.line({}, tip);
        pen.arrowHead(tip, length > 0 ? axis : -axis, side, 0.2f * s);
        return;
    }
    const double angle = d.positionTarget ? *d.positionTarget : sign * kPi / 2;
    if (angle == 0)
        return;
    const float r = 0.6f * s;
    pen.arc(axis, side, r, 0, angle, o.circleSegments);
    const QVector3D ninety = QVector3D::crossProduct(axis, side);
    const QVector3D tip = r * (float(std::cos(angle)) * side + float(std::sin(angle)) * ninety);
    // The tangent of the arc at its end, in the direction of travel.
    const QVector3D tangent =
        float(angle > 0 ? 1 : -1) * (-float(std::sin(angle)) * side + float(std::cos(angle)) * ninety);
    pen.arrowHead(tip, tangent, tip.normalized(), 0.2f * s);
}

void axes(const QMatrix4x4& frame, float size, std::vector<QVector3D>& out)
{
    Pen pen{frame, out};
    for (int a = 0; a < 3; ++a)
        pen.line({}, size * unit(a));
}

} // namespace

float jointSizeForScene(float diagonal)
{
    if (!(diagonal > 0.0f) || !std::isfinite(diagonal))
        return 0.25f;
    return std::clamp(diagonal * 0.02f, 0.001f, 50.0f);
}

void appendJointDescription(const JointDescription& joint, const QMatrix4x4& frame,
                            const JointDrawOptions& options, JointLines& lines)
{
    Pen limits{frame, lines.limits};
    // A limit with both sets (the OMI README's weld) is drawn as each set; invalid axes are not drawn (the
    // validator reports them).
    for (const auto& l : joint.limits) {
        if (validAxes(l.linearAxes))
            linearLimit(l, options, limits);
        if (validAxes(l.angularAxes))
            angularLimit(l, options, limits);
    }
    Pen drives{frame, lines.drives};
    for (const auto& d : joint.drives)
        drive(d, options, drives);
}

bool appendNodeJoint(const physics::PhysicsModel& model, const physics::ResolvedScene& scene,
                     const gltf::SceneGraph& graph, size_t index, const JointDrawOptions& options,
                     JointLines& lines)
{
    const physics::NodePhysics* n = model.node(index);
    if (!n || !n->joint)
        return false;
    const size_t count = graph.nodeCount();
    const int other = n->joint->connectedNode;
    if (index >= count || other < 0 || static_cast<size_t>(other) >= count ||
        static_cast<size_t>(other) == index) {
        ++lines.jointsSkipped;
        return false;
    }
    const QMatrix4x4& frameA = graph.worldTransform(index);
    const QMatrix4x4& frameB = graph.worldTransform(static_cast<size_t>(other));
    axes(frameA, options.size, lines.frames);
    axes(frameB, options.size, lines.frames);
    lines.links.push_back(frameA.map(QVector3D()));
    lines.links.push_back(frameB.map(QVector3D()));
    const int bodyA = scene.bodyOfNode(index);
    const int bodyB = scene.bodyOfNode(static_cast<size_t>(other));
    auto origin = [&](int body, const QMatrix4x4& fallback) {
        return body >= 0 ? graph.worldTransform(scene.bodies[body].node).map(QVector3D())
                         : fallback.map(QVector3D());
    };
    lines.links.push_back(origin(bodyA, frameA));
    lines.links.push_back(origin(bodyB, frameB));
    if (n->joint->joint >= 0 && static_cast<size_t>(n->joint->joint) < model.joints.size())
        appendJointDescription(model.joints[n->joint->joint], frameA, options, lines);
    ++lines.jointsDrawn;
    return true;
}

JointLines buildJointLines(const physics::PhysicsModel& model, const physics::ResolvedScene& scene,
                           const gltf::SceneGraph& graph, const JointDrawOptions& options)
{
    JointLines lines;
    for (const auto& [index, n] : model.nodes)
        if (n.joint)
            appendNodeJoint(model, scene, graph, index, options, lines);
    return lines;
}

} // namespace cs::scene
