// The "must show" through the real window with synthesized mouse drags (issue 19): add a box trigger
// by hand (Node > Add Empty Trigger > Box at the view centre), move it with the gizmo's X arrow with Ctrl
// held (snapped to the 0.25 m grid), drag its +Y face up with Ctrl (the size snaps to the grid, the -Y face
// stays), cancel a drag with Esc, and save a file that opens again with those values and passes our
// validator. Each drag is one undo step. The rotate tool's outer ring turns about the view direction; the
// shape's handles are drawn in the shape's colour. The pixels dragged are the projections of known world
// points, so the expected values follow from the points.
#include "DocumentSession.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"
#include "document/Document.h"
#include "document/NodeEdits.h"
#include "physics/Validator.h"
#include "tools/GizmoController.h"
#include "viewport/Viewport.h"

#include <QAction>
#include <QMouseEvent>
#include <QTest>
#include <QUndoStack>
#include <QWindow>
#include <cmath>

using namespace cs;
using cs::ui::MainWindow;

namespace {

/// The pixel where the viewport shows a world point.
QPointF pixelOf(ui::Viewport* view, const geometry::Vec3d& p)
{
    const QSize size = view->renderWindow()->size();
    const QMatrix4x4 m = view->camera().projectionMatrix(float(size.width()) / float(size.height())) *
                         view->camera().viewMatrix();
    const QVector3D ndc = m.map(p.toQt());
    return {(ndc.x() + 1) / 2 * size.width(), (1 - ndc.y()) / 2 * size.height()};
}

void send(QWindow* window, QEvent::Type type, const QPointF& at, Qt::MouseButtons buttons,
          Qt::KeyboardModifiers modifiers)
{
    QMouseEvent e(type, at, window->mapToGlobal(at),
                  type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton, buttons, modifiers);
    QCoreApplication::sendEvent(window, &e);
}

/// A left-button drag from `from` to `to` (world points), in steps, with `modifiers` held while moving.
void drag(ui::Viewport* view, const geometry::Vec3d& from, const geometry::Vec3d& to,
          Qt::KeyboardModifiers modifiers, bool release = true)
{
    QWindow* window = view->renderWindow();
    send(window, QEvent::MouseButtonPress, pixelOf(view, from), Qt::LeftButton, Qt::NoModifier);
    for (int i = 1; i <= 4; ++i)
        send(window, QEvent::MouseMove, pixelOf(view, from + (to - from) * (i / 4.0)), Qt::LeftButton,
             modifiers);
    if (release)
        send(window, QEvent::MouseButtonRelease, pixelOf(view, to), Qt::NoButton, modifiers);
}

geometry::Vec3d worldOrigin(const document::Document& doc, size_t node)
{
    return geometry::transformPoint(document::nodeWorldMatrix(doc, node), {0, 0, 0});
}

/// The sample open in the window, and a 1 m box trigger added by Node > Add Empty Trigger > Box with nothing
/// selected (so at the view's centre), selected.
struct TriggerInWindow
{
    MainWindow w{test::unattended()};
    document::Document* doc = nullptr;
    QUndoStack* stack = nullptr;
    ui::Viewport* view = nullptr;
    ui::GizmoController* gizmo = nullptr;
    size_t node = 0;

    bool open()
    {
        if (!test::showAndOpen(w, QStringLiteral(CS_SAMPLE_FILE)))
            return false;
        doc = w.session().document();
        stack = doc->undoStack();
        view = w.viewport();
        gizmo = w.findChild<ui::GizmoController*>(QStringLiteral("gizmo"));
        w.session().selectNode(std::nullopt);
        QCoreApplication::processEvents();
        w.actions().get(cs::ui::ActionId::AddEmptyTriggerBox)->trigger();
        QCoreApplication::processEvents();
        if (!gizmo || !w.session().currentNode())
            return false;
        node = *w.session().currentNode();
        return true;
    }
};

} // namespace

