#include "viewport/LineLayer.h"

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

LineLayer::LineLayer(const QColor& color, Qt3DCore::QNode* parent) : Qt3DCore::QEntity(parent)
{
    auto* geometry = new Qt3DCore::QGeometry(this);
    m_buffer = new Qt3DCore::QBuffer(geometry);
    m_position = new Qt3DCore::QAttribute(geometry);
    m_position->setName(Qt3DCore::QAttribute::defaultPositionAttributeName());
    m_position->setVertexBaseType(Qt3DCore::QAttribute::Float);
    m_position->setVertexSize(3);
    m_position->setAttributeType(Qt3DCore::QAttribute::VertexAttribute);
    m_position->setBuffer(m_buffer);
    m_position->setByteStride(12);
    m_position->setCount(0);
    geometry->addAttribute(m_position);
    m_renderer = new Qt3DRender::QGeometryRenderer(this);
    m_renderer->setGeometry(geometry);
    m_renderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Lines);
    addComponent(m_renderer);
    addComponent(makeMaterial(color, m_hiddenPass, this));
}

void LineLayer::setSegments(const std::vector<QVector3D>& points)
{
    m_count = points.size() - points.size() % 2;
    QByteArray data(static_cast<qsizetype>(m_count * 12), Qt::Uninitialized);
    float* out = reinterpret_cast<float*>(data.data());
    if (m_count > 0) {
        m_lo = m_hi = points[0];
    }
    for (size_t i = 0; i < m_count; ++i) {
        out[3 * i] = points[i].x();
        out[3 * i + 1] = points[i].y();
        out[3 * i + 2] = points[i].z();
        m_lo = QVector3D(std::min(m_lo.x(), points[i].x()), std::min(m_lo.y(), points[i].y()),
                         std::min(m_lo.z(), points[i].z()));
        m_hi = QVector3D(std::max(m_hi.x(), points[i].x()), std::max(m_hi.y(), points[i].y()),
                         std::max(m_hi.z(), points[i].z()));
    }
    m_buffer->setData(data);
    m_position->setCount(static_cast<uint>(m_count));
    m_renderer->setVertexCount(static_cast<int>(m_count));
    m_renderer->setEnabled(m_count > 0);
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
