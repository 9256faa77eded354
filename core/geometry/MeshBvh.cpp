#include "geometry/MeshBvh.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

namespace cs::geometry {

namespace {

constexpr std::uint32_t kLeafSize = 4;

Vec3d closestOnSegment(const Vec3d& p, const Vec3d& a, const Vec3d& b)
{
    const Vec3d ab = b - a;
    const double len2 = lengthSquared(ab);
    const double t = len2 > 0 ? std::clamp(dot(p - a, ab) / len2, 0.0, 1.0) : 0.0;
    return a + ab * t;
}

/// The nearest point of the three edges, for a triangle without area.
Vec3d closestOnEdges(const Vec3d& p, const Vec3d& a, const Vec3d& b, const Vec3d& c)
{
    Vec3d best = closestOnSegment(p, a, b);
    for (const Vec3d& q : {closestOnSegment(p, b, c), closestOnSegment(p, c, a)})
        if (lengthSquared(q - p) < lengthSquared(best - p))
            best = q;
    return best;
}

/// How far p lies beyond [lo, hi] along one axis (0 within).
inline double beyond(double p, double lo, double hi)
{
    const double below = lo - p, above = p - hi;
    const double e = below > above ? below : above;
    return e > 0 ? e : 0;
}

/// Called for every node a query visits: written per axis, with no loop or index, so that it inlines.
inline double boxDistanceSquared(const Vec3d& p, const std::array<float, 3>& lo,
                                 const std::array<float, 3>& hi)
{
    const double x = beyond(p.x, double(lo[0]), double(hi[0]));
    const double y = beyond(p.y, double(lo[1]), double(hi[1]));
    const double z = beyond(p.z, double(lo[2]), double(hi[2]));
    return x * x + y * y + z * z;
}

/// The largest float not above v (v itself when a float holds it exactly).
float floatBelow(double v)
{
    const float f = float(v);
    return double(f) > v ? std::nextafter(f, -std::numeric_limits<float>::infinity()) : f;
}

/// The smallest float not below v.
float floatAbove(double v)
{
    const float f = float(v);
    return double(f) < v ? std::nextafter(f, std::numeric_limits<float>::infinity()) : f;
}

} // namespace

Vec3d closestPointOnTriangle(const Vec3d& p, const Vec3d& a, const Vec3d& b, const Vec3d& c)
{
    // The region of the triangle's plane that p projects into decides: a corner, an edge, or the inside.
    const Vec3d ab = b - a, ac = c - a, ap = p - a;
    const double d1 = dot(ab, ap), d2 = dot(ac, ap);
    if (d1 <= 0 && d2 <= 0)
        return a;
    const Vec3d bp = p - b;
    const double d3 = dot(ab, bp), d4 = dot(ac, bp);
    if (d3 >= 0 && d4 <= d3)
        return b;
    const double vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0)
        return a + ab * (d1 / (d1 - d3));
    const Vec3d cp = p - c;
    const double d5 = dot(ab, cp), d6 = dot(ac, cp);
    if (d6 >= 0 && d5 <= d6)
        return c;
    const double vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0)
        return a + ac * (d2 / (d2 - d6));
    const double va = d3 * d6 - d5 * d4;
    if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0)
        return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
    const double sum = va + vb + vc;
    if (!(sum > 0) || !std::isfinite(sum))
        return closestOnEdges(p, a, b, c);
    return a + ab * (vb / sum) + ac * (vc / sum);
}

std::vector<std::uint32_t> trianglesInRange(const std::vector<std::uint32_t>& indices, size_t vertexCount)
{
    std::vector<std::uint32_t> triangles;
    triangles.reserve(indices.size() / 3 * 3);
    for (size_t t = 0; t + 2 < indices.size(); t += 3) {
        const auto i = indices[t], j = indices[t + 1], k = indices[t + 2];
        if (i < vertexCount && j < vertexCount && k < vertexCount)
            triangles.insert(triangles.end(), {i, j, k});
    }
    return triangles;
}

