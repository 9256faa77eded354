// Gizmo and shape-handle drags as the viewport forwards them (world rays): a node moved along X with a 0.5 m
// grid, the +Y face of its 2 m box trigger dragged up with the opposite face staying, a drag cancelled; each
// drag is one undo step (redo -> undo -> redo gives the exact JSON). Rays are built through known points, so
// the expected positions and sizes follow by hand. A finite KHR plane's X and Z edges set sizeX and sizeZ; a
// turn about the view direction; the handle target's colour source (trigger, or the owning body's motion).
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/HandleDragSession.h"

#include <QTest>
#include <QUndoStack>
#include <cmath>

using namespace cs;
using namespace cs::document;
using namespace cs::test;
using gltf::Json;

namespace {

const char* kScene = R"({"asset":{"version":"2.0"},
  "extensionsUsed":["OMI_physics_body","OMI_physics_shape"],
  "extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{"size":[2,2,2]}}]}},
  "scenes":[{"nodes":[0]}],
  "nodes":[{"name":"Zone","extensions":{"OMI_physics_body":{"trigger":{"shape":0}}}}]})";

// A 2 x 4 m plane collider (sizeX, sizeZ) under a dynamic body, an unbounded plane, a plane finite in X only.
const char* kPlanes = R"({"asset":{"version":"2.0"},
  "extensionsUsed":["KHR_implicit_shapes","KHR_physics_rigid_bodies"],
  "extensions":{"KHR_implicit_shapes":{"shapes":[
    {"type":"plane","plane":{"sizeX":2,"sizeZ":4,"doubleSided":true}},
    {"type":"plane","plane":{}},
    {"type":"plane","plane":{"sizeX":3}}]}},
  "scenes":[{"nodes":[0,2,3]}],
  "nodes":[{"name":"Raft","children":[1],"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":2}}}},
           {"name":"Deck","extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":0}}}}},
           {"name":"Ground","extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":1}}}}},
           {"name":"Strip","extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":2}}}}}]})";

geometry::Ray down(double x, double z)
{
    return {{0, 10, 0}, geometry::Vec3d{x, 0, z} - geometry::Vec3d{0, 10, 0}};
}

geometry::ShapeHandle face(int axis, int side)
{
    for (const geometry::ShapeHandle& h : geometry::shapeHandles(geometry::ShapeGeometry::box({2, 2, 2}))) {
        if (h.axis == axis && h.side == side)
            return h;
    }
    return {};
}

} // namespace

class TestHandleDrag : public QObject
{
    Q_OBJECT

private slots:
    void moveAlongXSnapsToTheGrid()
    {
        auto doc = documentFromJson(kScene);
        std::string text;
        checkRedoUndoRedo(
            *doc,
            [&] {
                // From the origin to x = 1.3 seen from above; the 0.5 m grid gives 1.5.
                auto drag = HandleDragSession::moveAlongAxis(*doc, 0, 0, down(0, 0));
                QVERIFY(drag);
                QVERIFY(drag->update(down(0.6, 0), 0.5));
                QVERIFY(drag->update(down(1.3, 0), 0.5));
                text = drag->valueText();
                drag->finish();
            },
            [](const Json& saved) {
                QVERIFY(numbersNear(saved["nodes"][0]["translation"], {1.5, 0, 0}));
            });
        QCOMPARE(text, std::string("x 1.500 m"));
    }

    void boxFaceOppositeStays()
    {
        auto doc = documentFromJson(kScene);
        checkRedoUndoRedo(
            *doc,
            [&] {
                // Rays along -Z through the +Y face centre (0, 1, 0), then through (0, 2.2, 0): 1.2 m up, so
                // 3.2 m tall, 3 m on the 0.5 m grid; the centre goes up 0.5 and the -Y face stays at -1.
                auto drag = HandleDragSession::shapeHandle(*doc, 0, face(1, 1), {{0, 1, 10}, {0, 0, -1}});
                QVERIFY(drag);
                QVERIFY(drag->update({{0, 2.2, 10}, {0, 0, -1}}, 0.5));
                QCOMPARE(drag->valueText(), std::string("size y 3.000 m"));
                drag->finish();
            },
            [](const Json& saved) {
                QVERIFY(numbersNear(savedShape(saved, 0)["box"]["size"], {2, 3, 2}));
                QVERIFY(numbersNear(saved["nodes"][0]["translation"], {0, 0.5, 0}));
            });
    }

