#pragma once

// A simplified copy of a mesh for a trimesh collider (static level geometry), made with meshoptimizer's
// meshopt_simplify and checked by measuring: the deviation between the copy and the mesh (ColliderFit's
// two-sided figures) must stay within the asked error, or the copy is made again with less reduction.

#include "Diagnostic.h"
#include "geometry/ColliderFit.h"
#include "gltf/MeshTriangles.h"

#include <string>

namespace cs::geometry {

struct SimplifyOptions
{
    double maxError = 0.01; ///< the largest deviation allowed, in the mesh's units (metres)
    /// 0: reduce as far as maxError allows; else stop at about this fraction of the triangles.
    double targetRatio = 0;
    /// How many times the reduction is made, each time with a smaller error given to the simplifier (in
    /// proportion to how far the last one strayed), before the unreduced (welded, cleaned) mesh is returned
    /// (as many again with the folds cut, when the mesh has folds).
    int attempts = 8;
    /// A triangle whose height over its longest edge is below this is a sliver and is dropped.
    double sliver = 1e-5;
    /// How the deviation is measured: the largest distances over every point, the means and p95s over
    /// every 8th (FitOptions::exactStride).
    FitOptions measure = [] {
        FitOptions o;
        o.exactStride = 8;
        return o;
    }();
    /// Skip the measurement (for timing the simplifier alone); deviation and fit are then left at 0.
    bool skipMeasure = false;
};

struct SimplifiedMesh
{
    gltf::TriangleMesh mesh;
    size_t trianglesBefore = 0;
    size_t trianglesAfter = 0;
    /// Measured: the larger of the outside and overhang maxima between the copy and the mesh (<= maxError).
    double deviation = 0;
    FitSummary fit;   ///< the copy measured as a trimesh collider of the mesh
    int attempts = 0; ///< simplifier runs made
    /// False when no reduction stayed within maxError (the mesh is then the welded original, or a copy as
    /// large as it).
    bool reduced = false;
    /// Edges where the surface folds back on itself (MeshEdges.h), cut into borders after every copy made
    /// without cutting them strayed beyond maxError; 0 when they were not cut.
    size_t foldsCut = 0;
    /// When no simplified copy was kept (the mesh is the welded original) or it is as large as the mesh:
    /// why, in words (e.g. "every edge is a border: 12 open edges ..."); empty otherwise.
    std::string whyNotReduced;
};

/// Welds the vertices by position (so that seams of normals or UVs are not borders), simplifies with the
/// borders locked (a closed mesh stays closed), drops degenerate and sliver triangles and unused vertices,
/// then measures. When every copy strays beyond maxError and the mesh has folds (the rim of a fin of no
/// thickness, which the simplifier's error, a distance to the faces' planes, lets it erode), the attempts
/// are made again with the folds cut into borders, locked like the others; the copy is welded again.
/// Errors: SIMPLIFY_NO_TRIANGLES, SIMPLIFY_BAD_ERROR (maxError not above 0), SIMPLIFY_BAD_INDEX (an index
/// names no vertex).
Result<SimplifiedMesh> simplifyMesh(const gltf::TriangleMesh& mesh, const SimplifyOptions& options);

/// The mesh with every set of vertices at the same position (the same bits) merged into one; the vertices
/// are numbered in the order the indices first name them, and vertices no index names are dropped.
/// Errors: SIMPLIFY_BAD_INDEX (an index names no vertex; the message gives which).
Result<gltf::TriangleMesh> weldByPosition(const gltf::TriangleMesh& mesh);

/// The triangles of `mesh` less those with a repeated corner, no area, or a height below `sliver` times
/// their longest edge, less copies of a triangle and pairs of a triangle and its reverse (a fin of no
/// volume); vertices no triangle uses are dropped.
gltf::TriangleMesh removeDegenerateTriangles(const gltf::TriangleMesh& mesh, double sliver);

} // namespace cs::geometry
