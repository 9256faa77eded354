#pragma once

// The edges of an indexed triangle mesh, for the simplifier: which are borders (one triangle), which are
// shared by more than two, and which are folds (two triangles facing nearly opposite ways: the rim of a fin
// or blade of no thickness), and a copy of the mesh with its folds cut into borders.

#include "gltf/MeshTriangles.h"

#include <cstddef>

namespace cs::geometry {

/// How the edges of a mesh are used (an edge is a pair of vertex indices, whatever its direction).
struct EdgeCensus
{
    size_t edges = 0;          ///< distinct edges
    size_t border = 0;         ///< used by one triangle
    size_t nonManifold = 0;    ///< used by more than two
    size_t folds = 0;          ///< used by two triangles whose normals' cosine is below the fold limit
    size_t vertices = 0;       ///< vertices used by a triangle
    size_t borderVertices = 0; ///< of those, on a border edge
};

/// Two triangles meeting at an edge fold when the cosine between their normals is below this (an angle of
/// more than 120 degrees between the normals: the faces meet at less than 60 degrees).
constexpr double kFoldCosine = -0.5;

/// Counts the edges of `mesh` (triangles with a repeated corner or no area take part as given).
EdgeCensus countEdges(const gltf::TriangleMesh& mesh, double foldCosine = kFoldCosine);

/// `mesh` with every fold edge made a border: each vertex on a fold gets one copy per fan of triangles
/// around it that the folds separate (the first fan keeps the vertex; the others get new vertices at the
/// same position, appended). Positions and triangles are otherwise unchanged, so that welding the result by
/// position gives `mesh` back. `folds` (if given) receives the number of fold edges.
gltf::TriangleMesh cutFolds(const gltf::TriangleMesh& mesh, double foldCosine = kFoldCosine,
                            size_t* folds = nullptr);

} // namespace cs::geometry
