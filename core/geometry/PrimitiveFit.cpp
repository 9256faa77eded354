#include "geometry/PrimitiveFit.h"

#include "geometry/MassProperties.h"
#include "geometry/MinimalBall.h"
#include "geometry/QuickHull.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cs::geometry {

namespace {

Result<FittedShape> checkPoints(const std::vector<Vec3d>& points)
{
    if (points.empty())
        return Result<FittedShape>::failure(makeError("FIT_NO_POINTS", "there are no points to fit"));
    for (const Vec3d& p : points) {
        if (!isFinite(p))
            return Result<FittedShape>::failure(
                makeError("FIT_NONFINITE_POINT", "a point has a NaN or infinite coordinate"));
    }
    return {FittedShape{}, {}};
}

/// The hull's vertices (all that matter for an enclosing shape), or all points when they have no volume.
std::vector<Vec3d> hullPoints(const std::vector<Vec3d>& points)
{
    const QuickHullOutput h = quickHull(points);
    if (h.status != QuickHullOutput::Status::Ok)
        return points;
    std::vector<std::uint8_t> used(points.size(), 0);
    std::vector<Vec3d> out;
    for (const auto& f : h.faces) {
        for (std::uint32_t v : f) {
            if (!used[v]) {
                used[v] = 1;
                out.push_back(points[v]);
            }
        }
    }
    return out;
}

double floorFor(const Vec3d& extent)
{
    return std::max(1e-9, 1e-6 * std::max({extent.x, extent.y, extent.z}));
}

/// The box of the points in the frame whose axes are the columns of `r`.
FittedShape boxInFrame(const std::vector<Vec3d>& points, const Mat3d& r)
{
    const Mat3d rt = r.transposed();
    Vec3d lo{HUGE_VAL, HUGE_VAL, HUGE_VAL}, hi = -lo;
    for (const Vec3d& p : points) {
        const Vec3d q = rt * p;
        lo = minOf(lo, q);
        hi = maxOf(hi, q);
    }
    Vec3d size = hi - lo;
    const double floor = floorFor(size);
    size = {std::max(size.x, floor), std::max(size.y, floor), std::max(size.z, floor)};
    FittedShape f;
    f.shape = ShapeGeometry::box(size);
    f.offset = r * ((lo + hi) * 0.5);
    f.rotation = quaternionFromRotation(r);
    f.volume = size.x * size.y * size.z;
    return f;
}

/// Of the 24 frames that give the same box (its axes permuted and turned end for end, kept right-handed),
/// the one nearest the identity: the smallest turn (trace = 1 + 2 cos angle), so the node's angles read as
/// small as they can and a box that is only turned a quarter is no turn at all with its sizes swapped.
Mat3d nearestEquivalentFrame(const Mat3d& frame)
{
    static constexpr int kOrders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    Mat3d best = frame;
    double bestTrace = -HUGE_VAL;
    for (const auto& order : kOrders) {
        for (int signs = 0; signs < 8; ++signs) {
            Mat3d m;
            for (int c = 0; c < 3; ++c) {
                const double sign = (signs >> c) & 1 ? -1.0 : 1.0;
                for (int r = 0; r < 3; ++r)
                    m[r][c] = sign * frame[r][order[c]];
            }
            const double trace = m[0][0] + m[1][1] + m[2][2];
            if (m.determinant() > 0 && trace > bestTrace + 1e-12) {
                best = m;
                bestTrace = trace;
            }
        }
    }
    return best;
}

Mat3d rotationAbout(int axis, double angle)
{
    Mat3d r = Mat3d::identity();
    const int a = (axis + 1) % 3, b = (axis + 2) % 3;
    r[a][a] = std::cos(angle);
    r[a][b] = -std::sin(angle);
    r[b][a] = std::sin(angle);
    r[b][b] = std::cos(angle);
    return r;
}

/// The principal axes of the points' covariance, as the columns of a rotation.
Mat3d principalAxes(const std::vector<Vec3d>& points)
{
    Vec3d mean;
    for (const Vec3d& p : points)
        mean += p;
    mean = mean / double(points.size());
    Mat3d cov;
    for (const Vec3d& p : points) {
        const Vec3d d = p - mean;
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j)
                cov[i][j] += d[i] * d[j];
        }
    }
    return symmetricEigen3(cov).vectors;
}

