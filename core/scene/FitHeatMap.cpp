#include "scene/FitHeatMap.h"

#include "geometry/ShapeTessellation.h"
#include "geometry/Wireframe.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace cs::scene {

double defaultHeatTolerance(double modelDiagonal)
{
    if (!(modelDiagonal > 0) || !std::isfinite(modelDiagonal))
        return 0.01;
    const double wanted = std::log10(modelDiagonal * 0.005);
    const double decade = std::floor(wanted);
    double best = 0, bestGap = HUGE_VAL;
    for (double step : {1.0, 2.0, 5.0, 10.0}) {
        const double gap = std::fabs(std::log10(step) + decade - wanted);
        if (gap < bestGap) {
            bestGap = gap;
            best = step * std::pow(10.0, decade);
        }
    }
    return best;
}

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

namespace {

/// Appends the triangles of `mesh` (positions already in world space), each corner with the distance of
/// its vertex; triangles with an index out of range of `distances` are left out.
void appendTriangles(HeatSurface& out, const std::vector<geometry::Vec3d>& positions,
                     const std::vector<std::uint32_t>& indices, const std::vector<double>& distances,
                     double tolerance)
{
    const size_t vertices = std::min(positions.size(), distances.size());
    const size_t corners = out.corners.size() + indices.size() - indices.size() % 3;
    out.corners.reserve(corners);
    out.normals.reserve(corners);
    out.distances.reserve(corners);
    out.colours.reserve(corners);
    for (size_t t = 0; t + 2 < indices.size(); t += 3) {
        const std::uint32_t a = indices[t], b = indices[t + 1], c = indices[t + 2];
        if (a >= vertices || b >= vertices || c >= vertices)
            continue;
        const geometry::Vec3d n = geometry::cross(positions[b] - positions[a], positions[c] - positions[a]);
        const double length = geometry::length(n);
        const QVector3D normal = length > 0 ? (n / length).toQt() : QVector3D(0, 1, 0);
        for (const std::uint32_t v : {a, b, c}) {
            out.corners.push_back(positions[v].toQt());
            out.normals.push_back(normal);
            out.distances.push_back(distances[v]);
            out.colours.push_back(heatColour(heatBand(distances[v], tolerance)));
        }
    }
}

/// A finite plane (normal +Y through its origin) as a grid of 8 x 8 cells; none when it is unbounded.
gltf::TriangleMesh planeSurface(const geometry::FitPlane& plane)
{
    gltf::TriangleMesh mesh;
    if (!(plane.sizeX > 0) || !(plane.sizeZ > 0))
        return mesh;
    constexpr int n = 8;
    for (int j = 0; j <= n; ++j)
        for (int i = 0; i <= n; ++i)
            mesh.positions.emplace_back(float(plane.sizeX * (double(i) / n - 0.5)), 0.0f,
                                        float(plane.sizeZ * (double(j) / n - 0.5)));
    for (int j = 0; j < n; ++j) {
        for (int i = 0; i < n; ++i) {
            const auto a = std::uint32_t(j * (n + 1) + i), b = a + 1, c = a + std::uint32_t(n + 1), d = c + 1;
            mesh.indices.insert(mesh.indices.end(), {a, c, d, a, d, b}); // wound to face +Y
        }
    }
    return mesh;
}

/// The outline of a finite plane, two points per segment, in its own space.
std::vector<QVector3D> planeOutline(const geometry::FitPlane& plane)
{
    if (!(plane.sizeX > 0) || !(plane.sizeZ > 0))
        return {};
    const float x = float(plane.sizeX / 2), z = float(plane.sizeZ / 2);
    const std::array<QVector3D, 4> c{QVector3D(-x, 0, -z), QVector3D(x, 0, -z), QVector3D(x, 0, z),
                                     QVector3D(-x, 0, z)};
    std::vector<QVector3D> out;
    for (size_t i = 0; i < 4; ++i) {
        out.push_back(c[i]);
        out.push_back(c[(i + 1) % 4]);
    }
    return out;
}

void appendCollider(HeatSurfaces& out, const geometry::FitPart& part, const geometry::FitMeter& meter,
                    double tolerance)
{
    const gltf::TriangleMesh surface =
        part.plane ? planeSurface(*part.plane) : geometry::tessellateShape(part.shape);
    std::vector<geometry::Vec3d> positions;
    positions.reserve(surface.positions.size());
    for (const QVector3D& p : surface.positions)
        positions.push_back(geometry::transformPoint(part.toSpace, geometry::Vec3d(p)));
    appendTriangles(out.collider, positions, surface.indices, meter.distancesToMesh(positions), tolerance);
    for (const QVector3D& p : part.plane ? planeOutline(*part.plane) : geometry::shapeWireframe(part.shape))
        out.colliderLines.push_back(geometry::transformPoint(part.toSpace, geometry::Vec3d(p)).toQt());
}

} // namespace

HeatSurfaces fitHeatSurfaces(const gltf::TriangleMesh& mesh, const std::vector<geometry::FitPart>& parts,
                             const geometry::FitMeter& meter, const geometry::FitMeasurement& m,
                             double tolerance)
{
    HeatSurfaces out;
    const size_t vertices = std::min({m.meshVertices, mesh.positions.size(), m.meshPoints.size()});
    const std::vector<geometry::Vec3d> meshPoints(m.meshPoints.begin(),
                                                  m.meshPoints.begin() + std::ptrdiff_t(vertices));
    appendTriangles(out.mesh, meshPoints, mesh.indices, m.outside, tolerance);
    for (const geometry::FitPart& part : parts)
        appendCollider(out, part, meter, tolerance);
    return out;
}

} // namespace cs::scene
