// The add-colliders action on a document of several meshes, some shared: the meshes' colliders are chosen on
// every core, each reported through the progress callback once, and every node gets the box of its own mesh
// (the sizes are the test's own cube sizes).
#include "CommandColliders.h"
#include "geometry/MeshWriter.h"
#include "import/AutoColliders.h"
#include "physics/OmiReader.h"

#include <QTest>
#include <array>
#include <cmath>
#include <utility>
#include <vector>

using namespace cs;

namespace {

using Size = std::array<float, 3>;

/// An axis-aligned box of `size` centred on the origin: 8 corners, 12 triangles.
gltf::TriangleMesh cube(const Size& size)
{
    gltf::TriangleMesh m;
    for (int corner = 0; corner < 8; ++corner)
        m.positions.emplace_back((corner & 1 ? 0.5f : -0.5f) * size[0], (corner & 2 ? 0.5f : -0.5f) * size[1],
                                 (corner & 4 ? 0.5f : -0.5f) * size[2]);
    // Two triangles per face, wound outwards.
    m.indices = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
                 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
    return m;
}

const std::vector<Size> kSizes = {{1, 2, 3}, {2, 2, 2}, {0.5f, 1, 4}, {3, 1, 1}};
/// The mesh of each node: mesh 0 is used by nodes 0 and 2.
const std::vector<size_t> kNodeMesh = {0, 1, 0, 2, 3};

gltf::GltfDocument sceneOfCubes()
{
    gltf::GltfDocument doc;
    doc.json()["asset"]["version"] = "2.0";
    doc.json()["scene"] = 0;
    doc.json()["scenes"] = gltf::Json::array();
    doc.json()["scenes"].push_back(gltf::Json::object());
    doc.json()["scenes"][0]["nodes"] = gltf::Json::array();
    for (const Size& s : kSizes) {
        const auto added = geometry::addTriangleMesh(doc, cube(s), "cube");
        if (!added)
            throw std::runtime_error("the cube mesh was not added");
    }
    doc.json()["nodes"] = gltf::Json::array();
    for (size_t n = 0; n < kNodeMesh.size(); ++n) {
        gltf::Json node = gltf::Json::object();
        node["name"] = "node " + std::to_string(n);
        node["mesh"] = kNodeMesh[n];
        doc.json()["nodes"].push_back(std::move(node));
        doc.json()["scenes"][0]["nodes"].push_back(n);
    }
    return doc;
}

} // namespace

class TestAutoCollidersMeshes : public QObject
{
    Q_OBJECT

private slots:
    void everyMeshOnceWithProgress()
    {
        auto doc = sceneOfCubes();
        import::ColliderOptions options;
        options.strategy = import::ColliderStrategy::Box;
        std::vector<std::pair<size_t, size_t>> calls;
        options.progress = [&calls](size_t done, size_t total) { calls.emplace_back(done, total); };
        const auto report = test::addCollidersAsTheCommand(doc, options);

        // Four distinct meshes: four calls, counting up to four.
        const std::vector<std::pair<size_t, size_t>> expected = {{1, 4}, {2, 4}, {3, 4}, {4, 4}};
        QCOMPARE(calls, expected);
        QCOMPARE(report.added.size(), kNodeMesh.size());
        const auto model = physics::readPhysics(doc);
        QVERIFY(model);
        for (const auto& a : report.added) {
            QCOMPARE(a.colliderNode, a.meshNode); // centred cubes: the collider sits on the node itself
            const physics::Shape& shape = model->shapes.at(a.shape);
            QCOMPARE(shape.type, physics::ShapeType::Box);
            const Size& want = kSizes[kNodeMesh[a.meshNode]];
            for (size_t axis = 0; axis < 3; ++axis)
                QVERIFY2(std::abs(shape.size[axis] - double(want[axis])) < 1e-6,
                         qPrintable(QStringLiteral("node %1 axis %2").arg(a.meshNode).arg(axis)));
        }
        // The shared mesh was fitted once: both of its nodes use one shape.
        QCOMPARE(report.added[0].shape, report.added[2].shape);
        QCOMPARE(model->shapes.size(), kSizes.size());
    }

    void nodesWithCollidersAreNotFitted()
    {
        // Node 4 (the only user of mesh 3) already has a collider: three meshes are fitted, not four.
        auto doc = sceneOfCubes();
        doc.json()["extensions"]["OMI_physics_shape"]["shapes"] = gltf::Json::array();
        doc.json()["extensions"]["OMI_physics_shape"]["shapes"].push_back(gltf::Json::object());
        doc.json()["extensions"]["OMI_physics_shape"]["shapes"][0]["type"] = "sphere";
        doc.json()["nodes"][4]["extensions"]["OMI_physics_body"]["collider"]["shape"] = 0;
        import::ColliderOptions options;
        options.strategy = import::ColliderStrategy::Box;
        size_t lastTotal = 0, count = 0;
        options.progress = [&](size_t, size_t total) {
            lastTotal = total;
            ++count;
        };
        const auto report = test::addCollidersAsTheCommand(doc, options);
        QCOMPARE(count, size_t(3));
        QCOMPARE(lastTotal, size_t(3));
        QCOMPARE(report.added.size(), size_t(4));
        QCOMPARE(report.matched, size_t(5));
    }
};

QTEST_GUILESS_MAIN(TestAutoCollidersMeshes)
#include "TestAutoCollidersMeshes.moc"
