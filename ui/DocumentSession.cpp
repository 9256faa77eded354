#include "DocumentSession.h"

#include "Autosave.h"
#include "Prompter.h"
#include "document/SaveFamily.h"
#include "import/AssetImporter.h"
#include "import/NamedColliders.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QSettings>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <utility>

namespace cs::ui {

using document::NodeIndex;

namespace {

constexpr int kMaxRecentFiles = 10;
const char* kRecentKey = "recentFiles";

QString fileFilter()
{
    return QObject::tr("glTF files (*.glb *.gltf);;All files (*)");
}

/// Every format the importer reads, for File > Import.
QString importFilter()
{
    QStringList patterns;
    for (const std::string& ext : import::importableExtensions())
        patterns << QStringLiteral("*") + QString::fromStdString(ext);
    return QObject::tr("3D assets (%1);;All files (*)").arg(patterns.join(QLatin1Char(' ')));
}

QString listed(const Diagnostics& diagnostics)
{
    QStringList lines;
    for (const Diagnostic& d : diagnostics)
        lines << QString::fromStdString(formatDiagnostic(d));
    return lines.join(QLatin1Char('\n'));
}

/// How many names the opening read as colliders.
size_t namedColliders(const Diagnostics& diagnostics)
{
    return size_t(std::count_if(diagnostics.begin(), diagnostics.end(),
                                [](const Diagnostic& d) { return d.code == import::kNamedCollider; }));
}

/// "1 node", "2 nodes".
QString counted(size_t n, const QString& one, const QString& many)
{
    return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? one : many);
}

QString familyText(physics::Family family)
{
    return QString::fromLatin1(physics::familyName(family)).toUpper();
}

/// The status line when the user keeps a save from losing `count` items to `family`.
QString notSavedForLosses(physics::Family family, int count)
{
    return QCoreApplication::translate("DocumentSession", "Not saved: %1 cannot hold %n item(s) of this file",
                                       nullptr, count)
        .arg(familyText(family));
}

} // namespace

DocumentSession::DocumentSession(Prompter& prompter, QObject* parent) : QObject(parent), m_prompter(prompter)
{
    m_openTicker = new QTimer(this);
    m_openTicker->setInterval(500);
    connect(&m_loader, &QFutureWatcher<std::shared_ptr<LoadedScene>>::finished, this,
            [this] { adopt(m_loader.result()); });
    m_autosave = new Autosave(this);
    m_autosave->setFolder(recoveryFolder());
    connect(m_autosave, &Autosave::recoveryFailed, this, [this](const QString& message) {
        emit statusMessage(tr("Recovery copy not written: %1").arg(message));
    });
}

DocumentSession::~DocumentSession()
{
    m_loader.waitForFinished();
    m_autosave->setDocument(nullptr, QString());
}

void DocumentSession::close()
{
    m_loader.waitForFinished();
    m_autosave->setDocument(nullptr, QString());
    if (!m_document)
        return;
    const std::unique_ptr<document::Document> old = std::move(m_document);
    emit documentReplaced(nullptr);
}

void DocumentSession::openFile(const QString& path, std::function<void(bool)> done)
{
    load(path, QString(), std::move(done));
}

void DocumentSession::load(const QString& path, const QString& recoveredName, std::function<void(bool)> done)
{
    if (m_loader.isRunning())
        m_loader.waitForFinished();
    m_loadDone = std::move(done);
    m_loadingRecovery = recoveredName;
    const QString name = recoveredName.isEmpty() ? QFileInfo(path).fileName() : recoveredName;
    m_openName = name;
    emit statusMessage(tr("Opening %1...").arg(name));
    m_openTicker->disconnect();
    QElapsedTimer clock;
    clock.start();
    connect(m_openTicker, &QTimer::timeout, this, [this, name, clock] {
        emit statusMessage(tr("Opening %1... %2 s").arg(name).arg((clock.elapsed() + 500) / 1000));
    });
    m_openTicker->start();
    m_openCancel = std::make_shared<std::atomic<bool>>(false);
    m_loader.setFuture(QtConcurrent::run([path, cancel = m_openCancel] {
        std::shared_ptr<LoadedScene> scene = loadScene(path, cancel.get());
        prepareView(*scene, cancel.get());
        return scene;
    }));
    emit openingChanged(true);
}

