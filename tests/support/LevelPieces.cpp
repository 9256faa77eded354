#include "LevelPieces.h"

#include "geometry/MeshWriter.h"

#include <QtGlobal>

namespace cs::test {

gltf::TriangleMesh slabs(const std::vector<SlabBounds>& boxes)
{
    gltf::TriangleMesh m;
    for (const SlabBounds& b : boxes) {
        const auto base = std::uint32_t(m.positions.size());
        for (int i = 0; i < 8; ++i)
            m.positions.push_back({(i & 1) ? b[3] : b[0], (i & 2) ? b[4] : b[1], (i & 4) ? b[5] : b[2]});
        for (std::uint32_t i : {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
                                2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5})
            m.indices.push_back(base + i);
    }
    return m;
}

gltf::TriangleMesh uWall()
{
    return slabs({{0, 0, 0, 0.4f, 3, 0.5f}, {5.6f, 0, 0, 6, 3, 0.5f}, {0.4f, 0, 0, 5.6f, 0.4f, 0.5f}});
}

gltf::TriangleMesh lFloor()
{
    return slabs({{0, -0.2f, 0, 8, 0, 2}, {0, -0.2f, 2, 2, 0, 8}});
}

gltf::TriangleMesh pitFloor()
{
    return slabs({{-3, -0.2f, -3, 3, 0, -1},
                  {-3, -0.2f, 1, 3, 0, 3},
                  {-3, -0.2f, -1, -1, 0, 1},
                  {1, -0.2f, -1, 3, 0, 1},
                  {-1, -3, -1, 1, -2.8f, 1},
                  {-1, -2.8f, -1, -0.8f, 0, 1},
                  {0.8f, -2.8f, -1, 1, 0, 1},
                  {-0.8f, -2.8f, -1, 0.8f, 0, -0.8f},
                  {-0.8f, -2.8f, 0.8f, 0.8f, 0, 1}});
}

gltf::TriangleMesh TPose::mesh()
{
    const auto f = [](double v) { return float(v); };
    return slabs({{f(-kBody), 0, f(-kDepth), f(kBody), f(kHeight), f(kDepth)},
                  {f(-kArm), f(kArmLow), f(-kDepth), f(kArm), f(kArmHigh), f(kDepth)}});
}

gltf::GltfDocument documentOf(const std::vector<std::pair<gltf::TriangleMesh, std::string>>& meshes,
                              const gltf::Json& nodes, const std::vector<size_t>& roots)
{
    gltf::GltfDocument g;
    g.json() = gltf::Json::object();
    g.json()["asset"] = {{"version", "2.0"}};
    g.json()["nodes"] = nodes;
    g.json()["scenes"] = gltf::Json::array({{{"nodes", roots}}});
    g.json()["scene"] = 0;
    for (const auto& [mesh, name] : meshes)
        if (!geometry::addTriangleMesh(g, mesh, name))
            qFatal("test mesh not added");
    g.setSourcePath({});
    return g;
}

} // namespace cs::test
