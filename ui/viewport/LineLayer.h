#pragma once

#include <QColor>
#include <QMatrix4x4>
#include <QVector3D>
#include <array>
#include <vector>

class QQuick3DObject;

namespace cs::ui {

class LineGeometry;
class QuickScene;

/// One batch of line segments in one colour, under its own node of the Qt Quick 3D scene. Lines in front of
/// the meshes are drawn at full colour; in X-ray mode a second, faint pass draws them in front of everything,
/// so that the lines behind meshes show through (over the lines already drawn it blends the same colour onto
/// itself and changes nothing).
///
/// Large batches are split into up to 16 chunks by place (a 4 x 4 grid over the two longest sides of their
/// bounds), so that chunks outside the view are not drawn, and each chunk holds four levels of detail (the
/// segments as given, then with chained segments merged twice, see geometry::mergeChainedSegments, then one
/// segment a shape, see geometry::shapeMarks): updateDetail() draws the coarser ones where the finer ones'
/// detail would be a few pixels long. One draw call a chunk; no buffer is rebuilt when the camera moves.
class LineLayer
{
public:
    static constexpr int kLevels = 4;
    static constexpr int kMaxChunks = 16;

    /// `onTop`: always drawn in front of the meshes (gizmos and handles).
    LineLayer(QuickScene& scene, const QColor& color, QQuick3DObject* parent, bool onTop = false);

    void setSegments(const std::vector<QVector3D>& points);
    /// Draws every segment in `color` from now on.
    void setColor(const QColor& color);
    const QColor& color() const { return m_color; }
    void setXray(bool on);
    void setVisible(bool visible);
    bool isVisible() const { return m_visible; }
    /// Points of the segments as given (the finest level).
    size_t pointCount() const { return m_count; }
    /// Points drawn with the levels chosen by the last updateDetail() (culling aside).
    size_t drawnPointCount() const;
    /// Bounds of the points (false when there are none).
    bool bounds(QVector3D& lo, QVector3D& hi) const;
    /// Chooses each chunk's level for a camera at `eye` that shows one metre at distance d as
    /// `pixelsPerMetreAtUnitDistance` / d pixels, and leaves out the chunks outside `viewProjection`'s view.
    void updateDetail(const QVector3D& eye, float pixelsPerMetreAtUnitDistance,
                      const QMatrix4x4& viewProjection);

private:
    struct Level
    {
        LineGeometry* geometry = nullptr;
        QQuick3DObject* model = nullptr;
        QQuick3DObject* faint = nullptr; ///< the X-ray pass, made when X-ray is first switched on
        bool modelShown = false;
        bool faintShown = false;
        size_t count = 0;
    };
    struct Chunk
    {
        std::array<Level, kLevels> levels;
        std::array<double, kLevels> detailLength{}; ///< mean length of what the next level merges; 0: none
        std::array<bool, kLevels> same{};           ///< the level merged nothing: it is the one before again
        QVector3D lo, hi;
        int level = 0;
        bool used = false;
        bool inView = true;
    };
    void fill(Chunk& chunk, const std::vector<QVector3D>& points);
    void show(Chunk& chunk);

    QuickScene& m_scene;
    QColor m_color;
    bool m_onTop;
    QQuick3DObject* m_node = nullptr;
    std::array<Chunk, kMaxChunks> m_chunks;
    bool m_xray = false;
    bool m_visible = true;
    size_t m_count = 0;
    QVector3D m_lo, m_hi;
};

} // namespace cs::ui
