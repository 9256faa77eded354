#include "RoundMeshes.h"

#include "GeometryTestUtil.h"
#include "geometry/ConvexHull.h"

#include <cmath>
#include <numbers>

namespace cs::test {

gltf::TriangleMesh latheMesh(const std::vector<std::pair<double, double>>& profile, int segments)
{
    gltf::TriangleMesh m;
    std::vector<std::vector<std::uint32_t>> rings;
    for (const auto& [r, y] : profile) {
        std::vector<std::uint32_t> ring;
        const int count = r == 0 ? 1 : segments;
        for (int k = 0; k < count; ++k) {
            const double a = 2 * std::numbers::pi * k / segments;
            ring.push_back(std::uint32_t(m.positions.size()));
            m.positions.emplace_back(float(r * std::cos(a)), float(y), float(r * std::sin(a)));
        }
        rings.push_back(ring);
    }
    auto at = [&](size_t i, int k) {
        return rings[i].size() == 1 ? rings[i][0] : rings[i][size_t(k % segments)];
    };
    for (size_t i = 0; i + 1 < rings.size(); ++i) {
        for (int k = 0; k < segments; ++k) {
            const std::uint32_t a = at(i, k), b = at(i, k + 1), c = at(i + 1, k + 1), d = at(i + 1, k);
            for (auto [p, q, r] : {std::array{a, c, b}, std::array{a, d, c}})
                if (p != q && q != r && r != p)
                    m.indices.insert(m.indices.end(), {p, q, r});
        }
    }
    // The winding above follows the profile's direction; flip it when it came out inward.
    if (geometry::meshVolume(m) < 0)
        for (size_t t = 0; t < m.indices.size(); t += 3)
            std::swap(m.indices[t + 1], m.indices[t + 2]);
    return m;
}

gltf::TriangleMesh capsuleMesh(double radius, double height, int segments, int rings)
{
    std::vector<std::pair<double, double>> profile{{0, -height / 2 - radius}};
    for (int i = 1; i <= rings; ++i) { // the lower hemisphere, up to the equator
        const double a = -std::numbers::pi / 2 + std::numbers::pi / 2 * i / rings;
        profile.emplace_back(radius * std::cos(a), -height / 2 + radius * std::sin(a));
    }
    for (int i = 0; i < rings; ++i) { // the upper one, from the equator
        const double a = std::numbers::pi / 2 * i / rings;
        profile.emplace_back(radius * std::cos(a), height / 2 + radius * std::sin(a));
    }
    profile.emplace_back(0, height / 2 + radius);
    return latheMesh(profile, segments);
}

gltf::TriangleMesh cylinderMesh(double radius, double y0, double y1, int segments, double cx, double cz)
{
    gltf::TriangleMesh m = latheMesh({{0, y0}, {radius, y0}, {radius, y1}, {0, y1}}, segments);
    for (QVector3D& p : m.positions)
        p += QVector3D(float(cx), 0, float(cz));
    return m;
}

gltf::TriangleMesh boxWithPegMesh(int segments)
{
    gltf::TriangleMesh m = boxMesh({-1, 0, -1}, {1, 1, 1});
    const gltf::TriangleMesh peg = cylinderMesh(0.3, 1, 2, segments);
    const auto base = std::uint32_t(m.positions.size());
    m.positions.insert(m.positions.end(), peg.positions.begin(), peg.positions.end());
    for (std::uint32_t i : peg.indices)
        m.indices.push_back(base + i);
    return m;
}

} // namespace cs::test
