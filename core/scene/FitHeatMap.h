#pragma once

// The fit heat map as line lists the viewport draws: the mesh's edges coloured by how far the model pokes out
// of its collider (outside), the collider's sampled surface points as small crosses coloured by how far it
// stands off the model (overhang). One list per colour band, so that each band is one line layer.

#include "geometry/ColliderFit.h"

#include <QColor>
#include <QVector3D>
#include <array>
#include <utility>
#include <vector>

namespace cs::scene {

/// Bands: 0 within the tolerance (green), 1-4 the quarters from the tolerance to twice it (yellow-green to
/// orange), 5 beyond twice the tolerance (red).
inline constexpr int kHeatBands = 6;

/// The band of a distance (metres) for a tolerance above 0.
int heatBand(double distance, double tolerance);
QColor heatColour(int band);
/// The distances a band stands for, for the legend: [from, to), `to` infinite for the last band.
std::pair<double, double> heatRange(int band, double tolerance);

struct HeatMapLines
{
    std::array<std::vector<QVector3D>, kHeatBands> bands; ///< segment end points, two per segment
};

/// The lines of a measurement (in world space) of `mesh` (in its node's space, whose vertices are the
/// measurement's first mesh points): each edge of a triangle in the band of the larger outside distance of
/// its two ends, each collider point a cross of three segments 1/200 of the mesh's diagonal long in the band
/// of its overhang.
HeatMapLines fitHeatMap(const gltf::TriangleMesh& mesh, const geometry::FitMeasurement& measurement,
                        double tolerance);

} // namespace cs::scene
