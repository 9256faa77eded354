// File > Export For > (a target): the window writes the copy `upgrade --target` writes, after listing the
// changes and what the target cannot hold; a refusal writes nothing; the open document stays as it was. A
// long export (a dynamic trimesh decomposed) shows its progress and can be stopped from the status bar.
#include "ConcaveMeshes.h"
#include "DocumentSession.h"
#include "MainWindow.h"
#include "OpenAndWait.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "document/Document.h"
#include "geometry/MeshWriter.h"
#include "gltf/GltfDocument.h"

#include <QAction>
#include <QCoreApplication>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTest>
#include <QUndoStack>
#include <algorithm>
#include <filesystem>

using namespace cs;
using cs::test::openAndWait;
using cs::ui::MainWindow;

namespace {

QStringList statusTexts(const MainWindow& w)
{
    QStringList texts;
    for (const QLabel* label : w.statusBar()->findChildren<QLabel*>())
        texts << label->text();
    return texts;
}

bool listed(const gltf::Json& list, const char* name)
{
    return list.is_array() && std::find(list.begin(), list.end(), gltf::Json(name)) != list.end();
}

/// A KHR file whose one node is a dynamic body with the 48-segment bowl as a trimesh collider (its
/// decomposition takes seconds); empty when it could not be written.
std::filesystem::path bowlBodyFile(const std::filesystem::path& folder)
{
    gltf::Json root = {{"asset", {{"version", "2.0"}}},
                       {"extensionsUsed", {"KHR_physics_rigid_bodies"}},
                       {"nodes",
                        {{{"mesh", 0},
                          {"extensions",
                           {{"KHR_physics_rigid_bodies",
                             {{"motion", {{"mass", 1.0}}}, {"collider", {{"geometry", {{"mesh", 0}}}}}}}}}}}},
                       {"scenes", {{{"nodes", {0}}}}},
                       {"scene", 0}};
    const std::filesystem::path text = folder / "bowl-body.gltf";
    std::FILE* f = std::fopen(text.string().c_str(), "wb");
    if (!f)
        return {};
    const std::string json = root.dump();
    std::fwrite(json.data(), 1, json.size(), f);
    std::fclose(f);
    auto doc = gltf::loadGltf(text, {.loadImages = false, .checkStructure = false});
    if (!doc || !geometry::addTriangleMesh(*doc, test::bowlMesh(), "Bowl"))
        return {};
    const std::filesystem::path out = folder / "bowl-body.glb";
    return gltf::saveGltf(*doc, out).empty() ? out : std::filesystem::path();
}

} // namespace

