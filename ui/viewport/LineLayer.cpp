#include "viewport/LineLayer.h"

#include "geometry/Wireframe.h"
#include "viewport/QuickScene.h"

#include <QtConcurrent/QtConcurrentMap>
#include <QtQuick3D/qquick3dgeometry.h>
#include <algorithm>

namespace cs::ui {

/// Line segments, each pair of points one segment.
class LineGeometry : public QQuick3DGeometry
{
public:
    LineGeometry()
    {
        setStride(12);
        setPrimitiveType(PrimitiveType::Lines);
        addAttribute(Attribute::PositionSemantic, 0, Attribute::F32Type);
    }

    void setPoints(const std::vector<QVector3D>& points, const QVector3D& lo, const QVector3D& hi)
    {
        static_assert(sizeof(QVector3D) == 12);
        setVertexData(QByteArray(reinterpret_cast<const char*>(points.data()),
                                 static_cast<qsizetype>(points.size() * 12)));
        setBounds(lo, hi);
        update();
    }
};

namespace {

/// Below this many points a batch is one chunk: splitting it would cost more draw calls than it saves.
constexpr size_t kChunkingThreshold = 8192;
/// A level is drawn while the segments the next level would merge are at least this long on screen.
constexpr double kDetailPixels = 4.0;

void grow(QVector3D& lo, QVector3D& hi, const QVector3D& p)
{
    lo = QVector3D(std::min(lo.x(), p.x()), std::min(lo.y(), p.y()), std::min(lo.z(), p.z()));
    hi = QVector3D(std::max(hi.x(), p.x()), std::max(hi.y(), p.y()), std::max(hi.z(), p.z()));
}

/// The segments of `points` grouped by the cell of a 4 x 4 grid over the two longest sides of [lo, hi] that
/// holds each segment's midpoint, in their order; empty cells are left out.
std::vector<std::vector<QVector3D>> byPlace(const std::vector<QVector3D>& points, size_t count,
                                            const QVector3D& lo, const QVector3D& hi)
{
    const QVector3D size = hi - lo;
    int axes[3] = {0, 1, 2};
    std::sort(axes, axes + 3, [&](int a, int b) { return size[a] > size[b]; });
    constexpr int kSide = 4;
    std::vector<std::vector<QVector3D>> cells(kSide * kSide);
    auto cell = [&](float v, int axis) {
        const float extent = size[axis];
        return extent > 0 ? std::clamp(int((v - lo[axis]) / extent * kSide), 0, kSide - 1) : 0;
    };
    for (size_t i = 0; i + 1 < count; i += 2) {
        const QVector3D mid = (points[i] + points[i + 1]) * 0.5f;
        const int index = cell(mid[axes[0]], axes[0]) * kSide + cell(mid[axes[1]], axes[1]);
        auto& target = cells[size_t(index)];
        target.push_back(points[i]);
        target.push_back(points[i + 1]);
    }
    cells.erase(std::remove_if(cells.begin(), cells.end(), [](const auto& c) { return c.empty(); }),
                cells.end());
    return cells;
}

float distanceToBox(const QVector3D& p, const QVector3D& lo, const QVector3D& hi)
{
    const QVector3D nearest(std::clamp(p.x(), lo.x(), hi.x()), std::clamp(p.y(), lo.y(), hi.y()),
                            std::clamp(p.z(), lo.z(), hi.z()));
    return (p - nearest).length();
}

/// True when the box is entirely outside one of the planes of the view volume of `viewProjection`.
bool outsideView(const QMatrix4x4& viewProjection, const QVector3D& lo, const QVector3D& hi)
{
    std::array<QVector4D, 8> corners;
    for (int i = 0; i < 8; ++i)
        corners[size_t(i)] = viewProjection * QVector4D(i & 1 ? hi.x() : lo.x(), i & 2 ? hi.y() : lo.y(),
                                                        i & 4 ? hi.z() : lo.z(), 1.0f);
    for (int axis = 0; axis < 3; ++axis) {
        for (const float side : {-1.0f, 1.0f}) {
            const bool allOutside = std::all_of(corners.begin(), corners.end(),
                                                [&](const QVector4D& c) { return side * c[axis] > c.w(); });
            if (allOutside)
                return true;
        }
    }
    return false;
}

} // namespace

LineLayer::LineLayer(QuickScene& scene, const QColor& color, QQuick3DObject* parent, bool onTop)
    : m_scene(scene), m_color(color), m_onTop(onTop), m_order(onTop ? kOnTopOrder : 0),
      m_node(scene.makeNode(parent))
{}

void LineLayer::setDrawOrder(int order)
{
    m_order = order;
    for (Chunk& chunk : m_chunks)
        for (Level& level : chunk.levels)
            for (QQuick3DObject* model : {level.model, level.faint})
                applyOrder(model);
    for (QQuick3DObject* model : {m_moving.model, m_moving.faint})
        applyOrder(model);
}

void LineLayer::applyOrder(QQuick3DObject* model) const
{
    // Qt Quick 3D draws blended models from the farthest to the nearest, by their distance from the camera
    // plus their depth bias: a bias far beyond any scene's size puts every model of a higher order after
    // those of a lower one.
    constexpr float kOrderStep = 1e6f;
    if (model)
        model->setProperty("depthBias", -kOrderStep * float(m_order));
}

void LineLayer::setSegments(const std::vector<QVector3D>& points)
{
    m_count = points.size() - points.size() % 2;
    if (m_count > 0) {
        m_lo = m_hi = points[0];
        for (size_t i = 1; i < m_count; ++i)
            grow(m_lo, m_hi, points[i]);
    }
    size_t used = 0;
    if (m_count >= kChunkingThreshold) {
        // The chunks' levels are worked out on every core, then handed to their geometries here.
        std::vector<Coarsened> coarse = QtConcurrent::blockingMapped<std::vector<Coarsened>>(
            byPlace(points, m_count, m_lo, m_hi), coarsen);
        for (Coarsened& c : coarse)
            fill(m_chunks[used++], std::move(c));
    } else if (m_count > 0) {
        fill(m_chunks[used++],
             coarsen(std::vector<QVector3D>(points.begin(), points.begin() + qsizetype(m_count))));
    }
    for (size_t i = used; i < m_chunks.size(); ++i) {
        Chunk& chunk = m_chunks[i];
        if (!chunk.used)
            continue;
        chunk.used = false;
        for (Level& level : chunk.levels) {
            if (level.geometry)
                level.geometry->setPoints({}, {}, {});
            level.count = 0;
        }
        show(chunk);
    }
}

LineLayer::Coarsened LineLayer::coarsen(const std::vector<QVector3D>& points)
{
    Coarsened out;
    out.levels[0] = points;
    for (int l = 1; l < kLevels; ++l) {
        // The last level replaces each shape by one segment: kept for shapes a few pixels across, where the
        // lines of a whole shape would cover the same pixels. It groups the full detail: merged chains no
        // longer meet the segments that joined them in the middle (a cylinder's sides and its circles).
        geometry::CoarserLines coarser = l + 1 < kLevels ? geometry::mergeChainedSegments(out.levels[l - 1])
                                                         : geometry::shapeMarks(out.levels[0]);
        out.detailLength[l - 1] = coarser.merged ? coarser.mergedMeanLength : 0.0;
        out.levels[l] = std::move(coarser.points);
    }
    out.detailLength[kLevels - 1] = 0.0;
    out.lo = out.hi = points[0];
    for (const QVector3D& p : points)
        grow(out.lo, out.hi, p);
    return out;
}

void LineLayer::fill(Chunk& chunk, Coarsened coarse)
{
    std::array<std::vector<QVector3D>, kLevels>& levels = coarse.levels;
    chunk.detailLength = coarse.detailLength;
    chunk.lo = coarse.lo;
    chunk.hi = coarse.hi;
    for (int l = 0; l < kLevels; ++l) {
        Level& level = chunk.levels[size_t(l)];
        // A level that merged nothing is the one before it again: never shown (see choose()).
        chunk.same[size_t(l)] = l > 0 && chunk.detailLength[size_t(l - 1)] <= 0;
        level.count = chunk.same[size_t(l)] ? 0 : levels[size_t(l)].size();
        if (chunk.same[size_t(l)] && !level.geometry)
            continue;
        if (!level.geometry)
            makeLevel(level);
        level.geometry->setPoints(chunk.same[size_t(l)] ? std::vector<QVector3D>{} : levels[size_t(l)],
                                  chunk.lo, chunk.hi);
    }
    chunk.used = true;
    chunk.level = 0;
    chunk.inView = true;
    show(chunk);
}

void LineLayer::makeLevel(Level& level)
{
    level.geometry = new LineGeometry();
    QuickScene::adopt(level.geometry, m_node);
    level.model = m_scene.makeLineModel(m_node, level.geometry, m_color, 1.0f, m_onTop);
    applyOrder(level.model);
    QuickScene::setVisible(level.model, false);
}

void LineLayer::show(Chunk& chunk)
{
    for (int l = 0; l < kLevels; ++l) {
        Level& level = chunk.levels[size_t(l)];
        if (level.model)
            showLevel(level, chunk.used && chunk.inView && chunk.level == l && level.count > 0);
    }
}

void LineLayer::showLevel(Level& level, bool shown)
{
    if (shown != level.modelShown) {
        QuickScene::setVisible(level.model, shown);
        level.modelShown = shown;
    }
    const bool faint = shown && m_xray && !m_onTop;
    if (faint && !level.faint) {
        level.faint = m_scene.makeLineModel(m_node, level.geometry, m_color, 0.35f, true);
        applyOrder(level.faint);
    }
    if (level.faint && faint != level.faintShown) {
        QuickScene::setVisible(level.faint, faint);
        level.faintShown = faint;
    }
}

void LineLayer::setMovingSegments(const std::array<double, kLevels>& detailLength, size_t givenCount,
                                  MakeLevel make)
{
    m_makeMoving = std::move(make);
    m_movingDetail = detailLength;
    m_movingGiven = m_makeMoving ? givenCount : 0;
    if (!m_makeMoving) {
        m_moving.count = 0;
        m_movingLevel = -1;
        if (m_moving.model)
            showLevel(m_moving, false);
        return;
    }
    if (!m_moving.geometry)
        makeLevel(m_moving);
    showMoving(true);
}

void LineLayer::showMoving(bool always)
{
    if (!m_makeMoving)
        return;
    std::array<bool, kLevels> same{};
    for (int l = 1; l < kLevels; ++l)
        same[size_t(l)] = m_movingDetail[size_t(l - 1)] <= 0;
    // The bounds of the level on show stand for the moving lines' place (the first time: no level yet, so
    // the finest one is shown).
    const int level = m_movingLevel < 0 || m_pixelsPerMetre <= 0
                          ? 0
                          : chooseLevel(m_movingDetail, same,
                                        std::max(1e-3f, distanceToBox(m_eye, m_movingLo, m_movingHi)));
    if (!always && level == m_movingLevel)
        return;
    m_movingLevel = level;
    m_makeMoving(level, m_movingPoints);
    const size_t count = m_movingPoints.size() - m_movingPoints.size() % 2;
    m_movingPoints.resize(count);
    if (count > 0) {
        m_movingLo = m_movingHi = m_movingPoints[0];
        for (size_t i = 1; i < count; ++i)
            grow(m_movingLo, m_movingHi, m_movingPoints[i]);
    }
    m_moving.count = count;
    m_moving.geometry->setPoints(m_movingPoints, m_movingLo, m_movingHi);
    showLevel(m_moving, count > 0);
}

int LineLayer::chooseLevel(const std::array<double, kLevels>& detailLength,
                           const std::array<bool, kLevels>& same, double distance) const
{
    // Each coarser level is taken while what it leaves out would be a few pixels on screen.
    int level = 0;
    for (int next = 1; next < kLevels; ++next) {
        if (same[size_t(next)])
            continue;
        if (detailLength[size_t(next - 1)] * m_pixelsPerMetre / distance >= kDetailPixels)
            break;
        level = next;
    }
    return level;
}

void LineLayer::updateDetail(const QVector3D& eye, float pixelsPerMetreAtUnitDistance,
                             const QMatrix4x4& viewProjection)
{
    m_eye = eye;
    m_pixelsPerMetre = pixelsPerMetreAtUnitDistance;
    for (Chunk& chunk : m_chunks) {
        if (!chunk.used)
            continue;
        const double distance = std::max(1e-3f, distanceToBox(eye, chunk.lo, chunk.hi));
        const int level = chooseLevel(chunk.detailLength, chunk.same, distance);
        const bool inView = !outsideView(viewProjection, chunk.lo, chunk.hi);
        if (level != chunk.level || inView != chunk.inView) {
            chunk.level = level;
            chunk.inView = inView;
            show(chunk);
        }
    }
    showMoving(false);
}

size_t LineLayer::drawnPointCount() const
{
    size_t n = 0;
    for (const Chunk& chunk : m_chunks) {
        if (chunk.used)
            n += chunk.levels[size_t(chunk.level)].count;
    }
    return n + m_moving.count;
}

void LineLayer::setColor(const QColor& color)
{
    if (color == m_color)
        return;
    m_color = color;
    auto recolour = [&](const Level& level) {
        for (QQuick3DObject* model : {level.model, level.faint}) {
            if (model)
                QuickScene::setLineColor(model, color);
        }
    };
    for (Chunk& chunk : m_chunks) {
        for (Level& level : chunk.levels)
            recolour(level);
    }
    recolour(m_moving);
}

void LineLayer::setXray(bool on)
{
    if (on == m_xray)
        return;
    m_xray = on;
    for (Chunk& chunk : m_chunks)
        show(chunk);
    if (m_moving.model)
        showLevel(m_moving, m_moving.count > 0);
}

void LineLayer::setVisible(bool visible)
{
    m_visible = visible;
    QuickScene::setVisible(m_node, visible);
}

bool LineLayer::bounds(QVector3D& lo, QVector3D& hi) const
{
    if (m_count == 0 && m_moving.count == 0)
        return false;
    lo = m_count > 0 ? m_lo : m_movingLo;
    hi = m_count > 0 ? m_hi : m_movingHi;
    if (m_moving.count > 0) {
        grow(lo, hi, m_movingLo);
        grow(lo, hi, m_movingHi);
    }
    return true;
}

} // namespace cs::ui
