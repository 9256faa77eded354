// Fuzz target gltf_load: any bytes through the glTF loader and the readers of a loaded document.
#include "FuzzTargets.h"
#include "gltf/Accessors.h"
#include "gltf/MeshTriangles.h"
#include "gltf/RenderScene.h"
#include "gltf/SceneGraph.h"

#include <algorithm>
#include <cmath>

namespace cs::fuzz {

namespace {

// Enough elements to reach every reader; a few thousand would only slow each run down.
constexpr size_t kMaxElements = 64;

void checkTriangles(const gltf::TriangleMesh& mesh)
{
    CS_FUZZ_CHECK(mesh.indices.size() % 3 == 0);
    for (std::uint32_t i : mesh.indices)
        CS_FUZZ_CHECK(i < mesh.positions.size());
    for (const QVector3D& p : mesh.positions)
        CS_FUZZ_CHECK(std::isfinite(p.x()) && std::isfinite(p.y()) && std::isfinite(p.z()));
}

} // namespace

int gltfLoad(Input input)
{
    auto loaded = loadInput(input);
    if (!loaded)
        return 0;
    const gltf::GltfDocument& doc = *loaded;
    CS_FUZZ_CHECK(doc.buffers().size() == doc.count("buffers"));
    CS_FUZZ_CHECK(doc.images().size() == doc.count("images"));

    for (size_t a = 0; a < std::min(doc.count("accessors"), kMaxElements); ++a) {
        checkDiagnostics(gltf::checkAccessorBounds(doc, a));
        auto floats = gltf::readAccessorFloats(doc, a);
        checkDiagnostics(floats.diagnostics);
        if (floats)
            CS_FUZZ_CHECK(floats->values.size() == floats->count * size_t(std::max(floats->components, 0)));
        auto indices = gltf::readAccessorIndices(doc, a);
        checkDiagnostics(indices.diagnostics);
        auto maxIndex = gltf::maxAccessorIndex(doc, a);
        checkDiagnostics(maxIndex.diagnostics);
        if (indices && maxIndex && !indices->empty())
            CS_FUZZ_CHECK(*maxIndex == *std::max_element(indices->begin(), indices->end()));
        (void)gltf::declaredBounds(doc, a);
    }
    for (size_t m = 0; m < std::min(doc.count("meshes"), kMaxElements); ++m) {
        auto triangles = gltf::meshTriangles(doc, m);
        checkDiagnostics(triangles.diagnostics);
        if (triangles)
            checkTriangles(*triangles);
    }

    auto graph = gltf::SceneGraph::build(doc);
    checkDiagnostics(graph.diagnostics);
    if (!graph)
        return 0;
    CS_FUZZ_CHECK(graph->nodeCount() == doc.count("nodes"));
    auto render = gltf::buildRenderScene(doc, *graph);
    checkDiagnostics(render.diagnostics);
    if (render) {
        for (const auto& mesh : render->meshes) {
            for (const auto& primitive : mesh.primitives) {
                CS_FUZZ_CHECK(primitive.triangles != nullptr);
                CS_FUZZ_CHECK(primitive.normals.size() == primitive.triangles->positions.size());
                for (std::uint32_t i : primitive.triangles->indices)
                    CS_FUZZ_CHECK(i < primitive.triangles->positions.size());
            }
        }
    }
    return 0;
}

} // namespace cs::fuzz
