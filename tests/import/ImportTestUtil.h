#pragma once

#include "gltf/GltfDocument.h"
#include "gltf/MeshTriangles.h"

#include <QVector3D>
#include <filesystem>
#include <string>

namespace cs::test {

/// A fixture of Debian's assimp-testmodels, e.g. model("OBJ/box.obj").
std::filesystem::path model(const std::string& relative);
bool modelsAvailable();
std::string readText(const std::filesystem::path& path);

/// Counts established from a source file's own text, independently of Assimp and of the importer.
struct SourceCounts
{
    size_t vertices = 0;
    size_t triangles = 0; ///< polygons fanned: an n-gon gives n-2
    QVector3D min{1e30f, 1e30f, 1e30f};
    QVector3D max{-1e30f, -1e30f, -1e30f};
};
SourceCounts objCounts(const std::string& text);      ///< "v x y z" and "f ..." lines
SourceCounts plyAsciiCounts(const std::string& text); ///< header element counts, body vertices and faces
size_t stlAsciiTriangles(const std::string& text);    ///< "facet normal" lines

/// A RAW file's own text: a line with one word names a group, a line of 9 numbers (or 12: a colour first)
/// is a triangle, optionally followed by a texture name.
struct RawCounts
{
    SourceCounts geometry;    ///< triangles and bounds (vertices are not counted)
    size_t groups = 0;        ///< named groups, plus one for triangles before the first name
    size_t groupTextures = 0; ///< distinct (group, texture) pairs; no texture counts as one texture
};
RawCounts rawCounts(const std::string& text);

/// Every triangle of every mesh node, in world space (node transforms applied).
struct WorldGeometry
{
    size_t vertices = 0; ///< POSITION elements, summed over the mesh nodes
    size_t triangles = 0;
    QVector3D min{1e30f, 1e30f, 1e30f};
    QVector3D max{-1e30f, -1e30f, -1e30f};
};
WorldGeometry worldGeometry(const gltf::GltfDocument& doc);

/// The index of the first node with this name, or -1.
int nodeNamed(const gltf::GltfDocument& doc, const std::string& name);

} // namespace cs::test
