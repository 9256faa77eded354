// The findings counted for the status line ("1 error, 2 warnings, 0 infos") and identical findings found
// for the Diagnostics dock's grouped rows (issue 46).
#include "Diagnostic.h"
#include "DiagnosticText.h"

#include <QTest>

using namespace cs;

namespace {

Diagnostics errors(size_t n)
{
    Diagnostics d;
    for (size_t i = 0; i < n; ++i)
        d.push_back(makeError("E", "error " + std::to_string(i)));
    return d;
}

Diagnostics plus(Diagnostics a, const Diagnostics& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

} // namespace

class TestDiagnosticCounts : public QObject
{
    Q_OBJECT

private slots:
    void everySeverityInTheRightNumber()
    {
        QCOMPARE(diagnosticCounts({}), std::string("0 errors, 0 warnings, 0 infos"));
        QCOMPARE(diagnosticCounts(errors(1)), std::string("1 error, 0 warnings, 0 infos"));
        QCOMPARE(diagnosticCounts(errors(2)), std::string("2 errors, 0 warnings, 0 infos"));
        const Diagnostics oneEach = {makeInfo("I", "a note"), makeWarning("W", "a warning"),
                                     makeError("E", "an error")};
        QCOMPARE(diagnosticCounts(oneEach), std::string("1 error, 1 warning, 1 info"));
        const Diagnostics more =
            plus(oneEach, {makeInfo("I", "b"), makeWarning("W", "b"), makeInfo("I", "c")});
        QCOMPARE(diagnosticCounts(plus(more, errors(11))), std::string("12 errors, 2 warnings, 3 infos"));
    }

    void identicalFindingsGroupedInOrder()
    {
        // The same message at three places, one at two, and one alone; a different severity or code with
        // the same message is another finding.
        const Diagnostics d = {
            makeInfo("TARGET_DIFFERS", "godot-4.x: combine modes", "/nodes/1"),
            makeWarning("W", "unused", "/meshes/0"),
            makeInfo("TARGET_DIFFERS", "godot-4.x: combine modes", "/nodes/4"),
            makeWarning("W", "unused", "/meshes/3"),
            makeError("TARGET_DIFFERS", "godot-4.x: combine modes", "/nodes/5"),
            makeInfo("OTHER", "godot-4.x: combine modes", "/nodes/6"),
            makeInfo("TARGET_DIFFERS", "godot-4.x: combine modes", "/nodes/9"),
        };
        const std::vector<std::vector<size_t>> expected = {{0, 2, 6}, {1, 3}, {4}, {5}};
        QCOMPARE(identicalDiagnostics(d), expected);
        QVERIFY(identicalDiagnostics({}).empty());
        // Nothing alike: one group each.
        QCOMPARE(identicalDiagnostics(errors(3)), (std::vector<std::vector<size_t>>{{0}, {1}, {2}}));
    }
};

QTEST_MAIN(TestDiagnosticCounts)
#include "TestDiagnosticCounts.moc"