void DocumentSession::cancelOpen()
{
    if (m_openCancel)
        m_openCancel->store(true);
}

void DocumentSession::chooseAndOpen()
{
    if (!maybeSave())
        return;
    const QString path = m_prompter.chooseOpenPath(tr("Open"), fileFilter(), folder());
    if (!path.isEmpty())
        openFile(path);
}

void DocumentSession::chooseAndImport()
{
    if (!maybeSave())
        return;
    const QString path = m_prompter.chooseOpenPath(tr("Import"), importFilter(), folder());
    if (!path.isEmpty())
        openFile(path);
}

void DocumentSession::openRecent(const QString& path)
{
    if (maybeSave())
        openFile(path);
}

void DocumentSession::adopt(std::shared_ptr<LoadedScene> scene)
{
    m_openTicker->stop();
    const std::function<void(bool)> done = std::exchange(m_loadDone, nullptr);
    const std::shared_ptr<std::atomic<bool>> cancel = std::exchange(m_openCancel, nullptr);
    emit openingChanged(false);
    if (scene->cancelled || (cancel && cancel->load())) {
        // Cancelled: what was read is dropped and what was open stays.
        emit statusMessage(tr("Opening %1 cancelled").arg(m_openName));
        if (done)
            done(false);
        return;
    }
    if (!scene->document) {
        // The file could not be used at all: say why, keep what was open.
        const QString what = m_loadingRecovery.isEmpty()
                                 ? scene->path
                                 : tr("The recovery copy of %1 (%2)").arg(m_loadingRecovery, scene->path);
        emit statusMessage(tr("Could not open %1").arg(what));
        m_prompter.reportError(tr("Could not open file"),
                               tr("%1 could not be opened:\n\n%2").arg(what, listed(scene->diagnostics)));
        if (done)
            done(false);
        return;
    }
    replaceDocument(std::move(scene));
    if (!m_scene->path.startsWith(QLatin1String(":/")) &&
        !QFileInfo(m_scene->path).absolutePath().startsWith(QFileInfo(recoveryFolder()).absoluteFilePath()))
        addRecentFile(m_scene->path);
    // The findings are counted beside this line (StatusLine), from the list as validation fills it.
    emit statusMessage(tr("Opened %1: %2, %3 drawn")
                           .arg(displayName(), counted(m_scene->graph.nodeCount(), tr("node"), tr("nodes")),
                                counted(m_scene->render.instances.size(), tr("mesh"), tr("meshes"))));
    // Colliders read from names (Godot's suffixes, Unreal's prefixes) are in the document, not yet in the
    // file: it starts modified, so that closing asks before they are lost, and the status line says so.
    if (const size_t named = namedColliders(m_scene->diagnostics)) {
        m_document->undoStack()->resetClean();
        emit modifiedChanged(true);
        emit statusMessage(tr("Opened %1: %2 read from node and mesh names (listed in Diagnostics); save to "
                              "keep them")
                               .arg(displayName(), counted(named, tr("collider"), tr("colliders"))));
    }
    updateTitle();
    if (done)
        done(true);
}

void DocumentSession::replaceDocument(std::shared_ptr<LoadedScene> scene)
{
    // The recovery copy of the old document goes: the user saved or discarded its edits before another file
    // was opened. The old document and scene live until everyone has let go of them (documentReplaced).
    m_autosave->setDocument(nullptr, QString());
    const std::unique_ptr<document::Document> oldDocument = std::move(m_document);
    const std::shared_ptr<LoadedScene> oldScene = std::exchange(m_scene, std::move(scene));
    // The bundled sample and imported assets have no glTF file of their own yet: Save asks where.
    m_untitled =
        m_scene->path.startsWith(QLatin1String(":/")) || !import::isGltfFile(m_scene->path.toStdString());
    m_document = std::move(m_scene->document);
    m_suggestedPath.clear();
    // A recovery copy is known by its original's name from the first title on: its own file name is the
    // recovery folder's business.
    m_recoveredName = std::exchange(m_loadingRecovery, QString());
    if (!m_recoveredName.isEmpty())
        m_untitled = true;
    m_autosave->setDocument(m_document.get(), m_untitled ? QString() : m_scene->path);
    connect(m_document.get(), &document::Document::modifiedChanged, this, &DocumentSession::modifiedChanged);
    emit documentReplaced(m_document.get());
    emit modifiedChanged(false);
}

