#pragma once

// Crash recovery: while a document has unsaved edits, a copy of it (a .glb) is written now and then into a
// recovery folder, next to a small JSON sidecar saying which file it belongs to. A clean save, close or
// discard removes the copy; after a crash the copy stays, and the next start finds it through
// pendingRecoveries().

#include <QDateTime>
#include <QElapsedTimer>
#include <QFuture>
#include <QFutureWatcher>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>
#include <memory>

class QLockFile;

namespace cs::document {
class Document;
}
namespace cs::gltf {
class GltfDocument;
}

namespace cs::ui {

/// A recovery copy left behind by a session that did not end cleanly.
struct RecoveryEntry
{
    QString recoveryFile; ///< the .glb with the unsaved state
    QString originalPath; ///< the file the document was opened from or last saved to ("" for a new document)
    QDateTime savedAt;    ///< when the copy was written
    QString title;        ///< the document's name as the window showed it
    QString sidecarFile;  ///< the JSON description next to the copy
};

/// Watches one Document. The first edit after a clean state writes a copy after firstDelay() (default 2 s);
/// further edits write at most once per interval() (default 30 s). The JSON and buffers are copied on the
/// calling (GUI) thread; encoding and writing happen on a worker thread, one write at a time. The copy is
/// removed when the document becomes clean (saved, or every edit undone), when the document is destroyed or
/// replaced with setDocument(), on discardCurrent(), and when the Autosave itself is destroyed (a clean
/// close). Each copy is guarded by a lock file, so pendingRecoveries() in another running instance does not
/// offer it.
///
/// Files in folder(): ID.glb (the copy, written atomically), ID.json (sidecar: originalPath, title, savedAt),
/// ID.lock (held while this object owns the copy). ID is unique per Autosave object.
class Autosave : public QObject
{
    Q_OBJECT

public:
    explicit Autosave(QObject* parent = nullptr);
    ~Autosave() override;

    /// QStandardPaths::AppDataLocation + "/recovery".
    static QString defaultFolder();
    void setFolder(const QString& folder);
    QString folder() const { return m_folder; }
    /// The least time between two copies, in milliseconds.
    void setInterval(int milliseconds);
    int interval() const { return m_interval; }
    /// How long after the first edit (from a clean state) the first copy is written.
    void setFirstDelay(int milliseconds);
    int firstDelay() const { return m_firstDelay; }
    static constexpr int kDefaultIntervalMs = 30'000;
    static constexpr int kDefaultFirstDelayMs = 2'000;

    /// Starts watching `document` (nullptr: stop). `sourcePath` is the file it came from ("" for a new one);
    /// after a save under another name the document's own path is used. A copy of the previous document is
    /// removed.
    void setDocument(cs::document::Document* document, const QString& sourcePath);
    cs::document::Document* document() const { return m_document; }

    /// Writes a copy now, on this thread, if the document has unsaved edits. False when there was nothing to
    /// write or the write failed (recoveryFailed() says why).
    bool writeNow();
    /// Removes the copy (the user chose to throw the edits away); watching goes on.
    void discardCurrent();
    /// Waits until a write running on the worker thread has finished (and its result was taken in).
    void waitForPendingWrite();
    /// The copy on disk, or "" when there is none.
    QString currentRecoveryFile() const { return m_hasCopy ? glbPath() : QString(); }

    /// The copies in `folder` that no running Collidoscope holds: a crashed session's. Newest first. Copies
    /// whose sidecar is missing or unreadable are left out.
    static QList<RecoveryEntry> pendingRecoveries(const QString& folder);
    /// Removes a copy, its sidecar and its lock file (after it was recovered or declined).
    static void discard(const RecoveryEntry& entry);

signals:
    void recoveryWritten(const QString& file);
    void recoveryFailed(const QString& message);
    void recoveryRemoved();

private:
    struct WriteResult
    {
        quint64 generation = 0;
        QString error; ///< empty on success
    };

    void onIndexChanged();
    void onModifiedChanged(bool modified);
    void onTimeout();
    void schedule();
    bool prepare(QString& error);
    QByteArray sidecar() const;
    void removeCopy();
    QString glbPath() const;
    QString sidecarPath() const;
    QString lockPath() const;
    QString originalPath() const;
    void startWrite(bool onThisThread);
    void takeResult(const WriteResult& result);
    static WriteResult writeFiles(const std::shared_ptr<const cs::gltf::GltfDocument>& snapshot,
                                  const QString& glb, const QString& sidecarFile, QByteArray sidecar,
                                  quint64 generation);

    QPointer<cs::document::Document> m_document;
    QString m_sourcePath;
    QString m_folder;
    QString m_id;
    int m_interval = kDefaultIntervalMs;
    int m_firstDelay = kDefaultFirstDelayMs;
    QTimer m_timer;
    QElapsedTimer m_sinceWrite; ///< invalid until the first copy since the last clean state
    bool m_hasCopy = false;
    bool m_writeAgain = false; ///< an edit came in while a write was running
    bool m_resultTaken = true; ///< the running or last write's result was handled
    quint64 m_generation = 0;  ///< increased on removal: a write started before it is stale
    std::unique_ptr<QLockFile> m_lock;
    QFutureWatcher<WriteResult> m_watcher;
    QList<QMetaObject::Connection> m_connections;
};

} // namespace cs::ui
