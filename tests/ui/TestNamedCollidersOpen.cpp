// File > Open and File > Import read colliders from names (issue 50): the window's reader (ui::loadScene,
// which DocumentSession runs off the GUI thread for both) gives a document with the colliders Godot's
// suffixes and Unreal's prefixes spell, lists each name read, and a save writes them.
#include "BoxMeshes.h"
#include "SceneLoader.h"
#include "TestSupport.h"

#include <QTest>

using namespace cs;
using namespace cs::test;

namespace {

bool listed(const Diagnostics& diagnostics, const std::string& code, const std::string& pointer)
{
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [&](const Diagnostic& d) { return d.code == code && d.pointer == pointer; });
}

} // namespace

class TestNamedCollidersOpen : public QObject
{
    Q_OBJECT

private slots:
    void openReadsNames();
    void importReadsNames();
};

void TestNamedCollidersOpen::openReadsNames()
{
    TempDir dir;
    const auto path = dir.path() / "level.gltf";
    writeText(path, boxMeshes(gltf::Json::parse(R"({"asset":{"version":"2.0"},"scene":0,
        "scenes":[{"nodes":[0,1,2]}],"nodes":[{"name":"Wall","mesh":0},{"name":"USP_Wall","mesh":0},
        {"name":"Floor-colonly","mesh":0}]})"),
                              {{0, 0, 0, 1, 1, 1}})
                        .dump());
    const auto scene = ui::loadScene(QString::fromStdString(path.string()));
    QVERIFY2(scene->document, describe(scene->diagnostics).c_str());
    const document::Document& doc = *scene->document;
    QVERIFY(listed(scene->diagnostics, "NAMED_COLLIDER", "/nodes/1"));
    QVERIFY(listed(scene->diagnostics, "NAMED_COLLIDER", "/nodes/2"));
    // USP_Wall: a sphere of the unit cube's half diagonal on a new child of Wall; its mesh no longer drawn.
    const gltf::Json& nodes = doc.gltf().json()["nodes"];
    QVERIFY(!nodes[1].contains("mesh"));
    QVERIFY(nodes[0]["children"].size() == 1);
    const physics::NodePhysics* part = doc.model().node(nodes[0]["children"][0].get<size_t>());
    QVERIFY(part && part->collider);
    const physics::Shape& sphere = doc.model().shapes[size_t(part->collider->shape)];
    QVERIFY(sphere.type == physics::ShapeType::Sphere);
    QVERIFY(std::abs(sphere.radius - std::sqrt(3.0) / 2) < 1e-4);
    // Floor-colonly: a trimesh collider on the node, whose mesh is no longer drawn.
    const physics::NodePhysics* floor = doc.model().node(2);
    QVERIFY(floor && floor->collider);
    QVERIFY(doc.model().shapes[size_t(floor->collider->shape)].type == physics::ShapeType::Trimesh);
    QVERIFY(!nodes[2].contains("mesh"));
    // A save writes them.
    const gltf::Json saved = doc.savedJson();
    QVERIFY(saved["nodes"][2]["extensions"]["OMI_physics_body"].contains("collider"));
}

void TestNamedCollidersOpen::importReadsNames()
{
    TempDir dir;
    const auto path = dir.path() / "crate.obj";
    std::string obj = "o Crate-convcol\n";
    for (int i = 0; i < 8; ++i)
        obj += "v " + std::to_string(i & 1) + " " + std::to_string((i >> 1) & 1) + " " +
               std::to_string((i >> 2) & 1) + "\n";
    obj += "f 1 3 2\nf 2 3 4\nf 5 6 7\nf 6 8 7\nf 1 2 5\nf 2 6 5\nf 3 7 4\nf 4 7 8\nf 1 5 3\nf 3 5 7\n"
           "f 2 4 6\nf 4 8 6\n";
    writeText(path, obj);
    const auto scene = ui::loadScene(QString::fromStdString(path.string()));
    QVERIFY2(scene->document, describe(scene->diagnostics).c_str());
    const document::Document& doc = *scene->document;
    size_t colliders = 0;
    for (const auto& [node, physics] : doc.model().nodes) {
        if (!physics.collider)
            continue;
        ++colliders;
        QVERIFY(doc.model().shapes[size_t(physics.collider->shape)].type == physics::ShapeType::Convex);
        QVERIFY(doc.gltf().json()["nodes"][node].contains("mesh"));
        QVERIFY(listed(scene->diagnostics, "NAMED_COLLIDER", "/nodes/" + std::to_string(node)));
    }
    QCOMPARE(colliders, size_t(1));
}

QTEST_MAIN(TestNamedCollidersOpen)
#include "TestNamedCollidersOpen.moc"
