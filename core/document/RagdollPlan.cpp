// Step 2 of Add Ragdoll: which bones get a body, their shapes, masses and joints. Pure: reads the input only.
#include "document/Ragdoll.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cs::document {

namespace {

using geometry::Quatd;
using geometry::Vec3d;

constexpr double kPi = 3.14159265358979323846;
/// A bone needs this many vertices for a shape that means something.
constexpr size_t kMinPoints = 4;
/// Metres: no shape is thinner than twice this. A 12 mm finger was pushed 25 mm into the floor by the arm
/// behind it on landing (the engine lets a body sink up to half its thickness per step); from 20 mm on, no
/// shape of the test characters sank past its middle.
constexpr double kMinRadius = 0.02;
/// A capsule's shortest mid-height, as a share of its radius (a near-sphere's segment; it must be positive).
constexpr double kMinMidHeight = 0.01;

Vec3d head(const RagdollBone& bone)
{
    return {bone.world(0, 3), bone.world(1, 3), bone.world(2, 3)};
}

/// A unit vector perpendicular to u.
Vec3d perpendicular(const Vec3d& u)
{
    const Vec3d ref = std::abs(u.x) < 0.6 ? Vec3d{1, 0, 0} : Vec3d{0, 1, 0};
    return geometry::normalized(geometry::cross(u, ref));
}

/// The rotation whose columns are x, y, z (orthonormal, right-handed).
Quatd rotationOf(const Vec3d& x, const Vec3d& y, const Vec3d& z)
{
    geometry::Mat3d r;
    for (int i = 0; i < 3; ++i) {
        r.m[size_t(i)][0] = i == 0 ? x.x : (i == 1 ? x.y : x.z);
        r.m[size_t(i)][1] = i == 0 ? y.x : (i == 1 ? y.y : y.z);
        r.m[size_t(i)][2] = i == 0 ? z.x : (i == 1 ? z.y : z.z);
    }
    return geometry::quatFromRotationMatrix(r);
}

/// The direction the points spread furthest along (power iteration on their covariance), or nullopt for
/// points at one place.
std::optional<Vec3d> principalAxis(const std::vector<Vec3d>& points)
{
    Vec3d mean{0, 0, 0};
    for (const Vec3d& p : points)
        mean += p / double(points.size());
    geometry::Mat3d c;
    for (const Vec3d& p : points) {
        const Vec3d d = p - mean;
        const double v[3] = {d.x, d.y, d.z};
        for (size_t i = 0; i < 3; ++i)
            for (size_t j = 0; j < 3; ++j)
                c.m[i][j] += v[i] * v[j];
    }
    Vec3d axis{0.577, 0.577, 0.577};
    for (int i = 0; i < 64; ++i) {
        const Vec3d next = c * axis;
        if (geometry::length(next) < 1e-18)
            return std::nullopt;
        axis = geometry::normalized(next);
    }
    return axis;
}

/// The bone's axis (unit, world) and length: towards its child's head (the mean of its children's heads),
/// else along its vertices' longest spread, pointed away from its parent.
std::pair<Vec3d, double> boneAxis(const RagdollInput& input, size_t b)
{
    const RagdollBone& bone = input.bones[b];
    Vec3d tail{0, 0, 0};
    size_t children = 0;
    for (const RagdollBone& other : input.bones)
        if (other.parent == b) {
            tail += head(other);
            ++children;
        }
    double extent = 0;
    if (children > 0) {
        const Vec3d toTail = tail / double(children) - head(bone);
        // A fork such as the hips (spine up, legs down) has a mean head near its own: use its vertices.
        for (const Vec3d& p : bone.points)
            extent = std::max(extent, geometry::length(p - head(bone)));
        if (geometry::length(toTail) > 0.25 * extent && geometry::length(toTail) > 1e-9)
            return {geometry::normalized(toTail), geometry::length(toTail)};
    }
    auto axis = principalAxis(bone.points);
    if (!axis)
        return {{0, 1, 0}, 0};
    Vec3d away{0, 1, 0};
    if (bone.parent)
        away = head(bone) - head(input.bones[*bone.parent]);
    Vec3d mean{0, 0, 0};
    for (const Vec3d& p : bone.points)
        mean += p / double(bone.points.size());
    if (geometry::lengthSquared(mean - head(bone)) > 1e-12)
        away = mean - head(bone);
    if (geometry::dot(*axis, away) < 0)
        axis = -*axis;
    double lo = std::numeric_limits<double>::max(), hi = -lo;
    for (const Vec3d& p : bone.points) {
        lo = std::min(lo, geometry::dot(p, *axis));
        hi = std::max(hi, geometry::dot(p, *axis));
    }
    return {*axis, hi - lo};
}

/// The shape along u that holds every point: a capsule (the smallest segment for the largest distance from
/// the axis through the points' middle) or a box in the frame of u and the points' spread across it.
void fitShape(const std::vector<Vec3d>& points, const Vec3d& origin, const Vec3d& u, RagdollBody& body)
{
    // The cross-section's axes: its longest spread first (2x2 covariance in any basis of the plane).
    const Vec3d b1 = perpendicular(u);
    const Vec3d b2 = geometry::cross(u, b1);
    Vec3d across{0, 0, 0};
    for (const Vec3d& p : points) {
        const Vec3d d = p - origin;
        across += (d - u * geometry::dot(d, u)) / double(points.size());
    }
    double sxx = 0, sxy = 0, syy = 0;
    for (const Vec3d& p : points) {
        const Vec3d d = p - origin - across;
        const double x = geometry::dot(d, b1), y = geometry::dot(d, b2);
        sxx += x * x;
        sxy += x * y;
        syy += y * y;
    }
    const double angle = 0.5 * std::atan2(2 * sxy, sxx - syy);
    const Vec3d e1 = b1 * std::cos(angle) + b2 * std::sin(angle);
    const Vec3d e3 = geometry::cross(e1, u);
    body.rotation = rotationOf(e1, u, e3);
    const Vec3d axisPoint = origin + across;
    if (body.shape == RagdollShape::Box) {
        Vec3d lo{1e300, 1e300, 1e300}, hi = -lo;
        for (const Vec3d& p : points) {
            const Vec3d d = p - axisPoint;
            const Vec3d local{geometry::dot(d, e1), geometry::dot(d, u), geometry::dot(d, e3)};
            lo = geometry::minOf(lo, local);
            hi = geometry::maxOf(hi, local);
        }
        body.size = geometry::maxOf(hi - lo, Vec3d{2 * kMinRadius, 2 * kMinRadius, 2 * kMinRadius});
        const Vec3d mid = (lo + hi) * 0.5;
        body.centre = axisPoint + e1 * mid.x + u * mid.y + e3 * mid.z;
        body.volume = body.size.x * body.size.y * body.size.z;
        return;
    }
    double radius = kMinRadius;
    for (const Vec3d& p : points) {
        const Vec3d d = p - axisPoint;
        radius = std::max(radius, geometry::length(d - u * geometry::dot(d, u)));
    }
    double a = std::numeric_limits<double>::max(), b = -a;
    for (const Vec3d& p : points) {
        const Vec3d d = p - axisPoint;
        const double t = geometry::dot(d, u);
        const double reach = std::sqrt(std::max(0.0, radius * radius - geometry::lengthSquared(d - u * t)));
        a = std::min(a, t + reach);
        b = std::max(b, t - reach);
    }
    // Every point within one sphere around the middle: the segment still gets a little length, as both
    // families ask a capsule's mid-height to be positive (OMI: exclusiveMinimum 0).
    const double shortest = kMinMidHeight * radius;
    if (b - a < shortest) {
        const double mid = 0.5 * (a + b);
        a = mid - 0.5 * shortest;
        b = mid + 0.5 * shortest;
    }
    body.radius = radius;
    body.height = b - a;
    body.centre = axisPoint + u * (0.5 * (a + b));
    body.volume = kPi * radius * radius * body.height + 4.0 / 3.0 * kPi * radius * radius * radius;
}

/// Raises a body far lighter than a body it is jointed to (a neck under a chest) to kMaxMassRatio of it,
/// the others scaled down to keep the total: an iterative solver holds a joint between masses of very
/// different sizes together only loosely, and the light side comes apart on a hard landing.
void evenOutMasses(std::vector<RagdollBody>& bodies, double total)
{
    constexpr double kMaxMassRatio = 4.0;
    for (int pass = 0; pass < 8; ++pass) {
        bool changed = false;
        for (RagdollBody& body : bodies) {
            if (!body.parent)
                continue;
            RagdollBody& parent = bodies[*body.parent];
            if (parent.mass > kMaxMassRatio * body.mass) {
                body.mass = parent.mass / kMaxMassRatio;
                changed = true;
            } else if (body.mass > kMaxMassRatio * parent.mass) {
                parent.mass = body.mass / kMaxMassRatio;
                changed = true;
            }
        }
        double sum = 0;
        for (const RagdollBody& body : bodies)
            sum += body.mass;
        for (RagdollBody& body : bodies)
            body.mass *= total / sum;
        if (!changed)
            break;
    }
}

/// The shape's moments at uniform density, the smallest raised to kMinInertiaShare of the largest: a
/// slender limb turns about its own axis so easily that a resting capsule rolls back and forth under its
/// joint and contact from step to step and never comes to rest (what game engines' ragdolls do too).
void setInertia(RagdollBody& body)
{
    constexpr double kMinInertiaShare = 0.5;
    Vec3d moments;
    if (body.shape == RagdollShape::Box) {
        const Vec3d s = body.size;
        moments =
            Vec3d{s.y * s.y + s.z * s.z, s.x * s.x + s.z * s.z, s.x * s.x + s.y * s.y} * (body.mass / 12);
    } else {
        const double r = body.radius, h = body.height;
        const double cylinder = kPi * r * r * h, ball = 4.0 / 3.0 * kPi * r * r * r;
        const double mc = body.mass * cylinder / (cylinder + ball), ms = body.mass - mc;
        const double axial = mc * r * r / 2 + ms * 2 * r * r / 5;
        const double across =
            mc * (h * h / 12 + r * r / 4) + ms * (2 * r * r / 5 + h * h / 4 + 3 * h * r / 8);
        moments = {across, axial, across};
    }
    const double floor = kMinInertiaShare * std::max({moments.x, moments.y, moments.z});
    body.inertia = geometry::maxOf(moments, Vec3d{floor, floor, floor});
}

/// Humanoid when a VRM mapping says so or the names give hips, an arm and a leg.
bool looksHumanoid(const RagdollInput& input)
{
    if (input.vrmNames)
        return true;
    auto has = [&](BoneRole role) {
        return std::any_of(input.bones.begin(), input.bones.end(),
                           [&](const RagdollBone& b) { return b.role == role; });
    };
    return has(BoneRole::Hips) && has(BoneRole::UpperArm) && has(BoneRole::UpperLeg) &&
           has(BoneRole::LowerLeg);
}

/// The way the character faces: where its feet point (ankle to toes, level), else glTF's forward, +Z.
/// VRM 0.x characters, for one, face -Z.
Vec3d facing(const RagdollInput& input, const std::vector<Vec3d>& axes)
{
    Vec3d sum{0, 0, 0};
    for (size_t b = 0; b < input.bones.size(); ++b)
        if (input.bones[b].role == BoneRole::Foot)
            sum += Vec3d{axes[b].x, 0, axes[b].z};
    return geometry::length(sum) > 0.3 ? geometry::normalized(sum) : Vec3d{0, 0, 1};
}

/// The joint frame at the child's head: X along the child bone, Z the axis a positive bend turns it about
/// (towards the role's bend direction: the character's front, or its back for a knee).
Quatd jointFrame(const Vec3d& u, const JointRanges& ranges, const Vec3d& front)
{
    Vec3d z = geometry::cross(u, front * ranges.bendDirection);
    if (geometry::length(z) < 0.2) // the bone points forward: bend it up
        z = geometry::cross(u, Vec3d{0, 1, 0});
    z = geometry::length(z) < 1e-6 ? perpendicular(u) : geometry::normalized(z - u * geometry::dot(z, u));
    return rotationOf(u, geometry::cross(z, u), z);
}

/// The closest distance between segments [p0, p1] and [q0, q1].
double segmentDistance(const Vec3d& p0, const Vec3d& p1, const Vec3d& q0, const Vec3d& q1)
{
    const Vec3d d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
    const double a = geometry::dot(d1, d1), e = geometry::dot(d2, d2), f = geometry::dot(d2, r);
    double s = 0, t = 0;
    if (a <= 1e-18 && e <= 1e-18)
        return geometry::length(r);
    if (a <= 1e-18) {
        t = std::clamp(f / e, 0.0, 1.0);
    } else {
        const double c = geometry::dot(d1, r);
        if (e <= 1e-18) {
            s = std::clamp(-c / a, 0.0, 1.0);
        } else {
            const double b = geometry::dot(d1, d2), denom = a * e - b * b;
            s = denom > 1e-18 ? std::clamp((b * f - c * e) / denom, 0.0, 1.0) : 0.0;
            t = (b * s + f) / e;
            if (t < 0) {
                t = 0;
                s = std::clamp(-c / a, 0.0, 1.0);
            } else if (t > 1) {
                t = 1;
                s = std::clamp((b - c) / a, 0.0, 1.0);
            }
        }
    }
    return geometry::length((p0 + d1 * s) - (q0 + d2 * t));
}

/// A body's shape as a capsule that holds it (a box's: its cross-section's half diagonal around its length).
struct Swept
{
    Vec3d a, b;
    double radius = 0;
};
Swept swept(const RagdollBody& body)
{
    const Vec3d axis = geometry::rotate(body.rotation, Vec3d{0, 1, 0});
    if (body.shape == RagdollShape::Box) {
        const double half = body.size.y / 2;
        return {body.centre - axis * half, body.centre + axis * half,
                0.5 * std::hypot(body.size.x, body.size.z)};
    }
    return {body.centre - axis * (body.height / 2), body.centre + axis * (body.height / 2), body.radius};
}

/// Fills each body's noCollide: the bodies it overlaps (or nearly touches) at rest and has no joint with.
void keepOverlapsApart(RagdollPlan& plan)
{
    constexpr double kMargin = 0.005; // metres: the engines' contact margins start this far out
    for (size_t i = 0; i < plan.bodies.size(); ++i)
        for (size_t k = i + 1; k < plan.bodies.size(); ++k) {
            if (plan.bodies[k].parent == i || plan.bodies[i].parent == k)
                continue; // the joint keeps them from touching
            const Swept a = swept(plan.bodies[i]), b = swept(plan.bodies[k]);
            if (segmentDistance(a.a, a.b, b.a, b.b) < a.radius + b.radius + kMargin) {
                plan.bodies[i].noCollide.push_back(k);
                plan.bodies[k].noCollide.push_back(i);
            }
        }
}

} // namespace

