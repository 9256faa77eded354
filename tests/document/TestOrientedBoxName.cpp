// An oriented box is named as one (issue 46, item 15): Add Colliders with the oriented-box strategy on a
// turned box mesh names the child node and the report entry "oriented box", and its node turns the least
// a box allows (the turn the mesh was given, not that turn plus a quarter); an axis-aligned mesh stays a
// "box" on its own node.
#include "DocumentTestUtil.h"
#include "document/AutoColliderActions.h"
#include "document/MeshCommands.h"
#include "document/NodeCommands.h"
#include "document/ShapeConversion.h"
#include "gltf/NodeLabel.h"

#include <QTest>
#include <cmath>
#include <numbers>

using namespace cs;
using namespace cs::document;

namespace {

// A box of `size` centred on the origin, turned by `degrees` about +Y.
gltf::TriangleMesh turnedBox(QVector3D size, double degrees)
{
    const double a = degrees * std::numbers::pi / 180.0;
    gltf::TriangleMesh m;
    for (int i = 0; i < 8; ++i) {
        const double x = ((i & 1) ? 0.5 : -0.5) * size.x();
        const double y = ((i & 2) ? 0.5 : -0.5) * size.y();
        const double z = ((i & 4) ? 0.5 : -0.5) * size.z();
        m.positions.push_back(QVector3D(float(std::cos(a) * x + std::sin(a) * z), float(y),
                                        float(-std::sin(a) * x + std::cos(a) * z)));
    }
    m.indices = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
                 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
    return m;
}

std::unique_ptr<Document> sceneWith(const gltf::TriangleMesh& mesh)
{
    auto d = test::documentFromJson(R"({"asset": {"version": "2.0"}, "nodes": []})");
    d->push(new AddMesh(d.get(), mesh, "Plank"));
    gltf::Json node = gltf::Json::object();
    node["name"] = "Plank";
    node["mesh"] = 0;
    d->push(new AddNode(d.get(), std::nullopt, node));
    d->undoStack()->clear();
    return d;
}

AutoColliderOptions orientedBoxes()
{
    AutoColliderOptions o;
    o.collider.strategy = import::ColliderStrategy::OrientedBox;
    return o;
}

// The angle (degrees) of the turn a glTF quaternion stands for; identity when the node has none.
double turnDegrees(const gltf::Json& node)
{
    if (!node.contains("rotation"))
        return 0;
    const double w = std::min(1.0, std::abs(node["rotation"][3].get<double>()));
    return 2 * std::acos(w) * 180.0 / std::numbers::pi;
}

} // namespace

class TestOrientedBoxName : public QObject
{
    Q_OBJECT

private slots:
    void aTurnedBoxIsAnOrientedBox()
    {
        // Turned 100 degrees: the same box as one turned 10 degrees with its x and z sizes swapped.
        auto d = sceneWith(turnedBox({3.0f, 1.0f, 0.5f}, 100));
        const AutoColliderReport report = addAutoColliders(*d, orientedBoxes());
        QCOMPARE(report.added.size(), size_t(1));
        const auto& a = report.added.front();
        QCOMPARE(a.typeName, std::string("oriented box"));
        QVERIFY(a.colliderNode != a.meshNode);
        const gltf::Json& child = d->gltf().json()["nodes"][a.colliderNode];
        QCOMPARE(child.value("name", std::string()), std::string("Plank oriented box"));
        const double turn = turnDegrees(child);
        QVERIFY2(std::abs(turn - 10.0) < 0.5, std::to_string(turn).c_str());
        const physics::Vec3 size = d->model().shapes[a.shape].size;
        QVERIFY2(std::abs(size[0] - 0.5) < 0.005 && std::abs(size[1] - 1.0) < 0.005 &&
                     std::abs(size[2] - 3.0) < 0.005,
                 (std::to_string(size[0]) + " " + std::to_string(size[1]) + " " + std::to_string(size[2]))
                     .c_str());
    }

    void aTurnOfAHalfIsNoTurn()
    {
        // Turned 180 degrees about Y, a box is where it was: no rotation, and so a plain box.
        auto d = sceneWith(turnedBox({3.0f, 1.0f, 0.5f}, 180));
        const AutoColliderReport report = addAutoColliders(*d, orientedBoxes());
        QCOMPARE(report.added.size(), size_t(1));
        QCOMPARE(report.added.front().typeName, std::string("box"));
        QCOMPARE(report.added.front().colliderNode, report.added.front().meshNode);
    }

    void fittedShapeNames()
    {
        QCOMPARE(fittedShapeName(physics::ShapeType::Box, {0, 0, 0, 1}), std::string("box"));
        QCOMPARE(fittedShapeName(physics::ShapeType::Box, {0, 0, 0, -1}), std::string("box"));
        const double h = std::sin(0.5 * 10 * std::numbers::pi / 180),
                     c = std::cos(0.5 * 10 * std::numbers::pi / 180);
        QCOMPARE(fittedShapeName(physics::ShapeType::Box, {0, h, 0, c}), std::string("oriented box"));
        QCOMPARE(fittedShapeName(physics::ShapeType::Capsule, {0, h, 0, c}), std::string("capsule"));
    }
};

QTEST_GUILESS_MAIN(TestOrientedBoxName)
#include "TestOrientedBoxName.moc"
