// Physics > Decompose into Convex Parts in the real window (issue 21): an arch (a block with a half-disc
// opening, made from its definition and saved as a .glb) opens; the dialog for its node previews at least two
// parts, each drawn in the viewport and each hull within the point cap; a lower "most parts" gives fewer
// parts; Apply is one undo step that gives the node a compound collider (a child node per part with a convex
// shape on a hull mesh within the cap); undo restores the exact JSON; Close clears the preview.
#include "ConcaveMeshes.h"
#include "DocumentSession.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "ToolDialogs.h"
#include "WindowTestUtil.h"
#include "dialogs/DecomposeDialog.h"
#include "document/Document.h"
#include "geometry/MeshWriter.h"
#include "gltf/GltfDocument.h"
#include "viewport/Viewport.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

using namespace cs;
using cs::ui::DecomposeDialog;
using cs::ui::MainWindow;
using gltf::Json;

namespace {

constexpr int kWait = 120000;
constexpr int kCap = 64;

/// A .glb with one node "Arch" (translated, so that world and node space differ) on the arch mesh.
bool writeArch(const std::filesystem::path& path)
{
    gltf::GltfDocument g = test::loadJson(R"({
      "asset": {"version": "2.0"},
      "nodes": [{"name": "Arch", "translation": [3, 0, 0]}],
      "scenes": [{"nodes": [0]}],
      "scene": 0
    })");
    const auto mesh = geometry::addTriangleMesh(g, test::archMesh(), "Arch");
    if (!mesh)
        return false;
    g.json()["nodes"][0]["mesh"] = *mesh;
    g.setSourcePath({});
    return !hasErrors(gltf::saveGltf(g, path));
}

/// The POSITION count of a mesh's first primitive.
size_t meshPoints(const Json& json, size_t mesh)
{
    const size_t accessor = json["meshes"][mesh]["primitives"][0]["attributes"]["POSITION"].get<size_t>();
    return json["accessors"][accessor]["count"].get<size_t>();
}

} // namespace