std::vector<Vec3d> triangleCorners(const gltf::TriangleMesh& mesh, const Mat4d& transform)
{
    std::vector<Vec3d> positions;
    positions.reserve(mesh.positions.size());
    for (const QVector3D& v : mesh.positions)
        positions.push_back(transformPoint(transform, Vec3d(v)));
    std::vector<Vec3d> corners;
    corners.reserve(mesh.indices.size());
    for (const std::uint32_t i : trianglesInRange(mesh.indices, positions.size()))
        corners.push_back(positions[i]);
    return corners;
}

MeshBvh::MeshBvh(const gltf::TriangleMesh& mesh, const Mat4d& transform)
{
    std::vector<Vec3d> positions;
    positions.reserve(mesh.positions.size());
    for (const QVector3D& v : mesh.positions)
        positions.push_back(transformPoint(transform, Vec3d(v)));
    const std::vector<std::uint32_t> triangles = trianglesInRange(mesh.indices, positions.size());
    build({positions.data(), triangles.data()}, std::uint32_t(triangles.size() / 3), Split::Median);
}

MeshBvh::MeshBvh(const std::vector<Vec3d>& corners, Split split)
{
    std::vector<std::uint32_t> indices(corners.size() / 3 * 3);
    for (size_t i = 0; i < indices.size(); ++i)
        indices[i] = std::uint32_t(i);
    build({corners.data(), indices.data()}, std::uint32_t(corners.size() / 3), split);
}

MeshBvh::MeshBvh(const std::vector<Vec3d>& positions, const std::vector<std::uint32_t>& triangles,
                 Split split)
{
    build({positions.data(), triangles.data()}, std::uint32_t(triangles.size() / 3), split);
}

