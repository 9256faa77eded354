#include "Autosave.h"

#include "DiagnosticText.h"
#include "document/Document.h"
#include "gltf/GltfDocument.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QStandardPaths>
#include <QUndoStack>
#include <QUuid>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

namespace cs::ui {

namespace {

constexpr const char* kSidecarFormat = "collidoscope-recovery";

std::filesystem::path toPath(const QString& s)
{
    return std::filesystem::path(QFile::encodeName(s).toStdString());
}

QString fromPath(const std::filesystem::path& p)
{
    return QFile::decodeName(QByteArray::fromStdString(p.string()));
}

QString firstError(const Diagnostics& diagnostics)
{
    return QString::fromStdString(firstErrorMessage(diagnostics));
}

} // namespace

Autosave::Autosave(QObject* parent)
    : QObject(parent), m_folder(defaultFolder()), m_id(QUuid::createUuid().toString(QUuid::WithoutBraces))
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::onTimeout);
    connect(&m_watcher, &QFutureWatcher<WriteResult>::finished, this, [this] {
        if (!m_resultTaken)
            takeResult(m_watcher.result());
    });
}

Autosave::~Autosave()
{
    // Being destroyed is a clean close: nothing is left to recover.
    m_timer.stop();
    m_watcher.waitForFinished();
    m_resultTaken = true;
    blockSignals(true);
    removeCopy();
}

QString Autosave::defaultFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/recovery");
}

void Autosave::setFolder(const QString& folder)
{
    if (folder == m_folder)
        return;
    removeCopy();
    m_folder = folder;
}

void Autosave::setInterval(int milliseconds)
{
    m_interval = std::max(0, milliseconds);
}

void Autosave::setFirstDelay(int milliseconds)
{
    m_firstDelay = std::max(0, milliseconds);
}

void Autosave::setDocument(document::Document* document, const QString& sourcePath)
{
    for (const auto& c : m_connections)
        disconnect(c);
    m_connections.clear();
    m_timer.stop();
    removeCopy();
    m_sinceWrite.invalidate();
    m_document = document;
    m_sourcePath = sourcePath;
    if (!document)
        return;
    // Edits merged into the top command (a drag) change no index; they do report what they changed.
    m_connections << connect(document->undoStack(), &QUndoStack::indexChanged, this,
                             &Autosave::onIndexChanged);
    m_connections << connect(
        document, &document::Document::changed, this, [this](const document::ChangeEvent& e) {
            if (e.kind != document::ChangeEvent::Kind::Selection) // selecting is not an edit
                onIndexChanged();
        });
    m_connections << connect(document, &document::Document::modifiedChanged, this,
                             &Autosave::onModifiedChanged);
    m_connections << connect(document, &document::Document::filePathChanged, this, [this] {
        if (m_document && !m_document->filePath().empty())
            m_sourcePath = fromPath(m_document->filePath());
    });
    // A document that goes away was closed: the lead asks about unsaved edits before that.
    m_connections << connect(document, &QObject::destroyed, this, [this] {
        m_timer.stop();
        removeCopy();
    });
    if (document->isModified())
        schedule();
}

void Autosave::onIndexChanged()
{
    if (m_document && m_document->isModified())
        schedule();
}

void Autosave::onModifiedChanged(bool modified)
{
    if (modified) {
        schedule();
        return;
    }
    // Saved, or every edit undone: the file on disk is the document again.
    m_timer.stop();
    removeCopy();
    m_sinceWrite.invalidate();
}

void Autosave::schedule()
{
    if (m_timer.isActive())
        return;
    const qint64 delay =
        m_sinceWrite.isValid() ? std::max<qint64>(0, m_interval - m_sinceWrite.elapsed()) : m_firstDelay;
    m_timer.start(int(delay));
}

void Autosave::onTimeout()
{
    if (!m_document || !m_document->isModified())
        return;
    if (m_watcher.isRunning()) {
        m_writeAgain = true; // the finished write schedules the next one
        return;
    }
    startWrite(false);
}

bool Autosave::writeNow()
{
    if (!m_document || !m_document->isModified())
        return false;
    m_timer.stop();
    waitForPendingWrite();
    startWrite(true);
    return m_hasCopy;
}

void Autosave::waitForPendingWrite()
{
    m_watcher.waitForFinished();
    if (!m_resultTaken && m_watcher.future().isValid())
        takeResult(m_watcher.result());
}

void Autosave::discardCurrent()
{
    m_timer.stop();
    removeCopy();
    m_sinceWrite.invalidate();
}

bool Autosave::prepare(QString& error)
{
    if (!QDir().mkpath(m_folder)) {
        error = tr("cannot create the recovery folder '%1'").arg(m_folder);
        return false;
    }
    if (!m_lock) {
        auto lock = std::make_unique<QLockFile>(lockPath());
        if (!lock->tryLock(0)) {
            error = tr("cannot lock the recovery file '%1'").arg(lockPath());
            return false;
        }
        m_lock = std::move(lock);
    }
    return true;
}

