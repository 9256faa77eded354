#include "viewport/LineLayer.h"

#include "geometry/Wireframe.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DRender/QBlendEquation>
#include <Qt3DRender/QBlendEquationArguments>
#include <Qt3DRender/QDepthTest>
#include <Qt3DRender/QEffect>
#include <Qt3DRender/QFilterKey>
#include <Qt3DRender/QGeometryRenderer>
#include <Qt3DRender/QGraphicsApiFilter>
#include <Qt3DRender/QLineWidth>
#include <Qt3DRender/QMaterial>
#include <Qt3DRender/QNoDepthMask>
#include <Qt3DRender/QParameter>
#include <Qt3DRender/QRenderPass>
#include <Qt3DRender/QShaderProgram>
#include <Qt3DRender/QTechnique>
#include <algorithm>
#include <cstring>

namespace cs::ui {

namespace {

const char* kVertexShader = R"(#version 150 core
in vec3 vertexPosition;
uniform mat4 modelViewProjection;
void main() { gl_Position = modelViewProjection * vec4(vertexPosition, 1.0); }
)";

const char* kFragmentShader = R"(#version 150 core
uniform vec4 lineColor;
uniform float alpha;
out vec4 fragColor;
void main() { fragColor = vec4(lineColor.rgb, lineColor.a * alpha); }
)";

Qt3DRender::QRenderPass* makePass(Qt3DRender::QDepthTest::DepthFunction depth, Qt3DRender::QParameter* alpha,
                                  bool hidden = false)
{
    auto* pass = new Qt3DRender::QRenderPass;
    auto* program = new Qt3DRender::QShaderProgram(pass);
    program->setVertexShaderCode(kVertexShader);
    program->setFragmentShaderCode(kFragmentShader);
    pass->setShaderProgram(program);
    auto* test = new Qt3DRender::QDepthTest(pass);
    test->setDepthFunction(depth);
    pass->addRenderState(test);
    auto* blend = new Qt3DRender::QBlendEquationArguments(pass);
    blend->setSourceRgb(Qt3DRender::QBlendEquationArguments::SourceAlpha);
    blend->setDestinationRgb(Qt3DRender::QBlendEquationArguments::OneMinusSourceAlpha);
    pass->addRenderState(blend);
    auto* equation = new Qt3DRender::QBlendEquation(pass);
    equation->setBlendFunction(Qt3DRender::QBlendEquation::Add);
    pass->addRenderState(equation);
    auto* width = new Qt3DRender::QLineWidth(pass);
    width->setValue(hidden ? 1.0f : 1.6f);
    width->setSmooth(false);
    pass->addRenderState(width);
    if (hidden)
        pass->addRenderState(new Qt3DRender::QNoDepthMask(pass)); // hidden lines must not hide each other
    pass->addParameter(alpha);
    return pass;
}

/// Unlit lines; the technique's filter key matches the forward renderer of Qt3DExtras::Qt3DWindow. The pass
/// for lines behind meshes (`hiddenPass`) is disabled outside X-ray mode. (A pass kept enabled with a depth
/// test that never passes still sends every vertex through the pipeline once more: under software rendering,
/// 10,000 colliders drew at 0.35 of an empty scene's frame rate that way, 0.45 with the pass disabled. Adding
/// and removing the pass at run time instead does not take effect in Qt 3D 6.4.)
Qt3DRender::QMaterial* makeMaterial(const QColor& color, Qt3DRender::QRenderPass*& hiddenPass,
                                    Qt3DCore::QNode* parent)
{
    auto* material = new Qt3DRender::QMaterial(parent);
    auto* effect = new Qt3DRender::QEffect(material);
    auto* technique = new Qt3DRender::QTechnique(effect);
    technique->graphicsApiFilter()->setApi(Qt3DRender::QGraphicsApiFilter::OpenGL);
    technique->graphicsApiFilter()->setProfile(Qt3DRender::QGraphicsApiFilter::CoreProfile);
    technique->graphicsApiFilter()->setMajorVersion(3);
    technique->graphicsApiFilter()->setMinorVersion(2);
    auto* key = new Qt3DRender::QFilterKey(technique);
    key->setName(QStringLiteral("renderingStyle"));
    key->setValue(QStringLiteral("forward"));
    technique->addFilterKey(key);
    technique->addRenderPass(makePass(Qt3DRender::QDepthTest::LessOrEqual,
                                      new Qt3DRender::QParameter(QStringLiteral("alpha"), 1.0f)));
    hiddenPass = makePass(Qt3DRender::QDepthTest::Greater,
                          new Qt3DRender::QParameter(QStringLiteral("alpha"), 0.35f), true);
    hiddenPass->setEnabled(false);
    technique->addRenderPass(hiddenPass);
    effect->addTechnique(technique);
    material->setEffect(effect);
    material->addParameter(new Qt3DRender::QParameter(QStringLiteral("lineColor"), color));
    return material;
}

} // namespace

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

} // namespace

