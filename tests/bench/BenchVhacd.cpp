// V-HACD 4 (vhacd-js's single header, BSD-3) as the convex decomposition bench's baseline. Compiled into the
// benchmark only, never into the program, and without our warning flags (it is third-party code).
#include "BenchVhacd.h"

#if CS_HAVE_VHACD
// The package's asynchronous front end does not compile (VHACDAsyncImpl lacks findNearestConvexHull), and its
// switch also turns off the worker threads of the synchronous one: V-HACD runs on one core here.
#define VHACD_DISABLE_THREADING 1
#define ENABLE_VHACD_IMPLEMENTATION 1
#include "VHACD.h"
#endif

namespace cs::bench {

bool haveVhacd()
{
    return CS_HAVE_VHACD != 0;
}

std::vector<gltf::TriangleMesh> vhacdDecompose(const gltf::TriangleMesh& mesh, int maxHulls, int maxPoints)
{
    std::vector<gltf::TriangleMesh> out;
#if CS_HAVE_VHACD
    std::vector<double> points;
    for (const QVector3D& p : mesh.positions)
        points.insert(points.end(), {double(p.x()), double(p.y()), double(p.z())});
    VHACD::IVHACD::Parameters params;
    params.m_maxConvexHulls = std::uint32_t(maxHulls);
    params.m_maxNumVerticesPerCH = std::uint32_t(maxPoints);
    params.m_asyncACD = false;
    VHACD::IVHACD* v = VHACD::CreateVHACD();
    if (v->Compute(points.data(), std::uint32_t(mesh.positions.size()), mesh.indices.data(),
                   std::uint32_t(mesh.triangleCount()), params)) {
        for (std::uint32_t i = 0; i < v->GetNConvexHulls(); ++i) {
            VHACD::IVHACD::ConvexHull ch;
            v->GetConvexHull(i, ch);
            gltf::TriangleMesh hull;
            for (const auto& p : ch.m_points)
                hull.positions.emplace_back(float(p.mX), float(p.mY), float(p.mZ));
            for (const auto& t : ch.m_triangles)
                hull.indices.insert(hull.indices.end(), {t.mI0, t.mI1, t.mI2});
            out.push_back(std::move(hull));
        }
    }
    v->Release();
#else
    (void)mesh;
    (void)maxHulls;
    (void)maxPoints;
#endif
    return out;
}

} // namespace cs::bench