    void planeEdgesSetItsSizes()
    {
        auto doc = documentFromJson(kPlanes);
        // Handles: the finite plane's four edges (X and Z), none for the unbounded one, the X edges of the
        // strip; the deck is drawn in the colour of the dynamic body above it.
        const auto deck = handleTarget(*doc, 1);
        QVERIFY(deck && deck->plane);
        QCOMPARE(deck->handles.size(), size_t(4));
        for (const geometry::ShapeHandle& h : deck->handles)
            QVERIFY(h.axis == 0 || h.axis == 2);
        QVERIFY(!deck->trigger);
        QCOMPARE(deck->motion, physics::MotionType::Dynamic);
        QVERIFY(!handleTarget(*doc, 2));
        const auto strip = handleTarget(*doc, 3);
        QVERIFY(strip);
        QCOMPARE(strip->handles.size(), size_t(2));
        QCOMPARE(strip->motion, physics::MotionType::Static);
        geometry::ShapeHandle plusX;
        for (const geometry::ShapeHandle& h : deck->handles) {
            if (h.axis == 0 && h.side == 1)
                plusX = h;
        }
        QCOMPARE(plusX.position.x, 1.0);
        checkRedoUndoRedo(
            *doc,
            [&] {
                // The +X edge (1, 0, 0) dragged to x = 1.8: 2.8 m wide, the -X edge stays at -1, so the node
                // moves 0.4 m along X; sizeZ and doubleSided stay.
                auto drag = HandleDragSession::shapeHandle(*doc, 1, plusX, down(1, 0));
                QVERIFY(drag);
                QVERIFY(drag->update(down(1.8, 0)));
                QCOMPARE(drag->valueText(), std::string("size x 2.800 m"));
                drag->finish();
            },
            [](const Json& saved) {
                const Json plane = saved["extensions"]["KHR_implicit_shapes"]["shapes"][0]["plane"];
                QVERIFY2(std::fabs(plane["sizeX"].get<double>() - 2.8) < 1e-9, plane.dump().c_str());
                QCOMPARE(plane["sizeZ"].get<double>(), 4.0);
                QCOMPARE(plane["doubleSided"].get<bool>(), true);
                QVERIFY(numbersNear(saved["nodes"][1]["translation"], {0.4, 0, 0}));
            });
        QCOMPARE(doc->undoStack()->count(), 1);
    }

    void rotateAboutTheViewDirection()
    {
        auto doc = documentFromJson(kScene);
        std::string text;
        checkRedoUndoRedo(
            *doc,
            [&] {
                // Looking down -Y: the view ring turns about (0, -1, 0). From +X to 90 degrees towards -Z is
                // +90 about +Y, so -90 about the view direction; the node ends at the same quaternion as a
                // +90 turn about Y: (0, sin 45, 0, cos 45).
                auto drag = HandleDragSession::rotateAboutDirection(*doc, 0, {0, -1, 0}, down(1, 0));
                QVERIFY(drag);
                QVERIFY(drag->update(down(0, -1)));
                text = drag->valueText();
                drag->finish();
            },
            [](const Json& saved) {
                const double h = std::sqrt(0.5);
                QVERIFY2(numbersNear(saved["nodes"][0]["rotation"], {0, h, 0, h}),
                         saved["nodes"][0]["rotation"].dump().c_str());
            });
        QCOMPARE(text, std::string("rotate -90.0\u00b0"));
        QVERIFY(!HandleDragSession::rotateAboutDirection(*doc, 0, {0, 0, 0}, down(1, 0)));
    }

