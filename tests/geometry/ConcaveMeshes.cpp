#include "ConcaveMeshes.h"

#include "GeometryTestUtil.h"

#include <cmath>
#include <numbers>

namespace cs::test {

namespace {

using Profile = std::vector<std::pair<double, double>>;

std::uint32_t addPoint(gltf::TriangleMesh& m, double x, double y, double z)
{
    m.positions.emplace_back(float(x), float(y), float(z));
    return std::uint32_t(m.positions.size() - 1);
}

void addQuad(gltf::TriangleMesh& m, std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d)
{
    m.indices.insert(m.indices.end(), {a, b, c, a, c, d});
}

/// Flips every triangle when the mesh encloses a negative volume, so that it is wound outward.
void windOutward(gltf::TriangleMesh& m)
{
    double volume = 0;
    for (size_t t = 0; t < m.indices.size(); t += 3) {
        const QVector3D &a = m.positions[m.indices[t]], &b = m.positions[m.indices[t + 1]],
                        &c = m.positions[m.indices[t + 2]];
        volume += double(QVector3D::dotProduct(a, QVector3D::crossProduct(b, c)));
    }
    if (volume < 0)
        for (size_t t = 0; t < m.indices.size(); t += 3)
            std::swap(m.indices[t + 1], m.indices[t + 2]);
}

double cross2(const std::pair<double, double>& o, const std::pair<double, double>& a,
              const std::pair<double, double>& b)
{
    return (a.first - o.first) * (b.second - o.second) - (a.second - o.second) * (b.first - o.first);
}

/// Ear clipping of a counter-clockwise simple polygon: triangles as index triples.
std::vector<std::array<std::uint32_t, 3>> earClip(const Profile& poly)
{
    std::vector<std::uint32_t> left(poly.size());
    for (size_t i = 0; i < poly.size(); ++i)
        left[i] = std::uint32_t(i);
    std::vector<std::array<std::uint32_t, 3>> out;
    while (left.size() > 3) {
        bool clipped = false;
        for (size_t i = 0; i < left.size() && !clipped; ++i) {
            const std::uint32_t a = left[(i + left.size() - 1) % left.size()], b = left[i],
                                c = left[(i + 1) % left.size()];
            if (cross2(poly[a], poly[b], poly[c]) <= 0)
                continue;
            bool empty = true;
            for (std::uint32_t p : left)
                if (p != a && p != b && p != c && cross2(poly[a], poly[b], poly[p]) >= 0 &&
                    cross2(poly[b], poly[c], poly[p]) >= 0 && cross2(poly[c], poly[a], poly[p]) >= 0)
                    empty = false;
            if (!empty)
                continue;
            out.push_back({a, b, c});
            left.erase(left.begin() + long(i));
            clipped = true;
        }
        if (!clipped)
            break;
    }
    if (left.size() == 3)
        out.push_back({left[0], left[1], left[2]});
    return out;
}

/// Appends a closed box.
void appendBox(gltf::TriangleMesh& m, const Vec3d& lo, const Vec3d& hi)
{
    m.append(boxMesh(lo, hi));
}

} // namespace

gltf::TriangleMesh torusMesh(double R, double r, int ring, int tube)
{
    gltf::TriangleMesh m;
    const double tau = 2 * std::numbers::pi;
    for (int i = 0; i < ring; ++i)
        for (int j = 0; j < tube; ++j) {
            const double u = tau * i / ring, v = tau * j / tube;
            addPoint(m, (R + r * std::cos(v)) * std::cos(u), r * std::sin(v),
                     (R + r * std::cos(v)) * std::sin(u));
        }
    auto at = [&](int i, int j) { return std::uint32_t((i % ring) * tube + (j % tube)); };
    for (int i = 0; i < ring; ++i)
        for (int j = 0; j < tube; ++j)
            addQuad(m, at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j));
    windOutward(m);
    return m;
}

