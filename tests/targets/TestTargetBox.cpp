// The Target box of the Diagnostics dock (issue 35): it lists "None" and every target, says which one is
// chosen and signals a change; the chosen target's findings become diagnostics whose severity follows the
// verdict (won't load: error, ignored: warning, differs: info) with the finding's pointer.
#include "TargetFixtures.h"
#include "TestSupport.h"
#include "panels/DiagnosticsPanel.h"
#include "targets/TargetCheck.h"

#include <QComboBox>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>

using namespace cs;
using namespace cs::test;
using ui::DiagnosticsPanel;

class TestTargetBox : public QObject
{
    Q_OBJECT

private slots:
    void chooseATarget()
    {
        DiagnosticsPanel panel;
        QComboBox* box = panel.targetBox();
        QCOMPARE(box->count(), int(targets::allTargets().size()) + 1);
        QVERIFY(panel.chosenTarget() == nullptr);
        QSignalSpy changed(&panel, &DiagnosticsPanel::targetChanged);
        box->setCurrentIndex(box->findText(QStringLiteral("babylon-havok")));
        QCOMPARE(changed.count(), 1);
        QVERIFY(panel.chosenTarget() == targets::findTarget("babylon-havok"));
        box->setCurrentIndex(0);
        QVERIFY(panel.chosenTarget() == nullptr);
    }

    void findingsAsDiagnostics()
    {
        // A KHR plane: Babylon ignores it (BAB:371-373); the Sample Renderer builds it differently
        // (SR generatePlane); Godot does not load KHR physics (G47 doc_ext.cpp:78-84).
        const gltf::GltfDocument doc = loadJson(
            khrDocument(Json::array({box(), plane()}), Json::array({khrBody(0), khrCollider(1)})).dump());
        const auto diagnosticsOf = [&](const char* name) {
            const targets::Target& t = *targets::findTarget(name);
            return targets::targetDiagnostics(targets::checkTarget(doc, t), t);
        };
        const Diagnostics babylon = diagnosticsOf("babylon-havok");
        const Diagnostic* ignored = findDiagnostic(babylon, "TARGET_IGNORED");
        QVERIFY(ignored);
        QCOMPARE(ignored->severity, Severity::Warning);
        QCOMPARE(ignored->pointer, std::string("/extensions/KHR_implicit_shapes/shapes/1"));
        QVERIFY(ignored->message.rfind("babylon-havok: ", 0) == 0);
        QVERIFY(ignored->message.find("[BAB:371-373]") != std::string::npos);
        const Diagnostics viewer = diagnosticsOf("khronos-sample-viewer");
        const Diagnostic* differs = findDiagnostic(viewer, "TARGET_DIFFERS");
        QVERIFY(differs);
        QCOMPARE(differs->severity, Severity::Info);
        const Diagnostics godot = diagnosticsOf("godot-4.x");
        QVERIFY(findDiagnostic(godot, "TARGET_WONT_LOAD"));
        QCOMPARE(findDiagnostic(godot, "TARGET_WONT_LOAD")->severity, Severity::Error);

        DiagnosticsPanel panel;
        panel.setDiagnostics(babylon);
        QVERIFY(
            !panel.list()
                 ->findItems(QStringLiteral("TARGET_IGNORED"), Qt::MatchExactly, DiagnosticsPanel::CodeColumn)
                 .isEmpty());
    }
};

QTEST_MAIN(TestTargetBox)
#include "TestTargetBox.moc"