    void symmetricFaceAndScaledNode()
    {
        // The node is scaled 2 in X: a drag of 1 m in the world is 0.5 in the node's space; symmetric, so
        // the X size grows by 1 (2 -> 3) and the node does not move.
        auto doc = documentFromJson(R"({"asset":{"version":"2.0"},
          "extensionsUsed":["OMI_physics_body","OMI_physics_shape"],
          "extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{"size":[2,2,2]}}]}},
          "scenes":[{"nodes":[0]}],
          "nodes":[{"name":"Wide","scale":[2,1,1],"extensions":{"OMI_physics_body":{"collider":{"shape":0}}}}]})");
        checkRedoUndoRedo(
            *doc,
            [&] {
                auto drag = HandleDragSession::shapeHandle(*doc, 0, face(0, 1), down(2, 0));
                QVERIFY(drag);
                QVERIFY(drag->update(down(3, 0), 0, true));
                drag->finish();
            },
            [](const Json& saved) {
                QVERIFY(numbersNear(savedShape(saved, 0)["box"]["size"], {3, 2, 2}));
                QVERIFY(!saved["nodes"][0].contains("translation"));
            });
    }

    void moveInPlaneSnapsBothAxes()
    {
        auto doc = documentFromJson(kScene);
        std::string text;
        checkRedoUndoRedo(
            *doc,
            [&] {
                // In the ground plane (normal Y) from the origin to (1.3, 0, -0.7): (1.5, 0, -0.5) on the 0.5
                // m grid; Y stays.
                auto drag = HandleDragSession::moveInPlane(*doc, 0, 1, down(0, 0));
                QVERIFY(drag);
                QVERIFY(drag->update(down(1.3, -0.7), 0.5));
                text = drag->valueText();
                drag->finish();
            },
            [](const Json& saved) {
                QVERIFY(numbersNear(saved["nodes"][0]["translation"], {1.5, 0, -0.5}));
            });
        QCOMPARE(text, std::string("x 1.500 m, z -0.500 m"));
    }

    void rotateAboutYSnapsToTheAngleStep()
    {
        auto doc = documentFromJson(kScene);
        std::string text;
        checkRedoUndoRedo(
            *doc,
            [&] {
                // Seen from above, from +X to 88 degrees towards -Z: a turn of +88 degrees about +Y (right
                // hand), 90 on the 15 degree step: the quaternion (0, sin 45, 0, cos 45).
                auto drag = HandleDragSession::rotateAbout(*doc, 0, 1, down(1, 0));
                QVERIFY(drag);
                const double a = 88.0 * 3.14159265358979323846 / 180.0;
                QVERIFY(drag->update(down(std::cos(a), -std::sin(a)), 0.5));
                text = drag->valueText();
                drag->finish();
            },
            [](const Json& saved) {
                const double h = std::sqrt(0.5);
                QVERIFY(numbersNear(saved["nodes"][0]["rotation"], {0, h, 0, h}));
                QVERIFY(!saved["nodes"][0].contains("translation"));
            });
        QCOMPARE(text, std::string("rotate y 90.0\u00b0"));
    }

    void scaleAlongTheNodesOwnAxis()
    {
        // The node is turned +90 degrees about Y: its own X axis points to world -Z. Dragging from 1 m to
        // 2 m along -Z doubles its X scale; Y and Z stay.
        const double h = std::sqrt(0.5);
        auto doc = documentFromJson(R"({"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],
          "nodes":[{"name":"Turned","rotation":[0,0.7071067811865476,0,0.7071067811865476]}]})");
        std::string text;
        checkRedoUndoRedo(
            *doc,
            [&] {
                auto drag = HandleDragSession::scaleAlong(*doc, 0, 0, down(0, -1));
                QVERIFY(drag);
                QVERIFY(drag->update(down(0, -2), 0));
                text = drag->valueText();
                drag->finish();
            },
            [h](const Json& saved) {
                QVERIFY(numbersNear(saved["nodes"][0]["scale"], {2, 1, 1}));
                QVERIFY(numbersNear(saved["nodes"][0]["rotation"], {0, h, 0, h}));
            });
        QCOMPARE(text, std::string("scale x 2.000"));
    }

    void moveAlongTheNodesOwnAxis()
    {
        // Turned +90 degrees about Y, the node's own X points to world -Z: 1.3 m along it snaps to 1.5.
        auto doc = documentFromJson(R"({"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],
          "nodes":[{"name":"Turned","rotation":[0,0.7071067811865476,0,0.7071067811865476]}]})");
        std::string text;
        checkRedoUndoRedo(
            *doc,
            [&] {
                auto drag = HandleDragSession::moveAlongAxis(*doc, 0, 0, down(0, 0));
                QVERIFY(drag);
                drag->setOwnAxes(true);
                QVERIFY(drag->update(down(0, -1.3), 0.5));
                text = drag->valueText();
                drag->finish();
            },
            [](const Json& saved) {
                QVERIFY(numbersNear(saved["nodes"][0]["translation"], {0, 0, -1.5}));
            });
        QCOMPARE(text, std::string("local x +1.500 m"));
    }

    void cancelTakesEverythingBack()
    {
        auto doc = documentFromJson(kScene);
        const std::string before = savedText(*doc);
        auto drag = HandleDragSession::shapeHandle(*doc, 0, face(1, 1), {{0, 1, 10}, {0, 0, -1}});
        QVERIFY(drag);
        QVERIFY(drag->update({{0, 2.2, 10}, {0, 0, -1}}));
        QVERIFY(savedText(*doc) != before);
        drag->cancel();
        CS_COMPARE_TEXT(savedText(*doc), before);
        // No shape and no node: no drag.
        QVERIFY(!HandleDragSession::moveAlongAxis(*doc, 5, 0, down(0, 0)));
        auto plain = documentFromJson(R"({"asset":{"version":"2.0"},"nodes":[{"name":"Plain"}]})");
        QVERIFY(!HandleDragSession::shapeHandle(*plain, 0, face(0, 1), down(0, 0)));
    }
};

QTEST_GUILESS_MAIN(TestHandleDrag)
#include "TestHandleDrag.moc"
