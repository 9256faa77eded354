#include "geometry/MinimalBall.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace cs::geometry {

namespace {

Ball ballOf2(const Vec3d& a, const Vec3d& b)
{
    return {(a + b) * 0.5, length(b - a) * 0.5};
}

/// The circumscribed circle of a triangle, as a ball; false when the points are (nearly) collinear.
bool ballOf3(const Vec3d& a, const Vec3d& b, const Vec3d& c, Ball& out)
{
    const Vec3d ab = b - a, ac = c - a;
    const Vec3d n = cross(ab, ac);
    const double nn = dot(n, n);
    if (nn <= 1e-24 * lengthSquared(ab) * lengthSquared(ac))
        return false;
    const Vec3d offset = (cross(n, ab) * dot(ac, ac) + cross(ac, n) * dot(ab, ab)) / (2 * nn);
    out = {a + offset, length(offset)};
    return true;
}

/// The circumscribed sphere of a tetrahedron; false when the points are (nearly) coplanar.
bool ballOf4(const Vec3d& a, const Vec3d& b, const Vec3d& c, const Vec3d& d, Ball& out)
{
    const Vec3d ab = b - a, ac = c - a, ad = d - a;
    const double det = dot(ab, cross(ac, ad));
    const double scale = length(ab) * length(ac) * length(ad);
    if (std::fabs(det) <= 1e-12 * scale)
        return false;
    const Vec3d offset =
        (cross(ac, ad) * dot(ab, ab) + cross(ad, ab) * dot(ac, ac) + cross(ab, ac) * dot(ad, ad)) / (2 * det);
    out = {a + offset, length(offset)};
    return true;
}

class Welzl
{
public:
    explicit Welzl(std::vector<Vec3d>& points) : m_points(points) {}

    /// The smallest ball of points [0, end) with the `boundary` points on its surface.
    Ball solve(size_t end, std::vector<Vec3d>& boundary)
    {
        Ball ball = ballOfBoundary(boundary);
        if (boundary.size() == 4)
            return ball;
        for (size_t i = 0; i < end; ++i) {
            const Vec3d p = m_points[i];
            if (inside(ball, p))
                continue;
            boundary.push_back(p);
            ball = solve(i, boundary);
            boundary.pop_back();
            // Move to front: points that broke a ball are tried early next time.
            std::rotate(m_points.begin(), m_points.begin() + std::ptrdiff_t(i),
                        m_points.begin() + std::ptrdiff_t(i + 1));
        }
        return ball;
    }

private:
    static bool inside(const Ball& b, const Vec3d& p)
    {
        return length(p - b.centre) <= b.radius * (1 + 1e-12) + 1e-300;
    }

    static Ball ballOfBoundary(const std::vector<Vec3d>& s)
    {
        Ball b{{}, -1};
        switch (s.size()) {
        case 0:
            return b;
        case 1:
            return {s[0], 0};
        case 2:
            return ballOf2(s[0], s[1]);
        case 3:
            if (ballOf3(s[0], s[1], s[2], b))
                return b;
            return widest(s);
        default:
            if (ballOf4(s[0], s[1], s[2], s[3], b))
                return b;
            if (ballOf3(s[1], s[2], s[3], b) || ballOf3(s[0], s[1], s[2], b))
                return b;
            return widest(s);
        }
    }

    /// The ball on the two most distant points of a degenerate support set.
    static Ball widest(const std::vector<Vec3d>& s)
    {
        Ball best = ballOf2(s[0], s[1]);
        for (size_t i = 0; i < s.size(); ++i) {
            for (size_t j = i + 1; j < s.size(); ++j) {
                const Ball b = ballOf2(s[i], s[j]);
                if (b.radius > best.radius)
                    best = b;
            }
        }
        return best;
    }

    std::vector<Vec3d>& m_points;
};

} // namespace

Ball minimalBall(std::vector<Vec3d> points)
{
    if (points.empty())
        return {};
    std::mt19937 rng(12345);
    std::shuffle(points.begin(), points.end(), rng);
    std::vector<Vec3d> boundary;
    Welzl welzl(points);
    Ball ball = welzl.solve(points.size(), boundary);
    double r = 0;
    for (const Vec3d& p : points)
        r = std::max(r, length(p - ball.centre));
    ball.radius = r;
    return ball;
}

} // namespace cs::geometry
