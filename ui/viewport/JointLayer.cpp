#include "viewport/JointLayer.h"

#include "scene/JointOverlay.h"
#include "viewport/LineLayer.h"
#include "viewport/QuickScene.h"

#include <algorithm>

namespace cs::ui {

QColor jointColor(JointPart part)
{
    switch (part) {
    case JointPart::Frames:
        return QColor(235, 235, 235);
    case JointPart::Links:
        return QColor(190, 150, 255);
    case JointPart::Limits:
        return QColor(255, 100, 150);
    case JointPart::Drives:
        return QColor(120, 255, 200);
    case JointPart::Count:
        break;
    }
    return Qt::white;
}

const char* jointPartName(JointPart part)
{
    switch (part) {
    case JointPart::Frames:
        return "Joint frames";
    case JointPart::Links:
        return "Joints";
    case JointPart::Limits:
        return "Joint limits";
    case JointPart::Drives:
        return "Joint drives";
    case JointPart::Count:
        break;
    }
    return "";
}

JointLayer::JointLayer(QuickScene& scene, QQuick3DObject* parent) : m_node(scene.makeNode(parent))
{
    for (size_t i = 0; i < m_parts.size(); ++i)
        m_parts[i] = std::make_unique<LineLayer>(scene, jointColor(JointPart(i)), m_node);
}

JointLayer::~JointLayer() = default;

void JointLayer::setVisible(bool visible)
{
    m_visible = visible;
    QuickScene::setVisible(m_node, visible);
}

void JointLayer::setLines(const scene::JointLines& lines)
{
    m_parts[size_t(JointPart::Frames)]->setSegments(lines.frames);
    m_parts[size_t(JointPart::Links)]->setSegments(lines.links);
    m_parts[size_t(JointPart::Limits)]->setSegments(lines.limits);
    m_parts[size_t(JointPart::Drives)]->setSegments(lines.drives);
}

void JointLayer::setXray(bool on)
{
    for (auto& part : m_parts)
        part->setXray(on);
}

void JointLayer::updateDetail(const QVector3D& eye, float pixelsPerMetreAtUnitDistance,
                              const QMatrix4x4& viewProjection)
{
    for (auto& part : m_parts)
        part->updateDetail(eye, pixelsPerMetreAtUnitDistance, viewProjection);
}

bool JointLayer::bounds(QVector3D& lo, QVector3D& hi) const
{
    bool any = false;
    for (const auto& part : m_parts) {
        QVector3D a, b;
        if (!part->bounds(a, b))
            continue;
        lo = any ? QVector3D(std::min(lo.x(), a.x()), std::min(lo.y(), a.y()), std::min(lo.z(), a.z())) : a;
        hi = any ? QVector3D(std::max(hi.x(), b.x()), std::max(hi.y(), b.y()), std::max(hi.z(), b.z())) : b;
        any = true;
    }
    return any;
}

size_t JointLayer::pointCount(JointPart part) const
{
    return m_parts[size_t(part)]->pointCount();
}

} // namespace cs::ui
