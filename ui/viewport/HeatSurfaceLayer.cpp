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

HeatSurfaceLayer::HeatSurfaceLayer(QuickScene& scene, QQuick3DObject* meshParent, QQuick3DObject* lineParent)
    : m_scene(scene), m_node(scene.makeNode(meshParent)),
      m_lines(std::make_unique<LineLayer>(scene, lineColor(), lineParent, true))
{}

HeatSurfaceLayer::~HeatSurfaceLayer() = default;

void HeatSurfaceLayer::setSurface(Surface& surface, const scene::HeatSurface& heat, float opacity)
{
    surface.corners = heat.corners.size();
    if (heat.empty()) {
        if (surface.model)
            QuickScene::setVisible(surface.model, false);
        return;
    }
    const QByteArray vertices = colouredVertices(heat);
    const QByteArray indices = sequentialIndices(heat.corners.size());
    if (!surface.geometry) {
        surface.geometry = new MeshGeometry(VertexLayout::Coloured, vertices, indices);
        QuickScene::adopt(surface.geometry, m_node);
        surface.model = m_scene.makeHeatModel(m_node, surface.geometry, opacity);
    } else {
        surface.geometry->replace(vertices, indices);
        QuickScene::setVisible(surface.model, true);
    }
}

void HeatSurfaceLayer::setSurfaces(const scene::HeatSurfaces& surfaces)
{
    setSurface(m_mesh, surfaces.mesh, 1.0f);
    setSurface(m_collider, surfaces.collider, kColliderOpacity);
    m_lines->setSegments(surfaces.colliderLines);
    bool any = false;
    const auto include = [&](const QVector3D& p) {
        m_lo =
            any ? QVector3D(std::min(m_lo.x(), p.x()), std::min(m_lo.y(), p.y()), std::min(m_lo.z(), p.z()))
                : p;
        m_hi =
            any ? QVector3D(std::max(m_hi.x(), p.x()), std::max(m_hi.y(), p.y()), std::max(m_hi.z(), p.z()))
                : p;
        any = true;
    };
    for (const auto* list : {&surfaces.mesh.corners, &surfaces.collider.corners, &surfaces.colliderLines})
        for (const QVector3D& p : *list)
            include(p);
    if (!any)
        m_lo = m_hi = QVector3D();
}

void HeatSurfaceLayer::setVisible(bool visible)
{
    m_visible = visible;
    QuickScene::setVisible(m_node, visible);
    m_lines->setVisible(visible);
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
    if (m_mesh.corners + m_collider.corners + m_lines->pointCount() == 0)
        return false;
    lo = m_lo;
    hi = m_hi;
    return true;
}

} // namespace cs::ui
