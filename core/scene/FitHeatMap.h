#pragma once

// The fit heat map as coloured surfaces the viewport draws: the mesh's own triangles coloured by how far the
// model pokes out of its collider (outside), the collider's surface coloured by how far it stands off the
// model (overhang), and the collider's wireframe so that its shape stays readable over the colours.
//
// Colours are given per vertex and blended across each triangle. The mesh's vertices are exactly the points
// whose outside distance the measurement gives first (FitMeasurement::meshVertices), and the collider's
// vertices are measured one by one, so every vertex shows its own distance; a flat colour a triangle would
// need a rule for triangles whose corners differ (the worst corner paints a long triangle red where only one
// end pokes out).

#include "geometry/ColliderFit.h"

#include <QColor>
#include <QVector3D>
#include <utility>
#include <vector>

namespace cs::scene {

/// Bands: 0 within the tolerance (green), 1-4 the quarters from the tolerance to twice it (yellow-green to
/// orange), 5 beyond twice the tolerance (red).
inline constexpr int kHeatBands = 6;

/// The tolerance the map starts with for a model whose bounding box has this diagonal (metres): half a per
/// cent of it, taken to the nearest of 1, 2 and 5 times a power of ten (0.01 m for a 2 m character, 0.2 m
/// for a 40 m level), so that the colours mean the same for a prop and a level. 0.01 m without a size.
double defaultHeatTolerance(double modelDiagonal);

/// The band of a distance (metres) for a tolerance above 0.
int heatBand(double distance, double tolerance);
QColor heatColour(int band);
/// The distances a band stands for, for the legend: [from, to), `to` infinite for the last band.
std::pair<double, double> heatRange(int band, double tolerance);

/// Triangles in world space, three corners each, with a face normal, a distance and its band's colour
/// (heatColour, sRGB) at every corner.
struct HeatSurface
{
    std::vector<QVector3D> corners;
    std::vector<QVector3D> normals;
    std::vector<double> distances;
    std::vector<QColor> colours;

    size_t triangleCount() const { return corners.size() / 3; }
    bool empty() const { return corners.empty(); }
};

struct HeatSurfaces
{
    HeatSurface mesh;     ///< the mesh's triangles, by each vertex's outside distance (negative: inside)
    HeatSurface collider; ///< the collider's surface (geometry::tessellateShape), by each vertex's overhang
    std::vector<QVector3D> colliderLines; ///< the collider's wireframe, two points per segment
};

/// The surfaces of `measurement`, made by `meter` (world space), of `mesh` (in its node's space; its vertices
/// are the measurement's first mesh points) against `parts` (each placed in world space by its toSpace): the
/// collider's vertices are measured against the mesh by the meter, on every core. A KHR plane of a finite
/// size is a square of 8 x 8 cells; an unbounded one has no surface.
HeatSurfaces fitHeatSurfaces(const gltf::TriangleMesh& mesh, const std::vector<geometry::FitPart>& parts,
                             const geometry::FitMeter& meter, const geometry::FitMeasurement& measurement,
                             double tolerance);

} // namespace cs::scene
