#include "simulation/MovingOverlays.h"

#include "geometry/Wireframe.h"

#include <algorithm>

namespace cs::simulation {

namespace {

bool moves(const physics::ResolvedScene& resolved, int body)
{
    return body >= 0 && size_t(body) < resolved.bodies.size() &&
           resolved.bodies[size_t(body)].motion.type != physics::MotionType::Static;
}

/// The top three rows of a rigid motion, in single precision: what moving a point needs.
struct Rows
{
    std::array<std::array<float, 4>, 3> m{};

    explicit Rows(const geometry::Mat4d& motion)
    {
        for (int r = 0; r < 3; ++r) {
            for (int c = 0; c < 4; ++c)
                m[size_t(r)][size_t(c)] = float(motion(r, c));
        }
    }

    QVector3D map(const QVector3D& p) const
    {
        auto row = [&](size_t r) { return m[r][0] * p.x() + m[r][1] * p.y() + m[r][2] * p.z() + m[r][3]; };
        return QVector3D(row(0), row(1), row(2));
    }
};

} // namespace

template <class Mover> void MovingOverlays::split(const scene::Overlays& atRest, Mover&& mover)
{
    for (size_t k = 0; k < kKinds; ++k) {
        const std::vector<QVector3D>& lines = atRest.lines[k];
        Level& moving = m_levels[k][0];
        size_t next = 0; // the first point not yet sorted
        for (const scene::OverlayRun& run : atRest.bodyRuns[k]) {
            const long node = mover(run);
            if (node < 0 || run.first < next || run.first + run.count > lines.size())
                continue;
            m_fixed[k].insert(m_fixed[k].end(), lines.begin() + std::ptrdiff_t(next),
                              lines.begin() + std::ptrdiff_t(run.first));
            moving.runs.push_back({moving.points.size(), run.count, size_t(node)});
            moving.points.insert(moving.points.end(), lines.begin() + std::ptrdiff_t(run.first),
                                 lines.begin() + std::ptrdiff_t(run.first + run.count));
            next = run.first + run.count;
        }
        m_fixed[k].insert(m_fixed[k].end(), lines.begin() + std::ptrdiff_t(next), lines.end());
        makeCoarserLevels(k);
    }
}

MovingOverlays::MovingOverlays(const scene::Overlays& atRest, const physics::ResolvedScene& resolved)
{
    split(atRest, [&](const scene::OverlayRun& run) {
        return moves(resolved, run.body) ? long(resolved.bodies[size_t(run.body)].node) : -1L;
    });
}

MovingOverlays::MovingOverlays(const scene::Overlays& atRest, const std::vector<size_t>& movedNodes)
{
    split(atRest, [&](const scene::OverlayRun& run) {
        return run.node >= 0 && std::binary_search(movedNodes.begin(), movedNodes.end(), size_t(run.node))
                   ? long(run.node)
                   : -1L;
    });
}

void MovingOverlays::makeCoarserLevels(size_t kind)
{
    std::array<Level, kLevels>& levels = m_levels[kind];
    std::array<double, kLevels> lengthSum{};
    std::array<size_t, kLevels> merged{};
    for (const Run& run : levels[0].runs) {
        std::array<std::vector<QVector3D>, kLevels> own;
        own[0].assign(levels[0].points.begin() + std::ptrdiff_t(run.first),
                      levels[0].points.begin() + std::ptrdiff_t(run.first + run.count));
        for (size_t l = 1; l < size_t(kLevels); ++l) {
            geometry::CoarserLines coarser = l + 1 < size_t(kLevels)
                                                 ? geometry::mergeChainedSegments(own[l - 1])
                                                 : geometry::shapeMarks(own[0]);
            lengthSum[l - 1] += coarser.mergedMeanLength * double(coarser.merged);
            merged[l - 1] += coarser.merged;
            own[l] = std::move(coarser.points);
            levels[l].runs.push_back({levels[l].points.size(), own[l].size(), run.node});
            levels[l].points.insert(levels[l].points.end(), own[l].begin(), own[l].end());
        }
    }
    for (size_t l = 0; l + 1 < size_t(kLevels); ++l)
        m_detail[kind][l] = merged[l] > 0 ? lengthSum[l] / double(merged[l]) : 0.0;
}

void MovingOverlays::movedLines(scene::OverlayKind kind, int level, const BodyMotions& motions,
                                std::vector<QVector3D>& out) const
{
    const Level& atRest = m_levels[size_t(kind)][size_t(std::clamp(level, 0, kLevels - 1))];
    out.resize(atRest.points.size());
    for (const Run& run : atRest.runs) {
        const geometry::Mat4d* motion = motions.of(run.node);
        if (!motion) {
            std::copy_n(atRest.points.begin() + std::ptrdiff_t(run.first), run.count,
                        out.begin() + std::ptrdiff_t(run.first));
            continue;
        }
        const Rows rows(*motion);
        for (size_t i = run.first; i < run.first + run.count; ++i)
            out[i] = rows.map(atRest.points[i]);
    }
}

scene::Overlays MovingOverlays::drawn(const BodyMotions& motions) const
{
    scene::Overlays out;
    std::vector<QVector3D> moved;
    for (size_t k = 0; k < kKinds; ++k) {
        out.lines[k] = m_fixed[k];
        movedLines(scene::OverlayKind(k), 0, motions, moved);
        out.lines[k].insert(out.lines[k].end(), moved.begin(), moved.end());
    }
    return out;
}

} // namespace cs::simulation
