// Crash recovery: the Autosave component writes a copy of an edited document, removes it when the document is
// saved, clean again, closed or discarded, and leaves it behind for pendingRecoveries() when the process
// dies. Also Document::writeCopy and Document::snapshot, which the recovery copy is made with.
#include "Assets.h"
#include "Autosave.h"
#include "ChildProcess.h"
#include "TestSupport.h"
#include "document/Document.h"
#include "document/NodeCommands.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace cs;
using namespace cs::reliability;
using cs::ui::Autosave;
using cs::ui::RecoveryEntry;
namespace fs = std::filesystem;

namespace {

QString q(const fs::path& p)
{
    return QString::fromStdString(p.string());
}

std::unique_ptr<document::Document> openOk(const fs::path& path)
{
    auto r = document::Document::open(path);
    if (!r)
        throw std::runtime_error("cannot open " + path.string() + ": " + test::describe(r.diagnostics));
    return std::move(*r.value);
}

std::string nodeName(const fs::path& file, size_t node)
{
    auto r = gltf::loadGltf(file);
    if (!r || !r->element("nodes", node))
        return "<unreadable>";
    return r->element("nodes", node)->value("name", std::string());
}

/// Every name in the folder except lock files (which QLockFile may leave or remove as it likes).
std::vector<std::string> filesWithoutLocks(const fs::path& folder)
{
    std::vector<std::string> out;
    for (const std::string& name : folderListing(folder)) {
        if (name.size() < 5 || name.compare(name.size() - 5, 5, ".lock") != 0)
            out.push_back(name);
    }
    return out;
}

} // namespace

