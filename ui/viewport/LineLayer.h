#pragma once

#include <QColor>
#include <QMatrix4x4>
#include <QVector3D>
#include <array>
#include <functional>
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

    /// `onTop`: always drawn in front of the meshes (gizmos and handles), and over the lines of every layer
    /// that is not (draw order kOnTopOrder).
    LineLayer(QuickScene& scene, const QColor& color, QQuick3DObject* parent, bool onTop = false);

    /// The draw order of a layer drawn on top.
    static constexpr int kOnTopOrder = 2;
    /// Where lines of two layers lie on each other (a selected collider drawn in its kind's colour and again
    /// in the selection's), the layer of the higher order is drawn over the other. Lines do not write depth
    /// (they are blended), so without an order the renderer's sorting by distance picks a different winner
    /// as the camera moves. 0 by default.
    void setDrawOrder(int order);

    void setSegments(const std::vector<QVector3D>& points);
    /// Writes level `level` (0 .. kLevels - 1) of the moving segments into `out` (replaced).
    using MakeLevel = std::function<void(int level, std::vector<QVector3D>& out)>;
    /// Segments that move every frame (the bodies of a simulation preview), drawn beside the others in the
    /// same colour, as one buffer (no chunks): `make` writes the level the layer shows, now and whenever the
    /// camera changes its choice; `detailLength` gives, per level, the mean length of what the next level
    /// merges (0: nothing, the next level is never shown), `givenCount` the points of level 0. They replace
    /// the previous moving segments; a null `make` removes them.
    void setMovingSegments(const std::array<double, kLevels>& detailLength, size_t givenCount,
                           MakeLevel make);
    /// Draws every segment in `color` from now on.
    void setColor(const QColor& color);
    const QColor& color() const { return m_color; }
    void setXray(bool on);
    void setVisible(bool visible);
    bool isVisible() const { return m_visible; }
    /// Points of the segments as given (the finest level), the moving ones included.
    size_t pointCount() const { return m_count + m_movingGiven; }
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
    /// A chunk's levels of detail worked out from its points (no Qt Quick object: chunks in parallel).
    struct Coarsened
    {
        std::array<std::vector<QVector3D>, kLevels> levels;
        std::array<double, kLevels> detailLength{};
        QVector3D lo, hi;
    };
    static Coarsened coarsen(const std::vector<QVector3D>& points);
    void fill(Chunk& chunk, Coarsened coarse);
    void show(Chunk& chunk);
    /// Shows or hides a level's model (and its X-ray pass).
    void showLevel(Level& level, bool shown);
    /// Makes a level's geometry and (hidden) model.
    void makeLevel(Level& level);
    /// The level to show of detail lengths `detailLength` at `distance` from the camera.
    int chooseLevel(const std::array<double, kLevels>& detailLength, const std::array<bool, kLevels>& same,
                    double distance) const;
    /// Makes the moving segments' level for the current camera and uploads it, when it is another than the
    /// one on show or `always`.
    void showMoving(bool always);

    /// Gives `model` the layer's draw order.
    void applyOrder(QQuick3DObject* model) const;

    QuickScene& m_scene;
    QColor m_color;
    bool m_onTop;
    int m_order = 0;
    QQuick3DObject* m_node = nullptr;
    std::array<Chunk, kMaxChunks> m_chunks;
    bool m_xray = false;
    bool m_visible = true;
    size_t m_count = 0;
    QVector3D m_lo, m_hi;
    // The camera of the last updateDetail() (no camera yet: the finest level).
    QVector3D m_eye;
    float m_pixelsPerMetre = 0;
    // setMovingSegments(): one geometry showing the chosen level.
    Level m_moving;
    MakeLevel m_makeMoving;
    std::array<double, kLevels> m_movingDetail{};
    size_t m_movingGiven = 0;
    int m_movingLevel = -1; ///< the level on show
    std::vector<QVector3D> m_movingPoints;
    QVector3D m_movingLo, m_movingHi;
};

} // namespace cs::ui
