#include "geometry/HalfSpacePolytope.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <unordered_map>
#include <unordered_set>

namespace cs::geometry {

namespace {

/// Newell's normal of a loop (twice the area vector).
Vec3d loopNormal(const std::vector<Vec3d>& v, const std::vector<int>& loop)
{
    Vec3d n;
    for (size_t i = 0; i < loop.size(); ++i)
        n += cross(v[loop[i]], v[loop[(i + 1) % loop.size()]]);
    return n;
}

} // namespace

HalfSpacePolytope::HalfSpacePolytope(const Vec3d& lo, const Vec3d& hi, double epsilon) : m_epsilon(epsilon)
{
    for (int i = 0; i < 8; ++i)
        m_vertices.emplace_back(i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z);
    // For each axis, the corners with that bit clear (the low face) in a cycle; the high face adds the bit.
    const int cycles[3][4] = {{0, 2, 6, 4}, {0, 4, 5, 1}, {0, 1, 3, 2}};
    for (int axis = 0; axis < 3; ++axis) {
        for (int high = 0; high < 2; ++high) {
            Face f;
            f.id = -1 - (2 * axis + high);
            f.plane.normal[axis] = high ? 1.0 : -1.0;
            f.plane.offset = high ? hi[axis] : -lo[axis];
            for (int c : cycles[axis])
                f.loop.push_back(high ? c | (1 << axis) : c);
            Vec3d outward;
            outward[axis] = high ? 1.0 : -1.0;
            if (dot(loopNormal(m_vertices, f.loop), outward) < 0)
                std::reverse(f.loop.begin(), f.loop.end());
            m_faces.push_back(std::move(f));
        }
    }
}

bool HalfSpacePolytope::clip(const HalfSpace& h, int id)
{
    std::vector<double> s(m_vertices.size());
    double hi = -HUGE_VAL, lo = HUGE_VAL;
    for (size_t i = 0; i < m_vertices.size(); ++i) {
        s[i] = dot(h.normal, m_vertices[i]) - h.offset;
        hi = std::max(hi, s[i]);
        lo = std::min(lo, s[i]);
    }
    if (hi <= m_epsilon)
        return false;
    if (lo >= -m_epsilon) {
        m_faces.clear();
        m_vertices.clear();
        return true;
    }
    std::map<std::pair<int, int>, int> crossing;
    std::vector<char> onCut(m_vertices.size(), 0);
    auto cutPoint = [&](int a, int b) {
        const auto key = std::minmax(a, b);
        const auto it = crossing.find(key);
        if (it != crossing.end())
            return it->second;
        const double t = s[a] / (s[a] - s[b]);
        m_vertices.push_back(m_vertices[a] + (m_vertices[b] - m_vertices[a]) * t);
        const int index = int(m_vertices.size()) - 1;
        crossing.emplace(key, index);
        return index;
    };
    std::vector<Face> kept;
    for (const Face& f : m_faces) {
        Face out{f.id, {}, f.plane};
        bool allOnCut = true;
        for (size_t k = 0; k < f.loop.size(); ++k) {
            const int a = f.loop[k], b = f.loop[(k + 1) % f.loop.size()];
            if (s[a] <= m_epsilon) {
                out.loop.push_back(a);
                if (s[a] >= -m_epsilon)
                    onCut[a] = 1;
                allOnCut = allOnCut && onCut[a];
            }
            if ((s[a] < -m_epsilon && s[b] > m_epsilon) || (s[a] > m_epsilon && s[b] < -m_epsilon)) {
                out.loop.push_back(cutPoint(a, b));
                onCut.resize(m_vertices.size(), 1);
            }
        }
        // A face lying in the cutting plane is replaced by the cut's own face.
        if (out.loop.size() >= 3 && !allOnCut)
            kept.push_back(std::move(out));
    }
    closeCut(kept, h, id);
    m_faces = std::move(kept);
    compact();
    return true;
}

void HalfSpacePolytope::closeCut(std::vector<Face>& faces, const HalfSpace& h, int id)
{
    // The cut's face is the rim the kept faces leave open, reversed: built from the faces' own edges it
    // closes the surface exactly, however close together the cut's vertices are.
    std::unordered_set<std::uint64_t> edges;
    auto key = [](int a, int b) { return (std::uint64_t(std::uint32_t(a)) << 32) | std::uint32_t(b); };
    for (const Face& f : faces) {
        for (size_t k = 0; k < f.loop.size(); ++k)
            edges.insert(key(f.loop[k], f.loop[(k + 1) % f.loop.size()]));
    }
    std::unordered_map<int, int> next;
    for (const Face& f : faces) {
        for (size_t k = 0; k < f.loop.size(); ++k) {
            const int a = f.loop[k], b = f.loop[(k + 1) % f.loop.size()];
            if (!edges.count(key(b, a)))
                next.emplace(b, a);
        }
    }
    while (!next.empty()) {
        Face cap{id, {}, h};
        for (int v = next.begin()->first; next.count(v);) {
            cap.loop.push_back(v);
            const int w = next.at(v);
            next.erase(v);
            v = w;
        }
        if (cap.loop.size() >= 3)
            faces.push_back(std::move(cap));
    }
}

void HalfSpacePolytope::compact()
{
    std::vector<int> map(m_vertices.size(), -1);
    std::vector<Vec3d> used;
    for (Face& f : m_faces) {
        for (int& v : f.loop) {
            if (map[v] < 0) {
                map[v] = int(used.size());
                used.push_back(m_vertices[v]);
            }
            v = map[v];
        }
    }
    m_vertices = std::move(used);
}

bool HalfSpacePolytope::touchesBox() const
{
    return std::any_of(m_faces.begin(), m_faces.end(), [](const Face& f) { return f.id < 0; });
}

double HalfSpacePolytope::volume() const
{
    if (m_faces.empty())
        return 0;
    const Vec3d r = m_vertices[0];
    double sixV = 0;
    for (const Face& f : m_faces) {
        const Vec3d a = m_vertices[f.loop[0]] - r;
        for (size_t k = 1; k + 1 < f.loop.size(); ++k)
            sixV += dot(a, cross(m_vertices[f.loop[k]] - r, m_vertices[f.loop[k + 1]] - r));
    }
    return sixV / 6.0;
}

void HalfSpacePolytope::weld(double distance)
{
    // Union of vertices within the epsilon; vertices are few (hundreds), so the quadratic pass is cheap.
    std::vector<int> root(m_vertices.size());
    std::iota(root.begin(), root.end(), 0);
    const double e2 = distance * distance;
    for (size_t i = 0; i < m_vertices.size(); ++i) {
        for (size_t j = 0; j < i; ++j) {
            if (root[j] == int(j) && lengthSquared(m_vertices[i] - m_vertices[j]) <= e2) {
                root[i] = int(j);
                break;
            }
        }
    }
    std::vector<Face> kept;
    for (Face& f : m_faces) {
        std::vector<int> loop;
        for (int v : f.loop) {
            const int r = root[v];
            if (loop.empty() || (loop.back() != r && loop.front() != r))
                loop.push_back(r);
        }
        if (loop.size() >= 3)
            kept.push_back({f.id, std::move(loop), f.plane});
    }
    m_faces = std::move(kept);
    std::vector<int> merged;
    for (size_t i = 0; i < root.size(); ++i) {
        if (root[i] != int(i))
            merged.push_back(root[i]);
    }
    refit(merged, distance);
    compact();
}

void HalfSpacePolytope::refit(const std::vector<int>& merged, double distance)
{
    std::vector<Mat3d> normalMatrix(m_vertices.size());
    std::vector<Vec3d> rhs(m_vertices.size());
    for (const Face& f : m_faces) {
        const Vec3d& n = f.plane.normal;
        for (int v : f.loop) {
            for (int r = 0; r < 3; ++r) {
                for (int c = 0; c < 3; ++c)
                    normalMatrix[v][r][c] += n[r] * n[c];
            }
            rhs[v] += n * f.plane.offset;
        }
    }
    for (int v : merged) {
        const Mat3d& a = normalMatrix[v];
        const double det = a.determinant();
        const double scale = a[0][0] + a[1][1] + a[2][2];
        if (!(std::fabs(det) > 1e-9 * scale * scale * scale))
            continue; // the faces meet along a line at best: keep the welded point
        Vec3d x;
        for (int c = 0; c < 3; ++c) {
            Mat3d ac = a;
            for (int r = 0; r < 3; ++r)
                ac[r][c] = rhs[v][r];
            x[c] = ac.determinant() / det;
        }
        if (lengthSquared(x - m_vertices[v]) <= distance * distance)
            m_vertices[v] = x;
    }
}

} // namespace cs::geometry
