#pragma once

// The preview's overlay lines, split once into the lines that stay where they are and the lines each moving
// body carries. A frame then moves the carried points by their bodies' motions (one pass over them, no
// wireframe built again), and the view uploads them as one buffer a layer.

#include "physics/ResolvedScene.h"
#include "scene/Overlays.h"
#include "simulation/BodyMotions.h"

#include <QVector3D>
#include <array>
#include <vector>

namespace cs::simulation {

class MovingOverlays
{
public:
    /// Levels of detail of the moving lines, as the view's line layers make them for still lines: the
    /// segments as given, chained segments merged twice (geometry::mergeChainedSegments), one segment a
    /// shape (geometry::shapeMarks); each made once, at rest, body by body.
    static constexpr int kLevels = 4;

    MovingOverlays() = default;
    /// `atRest`: the overlays of `resolved` at time 0 (scene::buildOverlays, with its body runs). The runs of
    /// dynamic and kinematic bodies move; everything else (static bodies, static world geometry, centres of
    /// mass and the other markers) stays.
    MovingOverlays(const scene::Overlays& atRest, const physics::ResolvedScene& resolved);
    /// An animation's split: the runs whose node is one of `movedNodes` (ascending) move, each by the motion
    /// of its own node (BodyMotions keyed by node, as nodeMotions makes them); everything else stays.
    MovingOverlays(const scene::Overlays& atRest, const std::vector<size_t>& movedNodes);

    /// The lines of `kind` that no body moves, in their order at rest.
    const std::vector<QVector3D>& fixedLines(scene::OverlayKind kind) const { return m_fixed[size_t(kind)]; }
    /// Level `level` of the lines of `kind` the moving bodies carry, each body's points moved by its motion
    /// (where they were at rest when it has none), into `out` (replaced).
    void movedLines(scene::OverlayKind kind, int level, const BodyMotions& motions,
                    std::vector<QVector3D>& out) const;
    /// Points of `kind` the moving bodies carry (level 0).
    size_t movingPointCount(scene::OverlayKind kind) const { return m_levels[size_t(kind)][0].points.size(); }
    /// Per level of `kind`, the mean length of the segments the next level merges (0: it merges nothing).
    const std::array<double, kLevels>& detailLengths(scene::OverlayKind kind) const
    {
        return m_detail[size_t(kind)];
    }
    /// Every kind's fixed lines followed by its moved ones (level 0): what the view draws at `motions`.
    scene::Overlays drawn(const BodyMotions& motions) const;

private:
    struct Run
    {
        size_t first = 0;
        size_t count = 0;
        size_t node = 0; ///< whose motion moves it: the body's node, or the run's own (an animation)
    };
    struct Level
    {
        std::vector<QVector3D> points;
        std::vector<Run> runs;
    };
    /// Sorts the runs into fixed and moving lines: `mover` gives the node whose motion moves a run, or -1
    /// when it stays.
    template <class Mover> void split(const scene::Overlays& atRest, Mover&& mover);
    /// Levels 1.. of `kind`, made from level 0 run by run.
    void makeCoarserLevels(size_t kind);

    static constexpr size_t kKinds = size_t(scene::OverlayKind::Count);
    std::array<std::vector<QVector3D>, kKinds> m_fixed;
    std::array<std::array<Level, kLevels>, kKinds> m_levels;
    std::array<std::array<double, kLevels>, kKinds> m_detail{};
};

} // namespace cs::simulation