void Autosave::startWrite(bool onThisThread)
{
    QString error;
    if (!prepare(error)) {
        emit recoveryFailed(error);
        return;
    }
    // The copy of the document's state is taken here, on the thread that edits it; the worker only reads it.
    auto snapshot = std::make_shared<const gltf::GltfDocument>(m_document->snapshot());
    m_sinceWrite.restart();
    m_resultTaken = false;
    if (onThisThread) {
        takeResult(writeFiles(snapshot, glbPath(), sidecarPath(), sidecar(), m_generation));
        return;
    }
    m_watcher.setFuture(QtConcurrent::run(&Autosave::writeFiles, std::move(snapshot), glbPath(),
                                          sidecarPath(), sidecar(), m_generation));
}

void Autosave::takeResult(const WriteResult& result)
{
    m_resultTaken = true;
    if (result.generation != m_generation)
        return; // the copy was removed while this write ran; removeCopy() waited for it and deleted its files
    if (!result.error.isEmpty()) {
        emit recoveryFailed(result.error);
    } else {
        m_hasCopy = true;
        emit recoveryWritten(glbPath());
    }
    if (m_writeAgain) {
        m_writeAgain = false;
        if (m_document && m_document->isModified())
            schedule();
    }
}

Autosave::WriteResult Autosave::writeFiles(const std::shared_ptr<const gltf::GltfDocument>& snapshot,
                                           const QString& glb, const QString& sidecarFile, QByteArray sidecar,
                                           quint64 generation)
{
    WriteResult result;
    result.generation = generation;
    gltf::SaveOptions options;
    options.format = gltf::FileFormat::Glb;
    // The copy first, then the sidecar that points at it: a sidecar never names a half-written copy.
    const Diagnostics written = gltf::saveGltf(*snapshot, toPath(glb), options);
    result.error = firstError(written);
    if (!result.error.isEmpty())
        return result;
    const gltf::Bytes bytes(sidecar.begin(), sidecar.end());
    result.error = firstError(gltf::writeFileAtomically(toPath(sidecarFile), bytes));
    return result;
}

QByteArray Autosave::sidecar() const
{
    const QString original = originalPath();
    QJsonObject o;
    o.insert(QStringLiteral("format"), QLatin1String(kSidecarFormat));
    o.insert(QStringLiteral("version"), 1);
    o.insert(QStringLiteral("originalPath"), original);
    o.insert(QStringLiteral("title"), original.isEmpty() ? tr("Untitled") : QFileInfo(original).fileName());
    o.insert(QStringLiteral("savedAt"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    o.insert(QStringLiteral("recoveryFile"), QFileInfo(glbPath()).fileName());
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

void Autosave::removeCopy()
{
    // A write on the worker thread may be about to create the files: let it finish, then remove them.
    m_watcher.waitForFinished();
    ++m_generation;
    QFile::remove(glbPath());
    QFile::remove(sidecarPath());
    if (m_lock) {
        m_lock->unlock();
        m_lock.reset();
    }
    const bool had = m_hasCopy;
    m_hasCopy = false;
    m_writeAgain = false;
    if (had && !signalsBlocked())
        emit recoveryRemoved();
}

QString Autosave::glbPath() const
{
    return QDir(m_folder).filePath(m_id + QStringLiteral(".glb"));
}

QString Autosave::sidecarPath() const
{
    return QDir(m_folder).filePath(m_id + QStringLiteral(".json"));
}

QString Autosave::lockPath() const
{
    return QDir(m_folder).filePath(m_id + QStringLiteral(".lock"));
}

QString Autosave::originalPath() const
{
    return m_sourcePath;
}

QList<RecoveryEntry> Autosave::pendingRecoveries(const QString& folder)
{
    QList<RecoveryEntry> entries;
    const QDir dir(folder);
    const QFileInfoList sidecars = dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QFileInfo& info : sidecars) {
        QFile file(info.filePath());
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject o = QJsonDocument::fromJson(file.read(1 << 20)).object();
        if (o.value(QStringLiteral("format")).toString() != QLatin1String(kSidecarFormat))
            continue;
        // The copy is found by the sidecar's own name, never by a path written inside it.
        const QString base = info.completeBaseName();
        const QString glb = dir.filePath(base + QStringLiteral(".glb"));
        if (!QFileInfo(glb).isFile())
            continue;
        // A lock held by a running process means that session is alive and owns the copy. Only a dead
        // process makes a lock stale (never its age: a session may run for days).
        QLockFile probe(dir.filePath(base + QStringLiteral(".lock")));
        probe.setStaleLockTime(0);
        if (!probe.tryLock(0))
            continue;
        probe.unlock();
        RecoveryEntry entry;
        entry.recoveryFile = glb;
        entry.sidecarFile = info.filePath();
        entry.originalPath = o.value(QStringLiteral("originalPath")).toString();
        entry.title = o.value(QStringLiteral("title")).toString();
        entry.savedAt =
            QDateTime::fromString(o.value(QStringLiteral("savedAt")).toString(), Qt::ISODateWithMs);
        entries.push_back(entry);
    }
    std::sort(entries.begin(), entries.end(),
              [](const RecoveryEntry& a, const RecoveryEntry& b) { return a.savedAt > b.savedAt; });
    return entries;
}

void Autosave::discard(const RecoveryEntry& entry)
{
    QFile::remove(entry.recoveryFile);
    const QFileInfo info(entry.recoveryFile);
    const QString base = info.dir().filePath(info.completeBaseName());
    QFile::remove(entry.sidecarFile.isEmpty() ? base + QStringLiteral(".json") : entry.sidecarFile);
    QFile::remove(base + QStringLiteral(".lock"));
}

} // namespace cs::ui