/// A capsule or cylinder around the points along `axis` (unit).
FittedShape roundAlong(const std::vector<Vec3d>& points, const Vec3d& axis, bool capsule)
{
    // Two unit vectors across the axis, then the points' smallest circle in that plane.
    const Vec3d helper = std::fabs(axis.x) < 0.9 ? Vec3d{1, 0, 0} : Vec3d{0, 1, 0};
    const Vec3d u = normalized(cross(axis, helper)), w = cross(axis, u);
    std::vector<Vec3d> flat;
    flat.reserve(points.size());
    double tMin = HUGE_VAL, tMax = -HUGE_VAL;
    for (const Vec3d& p : points) {
        flat.emplace_back(dot(p, u), dot(p, w), 0);
        tMin = std::min(tMin, dot(p, axis));
        tMax = std::max(tMax, dot(p, axis));
    }
    const Ball circle = minimalBall(flat);
    const double floor = floorFor({circle.radius, tMax - tMin, 0});
    const double r = std::max(circle.radius, floor);
    double lo = tMin, hi = tMax;
    if (capsule) {
        // Hemisphere centres as close as the points allow: each point caps how far in they may move.
        lo = HUGE_VAL;
        hi = -HUGE_VAL;
        for (size_t i = 0; i < points.size(); ++i) {
            const double rho2 = (flat[i].x - circle.centre.x) * (flat[i].x - circle.centre.x) +
                                (flat[i].y - circle.centre.y) * (flat[i].y - circle.centre.y);
            const double reach = std::sqrt(std::max(0.0, r * r - rho2));
            const double t = dot(points[i], axis);
            hi = std::max(hi, t - reach);
            lo = std::min(lo, t + reach);
        }
        if (hi < lo)
            lo = hi = (lo + hi) / 2;
    }
    const double height = std::max(hi - lo, floor);
    FittedShape f;
    f.shape = capsule ? ShapeGeometry::capsule(height, r, r) : ShapeGeometry::cylinder(height, r, r);
    f.offset = u * circle.centre.x + w * circle.centre.y + axis * ((lo + hi) / 2);
    f.rotation = rotationFromY(axis);
    f.volume = std::numbers::pi * r * r * height + (capsule ? 4.0 / 3.0 * std::numbers::pi * r * r * r : 0.0);
    return f;
}

/// How far the points reach along `axis` (unit).
double extentAlong(const std::vector<Vec3d>& points, const Vec3d& axis)
{
    double lo = HUGE_VAL, hi = -HUGE_VAL;
    for (const Vec3d& p : points) {
        lo = std::min(lo, dot(p, axis));
        hi = std::max(hi, dot(p, axis));
    }
    return hi - lo;
}

/// Auto's candidates: the principal, oriented-box and X/Y/Z axes within 20 degrees of the long axis (the
/// principal axis along which the points reach furthest), the long axis first.
std::vector<Vec3d> axesNearLongAxis(const std::vector<Vec3d>& points)
{
    const Mat3d pca = principalAxes(points);
    Vec3d along = pca.column(0);
    for (int i = 1; i < 3; ++i)
        if (extentAlong(points, normalized(pca.column(i))) >
            extentAlong(points, normalized(along)) * (1 + 1e-9))
            along = pca.column(i);
    along = normalized(along);
    std::vector<Vec3d> all{along, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    if (auto box = fitOrientedBox(points)) {
        const Mat3d r = Mat3d::fromQuaternion(box->rotation);
        for (int i = 0; i < 3; ++i)
            all.push_back(r.column(i));
    }
    const double nearCos = std::cos(20.0 * std::numbers::pi / 180.0);
    std::vector<Vec3d> near;
    for (const Vec3d& a : all)
        if (std::fabs(dot(normalized(a), along)) >= nearCos)
            near.push_back(normalized(a));
    return near;
}

Result<FittedShape> fitRound(const std::vector<Vec3d>& input, bool capsule, RoundAxis axis)
{
    auto check = checkPoints(input);
    if (!check)
        return check;
    const std::vector<Vec3d> points = hullPoints(input);
    std::vector<Vec3d> axes;
    switch (axis) {
    case RoundAxis::X:
        axes = {{1, 0, 0}};
        break;
    case RoundAxis::Y:
        axes = {{0, 1, 0}};
        break;
    case RoundAxis::Z:
        axes = {{0, 0, 1}};
        break;
    case RoundAxis::Auto:
        axes = axesNearLongAxis(points);
        break;
    }
    FittedShape best;
    best.volume = HUGE_VAL;
    for (const Vec3d& a : axes) {
        FittedShape f = roundAlong(points, a, capsule);
        if (f.volume < best.volume)
            best = f;
    }
    return {best, {}};
}

} // namespace

