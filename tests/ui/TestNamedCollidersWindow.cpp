// Colliders read from names when the window opens a file (issue 50) are in the document, not yet in the file
// on disk: the document starts modified (the title says so and Quit asks before they are lost), and the
// status line says how many were read and that a save keeps them. A file whose names follow no convention
// opens unmodified, as before.
#include "BoxMeshes.h"
#include "DocumentSession.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"
#include "document/Document.h"

#include <QAction>
#include <QTest>

using namespace cs;
using namespace cs::test;
using cs::ui::MainWindow;

namespace {

/// A wall mesh (node 0) and, when `named`, a node that Unreal's USP_ prefix makes its sphere collider.
std::filesystem::path writeLevel(const TempDir& dir, bool named)
{
    const auto path = dir.path() / (named ? "named.gltf" : "plain.gltf");
    writeText(path, boxMeshes(gltf::Json::parse(std::string(R"({"asset":{"version":"2.0"},"scene":0,
        "scenes":[{"nodes":[0,1]}],"nodes":[{"name":"Wall","mesh":0},{"name":")") +
                                                (named ? "USP_Wall" : "Lamp") + R"(","mesh":0}]})"),
                              {{0, 0, 0, 1, 1, 1}})
                        .dump());
    return path;
}

} // namespace

class TestNamedCollidersWindow : public QObject
{
    Q_OBJECT

    TempDir m_dir;

    /// Opens `path` in `w`; the status lines said on the way.
    QStringList open(MainWindow& w, const std::filesystem::path& path)
    {
        QStringList said;
        connect(&w.session(), &ui::DocumentSession::statusMessage, this,
                [&said](const QString& m) { said << m; });
        bool finished = false;
        w.session().openFile(QString::fromStdString(path.string()), [&](bool) { finished = true; });
        if (!QTest::qWaitFor([&] { return finished; }, 20000))
            said << QStringLiteral("(the open did not finish)");
        return said;
    }

private slots:
    void initTestCase() { useTestSettings(m_dir.path()); }

    void namesReadStartModifiedAndQuitAsks()
    {
        auto prompter = std::make_shared<ScriptedPrompter>();
        MainWindow w(prompter);
        w.show();
        const QStringList said = open(w, writeLevel(m_dir, true));
        QVERIFY(w.session().document());
        QVERIFY(w.session().document()->isModified());
        QVERIFY(w.isWindowModified());
        QVERIFY2(!said.isEmpty() &&
                     said.last().contains(QStringLiteral("1 collider read from node and mesh names")),
                 qPrintable(said.join(QLatin1Char('\n'))));
        prompter->saveChangesAnswers = {ui::SaveChangesAnswer::Cancel};
        w.actions().get(ui::ActionId::Quit)->trigger();
        QCOMPARE(prompter->asked.filter(QStringLiteral("saveChanges")).size(), 1);
        QVERIFY(w.isVisible());
    }

    void plainNamesOpenUnmodified()
    {
        auto prompter = std::make_shared<ScriptedPrompter>();
        MainWindow w(prompter);
        w.show();
        const QStringList said = open(w, writeLevel(m_dir, false));
        QVERIFY(w.session().document());
        QVERIFY(!w.session().document()->isModified());
        QVERIFY(!w.isWindowModified());
        QVERIFY2(!said.isEmpty() && !said.last().contains(QStringLiteral("from node and mesh names")),
                 qPrintable(said.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestNamedCollidersWindow)
#include "TestNamedCollidersWindow.moc"