gltf::TriangleMesh extrudedPolygon(const std::vector<std::pair<double, double>>& polygon, double depth)
{
    Profile poly = polygon;
    double area = 0;
    for (size_t i = 0; i < poly.size(); ++i)
        area += cross2({0, 0}, poly[i], poly[(i + 1) % poly.size()]);
    if (area < 0)
        std::reverse(poly.begin(), poly.end());
    gltf::TriangleMesh m;
    const auto n = std::uint32_t(poly.size());
    for (const auto& [x, y] : poly)
        addPoint(m, x, y, 0);
    for (const auto& [x, y] : poly)
        addPoint(m, x, y, depth);
    for (const auto& t : earClip(poly)) {
        m.indices.insert(m.indices.end(), {t[0], t[2], t[1]});             // z = 0, facing -z
        m.indices.insert(m.indices.end(), {t[0] + n, t[1] + n, t[2] + n}); // z = depth, facing +z
    }
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t j = (i + 1) % n;
        addQuad(m, i, j, j + n, i + n);
    }
    windOutward(m);
    return m;
}

gltf::TriangleMesh lShapeMesh()
{
    return extrudedPolygon({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}, 1);
}

gltf::TriangleMesh archMesh()
{
    Profile p{{-2, 0}, {-1, 0}};
    const int steps = 24;
    for (int i = 1; i < steps; ++i) {
        const double a = std::numbers::pi * (1 - double(i) / steps);
        p.emplace_back(std::cos(a), std::sin(a));
    }
    p.insert(p.end(), {{1, 0}, {2, 0}, {2, 2.5}, {-2, 2.5}});
    return extrudedPolygon(p, 1);
}

gltf::TriangleMesh chairMesh()
{
    gltf::TriangleMesh m;
    for (double x : {0.0, 0.4})
        for (double z : {0.0, 0.4})
            appendBox(m, {x, 0, z}, {x + 0.05, 0.449, z + 0.05});
    appendBox(m, {0, 0.45, 0}, {0.45, 0.5, 0.45});
    for (double x : {0.0, 0.4})
        appendBox(m, {x, 0.501, 0.4}, {x + 0.05, 0.8, 0.45});
    appendBox(m, {0, 0.801, 0.4}, {0.45, 0.95, 0.45});
    return m;
}

gltf::TriangleMesh bowlMesh(int segments)
{
    // A profile from the outer pole up to the rim and back down the inside to the inner pole, turned about y.
    Profile profile;
    const int steps = segments / 4;
    for (int i = 0; i <= steps; ++i) {
        const double a = 0.5 * std::numbers::pi * i / steps;
        profile.emplace_back(std::sin(a), -std::cos(a));
    }
    for (int i = steps; i >= 0; --i) {
        const double a = 0.5 * std::numbers::pi * i / steps;
        profile.emplace_back(0.88 * std::sin(a), -0.88 * std::cos(a));
    }
    gltf::TriangleMesh m;
    const std::uint32_t bottom = addPoint(m, 0, profile.front().second, 0);
    const size_t rings = profile.size() - 2;
    for (size_t k = 1; k + 1 < profile.size(); ++k)
        for (int s = 0; s < segments; ++s) {
            const double a = 2 * std::numbers::pi * s / segments;
            addPoint(m, profile[k].first * std::cos(a), profile[k].second, profile[k].first * std::sin(a));
        }
    const std::uint32_t top = addPoint(m, 0, profile.back().second, 0);
    auto at = [&](size_t ringIndex, int s) {
        return std::uint32_t(1 + ringIndex * segments + (s % segments));
    };
    for (int s = 0; s < segments; ++s) {
        m.indices.insert(m.indices.end(), {bottom, at(0, s + 1), at(0, s)});
        m.indices.insert(m.indices.end(), {top, at(rings - 1, s), at(rings - 1, s + 1)});
        for (size_t k = 0; k + 1 < rings; ++k)
            addQuad(m, at(k, s), at(k, s + 1), at(k + 1, s + 1), at(k + 1, s));
    }
    windOutward(m);
    return m;
}

} // namespace cs::test