class TestAutosave : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // First, so that the fork happens before this process has started any worker thread.
    void killedSessionLeavesARecoveryEntry()
    {
        test::TempDir dir;
        const fs::path original = dir / "scene.glb";
        const fs::path recovery = dir / "recovery";
        QVERIFY(gltf::saveGltf(makeAsset(300, 1), original).empty());

        const ChildOutcome outcome = runInChild([&]() -> std::string {
            // Nothing here is deleted: the process ends as a crash would, without any clean-up.
            auto* doc = openOk(original).release();
            auto* autosave = new Autosave;
            autosave->setFolder(q(recovery));
            autosave->setFirstDelay(0);
            autosave->setDocument(doc, q(original));
            doc->push(new document::RenameNode(doc, 0, "edited before the crash"));
            QSignalSpy written(autosave, &Autosave::recoveryWritten);
            if (!written.wait(5000))
                return "no recovery copy was written";
            return autosave->currentRecoveryFile().toStdString();
        });
        QVERIFY2(outcome.ok(), outcome.describe().c_str());
        QVERIFY2(contains(outcome.output, recovery.string()), outcome.output.c_str());

        const QList<RecoveryEntry> pending = Autosave::pendingRecoveries(q(recovery));
        QCOMPARE(pending.size(), 1);
        const RecoveryEntry& entry = pending.front();
        QCOMPARE(entry.originalPath, q(original));
        QCOMPARE(entry.recoveryFile.toStdString(), outcome.output);
        QCOMPARE(entry.title, QStringLiteral("scene.glb"));
        QVERIFY(entry.savedAt.isValid());
        QVERIFY(qAbs(entry.savedAt.secsTo(QDateTime::currentDateTimeUtc())) < 120);
        QCOMPARE(nodeName(entry.recoveryFile.toStdString(), 0), std::string("edited before the crash"));
        QCOMPARE(nodeName(original, 0), std::string("mesh")); // the original was not touched

        Autosave::discard(entry);
        QVERIFY(Autosave::pendingRecoveries(q(recovery)).isEmpty());
        QCOMPARE(folderListing(recovery), std::vector<std::string>{});
    }

    void editedDocumentWritesARecoveryThatReloads()
    {
        test::TempDir dir;
        const fs::path original = dir / "scene.glb";
        const fs::path recovery = dir / "recovery";
        QVERIFY(gltf::saveGltf(makeAsset(300, 1), original).empty());
        const gltf::Bytes originalBytes = test::readBytes(original);
        auto doc = openOk(original);

        Autosave autosave;
        autosave.setFolder(q(recovery));
        autosave.setFirstDelay(0);
        autosave.setInterval(100);
        autosave.setDocument(doc.get(), q(original));
        QSignalSpy written(&autosave, &Autosave::recoveryWritten);
        doc->push(new document::RenameNode(doc.get(), 0, "first edit"));
        QVERIFY(written.wait(5000));
        const QString file = autosave.currentRecoveryFile();
        QVERIFY(QFile::exists(file));
        QCOMPARE(nodeName(file.toStdString(), 0), std::string("first edit"));

        // The sidecar names the original; the document itself is as it was: its path, unsaved, its file.
        QFile sidecar(QDir(q(recovery)).filePath(QFileInfo(file).completeBaseName() + ".json"));
        QVERIFY(sidecar.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(sidecar.readAll()).object();
        QCOMPARE(o.value("originalPath").toString(), q(original));
        QCOMPARE(o.value("title").toString(), QStringLiteral("scene.glb"));
        QVERIFY(doc->isModified());
        QCOMPARE(doc->filePath(), original);
        QVERIFY(!doc->changedOnDisk());
        QVERIFY(test::readBytes(original) == originalBytes);
        // A live session's copy is not offered for recovery.
        QVERIFY(Autosave::pendingRecoveries(q(recovery)).isEmpty());

        // Later edits reach the copy after the interval.
        doc->push(new document::RenameNode(doc.get(), 0, "second edit"));
        QVERIFY(written.wait(5000));
        autosave.waitForPendingWrite();
        QCOMPARE(nodeName(file.toStdString(), 0), std::string("second edit"));

        // Saving removes the copy.
        QSignalSpy removed(&autosave, &Autosave::recoveryRemoved);
        QVERIFY(doc->save().empty());
        QCOMPARE(removed.size(), 1);
        QVERIFY(autosave.currentRecoveryFile().isEmpty());
        QCOMPARE(filesWithoutLocks(recovery), std::vector<std::string>{});
        QCOMPARE(nodeName(original, 0), std::string("second edit"));
    }

    void unmodifiedDocumentWritesNothing()
    {
        test::TempDir dir;
        const fs::path original = dir / "scene.glb";
        const fs::path recovery = dir / "recovery";
        QVERIFY(gltf::saveGltf(makeAsset(300, 1), original).empty());
        auto doc = openOk(original);
        Autosave autosave;
        autosave.setFolder(q(recovery));
        autosave.setFirstDelay(0);
        autosave.setInterval(0);
        autosave.setDocument(doc.get(), q(original));
        QSignalSpy written(&autosave, &Autosave::recoveryWritten);
        QTest::qWait(200);
        QVERIFY(!autosave.writeNow());
        QCOMPARE(written.size(), 0);
        QVERIFY(!fs::exists(recovery) || filesWithoutLocks(recovery).empty());

        // An edit undone before the copy was due leaves nothing either.
        autosave.setFirstDelay(200);
        doc->push(new document::RenameNode(doc.get(), 0, "undone"));
        doc->undoStack()->undo();
        QTest::qWait(400);
        QCOMPARE(written.size(), 0);
        QVERIFY(!fs::exists(recovery) || filesWithoutLocks(recovery).empty());
    }

    void copyGoesWhenTheEditsDo()
    {
        test::TempDir dir;
        const fs::path original = dir / "scene.glb";
        const fs::path recovery = dir / "recovery";
        QVERIFY(gltf::saveGltf(makeAsset(300, 1), original).empty());
        auto doc = openOk(original);
        auto autosave = std::make_unique<Autosave>();
        autosave->setFolder(q(recovery));
        autosave->setFirstDelay(60'000);
        autosave->setDocument(doc.get(), q(original));

        auto editAndWrite = [&] {
            doc->push(
                new document::RenameNode(doc.get(), 0, "edit " + std::to_string(doc->undoStack()->index())));
            return autosave->writeNow() && QFile::exists(autosave->currentRecoveryFile());
        };
        // Undoing back to the saved state.
        QVERIFY(editAndWrite());
        doc->undoStack()->setIndex(0);
        QVERIFY(autosave->currentRecoveryFile().isEmpty());
        QCOMPARE(filesWithoutLocks(recovery), std::vector<std::string>{});
        // Discarded by the user.
        QVERIFY(editAndWrite());
        autosave->discardCurrent();
        QCOMPARE(filesWithoutLocks(recovery), std::vector<std::string>{});
        // Another document (or none) watched.
        QVERIFY(editAndWrite());
        autosave->setDocument(nullptr, {});
        QCOMPARE(filesWithoutLocks(recovery), std::vector<std::string>{});
        // The document closed.
        autosave->setDocument(doc.get(), q(original));
        QVERIFY(editAndWrite());
        doc.reset();
        QCOMPARE(filesWithoutLocks(recovery), std::vector<std::string>{});
        // The Autosave itself going away (the window closed cleanly).
        doc = openOk(original);
        autosave->setDocument(doc.get(), q(original));
        QVERIFY(editAndWrite());
        autosave.reset();
        QCOMPARE(folderListing(recovery), std::vector<std::string>{});
        QVERIFY(Autosave::pendingRecoveries(q(recovery)).isEmpty());
    }

    void saveDuringABackgroundWrite()
    {
        // The save lands while the worker may still be writing the copy: the copy must not survive it.
        test::TempDir dir;
        const fs::path original = dir / "large.glb";
        QVERIFY(gltf::saveGltf(makeAsset(600'000, 1), original).empty());
        auto doc = openOk(original);
        Autosave autosave;
        autosave.setFolder(q(dir / "recovery"));
        autosave.setFirstDelay(0);
        autosave.setDocument(doc.get(), q(original));
        for (int wait : {0, 5, 20}) {
            doc->push(new document::RenameNode(doc.get(), 0, "wait " + std::to_string(wait)));
            QTest::qWait(wait);
            QVERIFY(doc->save().empty());
            autosave.waitForPendingWrite();
            QTest::qWait(20);
            QVERIFY(autosave.currentRecoveryFile().isEmpty());
            QCOMPARE(filesWithoutLocks(dir / "recovery"), std::vector<std::string>{});
        }
    }

    void writesAtMostOncePerInterval()
    {
        test::TempDir dir;
        const fs::path original = dir / "scene.glb";
        QVERIFY(gltf::saveGltf(makeAsset(300, 1), original).empty());
        auto doc = openOk(original);
        Autosave autosave;
        autosave.setFolder(q(dir / "recovery"));
        autosave.setFirstDelay(0);
        autosave.setInterval(400);
        autosave.setDocument(doc.get(), q(original));
        QSignalSpy written(&autosave, &Autosave::recoveryWritten);
        QElapsedTimer timer;
        timer.start();
        for (int i = 0; timer.elapsed() < 1000; ++i) {
            doc->push(new document::RenameNode(doc.get(), 0, "edit " + std::to_string(i)));
            QTest::qWait(20);
        }
        autosave.waitForPendingWrite();
        const qint64 elapsed = timer.elapsed();
        // One at once, then one per interval at most.
        QVERIFY2(
            written.size() >= 1 && written.size() <= 2 + elapsed / 400,
            qPrintable(QString::number(written.size()) + " copies in " + QString::number(elapsed) + " ms"));
    }

    void newDocumentHasNoOriginal()
    {
        test::TempDir dir;
        document::Document doc(makeAsset(30, 1));
        Autosave autosave;
        autosave.setFolder(q(dir / "recovery"));
        autosave.setDocument(&doc, {});
        doc.push(new document::RenameNode(&doc, 0, "renamed"));
        QVERIFY(autosave.writeNow());
        QFile sidecar(QDir(q(dir / "recovery"))
                          .filePath(QFileInfo(autosave.currentRecoveryFile()).completeBaseName() + ".json"));
        QVERIFY(sidecar.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(sidecar.readAll()).object();
        QCOMPARE(o.value("originalPath").toString(), QString());
        QCOMPARE(o.value("title").toString(), QStringLiteral("Untitled"));
        // Saved under a name, the document becomes clean and the copy goes; the next copy names the new file.
        QVERIFY(doc.saveAs(dir / "named.glb").empty());
        QVERIFY(autosave.currentRecoveryFile().isEmpty());
        doc.push(new document::RenameNode(&doc, 0, "renamed again"));
        QVERIFY(autosave.writeNow());
        QFile again(QDir(q(dir / "recovery"))
                        .filePath(QFileInfo(autosave.currentRecoveryFile()).completeBaseName() + ".json"));
        QVERIFY(again.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(again.readAll()).object().value("originalPath").toString(),
                 q(dir / "named.glb"));
    }

    void unwritableFolderIsReported()
    {
        test::TempDir dir;
        test::writeText(dir / "a file", "not a folder");
        document::Document doc(makeAsset(30, 1));
        Autosave autosave;
        autosave.setFolder(q(dir / "a file" / "recovery"));
        autosave.setDocument(&doc, {});
        QSignalSpy failed(&autosave, &Autosave::recoveryFailed);
        doc.push(new document::RenameNode(&doc, 0, "renamed"));
        QVERIFY(!autosave.writeNow());
        QCOMPARE(failed.size(), 1);
        QVERIFY2(failed.front().front().toString().contains(q(dir / "a file" / "recovery")),
                 qPrintable(failed.front().front().toString()));
    }

    void writeCopyChangesNothingInTheDocument()
    {
        test::TempDir dir;
        const fs::path original = dir / "scene.glb";
        QVERIFY(gltf::saveGltf(makeAsset(300, 1), original).empty());
        const gltf::Bytes originalBytes = test::readBytes(original);
        auto doc = openOk(original);
        QSignalSpy pathChanged(doc.get(), &document::Document::filePathChanged);
        QSignalSpy modifiedChanged(doc.get(), &document::Document::modifiedChanged);
        doc->push(new document::RenameNode(doc.get(), 0, "copied"));
        QCOMPARE(modifiedChanged.size(), 1);

        QVERIFY(doc->writeCopy(dir / "copy.glb").empty());
        QCOMPARE(nodeName(dir / "copy.glb", 0), std::string("copied"));
        QVERIFY(doc->isModified());
        QCOMPARE(doc->filePath(), original);
        QVERIFY(!doc->changedOnDisk());
        QCOMPARE(pathChanged.size(), 0);
        QCOMPARE(modifiedChanged.size(), 1);
        QVERIFY(test::readBytes(original) == originalBytes);
        // The copy is what a save writes.
        QVERIFY(doc->saveAs(dir / "saved.glb").empty());
        QVERIFY(test::readBytes(dir / "saved.glb") == test::readBytes(dir / "copy.glb"));

        // A failed copy says why and still changes nothing.
        doc->push(new document::RenameNode(doc.get(), 0, "again"));
        const Diagnostics failed = doc->writeCopy(dir / "no folder" / "copy.glb");
        QVERIFY(hasErrors(failed));
        QVERIFY(contains(failed.front().message, (dir / "no folder" / "copy.glb").string()));
        QVERIFY(doc->isModified());
        QCOMPARE(doc->filePath(), dir / "saved.glb");
    }

    void snapshotIsIndependent()
    {
        document::Document doc(makeAsset(30, 1));
        doc.push(new document::RenameNode(&doc, 0, "before"));
        const gltf::GltfDocument snapshot = doc.snapshot();
        doc.push(new document::RenameNode(&doc, 0, "after"));
        QCOMPARE(snapshot.element("nodes", 0)->value("name", std::string()), std::string("before"));
        QCOMPARE(snapshot.buffers().size(), size_t(1));
        QVERIFY(snapshot.buffers()[0].data == doc.gltf().buffers()[0].data);
        QVERIFY(snapshot.buffers()[0].data.data() != doc.gltf().buffers()[0].data.data());
        auto bytes = gltf::encodeGlb(snapshot);
        QVERIFY(bytes.value.has_value());
        auto reloaded = gltf::loadGltfFromBytes(*bytes, "snapshot.glb");
        QVERIFY2(reloaded && !hasErrors(reloaded.diagnostics), test::describe(reloaded.diagnostics).c_str());
    }
};

QTEST_GUILESS_MAIN(TestAutosave)
#include "TestAutosave.moc"
