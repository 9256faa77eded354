// The shared text rules: diagnostics turned into lines (the status line, message boxes and the CLI's stderr
// all use formatDiagnostics) and a node's label (its name, or "Node N") and reference in a sentence.
#include "Diagnostic.h"
#include "DiagnosticText.h"
#include "gltf/GltfDocument.h"
#include "gltf/NodeLabel.h"

#include <QTest>

using namespace cs;

namespace {

Diagnostics sample()
{
    return {makeWarning("W_ONE", "first warning", "/nodes/1"), makeError("E_ONE", "first error"),
            makeInfo("I_ONE", "a note", "/meshes/0"), makeError("E_TWO", "second error", "/nodes/2")};
}

} // namespace

class TestTextRules : public QObject
{
    Q_OBJECT

private slots:
    void everyLineInFull()
    {
        QCOMPARE(formatDiagnostics(sample()), std::string("warning W_ONE at /nodes/1: first warning\n"
                                                          "error E_ONE: first error\n"
                                                          "info I_ONE at /meshes/0: a note\n"
                                                          "error E_TWO at /nodes/2: second error"));
        QCOMPARE(formatDiagnostics({}), std::string());
    }

    void errorMessagesOnly()
    {
        const DiagnosticsText style = errorMessages();
        QCOMPARE(formatDiagnostics(sample(), style), std::string("first error\nsecond error"));
        QCOMPARE(formatDiagnostics({makeWarning("W", "only a warning")}, style), std::string());
    }

    void severityAndPrefix()
    {
        const Diagnostics two{makeWarning("W_ONE", "careful"), makeError("E_ONE", "broken", "/x")};
        QCOMPARE(formatDiagnostics(two, severityAndMessages()),
                 std::string("warning: careful\nerror: broken"));
        QCOMPARE(formatDiagnostics(two, codesAndMessages()), std::string("W_ONE: careful\nE_ONE: broken"));
        QCOMPARE(formatDiagnostics(two, fullLines("a.glb: ")),
                 std::string("a.glb: warning W_ONE: careful\na.glb: error E_ONE at /x: broken"));
    }

    void firstError()
    {
        QCOMPARE(firstErrorMessage(sample()), std::string("first error"));
        QCOMPARE(firstErrorMessage({makeWarning("W", "w"), makeInfo("I", "i")}), std::string());
    }

    void nodeLabels()
    {
        gltf::GltfDocument doc;
        doc.json()["nodes"] = gltf::Json::array();
        doc.json()["nodes"].push_back({{"name", "Crate"}});
        doc.json()["nodes"].push_back(gltf::Json::object());
        doc.json()["nodes"].push_back({{"name", ""}});
        QCOMPARE(gltf::nodeLabel(doc, 0), std::string("Crate"));
        QCOMPARE(gltf::nodeLabel(doc, 1), std::string("Node 1"));
        QCOMPARE(gltf::nodeLabel(doc, 2), std::string("Node 2"));
        QCOMPARE(gltf::nodeLabel(doc, 7), std::string("Node 7"));
        QCOMPARE(gltf::nodeLabel("Lid", 4), std::string("Lid"));
        QCOMPARE(gltf::nodeLabel("", 4), std::string("Node 4"));
    }

    void nodeReferences()
    {
        QCOMPARE(gltf::nodeReference("Crate", 3), std::string("node 'Crate' (3)"));
        QCOMPARE(gltf::nodeReference("", 3), std::string("node 3"));
    }
};

QTEST_GUILESS_MAIN(TestTextRules)
#include "TestTextRules.moc"