bool DocumentSession::maybeSave()
{
    if (!m_document || !m_document->isModified())
        return true;
    const SaveChangesAnswer answer = m_prompter.askSaveChanges(displayName());
    if (answer == SaveChangesAnswer::Cancel)
        return false;
    if (answer == SaveChangesAnswer::Discard) {
        m_autosave->discardCurrent();
        return true;
    }
    if (m_untitled) {
        chooseAndSaveAs();
        return !m_document->isModified();
    }
    return saveTo(QString::fromStdString(m_document->filePath().string()));
}

void DocumentSession::save()
{
    if (!m_document)
        return;
    if (m_untitled) {
        chooseAndSaveAs();
        return;
    }
    const QString path = QString::fromStdString(m_document->filePath().string());
    if (m_document->changedOnDisk() && !m_prompter.confirmOverwrite(path))
        return;
    saveTo(path);
}

void DocumentSession::chooseAndSaveAs()
{
    if (!m_document)
        return;
    const QFileInfo file(m_scene->path);
    QString suggestion =
        file.absolutePath() + QLatin1Char('/') + file.completeBaseName() + QStringLiteral(".glb");
    if (m_scene->path.startsWith(QLatin1String(":/")))
        suggestion = file.completeBaseName() + QStringLiteral(".glb");
    if (!m_suggestedPath.isEmpty())
        suggestion = m_suggestedPath;
    else if (!m_recoveredName.isEmpty())
        suggestion = m_recoveredName + QStringLiteral(".glb");
    const QString path = m_prompter.chooseSavePath(suggestion, fileFilter());
    if (path.isEmpty())
        return;
    const FamilyChoice choice = m_prompter.chooseFamily(physics::sourceFamily(m_document->model()));
    if (choice.accepted)
        saveInFamily(path, choice.family);
}

void DocumentSession::reportSaveFailure(const QString& path, const Diagnostics& result)
{
    emit statusMessage(tr("Saving failed: %1").arg(path));
    m_prompter.reportError(tr("Could not save"), listed(result));
}

bool DocumentSession::saveTo(const QString& path)
{
    if (!m_document)
        return false;
    // An edited MSFT file is written as KHR: what KHR cannot hold is asked about first, as for Save As.
    const Diagnostics losses = document::saveLosses(*m_document);
    if (!losses.empty() && !m_prompter.confirmFamilyLosses(physics::Family::Khr, losses)) {
        emit statusMessage(notSavedForLosses(physics::Family::Khr, int(losses.size())));
        return false;
    }
    const Diagnostics result = m_document->saveAs(path.toStdString());
    if (hasErrors(result)) {
        reportSaveFailure(path, result);
        return false;
    }
    emit statusMessage(tr("Saved %1").arg(path));
    m_untitled = false;
    m_recoveredName.clear();
    addRecentFile(path);
    updateTitle();
    return true;
}

bool DocumentSession::saveInFamily(const QString& path, std::optional<physics::Family> family)
{
    if (!m_document)
        return false;
    if (!family || *family == physics::sourceFamily(m_document->model()))
        return saveTo(path);
    // Written once: the losses asked about are those of the JSON then saved.
    const document::FamilyWrite written = document::writeFamily(*m_document, *family);
    if (!written.losses.empty() && !m_prompter.confirmFamilyLosses(*family, written.losses)) {
        emit statusMessage(notSavedForLosses(*family, int(written.losses.size())));
        return false;
    }
    const Diagnostics result = document::saveFamilyWrite(*m_document, written, path.toStdString());
    if (hasErrors(result)) {
        reportSaveFailure(path, result);
        return false;
    }
    // The session now works on the file as written, in its new family (the undo history starts again).
    openFile(path, [this, path, family](bool ok) {
        if (ok)
            emit statusMessage(tr("Saved %1 as %2").arg(path, familyText(*family)));
    });
    return true;
}

QString DocumentSession::recoveryFolder()
{
    const QString override = qEnvironmentVariable("CS_RECOVERY_DIR");
    return override.isEmpty() ? Autosave::defaultFolder() : override;
}