QQuaternion rotationFromY(const Vec3d& axis)
{
    const Vec3d a = normalized(axis);
    if (a.y < -1 + 1e-12)
        return QQuaternion::fromAxisAndAngle(1, 0, 0, 180); // any half turn across Y
    // Half-way quaternion: (1 + cos, sin * n) normalised, with sin * n = Y x a.
    const Vec3d c = cross({0, 1, 0}, a);
    return QQuaternion(float(1 + a.y), float(c.x), float(c.y), float(c.z)).normalized();
}

Result<FittedShape> fitBox(const std::vector<Vec3d>& points)
{
    auto check = checkPoints(points);
    if (!check)
        return check;
    return {boxInFrame(points, Mat3d::identity()), {}};
}

Result<FittedShape> fitOrientedBox(const std::vector<Vec3d>& input)
{
    auto check = checkPoints(input);
    if (!check)
        return check;
    const std::vector<Vec3d> points = hullPoints(input);
    Mat3d frame = principalAxes(points);
    FittedShape best = boxInFrame(points, frame);
    // Turn about each of the frame's axes in turn, coarse to fine (a box repeats every quarter turn).
    for (int round = 0; round < 2; ++round) {
        for (int axis = 0; axis < 3; ++axis) {
            double centre = 0, step = std::numbers::pi / 36;
            for (int level = 0; level < 4; ++level) {
                double bestAngle = centre;
                for (int k = -9; k <= 9; ++k) {
                    const double angle = centre + k * step;
                    FittedShape f = boxInFrame(points, frame * rotationAbout(axis, angle));
                    if (f.volume < best.volume * (1 - 1e-12)) {
                        best = f;
                        bestAngle = angle;
                    }
                }
                centre = bestAngle;
                step /= 9;
            }
            frame = frame * rotationAbout(axis, centre);
        }
    }
    const FittedShape nearest = boxInFrame(points, nearestEquivalentFrame(frame));
    if (nearest.volume <= best.volume * (1 + 1e-9))
        best = nearest;
    FittedShape aligned = boxInFrame(points, Mat3d::identity());
    if (aligned.volume <= best.volume * (1 + 1e-9))
        return {aligned, {}};
    return {best, {}};
}

Result<FittedShape> fitSphere(const std::vector<Vec3d>& input)
{
    auto check = checkPoints(input);
    if (!check)
        return check;
    const Ball ball = minimalBall(hullPoints(input));
    FittedShape f;
    const double r = std::max(ball.radius, 1e-9);
    f.shape = ShapeGeometry::sphere(r);
    f.offset = ball.centre;
    f.volume = 4.0 / 3.0 * std::numbers::pi * r * r * r;
    return {f, {}};
}

const char* roundAxisName(RoundAxis axis)
{
    switch (axis) {
    case RoundAxis::X:
        return "x";
    case RoundAxis::Y:
        return "y";
    case RoundAxis::Z:
        return "z";
    case RoundAxis::Auto:
        break;
    }
    return "auto";
}

std::optional<RoundAxis> roundAxisFromName(const std::string& name)
{
    for (RoundAxis a : {RoundAxis::Auto, RoundAxis::X, RoundAxis::Y, RoundAxis::Z})
        if (name == roundAxisName(a))
            return a;
    return std::nullopt;
}

Result<FittedShape> fitCapsule(const std::vector<Vec3d>& points, RoundAxis axis)
{
    return fitRound(points, true, axis);
}
Result<FittedShape> fitCylinder(const std::vector<Vec3d>& points, RoundAxis axis)
{
    return fitRound(points, false, axis);
}

} // namespace cs::geometry