RagdollPlan planRagdoll(RagdollInput input)
{
    RagdollPlan plan;
    const RagdollOptions& options = input.options;
    plan.humanoid = options.preset == RagdollPreset::Humanoid ||
                    (options.preset == RagdollPreset::Auto && looksHumanoid(input));
    std::vector<std::optional<size_t>> bodyOf(input.bones.size());
    std::vector<Vec3d> axes(input.bones.size());
    for (size_t b = 0; b < input.bones.size(); ++b) {
        const RagdollBone& bone = input.bones[b];
        const bool small = bone.role == BoneRole::Finger || bone.role == BoneRole::Toes;
        const auto [axis, length] = boneAxis(input, b);
        axes[b] = axis;
        if ((small && !options.includeFingers) || bone.points.size() < kMinPoints ||
            length < options.minBoneLength) {
            plan.skipped.push_back(b);
            continue;
        }
        RagdollBody body;
        body.bone = b;
        body.shape = options.shape;
        body.length = length;
        body.points = bone.points.size();
        for (auto up = bone.parent; up && !body.parent; up = input.bones[*up].parent)
            body.parent = bodyOf[*up];
        fitShape(bone.points, head(bone), axis, body);
        bodyOf[b] = plan.bodies.size();
        plan.bodies.push_back(body);
    }
    if (plan.bodies.empty()) {
        plan.diagnostics.push_back(
            makeError("RAGDOLL_NO_BONES", "no bone has " + std::to_string(kMinPoints) +
                                              " vertices weighted to it and a length of at least " +
                                              std::to_string(options.minBoneLength) + " m"));
        plan.input = std::move(input);
        return plan;
    }
    double volume = 0;
    for (const RagdollBody& body : plan.bodies)
        volume += body.volume;
    for (RagdollBody& body : plan.bodies)
        body.mass = options.totalMass * body.volume / volume;
    evenOutMasses(plan.bodies, options.totalMass);
    for (RagdollBody& body : plan.bodies)
        setInertia(body);
    keepOverlapsApart(plan);
    const Vec3d front = facing(input, axes);
    for (size_t i = 0; i < plan.bodies.size(); ++i) {
        const RagdollBody& body = plan.bodies[i];
        if (!body.parent)
            continue;
        RagdollJoint joint;
        joint.parentBody = *body.parent;
        joint.childBody = i;
        joint.role = input.bones[body.bone].role;
        joint.ranges = jointRanges(joint.role, plan.humanoid);
        joint.anchor = head(input.bones[body.bone]);
        joint.rotation = jointFrame(axes[body.bone], joint.ranges, front);
        plan.joints.push_back(joint);
    }
    plan.input = std::move(input);
    return plan;
}

} // namespace cs::document
