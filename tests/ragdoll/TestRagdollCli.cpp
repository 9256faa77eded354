// collidoscope add-ragdoll, run as the built program: the same file as Add Ragdoll on a Document writes, the
// summary and the errors for input it cannot use.
#include "RagdollTestUtil.h"
#include "document/SaveFamily.h"
#include "gltf/GltfDocument.h"

#include <QProcess>
#include <QtTest>

using namespace cs;
using namespace cs::test;

namespace {

struct Run
{
    int exit = -1;
    QString out, err;
};

Run collidoscope(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(CS_COLLIDOSCOPE), args);
    p.waitForFinished(120000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

gltf::Json jsonOf(const std::filesystem::path& path)
{
    auto doc = gltf::loadGltf(path);
    return doc ? doc->json() : gltf::Json();
}

} // namespace

class TestRagdollCli : public QObject
{
    Q_OBJECT

private slots:
    void sameAsTheDocumentAction_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("family");
        QTest::newRow("defaults") << QStringList{} << "omi";
        QTest::newRow("khr boxes heavy fingers")
            << QStringList{"--to", "khr", "--shape", "box", "--total-mass", "90", "--include-fingers"}
            << "khr";
        QTest::newRow("generic thresholds")
            << QStringList{"--preset", "generic", "--min-bone-length", "0.12", "--weight-threshold", "0.3"}
            << "omi";
    }
    void sameAsTheDocumentAction()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, family);
        TempDir dir;
        const auto in = dir.path() / "character.gltf";
        writeText(in, characterGltf(RigNaming::Mixamo).dump());
        const auto out = dir.path() / "cli.gltf";
        const Run run = collidoscope(QStringList{"add-ragdoll", QString::fromStdString(in.string()), "-o",
                                                 QString::fromStdString(out.string()), "--json"} +
                                     args);
        QVERIFY2(run.exit == 0, qPrintable(run.err));
        const gltf::Json report = gltf::Json::parse(run.out.toStdString());

        // The same options on a Document, written in the same family.
        document::RagdollOptions options;
        for (int i = 0; i < args.size(); ++i) {
            if (args[i] == "--shape")
                options.shape = document::RagdollShape::Box;
            if (args[i] == "--total-mass")
                options.totalMass = args[i + 1].toDouble();
            if (args[i] == "--include-fingers")
                options.includeFingers = true;
            if (args[i] == "--preset")
                options.preset = document::RagdollPreset::Generic;
            if (args[i] == "--min-bone-length")
                options.minBoneLength = args[i + 1].toDouble();
            if (args[i] == "--weight-threshold")
                options.weightThreshold = args[i + 1].toDouble();
        }
        auto loaded = gltf::loadGltf(in);
        QVERIFY(loaded);
        document::Document doc(std::move(*loaded));
        const auto core = document::addRagdoll(doc, options);
        QVERIFY(core.pushed);
        const auto expected = dir.path() / "core.gltf";
        QVERIFY(!hasErrors(document::writeInFamily(
            doc, expected, family == "khr" ? physics::Family::Khr : physics::Family::Omi)));
        QCOMPARE(report["bodies"].size(), core.bodies);
        QCOMPARE(report["joints"].size(), core.joints);
        QCOMPARE(QString::fromStdString(report["preset"].get<std::string>()),
                 QString::fromStdString(core.preset));
        QCOMPARE(QString::fromStdString(report["family"].get<std::string>()).toLower(), family);
        QVERIFY(jsonOf(out) == jsonOf(expected));
    }

    void summaryLine()
    {
        TempDir dir;
        const auto in = dir.path() / "character.gltf";
        writeText(in, characterGltf(RigNaming::Common).dump());
        const Run run = collidoscope({"add-ragdoll", QString::fromStdString(in.string()), "-o",
                                      QString::fromStdString((dir.path() / "out.glb").string())});
        QCOMPARE(run.exit, 0);
        // 19 bodies: the character's bones with vertices, fingers and toes left out (RagdollCharacters.cpp).
        QVERIFY2(run.out.contains("19 bodies, 18 joints, humanoid preset"), qPrintable(run.out));
    }

    void unusableInput()
    {
        TempDir dir;
        const auto box = dir.path() / "box.gltf";
        writeText(box, R"({"asset":{"version":"2.0"},"nodes":[{"name":"A"}],"scenes":[{"nodes":[0]}]})");
        const QString out = QString::fromStdString((dir.path() / "out.gltf").string());
        Run run = collidoscope({"add-ragdoll", QString::fromStdString(box.string()), "-o", out});
        QCOMPARE(run.exit, 1);
        QVERIFY2(run.err.contains(QString::fromStdString(box.string())) &&
                     run.err.contains("RAGDOLL_NO_SKIN"),
                 qPrintable(run.err));
        QVERIFY(!std::filesystem::exists(out.toStdString()));

        const QString missing = QString::fromStdString((dir.path() / "missing.gltf").string());
        run = collidoscope({"add-ragdoll", missing, "-o", out});
        QCOMPARE(run.exit, 2);
        QVERIFY(run.err.contains(missing));

        const auto in = dir.path() / "character.gltf";
        writeText(in, characterGltf(RigNaming::Mixamo).dump());
        for (const QStringList& bad :
             {QStringList{"--shape", "sphere"}, QStringList{"--total-mass", "0"},
              QStringList{"--weight-threshold", "2"}, QStringList{"--preset", "dog"}}) {
            run = collidoscope(QStringList{"add-ragdoll", QString::fromStdString(in.string()), "-o", out} +
                               bad);
            QCOMPARE(run.exit, 2);
            QVERIFY2(run.err.contains(bad.first()), qPrintable(run.err));
        }
    }

    void skinsCarriedThroughImport()
    {
        // An FBX character (Debian's assimp-testmodels): the import carries its skin over, so the command
        // gives it a ragdoll as it does a glTF character: a body per bone that weighs enough of the mesh,
        // joined parent to child.
        const QString fbx = QStringLiteral("/usr/share/assimp/models/FBX/huesitos.fbx");
        if (!QFile::exists(fbx))
            QSKIP("assimp-testmodels is not installed");
        TempDir dir;
        const auto out = dir.path() / "out.gltf";
        const Run run = collidoscope({"add-ragdoll", fbx, "-o", QString::fromStdString(out.string())});
        QVERIFY2(run.exit == 0, qPrintable(run.err));
        QVERIFY2(!run.err.contains("IMPORT_SKINS"), qPrintable(run.err));
        auto written = gltf::loadGltf(out);
        QVERIFY(written);
        const auto& json = written->json();
        QVERIFY(json.contains("skins"));
        size_t bodies = 0;
        for (const auto& node : json["nodes"])
            bodies += node.contains("extensions") && node["extensions"].contains("OMI_physics_body") ? 1 : 0;
        QVERIFY(bodies >= 2);
    }
};

QTEST_MAIN(TestRagdollCli)
#include "TestRagdollCli.moc"
