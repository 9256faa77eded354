#pragma once

// A box with a cylindrical peg standing on it, as a one-node document: the closed-form case of
// primitive-first parts (a box and a cylinder) for the dialog tests.
#include "TestSupport.h"
#include "document/Document.h"
#include "geometry/MeshWriter.h"

#include <cmath>
#include <memory>
#include <numbers>

namespace cs::test {

/// The box [-1,1] x [0,1] x [-1,1] (8 corners) and a 32-sided peg of radius 0.3 from y = 1 to 2 standing on
/// it, two closed pieces wound outward.
inline gltf::TriangleMesh boxWithPeg()
{
    gltf::TriangleMesh m;
    for (int i = 0; i < 8; ++i)
        m.positions.push_back({(i & 1) ? 1.0f : -1.0f, (i & 2) ? 1.0f : 0.0f, (i & 4) ? 1.0f : -1.0f});
    m.indices = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
                 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
    const int n = 32;
    const auto bottom = std::uint32_t(m.positions.size()), top = bottom + 1, ring = bottom + 2;
    m.positions.push_back({0, 1, 0});
    m.positions.push_back({0, 2, 0});
    for (int k = 0; k < n; ++k) {
        const double a = 2 * std::numbers::pi * k / n;
        const float x = float(0.3 * std::cos(a)), z = float(0.3 * std::sin(a));
        m.positions.push_back({x, 1, z});
        m.positions.push_back({x, 2, z});
    }
    for (std::uint32_t k = 0; k < std::uint32_t(n); ++k) {
        const std::uint32_t b0 = ring + 2 * k, t0 = b0 + 1, b1 = ring + 2 * ((k + 1) % n), t1 = b1 + 1;
        // Angles grow from +x towards +z: seen from outside the side, b0 -> t0 -> t1 turns counter-clockwise.
        m.indices.insert(m.indices.end(), {b0, t0, t1, b0, t1, b1, bottom, b0, b1, top, t1, t0});
    }
    return m;
}

/// One node "Peg" on boxWithPeg().
inline std::unique_ptr<document::Document> pegScene()
{
    gltf::GltfDocument g = test::loadJson(R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],
        "nodes":[{"name":"Peg"}]})");
    const auto mesh = geometry::addTriangleMesh(g, boxWithPeg(), "Peg");
    if (!mesh)
        qFatal("mesh not added");
    g.json()["nodes"][0]["mesh"] = *mesh;
    g.setSourcePath({});
    return std::make_unique<document::Document>(std::move(g));
}

} // namespace cs::test