class TestGizmoWindow : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void addMoveSizeAndSaveByHand()
    {
        // Nothing selected: the trigger goes on the ray through the view's centre, where it meets the scene
        // (issue 46; test_node_window checks the point).
        TriggerInWindow t;
        QVERIFY(t.open());
        auto& [w, document, stack, view, gizmo, node] = t;
        document::Document& doc = *document;
        QCOMPARE(gizmo->gridStep(), 0.25);
        const geometry::Vec3d start = worldOrigin(doc, node);
        const QVector3D fromEye =
            QVector3D(float(start.x), float(start.y), float(start.z)) - view->camera().position();
        QVERIFY(QVector3D::crossProduct(fromEye, view->camera().forward()).length() < 1e-3f);
        QVERIFY(view->gizmoPointCount() > 0);
        const int afterAdd = stack->index();

        // The X arrow, grabbed at 60% of its length, dragged 1 m along X with Ctrl: x snaps to the grid.
        const double arrow = gizmo->arrowLength();
        const geometry::Vec3d grab = start + geometry::Vec3d{0.6 * arrow, 0, 0};
        drag(view, grab, grab + geometry::Vec3d{1, 0, 0}, Qt::ControlModifier);
        QCOMPARE(stack->index(), afterAdd + 1);
        const double wantX = geometry::snap(start.x + 1, 0.25);
        const geometry::Vec3d moved = worldOrigin(doc, node);
        QVERIFY2(std::fabs(moved.x - wantX) < 1e-6,
                 qPrintable(QString("x %1, want %2").arg(moved.x).arg(wantX)));
        QVERIFY(std::fabs(moved.y - start.y) < 1e-6 && std::fabs(moved.z - start.z) < 1e-6);

        // The +Y face of the 1 m box (at y + 0.5) dragged up 0.62 m with Ctrl: 1.62 m snaps to 1.5 m; the
        // centre goes up 0.25 so that the -Y face stays at y - 0.5.
        const geometry::Vec3d face = moved + geometry::Vec3d{0, 0.5, 0};
        drag(view, face, face + geometry::Vec3d{0, 0.62, 0}, Qt::ControlModifier);
        QCOMPARE(stack->index(), afterAdd + 2);
        const physics::NodePhysics* p = doc.model().node(node);
        QVERIFY(p && p->trigger);
        const physics::Shape& box = doc.model().shapes[size_t(p->trigger->shape)];
        QVERIFY2(std::fabs(box.size[1] - 1.5) < 1e-9, qPrintable(QString::number(box.size[1])));
        QCOMPARE(box.size[0], 1.0);
        const geometry::Vec3d sized = worldOrigin(doc, node);
        QVERIFY(std::fabs(sized.y - 0.75 - (moved.y - 0.5)) < 1e-6);

        // Esc in the middle of a drag takes it back; nothing is added to the history.
        const std::string before = doc.savedJson().dump();
        const geometry::Vec3d grab2 = sized + geometry::Vec3d{0.6 * gizmo->arrowLength(), 0, 0};
        drag(view, grab2, grab2 + geometry::Vec3d{2, 0, 0}, Qt::NoModifier, false);
        QVERIFY(doc.savedJson().dump() != before);
        QKeyEvent esc(QEvent::KeyPress, Qt::Key_Escape, Qt::NoModifier);
        QCoreApplication::sendEvent(view->renderWindow(), &esc);
        send(view->renderWindow(), QEvent::MouseButtonRelease, pixelOf(view, grab2), Qt::NoButton,
             Qt::NoModifier);
        QCOMPARE(doc.savedJson().dump(), before);

        // Undo and redo the face drag.
        stack->undo();
        QCOMPARE(doc.model().shapes[size_t(p->trigger->shape)].size[1], 1.0);
        stack->redo();
        QCOMPARE(doc.model().shapes[size_t(p->trigger->shape)].size[1], 1.5);

        // Saved, opened again, valid.
        const std::filesystem::path saved = m_dir / "door.glb";
        QVERIFY(w.session().saveTo(QString::fromStdString(saved.string())));
        auto again = document::Document::open(saved);
        QVERIFY(again);
        const physics::NodePhysics* r = (*again)->model().node(node);
        QVERIFY(r && r->trigger);
        QCOMPARE((*again)->model().shapes[size_t(r->trigger->shape)].size[1], 1.5);
        const geometry::Vec3d reopened = worldOrigin(**again, node);
        QVERIFY(std::fabs(reopened.x - wantX) < 1e-6);
        const Diagnostics ours = physics::validatePhysics((*again)->gltf());
        QVERIFY2(!hasErrors(ours), test::describe(ours).c_str());
    }

    void rotateAndScaleTools()
    {
        TriggerInWindow t;
        QVERIFY(t.open());
        auto& [w, document, stack, view, gizmo, node] = t;
        document::Document& doc = *document;
        QAction* rotateTool = w.actions().get(cs::ui::ActionId::ToolRotate);
        QAction* scaleTool = w.actions().get(cs::ui::ActionId::ToolScale);
        QVERIFY(rotateTool && scaleTool && w.actions().get(cs::ui::ActionId::ToolMove));
        QCOMPARE(rotateTool->shortcut(), QKeySequence(Qt::Key_E));
        QCOMPARE(scaleTool->shortcut(), QKeySequence(Qt::Key_R));
        QCOMPARE(gizmo->angleStep(), 15.0);
        const geometry::Vec3d centre = worldOrigin(doc, node);
        const int afterAdd = stack->index();

        // Rotate tool: the ring about Y, grabbed at 45 degrees between +Z and +X and dragged 88 degrees about
        // +Y with Ctrl: 90 on the 15 degree step, the quaternion (0, sin 45, 0, cos 45).
        rotateTool->trigger();
        QCOMPARE(gizmo->tool(), ui::GizmoController::Tool::Rotate);
        const double r = gizmo->arrowLength(), h = std::sqrt(0.5);
        const auto onRing = [&](double degrees) {
            const double t = degrees * 3.14159265358979323846 / 180.0;
            // Turning (x, z) by t about +Y: x' = x cos t + z sin t, z' = -x sin t + z cos t, from (h, h).
            return centre + geometry::Vec3d{r * (h * std::cos(t) + h * std::sin(t)), 0,
                                            r * (-h * std::sin(t) + h * std::cos(t))};
        };
        drag(view, onRing(0), onRing(88), Qt::ControlModifier);
        QCOMPARE(stack->index(), afterAdd + 1);
        const gltf::Json& rotated = doc.gltf().json()["nodes"][node];
        QVERIFY2(rotated.contains("rotation"), rotated.dump().c_str());
        const std::vector<double> q = rotated["rotation"].get<std::vector<double>>();
        QVERIFY2(std::fabs(q[0]) < 1e-9 && std::fabs(q[1] - h) < 1e-9 && std::fabs(q[2]) < 1e-9 &&
                     std::fabs(q[3] - h) < 1e-9,
                 rotated["rotation"].dump().c_str());

        // Scale tool: the node's own X axis now points to world -Z. Its handle dragged from 0.6 to 1.2 of the
        // arrow length with Ctrl: the X scale doubles, snapped to tenths; Y and Z stay 1.
        scaleTool->trigger();
        const double l = gizmo->arrowLength();
        drag(view, centre + geometry::Vec3d{0, 0, -0.6 * l}, centre + geometry::Vec3d{0, 0, -1.2 * l},
             Qt::ControlModifier);
        QCOMPARE(stack->index(), afterAdd + 2);
        const gltf::Json& scaled = doc.gltf().json()["nodes"][node];
        QVERIFY2(scaled.contains("scale"), scaled.dump().c_str());
        const std::vector<double> s = scaled["scale"].get<std::vector<double>>();
        QVERIFY2(std::fabs(s[0] - 2.0) < 1e-9 && s[1] == 1.0 && s[2] == 1.0, scaled["scale"].dump().c_str());

        // A trigger box under a non-uniform scale: the warning badge (a triangle and an exclamation mark, 5
        // segments) beside the gizmo.
        QVERIFY(gizmo->scaleWarning());
        QCOMPARE(view->gizmoWarningPointCount(), size_t(10));

        // One undo step each: undo the scale, then the rotation.
        stack->undo();
        QVERIFY(!doc.gltf().json()["nodes"][node].contains("scale"));
        QVERIFY(!gizmo->scaleWarning());
        QCOMPARE(view->gizmoWarningPointCount(), size_t(0));
        stack->undo();
        QVERIFY(!doc.gltf().json()["nodes"][node].contains("rotation"));
    }

    void sphereRadiusAndPlaneSquare()
    {
        TriggerInWindow t;
        QVERIFY(t.open());
        auto& [w, document, stack, view, gizmo, trigger] = t;
        document::Document& doc = *document;
        w.actions().get(cs::ui::ActionId::AddEmptyColliderSphere)->trigger();
        QCoreApplication::processEvents();
        const size_t node = *w.session().currentNode();
        QVERIFY(node != trigger);
        const physics::NodePhysics* p = doc.model().node(node);
        QVERIFY(p && p->collider);
        const size_t shape = size_t(p->collider->shape);
        const double r0 = doc.model().shapes[shape].radius;
        const geometry::Vec3d centre = worldOrigin(doc, node);
        const int before = stack->index();

        // The radius handle on +X dragged 0.37 m outwards with Ctrl: the radius snaps to the 0.25 m grid and
        // the sphere stays where it was.
        const geometry::Vec3d handle = centre + geometry::Vec3d{r0, 0, 0};
        drag(view, handle, handle + geometry::Vec3d{0.37, 0, 0}, Qt::ControlModifier);
        QCOMPARE(stack->index(), before + 1);
        const double r1 = doc.model().shapes[shape].radius;
        QVERIFY2(std::fabs(r1 - geometry::snap(r0 + 0.37, 0.25)) < 1e-9, qPrintable(QString::number(r1)));
        QVERIFY(geometry::length(worldOrigin(doc, node) - centre) < 1e-9);

        // The square of the XZ plane (normal Y) dragged by (0.6, 0, -0.9) with Ctrl: x and z snap to the
        // grid, y stays.
        const double l = gizmo->arrowLength();
        const geometry::Vec3d grab = centre + geometry::Vec3d{0.32 * l, 0, 0.32 * l};
        drag(view, grab, grab + geometry::Vec3d{0.6, 0, -0.9}, Qt::ControlModifier);
        QCOMPARE(stack->index(), before + 2);
        const geometry::Vec3d moved = worldOrigin(doc, node);
        QVERIFY2(std::fabs(moved.x - geometry::snap(centre.x + 0.6, 0.25)) < 1e-6 &&
                     std::fabs(moved.z - geometry::snap(centre.z - 0.9, 0.25)) < 1e-6 &&
                     std::fabs(moved.y - centre.y) < 1e-9,
                 qPrintable(QString("%1 %2 %3").arg(moved.x).arg(moved.y).arg(moved.z)));
        stack->undo();
        stack->undo();
        QCOMPARE(doc.model().shapes[shape].radius, r0);
    }

    void viewRingAndHandleColours()
    {
        TriggerInWindow t;
        QVERIFY(t.open());
        auto& [w, document, stack, view, gizmo, node] = t;
        document::Document& doc = *document;
        const geometry::Vec3d centre = worldOrigin(doc, node);
        const int afterAdd = stack->index();

        // The box's six face handles (a small box of 12 segments each) in the trigger colour.
        QCOMPARE(view->gizmoHandlePointCount(), size_t(6 * 24));
        QCOMPARE(view->gizmoHandleColor(), ui::overlayColor(ui::OverlayLayer::Trigger));

        // The outer ring turns about the view direction: grabbed on the screen's right of the centre and
        // dragged 88 degrees round to the screen's top with Ctrl, the node turns 90 degrees about the
        // direction the camera looks in, negated (counter-clockwise as seen): the quaternion
        // (-view sin 45, cos 45).
        w.actions().get(cs::ui::ActionId::ToolRotate)->trigger();
        const geometry::Vec3d look =
            geometry::normalized(geometry::Vec3d(view->camera().target() - view->camera().position()));
        const geometry::Vec3d right =
            geometry::normalized(geometry::cross(look, geometry::Vec3d(view->camera().up())));
        const geometry::Vec3d up = geometry::normalized(geometry::cross(right, look));
        const double radius = 1.2 * gizmo->arrowLength();
        const auto onRing = [&](double degrees) {
            const double t = degrees * 3.14159265358979323846 / 180.0;
            return centre + right * (radius * std::cos(t)) + up * (radius * std::sin(t));
        };
        drag(view, onRing(0), onRing(88), Qt::ControlModifier);
        QCOMPARE(stack->index(), afterAdd + 1);
        const gltf::Json& turned = doc.gltf().json()["nodes"][node];
        QVERIFY2(turned.contains("rotation"), turned.dump().c_str());
        const std::vector<double> q = turned["rotation"].get<std::vector<double>>();
        const double h = std::sqrt(0.5);
        for (int i = 0; i < 3; ++i)
            QVERIFY2(std::fabs(q[size_t(i)] + look[i] * h) < 1e-6, turned["rotation"].dump().c_str());
        QVERIFY2(std::fabs(q[3] - h) < 1e-6, turned["rotation"].dump().c_str());
        stack->undo();
        QVERIFY(!doc.gltf().json()["nodes"][node].contains("rotation"));
    }
};

QTEST_MAIN(TestGizmoWindow)
#include "TestGizmoWindow.moc"
