// A trigger's convex hull under the engine's hull budget (issue 49 item 3, for triggers): an engine builds a
// trigger's hull as it builds a collider's (PhysX and Jolt make the same convex mesh for a trigger shape), so
// validate --target reports a trigger hull over the budget and upgrade --target cuts it to the budget. The
// UV sphere of 12 rings and 24 segments has (12 - 1) * 24 + 2 = 266 hull vertices and 12 * 24 = 288 polygons
// (closed form, see uvSphere): over PhysX's 255 vertices and 255 polygons (the Khronos sample viewer) and
// over Jolt's 256 vertices (Godot 4.x); the one of 8 rings and 16 segments (114 vertices, 128 polygons) is
// within both. Hulls are counted by brute force, not by the code under test.
#include "HullBudgetFiles.h"

#include <QTest>

using namespace cs;
using namespace cs::test;

class TestTriggerBudgets : public QObject
{
    Q_OBJECT

    TempDir m_dir;

private slots:
    void validateReportsATriggerHullOverBudget()
    {
        const fs::path bigKhr = writeRock(m_dir / "trigger-khr.gltf", 12, 24, "khr", "trigger");
        const fs::path bigOmi = writeRock(m_dir / "trigger-omi.gltf", 12, 24, "omi", "trigger");
        const fs::path small = writeRock(m_dir / "trigger-small.gltf", 8, 16, "omi", "trigger");
        QVERIFY(!bigKhr.empty() && !bigOmi.empty() && !small.empty());

        const auto viewer = budgetLines(bigKhr, kViewer);
        QCOMPARE(viewer.size(), size_t(1));
        QVERIFY2(viewer[0].find("266 vertices, over the budget of 255 vertices") != std::string::npos,
                 viewer[0].c_str());
        QVERIFY2(viewer[0].find("trigger") != std::string::npos, viewer[0].c_str());
        const auto godot = budgetLines(bigOmi, kGodot);
        QCOMPARE(godot.size(), size_t(1));
        QVERIFY2(godot[0].find("266 vertices, over the budget of 256 vertices") != std::string::npos,
                 godot[0].c_str());
        QVERIFY(budgetLines(small, kGodot).empty());
        QVERIFY(budgetLines(small, kViewer).empty());
    }

    void upgradeCutsATriggerHullToTheBudget()
    {
        for (const auto& [family, target] :
             std::vector<std::pair<std::string, QString>>{{"khr", kViewer}, {"omi", kGodot}}) {
            const fs::path in = writeRock(m_dir / ("cut-" + family + ".gltf"), 12, 24, family, "trigger");
            const fs::path out = m_dir / ("cut-" + family + "-out.gltf");
            const CliRun r =
                runCollidoscope({QStringLiteral("upgrade"), qpath(in), QStringLiteral("--target"), target,
                                 QStringLiteral("-o"), qpath(out)});
            QVERIFY2(r.exit == 0, (r.out + r.err).c_str());
            QVERIFY(budgetLines(out, target).empty());
            const auto hulls = convexMeshes(out);
            QCOMPARE(hulls.size(), size_t(1));
            const Counts c = bruteForce(hulls[0]);
            const std::string what = family + ": " + std::to_string(c.vertices) + " vertices, " +
                                     std::to_string(c.polygons) + " polygons";
            if (target == kViewer)
                QVERIFY2(c.vertices <= 255 && c.polygons <= 255, what.c_str());
            else
                QVERIFY2(c.vertices <= 256, what.c_str());
            // Still a trigger, not turned into a collider.
            auto doc = gltf::loadGltf(out);
            QVERIFY(doc);
            const std::string text = doc->json().dump();
            QVERIFY2(text.find("\"trigger\"") != std::string::npos, text.c_str());
            QVERIFY2(text.find("\"collider\"") == std::string::npos, text.c_str());
        }
    }
};

QTEST_MAIN(TestTriggerBudgets)
#include "TestTriggerBudgets.moc"
