#include "viewport/HeatSurfaceLayer.h"

#include "scene/FitHeatMap.h"
#include "viewport/LineLayer.h"
#include "viewport/MeshBatches.h"
#include "viewport/QuickScene.h"

#include <QtQuick3D/qquick3dobject.h>
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>

namespace cs::ui {

namespace {

/// The vertices of a heat surface as VertexLayout::Coloured: position, normal, then the colour made linear
/// the way Qt Quick 3D makes a material colour linear, so that a lit face shows the legend's colour.
QByteArray colouredVertices(const scene::HeatSurface& heat)
{
    const int stride = floatsPerVertex(VertexLayout::Coloured);
    QByteArray bytes(qsizetype(heat.corners.size() * size_t(stride) * sizeof(float)), Qt::Uninitialized);
    auto* out = reinterpret_cast<float*>(bytes.data());
    for (size_t i = 0; i < heat.corners.size(); ++i, out += stride) {
        const QVector3D& p = heat.corners[i];
        const QVector3D& n = heat.normals[i];
        const QColor& c = heat.colours[i];
        const float v[10] = {p.x(),
                             p.y(),
                             p.z(),
                             n.x(),
                             n.y(),
                             n.z(),
                             linearOfMaterialChannel(c.redF()),
                             linearOfMaterialChannel(c.greenF()),
                             linearOfMaterialChannel(c.blueF()),
                             1.0f};
        std::memcpy(out, v, sizeof(v));
    }
    return bytes;
}

QByteArray sequentialIndices(size_t count)
{
    std::vector<std::uint32_t> indices(count);
    std::iota(indices.begin(), indices.end(), 0u);
    return {reinterpret_cast<const char*>(indices.data()), qsizetype(count * sizeof(std::uint32_t))};
}

} // namespace

HeatBuffers heatBuffers(const scene::HeatSurfaces& surfaces)
{
    HeatBuffers out;
    out.meshVertices = colouredVertices(surfaces.mesh);
    out.meshIndices = sequentialIndices(surfaces.mesh.corners.size());
    out.meshCorners = surfaces.mesh.corners.size();
    out.colliderVertices = colouredVertices(surfaces.collider);
    out.colliderIndices = sequentialIndices(surfaces.collider.corners.size());
    out.colliderCorners = surfaces.collider.corners.size();
    out.lines = surfaces.colliderLines;
    for (const auto* list : {&surfaces.mesh.corners, &surfaces.collider.corners, &surfaces.colliderLines}) {
        for (const QVector3D& p : *list) {
            out.lo = out.any ? QVector3D(std::min(out.lo.x(), p.x()), std::min(out.lo.y(), p.y()),
                                         std::min(out.lo.z(), p.z()))
                             : p;
            out.hi = out.any ? QVector3D(std::max(out.hi.x(), p.x()), std::max(out.hi.y(), p.y()),
                                         std::max(out.hi.z(), p.z()))
                             : p;
            out.any = true;
        }
    }
    return out;
}

namespace {
/// The opacity of the collider's surface.
constexpr float kColliderOpacity = 0.2f;
} // namespace

HeatSurfaceLayer::HeatSurfaceLayer(QuickScene& scene, QQuick3DObject* meshParent, QQuick3DObject* lineParent)
    : m_scene(scene), m_node(scene.makeNode(meshParent)),
      m_lines(std::make_unique<LineLayer>(scene, lineColor(), lineParent, true))
{}

HeatSurfaceLayer::~HeatSurfaceLayer() = default;

void HeatSurfaceLayer::setSurface(Surface& surface, const QByteArray& vertices, const QByteArray& indices,
                                  size_t corners, float opacity)
{
    surface.corners = corners;
    if (corners == 0) {
        if (surface.model)
            QuickScene::setVisible(surface.model, false);
        return;
    }
    if (!surface.geometry) {
        surface.geometry = new MeshGeometry(VertexLayout::Coloured, vertices, indices);
        QuickScene::adopt(surface.geometry, m_node);
        surface.model = m_scene.makeHeatModel(m_node, surface.geometry, opacity);
        QuickScene::setVisible(surface.model, &surface != &m_collider || m_colliderShown);
    } else {
        surface.geometry->replace(vertices, indices);
        QuickScene::setVisible(surface.model, &surface != &m_collider || m_colliderShown);
    }
}

void HeatSurfaceLayer::setSurfaces(const HeatBuffers& buffers)
{
    setSurface(m_mesh, buffers.meshVertices, buffers.meshIndices, buffers.meshCorners, 1.0f);
    setSurface(m_collider, buffers.colliderVertices, buffers.colliderIndices, buffers.colliderCorners,
               kColliderOpacity);
    m_lines->setSegments(buffers.lines);
    m_any = buffers.any;
    m_lo = buffers.lo;
    m_hi = buffers.hi;
}

void HeatSurfaceLayer::setVisible(bool visible)
{
    m_visible = visible;
    QuickScene::setVisible(m_node, visible);
    m_lines->setVisible(visible);
}

void HeatSurfaceLayer::setColliderSurfaceVisible(bool visible)
{
    m_colliderShown = visible;
    if (m_collider.model)
        QuickScene::setVisible(m_collider.model, visible && m_collider.corners > 0);
}

void HeatSurfaceLayer::updateDetail(const QVector3D& eye, float pixelsPerMetreAtUnitDistance,
                                    const QMatrix4x4& viewProjection)
{
    m_lines->updateDetail(eye, pixelsPerMetreAtUnitDistance, viewProjection);
}

size_t HeatSurfaceLayer::linePointCount() const
{
    return m_lines->pointCount();
}

bool HeatSurfaceLayer::bounds(QVector3D& lo, QVector3D& hi) const
{
    if (!m_any)
        return false;
    lo = m_lo;
    hi = m_hi;
    return true;
}

} // namespace cs::ui