LineLayer::LineLayer(const QColor& color, Qt3DCore::QNode* parent) : Qt3DCore::QEntity(parent)
{
    m_material = makeMaterial(color, m_hiddenPass, this);
    // Every chunk is made now, before the scene goes live, and later only gets new buffer contents.
    for (Chunk& chunk : m_chunks)
        makeChunk(chunk);
}

void LineLayer::makeChunk(Chunk& chunk)
{
    chunk.entity = new Qt3DCore::QEntity(this);
    auto* geometry = new Qt3DCore::QGeometry(chunk.entity);
    chunk.buffer = new Qt3DCore::QBuffer(geometry);
    chunk.position = new Qt3DCore::QAttribute(geometry);
    chunk.position->setName(Qt3DCore::QAttribute::defaultPositionAttributeName());
    chunk.position->setVertexBaseType(Qt3DCore::QAttribute::Float);
    chunk.position->setVertexSize(3);
    chunk.position->setAttributeType(Qt3DCore::QAttribute::VertexAttribute);
    chunk.position->setBuffer(chunk.buffer);
    chunk.position->setByteStride(12);
    chunk.position->setCount(0);
    geometry->addAttribute(chunk.position);
    chunk.renderer = new Qt3DRender::QGeometryRenderer(chunk.entity);
    chunk.renderer->setGeometry(geometry);
    chunk.renderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Lines);
    chunk.entity->addComponent(chunk.renderer);
    chunk.entity->addComponent(m_material);
    chunk.entity->setEnabled(false);
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
        for (const auto& cell : byPlace(points, m_count, m_lo, m_hi))
            fill(m_chunks[used++], cell);
    } else if (m_count > 0) {
        fill(m_chunks[used++], std::vector<QVector3D>(points.begin(), points.begin() + qsizetype(m_count)));
    }
    for (size_t i = used; i < m_used; ++i) {
        m_chunks[i].buffer->setData(QByteArray());
        m_chunks[i].position->setCount(0);
        m_chunks[i].entity->setEnabled(false);
        m_chunks[i].level = -1;
    }
    m_used = used;
}

void LineLayer::fill(Chunk& chunk, const std::vector<QVector3D>& points)
{
    std::array<std::vector<QVector3D>, kLevels> levels;
    levels[0] = points;
    for (int l = 1; l < kLevels; ++l) {
        geometry::CoarserLines coarser = geometry::mergeChainedSegments(levels[l - 1]);
        chunk.detailLength[l - 1] = coarser.merged ? coarser.mergedMeanLength : 0.0;
        levels[l] = std::move(coarser.points);
    }
    chunk.detailLength[kLevels - 1] = 0.0;
    size_t total = 0;
    for (int l = 0; l < kLevels; ++l) {
        chunk.first[l] = total;
        chunk.count[l] = levels[l].size();
        total += levels[l].size();
    }
    QByteArray data(static_cast<qsizetype>(total * 12), Qt::Uninitialized);
    float* out = reinterpret_cast<float*>(data.data());
    chunk.lo = chunk.hi = points[0];
    for (const auto& level : levels) {
        for (const QVector3D& p : level) {
            *out++ = p.x();
            *out++ = p.y();
            *out++ = p.z();
        }
    }
    for (const QVector3D& p : points)
        grow(chunk.lo, chunk.hi, p);
    chunk.buffer->setData(data);
    chunk.position->setCount(static_cast<uint>(total));
    chunk.level = -1;
    showLevel(chunk, 0);
    chunk.entity->setEnabled(true);
}

void LineLayer::showLevel(Chunk& chunk, int level)
{
    if (chunk.level == level)
        return;
    chunk.level = level;
    chunk.renderer->setFirstVertex(static_cast<int>(chunk.first[level]));
    chunk.renderer->setVertexCount(static_cast<int>(chunk.count[level]));
}

void LineLayer::updateDetail(const QVector3D& eye, float pixelsPerMetreAtUnitDistance)
{
    for (size_t i = 0; i < m_used; ++i) {
        Chunk& chunk = m_chunks[i];
        const double distance = std::max(1e-3f, distanceToBox(eye, chunk.lo, chunk.hi));
        int level = 0;
        while (level + 1 < kLevels && chunk.detailLength[level] > 0 &&
               chunk.detailLength[level] * pixelsPerMetreAtUnitDistance / distance < kDetailPixels)
            ++level;
        showLevel(chunk, level);
    }
}

size_t LineLayer::drawnPointCount() const
{
    size_t n = 0;
    for (size_t i = 0; i < m_used; ++i)
        n += m_chunks[i].count[size_t(std::max(0, m_chunks[i].level))];
    return n;
}

void LineLayer::setXray(bool on)
{
    if (on == m_xray)
        return;
    m_xray = on;
    m_hiddenPass->setEnabled(on);
}

bool LineLayer::bounds(QVector3D& lo, QVector3D& hi) const
{
    if (m_count == 0)
        return false;
    lo = m_lo;
    hi = m_hi;
    return true;
}

} // namespace cs::ui
