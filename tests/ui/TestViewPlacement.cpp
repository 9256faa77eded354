// New things go where the user looks, and Frame Selected shows them (issue 46): a level whose ground is a
// 40 x 10 x 40 m block (its top, the floor, at y = 0; the middle of its bounds, where the view orbits after
// opening, 5 m under the floor). Node > Add Empty Collider > Sphere puts the new node on the floor where the
// ray through the view's centre meets it, not at the focus under the floor; Frame Selected then shows the
// whole sphere with room around it, drawn in the selection's colour.
#include "ActionTable.h"
#include "DocumentSession.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "ViewProjection.h"
#include "WindowTestUtil.h"
#include "document/Document.h"
#include "document/NodeEdits.h"
#include "geometry/MeshWriter.h"
#include "geometry/ShapeTessellation.h"
#include "gltf/GltfDocument.h"
#include "viewport/Viewport.h"

#include <QStatusBar>
#include <QTest>
#include <QWindow>
#include <cmath>

using namespace cs;
using cs::ui::MainWindow;

namespace {

bool writeLevel(const std::filesystem::path& path)
{
    gltf::GltfDocument g = test::loadJson(R"({
      "asset": {"version": "2.0"},
      "nodes": [{"name": "Ground", "translation": [0, -5, 0]}],
      "scenes": [{"nodes": [0]}],
      "scene": 0
    })");
    const auto block = geometry::tessellateShape(geometry::ShapeGeometry::box({40, 10, 40}));
    const auto mesh = geometry::addTriangleMesh(g, block, "Ground");
    if (!mesh)
        return false;
    g.json()["nodes"][0]["mesh"] = *mesh;
    g.setSourcePath({});
    return !hasErrors(gltf::saveGltf(g, path));
}

} // namespace

class TestViewPlacement : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

private slots:
    void initTestCase()
    {
        test::useTestSettings(m_dir.path());
        QVERIFY(writeLevel(m_dir / "level.gltf"));
    }

    void newColliderOnTheFloorUnderTheViewCentre()
    {
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, QString::fromStdString((m_dir / "level.gltf").string())));
        ui::Viewport& view = *w.viewport();
        const ui::OrbitCamera& camera = view.camera();
        QVERIFY(std::abs(camera.target().y() + 5) < 1e-3f); // the focus: the block's middle, under the floor
        // Where the ray through the view's centre meets the floor (y = 0), by the plane's equation.
        const QVector3D eye = camera.position(), forward = camera.forward();
        QVERIFY(forward.y() < 0 && eye.y() > 0);
        const QVector3D floor = eye + forward * (-eye.y() / forward.y());
        QVERIFY(std::abs(floor.x()) < 20 && std::abs(floor.z()) < 20);

        w.actions().get(ui::ActionId::AddEmptyColliderSphere)->trigger();
        QTest::qWait(50);
        const std::optional<size_t> added = w.session().currentNode();
        QVERIFY(added && *added == 1);
        const document::Document& doc = *w.session().document();
        const geometry::Mat4d world = document::nodeWorldMatrix(doc, *added);
        const QVector3D at(float(world(0, 3)), float(world(1, 3)), float(world(2, 3)));
        QVERIFY2((at - floor).length() < 1e-3f,
                 qPrintable(QStringLiteral("added at %1 %2 %3, floor at %4 %5 %6")
                                .arg(at.x())
                                .arg(at.y())
                                .arg(at.z())
                                .arg(floor.x())
                                .arg(floor.y())
                                .arg(floor.z())));
        const QVector3D ndc = test::viewNdc(view, at);
        QVERIFY(std::abs(ndc.x()) < 1 && std::abs(ndc.y()) < 1 && ndc.z() > -1 && ndc.z() < 1);
        // The status bar says what was added and where.
        const QString message = w.statusBar()->currentMessage();
        const std::string name = doc.gltf().json()["nodes"][*added].value("name", std::string());
        QVERIFY(!name.empty());
        QVERIFY2(message.startsWith(QStringLiteral("Added %1 at (").arg(QString::fromStdString(name))),
                 qPrintable(message));

        // Frame Selected: every corner of the sphere's bounds (radius as the file's shape says) inside the
        // view with a margin, and the sphere large in it.
        const physics::NodePhysics* p = doc.model().node(*added);
        QVERIFY(p && p->collider);
        const float radius = float(doc.model().shapes[size_t(p->collider->shape)].radius);
        QVERIFY(radius > 0);
        w.actions().get(ui::ActionId::FrameSelected)->trigger();
        float lowX = 1, highX = -1, lowY = 1, highY = -1;
        for (int i = 0; i < 8; ++i) {
            const QVector3D corner =
                at + QVector3D(i & 1 ? radius : -radius, i & 2 ? radius : -radius, i & 4 ? radius : -radius);
            const QVector3D c = test::viewNdc(view, corner);
            QVERIFY2(std::abs(c.x()) <= 0.9f && std::abs(c.y()) <= 0.9f && c.z() > -1 && c.z() < 1,
                     qPrintable(QStringLiteral("corner %1 at %2 %3").arg(i).arg(c.x()).arg(c.y())));
            lowX = std::min(lowX, c.x());
            highX = std::max(highX, c.x());
            lowY = std::min(lowY, c.y());
            highY = std::max(highY, c.y());
        }
        QVERIFY2(std::max(highX - lowX, highY - lowY) > 2 * 0.4f,
                 qPrintable(QStringLiteral("%1 x %2 of 2 x 2").arg(highX - lowX).arg(highY - lowY)));

        // And it is seen: its upper half stands on the floor, drawn in the selection's colour.
        const QImage image = test::captured(view).convertToFormat(QImage::Format_RGB32);
        QVERIFY(!image.isNull());
        const QRect sphere = test::imageRect(view, image, at - QVector3D(radius, radius, radius),
                                             at + QVector3D(radius, radius, radius));
        int white = 0;
        for (int y = sphere.top(); y <= sphere.bottom(); ++y)
            for (int x = sphere.left(); x <= sphere.right(); ++x)
                if (qRed(image.pixel(x, y)) > 225 && qGreen(image.pixel(x, y)) > 225 &&
                    qBlue(image.pixel(x, y)) > 225)
                    ++white;
        QVERIFY2(white > 200, qPrintable(QString::number(white)));
    }
};

QTEST_MAIN(TestViewPlacement)
#include "TestViewPlacement.moc"