class TestExportFor : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CollidoscopeTest"));
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                           QString::fromStdString(m_dir.path().string()));
        QSettings().clear();
    }

    void everyTargetIsOffered()
    {
        MainWindow w(test::unattended());
        for (const char* name :
             {"spec", "godot-4.x", "unity-omi", "babylon-havok", "khronos-sample-viewer", "blender-khr"})
            QVERIFY2(w.findChild<QAction*>(QStringLiteral("actionExportFor_") + QLatin1String(name)), name);
    }

    // The sample (OMI, with triggers) for Babylon.js + Havok: written as KHR with a document-level extensions
    // object; its four triggers are never built there (BAB:349), so the export asks before writing them
    // anyway; the answer is no.
    void lossesAreAskedAndARefusalWritesNothing()
    {
        auto prompter = std::make_shared<test::ScriptedPrompter>();
        prompter->exportAnswers = {false};
        MainWindow w(prompter);
        w.show();
        QVERIFY(openAndWait(w, CS_SAMPLE_FILE));
        auto* exportFor = w.findChild<QAction*>(QStringLiteral("actionExportFor_babylon-havok"));
        QVERIFY(exportFor);
        exportFor->trigger();
        // The export runs off the GUI thread; the question comes when it is done.
        QVERIFY(QTest::qWaitFor([&] { return prompter->count(QStringLiteral("targetExport")) == 1; }, 30000));
        const QString asked = prompter->asked.filter(QStringLiteral("targetExport:")).value(0);
        QVERIFY2(asked.startsWith(QStringLiteral("targetExport: babylon-havok, ")) &&
                     asked.endsWith(QStringLiteral(", 4 losses")),
                 qPrintable(asked));
        QCOMPARE(prompter->count(QStringLiteral("savePath")), 0);
        QVERIFY2(
            statusTexts(w).contains(QStringLiteral("Not exported: babylon-havok cannot hold 4 item(s) of "
                                                   "this file")),
            qPrintable(statusTexts(w).join(QLatin1Char('|'))));
    }

    void confirmedExportWritesTheTargetsVariant()
    {
        auto prompter = std::make_shared<test::ScriptedPrompter>();
        const std::filesystem::path out = m_dir.path() / "for-babylon.glb";
        prompter->exportAnswers = {true};
        prompter->savePaths = {QString::fromStdString(out.string())};
        MainWindow w(prompter);
        w.show();
        QVERIFY(openAndWait(w, CS_SAMPLE_FILE));
        w.findChild<QAction*>(QStringLiteral("actionExportFor_babylon-havok"))->trigger();
        QVERIFY(QTest::qWaitFor([&] { return std::filesystem::exists(out); }, 30000));
        // The path suggested is beside the file, named for the target.
        const QString suggested = prompter->asked.filter(QStringLiteral("savePath:")).value(0);
        QVERIFY2(suggested.endsWith(QStringLiteral("sample-babylon-havok.glb")), qPrintable(suggested));
        QVERIFY(std::filesystem::exists(out));
        auto written = gltf::loadGltf(out);
        QVERIFY(written);
        const gltf::Json& json = written->json();
        QVERIFY(listed(json["extensionsUsed"], "KHR_physics_rigid_bodies"));
        QVERIFY(!listed(json["extensionsUsed"], "OMI_physics_body"));
        // The loader reads the document-level object unconditionally (ENGINE-TARGETS.md, Babylon).
        QVERIFY(json.contains("extensions") && json["extensions"].is_object());
        QVERIFY(json["extensions"].contains("KHR_physics_rigid_bodies"));
        QVERIFY2(statusTexts(w).filter(QStringLiteral("Exported for-babylon.glb for babylon-havok")).size() ==
                     1,
                 qPrintable(statusTexts(w).join(QLatin1Char('|'))));
        // The open document is not the copy: same file, no edit, nothing to undo.
        QCOMPARE(w.session().currentFile(), QString(CS_SAMPLE_FILE));
        QVERIFY(!w.isWindowModified());
        QCOMPARE(w.session().document()->undoStack()->count(), 0);
        QVERIFY(w.session().document()->gltf().json()["extensionsUsed"].dump().find("OMI_physics_body") !=
                std::string::npos);
    }

    // Stop Export shows beside the status line while the export runs; a click stops it: nothing is asked
    // (the scripted prompter fails on any question), nothing written, and the line says so.
    void aLongExportCanBeStopped()
    {
        const std::filesystem::path in = bowlBodyFile(m_dir.path());
        QVERIFY(!in.empty());
        auto prompter = std::make_shared<test::ScriptedPrompter>();
        MainWindow w(prompter);
        w.show();
        QVERIFY(openAndWait(w, QString::fromStdString(in.string())));
        auto* stop = w.findChild<QPushButton*>(QStringLiteral("stopExport"));
        QVERIFY(stop);
        QVERIFY(!stop->isVisible());
        w.findChild<QAction*>(QStringLiteral("actionExportFor_godot-4.x"))->trigger();
        QVERIFY(stop->isVisible());
        QVERIFY2(statusTexts(w).filter(QStringLiteral("Exporting for godot-4.x")).size() == 1,
                 qPrintable(statusTexts(w).join(QLatin1Char('|'))));
        QTest::mouseClick(stop, Qt::LeftButton);
        QVERIFY(!stop->isVisible());
        QVERIFY2(statusTexts(w).contains(QStringLiteral("Export for godot-4.x stopped: nothing was written")),
                 qPrintable(statusTexts(w).join(QLatin1Char('|'))));
        QTest::qWait(500); // a result that still came would ask here
        QVERIFY2(prompter->asked.isEmpty(), qPrintable(prompter->asked.join(QLatin1Char('|'))));
        QVERIFY(!stop->isVisible());
    }
};

QTEST_MAIN(TestExportFor)
#include "TestExportFor.moc"
