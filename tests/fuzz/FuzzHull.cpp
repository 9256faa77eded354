// Fuzz target hull: bytes decoded into hull options and a point cloud (raw floats and doubles, duplicates,
// near-duplicates, coplanar and grid points at scales from tiny to huge), then generateConvexHull.
#include "FuzzTargets.h"
#include "geometry/ConvexHull.h"

#include <cmath>
#include <cstring>
#include <set>
#include <tuple>

namespace cs::fuzz {

namespace {

class Reader
{
public:
    explicit Reader(Input input) : m_input(input) {}
    bool atEnd() const { return m_pos >= m_input.size(); }
    std::uint8_t byte() { return atEnd() ? 0 : m_input[m_pos++]; }
    template <class T> T value()
    {
        std::uint8_t raw[sizeof(T)] = {};
        for (auto& b : raw)
            b = byte();
        T v;
        std::memcpy(&v, raw, sizeof(T));
        return v;
    }

private:
    Input m_input;
    size_t m_pos = 0;
};

// Hulls grow quickly in cost; a few thousand points already cover every code path.
constexpr size_t kMaxPoints = 4096;

} // namespace

int hull(Input input)
{
    Reader in(input);
    geometry::ConvexHullOptions options;
    // Mostly small caps (where capping matters), sometimes below the minimum of 4.
    options.maxVertices = int(in.value<std::uint16_t>() % 300) - 2;
    const std::uint8_t flags = in.byte();
    options.conservative = flags & 1;
    options.measureQuality = flags & 2;

    std::vector<geometry::Vec3d> points;
    while (!in.atEnd() && points.size() < kMaxPoints) {
        const std::uint8_t control = in.byte();
        // A power of two from 2^-64 to 2^127 for the grid and plane modes.
        const double scale = std::ldexp(1.0, int(control >> 3) * 6 - 64);
        switch (control & 7) {
        case 0:
        case 1: { // raw floats: NaN, infinities, denormals and FLT_MAX included
            const float x = in.value<float>(), y = in.value<float>(), z = in.value<float>();
            points.push_back({x, y, z});
            break;
        }
        case 2: { // raw doubles, beyond float range too
            const double x = in.value<double>(), y = in.value<double>(), z = in.value<double>();
            points.push_back({x, y, z});
            break;
        }
        case 3: // an exact duplicate of an earlier point
            if (!points.empty())
                points.push_back(points[in.byte() % points.size()]);
            break;
        case 4: // an earlier point moved by a few ulps
            if (!points.empty()) {
                geometry::Vec3d p = points[in.byte() % points.size()];
                const int axis = in.byte() % 3;
                p[axis] = std::nextafter(p[axis], in.byte() & 1 ? HUGE_VAL : -HUGE_VAL);
                points.push_back(p);
            }
            break;
        case 5: { // on the plane z = 0
            const double x = in.value<std::int8_t>(), y = in.value<std::int8_t>();
            points.push_back({x * scale, y * scale, 0.0});
            break;
        }
        case 6: { // on the line x = y = z
            const double t = in.value<std::int8_t>();
            points.push_back({t * scale, t * scale, t * scale});
            break;
        }
        default: { // a small integer grid
            const double x = in.value<std::int8_t>(), y = in.value<std::int8_t>(),
                         z = in.value<std::int8_t>();
            points.push_back({x * scale, y * scale, z * scale});
            break;
        }
        }
    }

    bool allFinite = true;
    for (const auto& p : points)
        allFinite = allFinite && std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z);

    const auto result = geometry::generateConvexHull(points, options);
    checkDiagnostics(result.diagnostics);
    if (!result) {
        CS_FUZZ_CHECK(hasErrors(result.diagnostics));
        return 0;
    }
    CS_FUZZ_CHECK(options.maxVertices >= 4);
    CS_FUZZ_CHECK(allFinite);
    const auto& mesh = result->mesh;
    CS_FUZZ_CHECK(mesh.positions.size() >= 4);
    CS_FUZZ_CHECK(mesh.positions.size() <= size_t(options.maxVertices));
    CS_FUZZ_CHECK(mesh.indices.size() % 3 == 0 && mesh.indices.size() >= 12);
    for (std::uint32_t i : mesh.indices)
        CS_FUZZ_CHECK(i < mesh.positions.size());
    for (const QVector3D& p : mesh.positions)
        CS_FUZZ_CHECK(std::isfinite(p.x()) && std::isfinite(p.y()) && std::isfinite(p.z()));
    CS_FUZZ_CHECK(result->quality.vertexCount == mesh.positions.size());
    CS_FUZZ_CHECK(!std::isnan(result->quality.volume));
    if (!options.conservative) {
        // An inner hull is made of input points.
        std::set<std::tuple<float, float, float>> inputs;
        for (const auto& p : points) {
            const QVector3D q = p.toQt();
            inputs.emplace(q.x(), q.y(), q.z());
        }
        for (const QVector3D& p : mesh.positions)
            CS_FUZZ_CHECK(inputs.count({p.x(), p.y(), p.z()}) == 1);
    }
    return 0;
}

} // namespace cs::fuzz