class TestDecomposeWindow : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void previewApplyUndoClose()
    {
        const auto file = m_dir.path() / "arch.glb";
        QVERIFY(writeArch(file));
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, QString::fromStdString(file.string())));
        document::Document& doc = *w.session().document();
        const size_t node = 0;
        QCOMPARE(doc.gltf().json()["nodes"][node]["name"].get<std::string>(), std::string("Arch"));
        w.session().selectNode(node);

        // The menu entry opens the dialog for the selected node.
        QAction* action = test::menuAction(w, QStringLiteral("actionDecomposeDialog"));
        QVERIFY(action);
        action->trigger();
        DecomposeDialog* dialog = w.tools().decomposeDialog();
        QVERIFY(dialog);
        QCOMPARE(dialog->nodes(), std::vector<size_t>{node});
        QCOMPARE(dialog->pointsPerPart(), kCap);
        dialog->setConcavity(0.01);
        dialog->setMaxParts(8);
        QVERIFY2(dialog->waitForResult(kWait), qPrintable(dialog->errorText()));

        // The preview: at least two parts, each drawn, each hull within the cap.
        const int parts = dialog->partCount();
        QVERIFY2(parts >= 2 && parts <= 8, QByteArray::number(parts).constData());
        QCOMPARE(dialog->previewParts().size(), size_t(parts));
        size_t drawn = 0;
        for (const auto& lines : dialog->previewParts()) {
            QVERIFY(lines.size() >= 12 && lines.size() % 2 == 0); // a closed hull has at least 6 edges
            drawn += lines.size();
        }
        QCOMPARE(w.viewport()->previewPartPointCount(), drawn);
        const std::vector<size_t> points = dialog->partPoints();
        QCOMPARE(points.size(), size_t(parts));
        for (size_t p : points)
            QVERIFY2(p >= 4 && p <= size_t(kCap), QByteArray::number(qulonglong(p)).constData());
        // Drawn in world space: the node is moved 3 along x and the arch spans x in [-2, 2].
        float lowest = 1e9F, highest = -1e9F;
        for (const auto& lines : dialog->previewParts())
            for (const QVector3D& p : lines) {
                lowest = std::min(lowest, p.x());
                highest = std::max(highest, p.x());
            }
        QVERIFY2(std::abs(lowest - 1.0F) < 0.05F && std::abs(highest - 5.0F) < 0.05F,
                 qPrintable(QStringLiteral("%1 %2").arg(lowest).arg(highest)));
        QVERIFY(dialog->maxConcavity() >= 0 && dialog->maxConcavity() < 0.2);
        QVERIFY2(dialog->volumeRatio() > 0.9 && dialog->volumeRatio() < 1.2,
                 QByteArray::number(dialog->volumeRatio()).constData());

        // Fewer parts allowed: the count follows.
        dialog->setMaxParts(2);
        QVERIFY(dialog->isComputing());
        QVERIFY2(dialog->waitForResult(kWait), qPrintable(dialog->errorText()));
        QCOMPARE(dialog->partCount(), 2);
        QCOMPARE(w.viewport()->previewPartPointCount(),
                 dialog->previewParts()[0].size() + dialog->previewParts()[1].size());
        dialog->setMaxParts(8);
        QVERIFY2(dialog->waitForResult(kWait), qPrintable(dialog->errorText()));
        QCOMPARE(dialog->partCount(), parts); // the same parameters give the same parts

        // Apply: one undo step with a compound collider on the node.
        const Json original = doc.savedJson();
        QUndoStack* stack = doc.undoStack();
        const int steps = stack->count();
        QSignalSpy applied(dialog, &DecomposeDialog::applied);
        QVERIFY(dialog->apply());
        QCOMPARE(applied.count(), 1);
        QCOMPARE(applied.at(0).at(0).value<size_t>(), size_t(parts));
        QCOMPARE(stack->count(), steps + 1);
        QCOMPARE(stack->undoText(), QStringLiteral("Decompose into Convex Parts"));
        QCOMPARE(w.viewport()->previewPartPointCount(), size_t(0)); // closing cleared the preview
        const Json saved = doc.savedJson();
        const Json& children = saved["nodes"][node]["children"];
        QCOMPARE(children.size(), size_t(parts));
        const Json& shapes = saved["extensions"]["OMI_physics_shape"]["shapes"];
        for (const Json& child : children) {
            const Json& body = saved["nodes"][child.get<size_t>()]["extensions"]["OMI_physics_body"];
            const size_t shape = body["collider"]["shape"].get<size_t>();
            QCOMPARE(shapes[shape]["type"].get<std::string>(), std::string("convex"));
            const size_t count = meshPoints(saved, shapes[shape]["convex"]["mesh"].get<size_t>());
            QVERIFY2(count >= 4 && count <= size_t(kCap), QByteArray::number(qulonglong(count)).constData());
        }
        stack->undo();
        QVERIFY(saved != original);
        QVERIFY(doc.savedJson() == original);

        // Open again and close: the preview comes and goes, nothing is pushed.
        action->trigger();
        QTest::qWait(0);
        dialog = w.tools().decomposeDialog();
        QVERIFY(dialog && dialog->isVisible());
        QVERIFY2(dialog->waitForResult(kWait), qPrintable(dialog->errorText()));
        QVERIFY(w.viewport()->previewPartPointCount() > 0);
        const int undoIndex = stack->index();
        dialog->reject();
        QCOMPARE(w.viewport()->previewPartPointCount(), size_t(0));
        QCOMPARE(stack->index(), undoIndex);
    }

    void noMeshSelected()
    {
        const auto file = m_dir.path() / "arch.glb";
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, QString::fromStdString(file.string())));
        w.session().selectNode(std::nullopt);
        QVERIFY(!w.tools().openDecomposeDialog());
        QVERIFY(!w.tools().decomposeDialog());
    }
};

QTEST_MAIN(TestDecomposeWindow)
#include "TestDecomposeWindow.moc"