namespace {

/// The bits of a 7-bit number spread to every third bit.
constexpr std::uint64_t spreadSevenBits(std::uint64_t v)
{
    std::uint64_t out = 0;
    for (unsigned bit = 0; bit < 7; ++bit)
        out |= ((v >> bit) & 1U) << (3 * bit);
    return out;
}

constexpr std::array<std::uint64_t, 128> kSpreadSeven = [] {
    std::array<std::uint64_t, 128> table{};
    for (std::uint64_t v = 0; v < table.size(); ++v)
        table[v] = spreadSevenBits(v);
    return table;
}();

/// The bits of a 21-bit number spread to every third bit of a 64-bit one, seven bits a table look-up.
inline std::uint64_t spreadBits(std::uint64_t v)
{
    return kSpreadSeven[v & 0x7fU] | kSpreadSeven[(v >> 7U) & 0x7fU] << 21U |
           kSpreadSeven[(v >> 14U) & 0x7fU] << 42U;
}

/// The Morton codes of `count` points (21 bits an axis over their bounding box), point t given by
/// `pointOf(t)`, which is called twice per point.
template <typename PointOf> std::vector<std::uint64_t> mortonCodes(size_t count, const PointOf& pointOf)
{
    Vec3d lo = pointOf(0), hi = lo;
    for (size_t t = 0; t < count; ++t) {
        const Vec3d c = pointOf(t);
        lo = minOf(lo, c);
        hi = maxOf(hi, c);
    }
    const Vec3d extent = hi - lo;
    auto cell = [](double v, double from, double size) {
        const double t = size > 0 ? (v - from) / size : 0.0;
        return std::uint64_t(std::clamp(t, 0.0, 1.0) * double(0x1fffff));
    };
    std::vector<std::uint64_t> codes(count);
    for (size_t t = 0; t < count; ++t) {
        const Vec3d c = pointOf(t);
        codes[t] = spreadBits(cell(c.x, lo.x, extent.x)) | spreadBits(cell(c.y, lo.y, extent.y)) << 1U |
                   spreadBits(cell(c.z, lo.z, extent.z)) << 2U;
    }
    return codes;
}

/// The indices 0..count-1 sorted by `codes` (ties in index order); `codes` sorted with them.
std::vector<std::uint32_t> sortedOrder(std::vector<std::uint64_t>& codes)
{
    std::vector<std::uint32_t> order(codes.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = std::uint32_t(i);
    sortByKey(codes, order);
    return order;
}

constexpr unsigned kDigitBits = 11;
constexpr size_t kDigits = 6; // 66 bits: every bit of a 64-bit key
constexpr size_t kBuckets = size_t(1) << kDigitBits;
/// Below this many keys a comparison sort is cheaper than clearing and summing the radix counts.
constexpr size_t kRadixFrom = 256;

} // namespace

void sortByKey(std::vector<std::uint64_t>& keys, std::vector<std::uint32_t>& values)
{
    const size_t n = keys.size();
    if (n < kRadixFrom) {
        std::vector<std::pair<std::uint64_t, std::uint32_t>> pairs(n);
        for (size_t i = 0; i < n; ++i)
            pairs[i] = {keys[i], values[i]};
        std::stable_sort(pairs.begin(), pairs.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        for (size_t i = 0; i < n; ++i) {
            keys[i] = pairs[i].first;
            values[i] = pairs[i].second;
        }
        return;
    }
    // Every digit's counts in one pass over the keys.
    std::vector<std::uint32_t> counts(kDigits * kBuckets, 0);
    std::uint32_t* const c = counts.data();
    constexpr std::uint64_t kMask = kBuckets - 1;
    for (const std::uint64_t key : keys) {
        ++c[key & kMask];
        ++c[kBuckets + ((key >> kDigitBits) & kMask)];
        ++c[2 * kBuckets + ((key >> (2 * kDigitBits)) & kMask)];
        ++c[3 * kBuckets + ((key >> (3 * kDigitBits)) & kMask)];
        ++c[4 * kBuckets + ((key >> (4 * kDigitBits)) & kMask)];
        ++c[5 * kBuckets + ((key >> (5 * kDigitBits)) & kMask)];
    }
    static_assert(kDigits == 6);
    std::vector<std::uint64_t> keysOut(n);
    std::vector<std::uint32_t> valuesOut(n);
    for (size_t d = 0; d < kDigits; ++d) {
        std::uint32_t* const count = c + d * kBuckets;
        const unsigned shift = unsigned(d) * kDigitBits;
        if (count[(keys[0] >> shift) & kMask] == n)
            continue; // every key has this digit: the pass would keep the order
        std::uint32_t sum = 0;
        for (size_t b = 0; b < kBuckets; ++b) {
            const std::uint32_t here = count[b];
            count[b] = sum;
            sum += here;
        }
        const std::uint64_t* const from = keys.data();
        const std::uint32_t* const fromValues = values.data();
        std::uint64_t* const to = keysOut.data();
        std::uint32_t* const toValues = valuesOut.data();
        for (size_t i = 0; i < n; ++i) {
            const std::uint64_t key = from[i];
            const std::uint32_t at = count[(key >> shift) & kMask]++;
            to[at] = key;
            toValues[at] = fromValues[i];
        }
        keys.swap(keysOut);
        values.swap(valuesOut);
    }
}

std::vector<std::uint32_t> mortonOrder(const std::vector<Vec3d>& points)
{
    if (points.empty())
        return {};
    std::vector<std::uint64_t> codes = mortonCodes(points.size(), [&points](size_t t) { return points[t]; });
    return sortedOrder(codes);
}

void MeshBvh::build(const Source& source, std::uint32_t count, Split split)
{
    if (count == 0)
        return;
    auto centreOf = [&source](size_t t) {
        return (source.corner(t, 0) + source.corner(t, 1) + source.corner(t, 2)) / 3.0;
    };
    std::vector<Vec3d> centres;
    std::vector<std::uint32_t> order;
    m_presorted = split == Split::Morton;
    if (m_presorted) {
        // The centres only make the codes: made twice on the fly rather than stored.
        m_codes = mortonCodes(count, centreOf);
        order = sortedOrder(m_codes);
    } else {
        centres.resize(count);
        order.resize(count);
        for (std::uint32_t t = 0; t < count; ++t) {
            centres[t] = centreOf(t);
            order[t] = t;
        }
    }
    m_nodes.reserve(2 * (count / kLeafSize + 1));
    // The leaves store their triangles' corners as they are made, so that a leaf reads one contiguous run.
    m_corners.resize(3 * size_t(count));
    buildNode(order, centres, source, 0, count);
    m_codes = {};
    m_triangleIds = std::move(order);
}

std::uint32_t MeshBvh::buildLeaf(const std::vector<std::uint32_t>& order, const Source& source,
                                 std::uint32_t begin, std::uint32_t end)
{
    const auto index = std::uint32_t(m_nodes.size());
    Vec3d* out = &m_corners[3 * size_t(begin)];
    Vec3d lo = source.corner(order[begin], 0), hi = lo;
    for (std::uint32_t i = begin; i < end; ++i) {
        for (size_t k = 0; k < 3; ++k) {
            const Vec3d& v = source.corner(order[i], k);
            *out++ = v;
            // Plain comparisons: a NaN coordinate leaves the box as it was, or, as the first corner, makes
            // the box NaN, which is never skipped (its distance compares as 0).
            lo = {v.x < lo.x ? v.x : lo.x, v.y < lo.y ? v.y : lo.y, v.z < lo.z ? v.z : lo.z};
            hi = {v.x > hi.x ? v.x : hi.x, v.y > hi.y ? v.y : hi.y, v.z > hi.z ? v.z : hi.z};
        }
    }
    Node& node = m_nodes.emplace_back();
    node.lo = {floatBelow(lo.x), floatBelow(lo.y), floatBelow(lo.z)};
    node.hi = {floatAbove(hi.x), floatAbove(hi.y), floatAbove(hi.z)};
    node.first = begin;
    node.count = end - begin;
    return index;
}

std::uint32_t MeshBvh::joinChildren(std::uint32_t index, std::uint32_t first, std::uint32_t second)
{
    Node& node = m_nodes[index];
    for (size_t k = 0; k < 3; ++k) {
        node.lo[k] = std::min(m_nodes[first].lo[k], m_nodes[second].lo[k]);
        node.hi[k] = std::max(m_nodes[first].hi[k], m_nodes[second].hi[k]);
    }
    node.first = second;
    return index;
}

std::uint32_t MeshBvh::buildNode(std::vector<std::uint32_t>& order, const std::vector<Vec3d>& centres,
                                 const Source& source, std::uint32_t begin, std::uint32_t end)
{
    if (end - begin <= kLeafSize)
        return buildLeaf(order, source, begin, end);
    const auto index = std::uint32_t(m_nodes.size());
    m_nodes.emplace_back();
    std::uint32_t mid = begin + (end - begin) / 2;
    if (m_presorted) {
        // Split where the highest bit that differs in the range changes, so that each child is one cell of
        // the curve (a box), not two distant runs; the middle when every code is the same.
        const std::uint64_t differ = m_codes[begin] ^ m_codes[end - 1];
        if (differ != 0) {
            const std::uint64_t bit = std::uint64_t(1) << (63 - std::countl_zero(differ));
            mid = std::uint32_t(std::partition_point(m_codes.begin() + begin, m_codes.begin() + end,
                                                     [&](std::uint64_t c) { return (c & bit) == 0; }) -
                                m_codes.begin());
        }
        const std::uint32_t first = buildNode(order, centres, source, begin, mid);
        return joinChildren(index, first, buildNode(order, centres, source, mid, end));
    }
    // Split at the median centre along the axis the centres spread most; the node's box is its children's
    // union (made once per level from the two boxes rather than from every triangle below it).
    Vec3d clo = centres[order[begin]], chi = clo;
    for (std::uint32_t i = begin; i < end; ++i) {
        clo = minOf(clo, centres[order[i]]);
        chi = maxOf(chi, centres[order[i]]);
    }
    const Vec3d extent = chi - clo;
    const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2);
    // The coordinate as a member pointer, chosen once: the comparisons then read it without a branch.
    double Vec3d::*coordinate = axis == 0 ? &Vec3d::x : (axis == 1 ? &Vec3d::y : &Vec3d::z);
    std::nth_element(order.begin() + begin, order.begin() + mid, order.begin() + end,
                     [&centres, coordinate](std::uint32_t a, std::uint32_t b) {
                         return centres[a].*coordinate < centres[b].*coordinate;
                     });
    const std::uint32_t first = buildNode(order, centres, source, begin, mid);
    return joinChildren(index, first, buildNode(order, centres, source, mid, end));
}

MeshBvh::Hit MeshBvh::closest(const Vec3d& p, std::uint32_t hint, double enough) const
{
    Hit hit;
    if (m_nodes.empty())
        return hit;
    double best = std::numeric_limits<double>::infinity();
    const double enough2 = enough * enough;
    if (hint < triangleCount()) {
        const Vec3d* c = &m_corners[3 * size_t(hint)];
        hit.point = closestPointOnTriangle(p, c[0], c[1], c[2]);
        hit.triangle = m_triangleIds[hint];
        hit.leaf = hint;
        best = lengthSquared(hit.point - p);
        if (best <= enough2) {
            hit.distance = std::sqrt(best);
            return hit;
        }
    }
    // Each entry carries its box's distance, measured when it was pushed, so that no box is measured twice.
    struct Entry
    {
        std::uint32_t node;
        double boxDistance;
    };
    std::array<Entry, 64> stack{};
    size_t top = 0;
    stack[top++] = {0, boxDistanceSquared(p, m_nodes[0].lo, m_nodes[0].hi)};
    while (top > 0) {
        const Entry entry = stack[--top];
        if (entry.boxDistance >= best)
            continue;
        const Node& node = m_nodes[entry.node];
        if (node.count > 0) {
            for (std::uint32_t t = node.first; t < node.first + node.count; ++t) {
                const Vec3d* c = &m_corners[3 * size_t(t)];
                const Vec3d q = closestPointOnTriangle(p, c[0], c[1], c[2]);
                const double d = lengthSquared(q - p);
                if (d < best) {
                    best = d;
                    hit.point = q;
                    hit.triangle = m_triangleIds[t];
                    hit.leaf = t;
                }
            }
            if (best <= enough2)
                break;
            continue;
        }
        const std::uint32_t first = entry.node + 1, second = node.first;
        const double dFirst = boxDistanceSquared(p, m_nodes[first].lo, m_nodes[first].hi);
        const double dSecond = boxDistanceSquared(p, m_nodes[second].lo, m_nodes[second].hi);
        // The nearer child goes on top, so that it is searched first and tightens `best` for the other;
        // a child already farther than the best is not pushed.
        const Entry near = dFirst <= dSecond ? Entry{first, dFirst} : Entry{second, dSecond};
        const Entry far = dFirst <= dSecond ? Entry{second, dSecond} : Entry{first, dFirst};
        if (far.boxDistance < best)
            stack[top++] = far;
        if (near.boxDistance < best)
            stack[top++] = near;
    }
    hit.distance = std::sqrt(best);
    return hit;
}

double bruteForceDistance(const std::vector<Vec3d>& corners, const Vec3d& p)
{
    double best = std::numeric_limits<double>::infinity();
    for (size_t t = 0; t + 2 < corners.size(); t += 3)
        best = std::min(
            best, lengthSquared(closestPointOnTriangle(p, corners[t], corners[t + 1], corners[t + 2]) - p));
    return std::sqrt(best);
}

} // namespace cs::geometry
