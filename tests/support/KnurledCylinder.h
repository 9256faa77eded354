#pragma once

#include "gltf/MeshTriangles.h"

#include <string>

namespace cs::test {

/// A closed cylinder of radius 0.5 and height 1 about +Y (`seg` sides, `rows` rows on the side) whose side
/// carries `knurls` ridges around it, each raised up to `h` at mid-height (a smooth bump of sin^8, none at
/// the rims), wound outward. Under a small hull cap its hull of a simplified copy measures closer than the
/// hull of every vertex (geometry::chooseHullWithSimplifiedCopy).
gltf::TriangleMesh knurledCylinder(int seg, int rows, int knurls, double h);

/// The mesh as Wavefront OBJ text (v and f lines), for commands that import it.
std::string objText(const gltf::TriangleMesh& mesh);

} // namespace cs::test
