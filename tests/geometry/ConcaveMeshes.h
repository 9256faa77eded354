#pragma once

// Closed concave test meshes made from their definitions, for the convex decomposition tests and bench. Every
// mesh is wound outward (positive volume).

#include "gltf/MeshTriangles.h"

#include <utility>
#include <vector>

namespace cs::test {

/// A torus about the y axis: ring radius R, tube radius r, `ring` by `tube` quads.
gltf::TriangleMesh torusMesh(double R, double r, int ring = 48, int tube = 24);
/// A simple polygon in the xy plane (either winding) extruded from z = 0 to z = depth; the caps are
/// ear-clipped.
gltf::TriangleMesh extrudedPolygon(const std::vector<std::pair<double, double>>& polygon, double depth);
/// The L of unit squares: [0,2]x[0,1] and [0,1]x[0,2] in xy, extruded to z = 1 (volume 3).
gltf::TriangleMesh lShapeMesh();
/// An arch: a 4 x 2.5 block with a half-disc opening of radius 1 at the bottom centre, 1 deep.
gltf::TriangleMesh archMesh();
/// A chair of seven separate boxes: four legs, a seat, two back posts and a back rest.
gltf::TriangleMesh chairMesh();
/// A hemispherical bowl: outer radius 1, wall 0.12, rim at y = 0.
gltf::TriangleMesh bowlMesh(int segments = 48);

} // namespace cs::test