bool DocumentSession::offerRecovery()
{
    const QList<RecoveryEntry> pending = Autosave::pendingRecoveries(recoveryFolder());
    if (pending.isEmpty())
        return false;
    const RecoveryEntry& newest = pending.front();
    const QString name = newest.originalPath.isEmpty() ? newest.title : newest.originalPath;
    const RecoveryAnswer answer = m_prompter.offerRecovery({name, newest.savedAt, pending.size() - 1});
    if (answer == RecoveryAnswer::Discard) {
        Autosave::discard(newest);
        return false;
    }
    if (answer != RecoveryAnswer::Recover || !maybeSave())
        return false;
    recover(newest.recoveryFile, newest.originalPath, [newest](bool ok) {
        if (ok)
            Autosave::discard(newest);
    });
    return true;
}

void DocumentSession::recover(const QString& recoveryFile, const QString& originalPath,
                              std::function<void(bool)> done)
{
    const QString name = originalPath.isEmpty() ? tr("Untitled") : QFileInfo(originalPath).fileName();
    load(recoveryFile, name, [this, originalPath, done = std::move(done)](bool ok) {
        if (ok && m_document) {
            // The copy holds edits the original file does not have: untitled and modified, so that nothing
            // is lost until the user saves it somewhere, and a new recovery copy is written at once.
            m_suggestedPath = originalPath;
            m_document->undoStack()->resetClean();
            m_autosave->setDocument(m_document.get(), originalPath);
            m_autosave->writeNow();
            emit modifiedChanged(true);
            updateTitle();
            emit statusMessage(tr("Recovered unsaved edits of %1: save them to keep them")
                                   .arg(originalPath.isEmpty() ? tr("an untitled document") : originalPath));
        }
        if (done)
            done(ok);
    });
}

QStringList DocumentSession::recentFiles()
{
    return QSettings().value(QLatin1String(kRecentKey)).toStringList();
}

void DocumentSession::addRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(QLatin1String(kRecentKey), files);
    emit recentFilesChanged();
}

QString DocumentSession::title() const
{
    if (m_document && !m_recoveredName.isEmpty())
        return tr("%1 (recovered)[*] - Collidoscope").arg(m_recoveredName);
    const QString name =
        m_document && !m_untitled
            ? QFileInfo(QString::fromStdString(m_document->filePath().string())).fileName()
        : m_scene ? QFileInfo(m_scene->path).fileName() +
                        (m_scene->path.startsWith(QLatin1String(":/")) ? QString() : tr(" (imported)"))
                  : tr("No file");
    return tr("%1[*] - Collidoscope").arg(name);
}

QString DocumentSession::displayName() const
{
    if (!m_recoveredName.isEmpty())
        return m_recoveredName;
    if (m_document && !m_untitled)
        return QFileInfo(QString::fromStdString(m_document->filePath().string())).fileName();
    return m_scene ? QFileInfo(m_scene->path).fileName() : QString();
}

QString DocumentSession::folder() const
{
    if (!m_recoveredName.isEmpty())
        return m_suggestedPath.isEmpty() ? QString() : QFileInfo(m_suggestedPath).absolutePath();
    if (m_document && !m_untitled)
        return QFileInfo(QString::fromStdString(m_document->filePath().string())).absolutePath();
    if (m_scene && !m_scene->path.startsWith(QLatin1String(":/")))
        return QFileInfo(m_scene->path).absolutePath();
    return {};
}

void DocumentSession::updateTitle()
{
    emit titleChanged(title());
}

std::optional<NodeIndex> DocumentSession::currentNode() const
{
    return m_document ? m_document->currentNode() : std::nullopt;
}

std::vector<NodeIndex> DocumentSession::selectedNodes() const
{
    return m_document ? m_document->selectedNodes() : std::vector<NodeIndex>();
}

void DocumentSession::selectNode(std::optional<NodeIndex> node)
{
    selectNodes(node ? std::vector<NodeIndex>{*node} : std::vector<NodeIndex>{}, node);
}

void DocumentSession::selectNodes(const std::vector<NodeIndex>& nodes, std::optional<NodeIndex> current)
{
    // The document checks the nodes against its own: one just added is selectable before the view has
    // caught up with it. Its change event brings the selection to the views.
    if (m_document)
        m_document->setSelectedNodes(nodes, current);
}

} // namespace cs::ui
