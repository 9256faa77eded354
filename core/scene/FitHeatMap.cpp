#include "scene/FitHeatMap.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cs::scene {

int heatBand(double distance, double tolerance)
{
    if (!(distance > tolerance))
        return 0;
    if (!(tolerance > 0) || distance >= 2 * tolerance)
        return kHeatBands - 1;
    return 1 + std::min(3, int((distance - tolerance) / tolerance * 4));
}

QColor heatColour(int band)
{
    static const std::array<QColor, kHeatBands> colours{QColor(40, 200, 80),  QColor(170, 215, 50),
                                                        QColor(240, 220, 40), QColor(250, 170, 30),
                                                        QColor(245, 110, 30), QColor(225, 35, 35)};
    return colours[size_t(std::clamp(band, 0, kHeatBands - 1))];
}

std::pair<double, double> heatRange(int band, double tolerance)
{
    if (band <= 0)
        return {0, tolerance};
    if (band >= kHeatBands - 1)
        return {2 * tolerance, std::numeric_limits<double>::infinity()};
    return {tolerance * (1 + (band - 1) / 4.0), tolerance * (1 + band / 4.0)};
}

HeatMapLines fitHeatMap(const gltf::TriangleMesh& mesh, const geometry::FitMeasurement& m, double tolerance)
{
    HeatMapLines out;
    const size_t vertices = std::min(m.meshVertices, mesh.positions.size());
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t a = mesh.indices[t + size_t(k)], b = mesh.indices[t + size_t((k + 1) % 3)];
            // A closed mesh has every edge twice, once each way: drawn once.
            if (a >= b || b >= vertices)
                continue;
            const int band = heatBand(std::max(m.outside[a], m.outside[b]), tolerance);
            out.bands[size_t(band)].push_back(m.meshPoints[a].toQt());
            out.bands[size_t(band)].push_back(m.meshPoints[b].toQt());
        }
    }
    const float arm = float(m.summary.diagonal / 400);
    for (size_t i = 0; i < m.colliderPoints.size(); ++i) {
        auto& lines = out.bands[size_t(heatBand(m.overhang[i], tolerance))];
        const QVector3D p = m.colliderPoints[i].toQt();
        for (const QVector3D& axis : {QVector3D(arm, 0, 0), QVector3D(0, arm, 0), QVector3D(0, 0, arm)}) {
            lines.push_back(p - axis);
            lines.push_back(p + axis);
        }
    }
    return out;
}

} // namespace cs::scene
