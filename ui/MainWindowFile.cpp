#include "MainWindow.h"

// MainWindow: the document's life: open, import, save, recovery copies, recent files, the title, closing.

#include "Autosave.h"
#include "DiagnosticText.h"
#include "dialogs/AddCollidersDialog.h"
#include "dialogs/HullDialog.h"
#include "dialogs/SaveFamilyDialog.h"
#include "document/Actions.h"
#include "document/ModelCommands.h"
#include "document/NodeActions.h"
#include "document/SaveFamily.h"
#include "import/AssetImporter.h"
#include "panels/AddColliderMenu.h"
#include "panels/DiagnosticsPanel.h"
#include "panels/FiltersPanel.h"
#include "panels/MaterialsPanel.h"
#include "panels/PropertiesPanel.h"
#include "panels/SceneTreePanel.h"
#include "scene/Overlays.h"
#include "widgets/ChildSignals.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QTreeWidget>
#include <QUndoGroup>
#include <QUndoView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <cmath>

namespace cs::ui {

namespace {

constexpr int kMaxRecentFiles = 10;
const char* kRecentKey = "recentFiles";

QString fileFilter()
{
    return QObject::tr("glTF files (*.glb *.gltf);;All files (*)");
}

/// A failed save: the status line says so and (unless CS_NO_DIALOGS is set) a message box lists why.
void showSaveFailure(QWidget* parent, QLabel* status, const QString& path, const Diagnostics& result)
{
    const QString reasons = QString::fromStdString(formatDiagnostics(result));
    status->setText(QObject::tr("Saving failed: %1").arg(path));
    if (qEnvironmentVariableIsEmpty("CS_NO_DIALOGS"))
        QMessageBox::critical(parent, QObject::tr("Could not save"), reasons);
}

} // namespace

void MainWindow::chooseAndOpen()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open"), QString(), fileFilter());
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::chooseAndSaveAs()
{
    if (!m_document)
        return;
    QString suggestion = QFileInfo(m_scene->path).absolutePath() + QLatin1Char('/') +
                         QFileInfo(m_scene->path).completeBaseName() + QStringLiteral(".glb");
    if (m_scene->path.startsWith(QLatin1String(":/")))
        suggestion = QFileInfo(m_scene->path).completeBaseName() + QStringLiteral(".glb");
    if (!m_suggestedPath.isEmpty())
        suggestion = m_suggestedPath;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save As"), suggestion, fileFilter());
    if (path.isEmpty())
        return;
    const FamilyChoice choice = chooseSaveFamily(this, physics::sourceFamily(m_document->model()));
    if (choice.accepted)
        saveInFamily(path, choice.family);
}

void MainWindow::openFile(const QString& path, std::function<void(bool)> done)
{
    if (m_loader.isRunning())
        m_loader.waitForFinished();
    m_loadDone = std::move(done);
    const QString name = QFileInfo(path).fileName();
    m_statusLabel->setText(tr("Opening %1...").arg(name));
    m_openTicker->disconnect();
    QElapsedTimer clock;
    clock.start();
    connect(m_openTicker, &QTimer::timeout, this, [this, name, clock] {
        m_statusLabel->setText(tr("Opening %1... %2 s").arg(name).arg((clock.elapsed() + 500) / 1000));
    });
    m_openTicker->start();
    m_loader.setFuture(QtConcurrent::run([path] { return loadScene(path); }));
}

bool MainWindow::maybeSave()
{
    if (!m_document || !m_document->isModified())
        return true;
    if (!qEnvironmentVariableIsEmpty("CS_NO_DIALOGS"))
        return true; // automation: nothing to ask, nothing saved
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"),
        tr("%1 has unsaved changes. Save them?").arg(QFileInfo(currentFile()).fileName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Discard) {
        m_autosave->discardCurrent();
        return true;
    }
    if (m_untitled) {
        chooseAndSaveAs();
        return !m_document->isModified();
    }
    return saveTo(QString::fromStdString(m_document->filePath().string()));
}

bool MainWindow::saveTo(const QString& path)
{
    if (!m_document)
        return false;
    const Diagnostics result = m_document->saveAs(path.toStdString());
    if (hasErrors(result)) {
        showSaveFailure(this, m_statusLabel, path, result);
        return false;
    }
    m_statusLabel->setText(tr("Saved %1").arg(path));
    m_untitled = false;
    addRecentFile(path);
    updateTitle();
    return true;
}

bool MainWindow::saveInFamily(const QString& path, std::optional<physics::Family> family)
{
    if (!m_document)
        return false;
    if (!family || *family == physics::sourceFamily(m_document->model()))
        return saveTo(path);
    const Diagnostics losses = document::familyLosses(*m_document, *family);
    if (!confirmFamilyLosses(this, *family, losses)) {
        m_statusLabel->setText(
            tr("Not saved: %1 cannot hold %n item(s) of this file", nullptr, int(losses.size()))
                .arg(QString::fromLatin1(physics::familyName(*family)).toUpper()));
        return false;
    }
    const Diagnostics result = document::writeInFamily(*m_document, path.toStdString(), *family);
    if (hasErrors(result)) {
        showSaveFailure(this, m_statusLabel, path, result);
        return false;
    }
    // The window now works on the file as written, in its new family (the undo history starts again).
    openFile(path, [this, path, family](bool ok) {
        if (ok)
            m_statusLabel->setText(
                tr("Saved %1 as %2").arg(path, QString::fromLatin1(physics::familyName(*family)).toUpper()));
    });
    return true;
}

QString MainWindow::recoveryFolder()
{
    const QString override = qEnvironmentVariable("CS_RECOVERY_DIR");
    return override.isEmpty() ? Autosave::defaultFolder() : override;
}

bool MainWindow::offerRecovery()
{
    const QList<RecoveryEntry> pending = Autosave::pendingRecoveries(recoveryFolder());
    if (pending.isEmpty() || !qEnvironmentVariableIsEmpty("CS_NO_DIALOGS"))
        return false;
    const RecoveryEntry& newest = pending.front();
    const QString name = newest.originalPath.isEmpty() ? newest.title : newest.originalPath;
    QMessageBox box(QMessageBox::Warning, tr("Recover unsaved edits"),
                    tr("Collidoscope did not close normally. Unsaved edits of %1 from %2 were kept.")
                        .arg(name, QLocale().toString(newest.savedAt, QLocale::ShortFormat)),
                    QMessageBox::NoButton, this);
    if (pending.size() > 1)
        box.setInformativeText(tr("%n more recovery copies are kept; they are offered next time.", nullptr,
                                  int(pending.size() - 1)));
    QPushButton* recoverButton = box.addButton(tr("&Recover"), QMessageBox::AcceptRole);
    QPushButton* discardButton = box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
    box.addButton(tr("&Later"), QMessageBox::RejectRole);
    box.setDefaultButton(recoverButton);
    box.exec();
    if (box.clickedButton() == discardButton) {
        Autosave::discard(newest);
        return false;
    }
    if (box.clickedButton() != recoverButton || !maybeSave())
        return false;
    const RecoveryEntry entry = newest;
    recover(entry.recoveryFile, entry.originalPath, [entry](bool ok) {
        if (ok)
            Autosave::discard(entry);
    });
    return true;
}

void MainWindow::recover(const QString& recoveryFile, const QString& originalPath,
                         std::function<void(bool)> done)
{
    openFile(recoveryFile, [this, originalPath, done = std::move(done)](bool ok) {
        if (ok && m_document) {
            // The copy holds edits the original file does not have: untitled and modified, so that nothing
            // is lost until the user saves it somewhere, and a new recovery copy is written at once.
            m_untitled = true;
            m_suggestedPath = originalPath;
            m_document->undoStack()->resetClean();
            m_autosave->setDocument(m_document.get(), originalPath);
            m_autosave->writeNow();
            setWindowModified(true);
            updateTitle();
            m_statusLabel->setText(
                tr("Recovered unsaved edits of %1: save them to keep them")
                    .arg(originalPath.isEmpty() ? tr("an untitled document") : originalPath));
        }
        if (done)
            done(ok);
    });
}

QStringList MainWindow::recentFiles()
{
    return QSettings().value(QLatin1String(kRecentKey)).toStringList();
}

void MainWindow::addRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(QLatin1String(kRecentKey), files);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    for (const QString& f : files) {
        QAction* a = m_recentMenu->addAction(QFileInfo(f).fileName());
        a->setToolTip(f);
        a->setData(f);
        connect(a, &QAction::triggered, this, [this, f] {
            if (maybeSave())
                openFile(f);
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::updateTitle()
{
    if (m_document && m_untitled && !m_suggestedPath.isEmpty()) {
        setWindowTitle(tr("%1 (recovered)[*] - Collidoscope").arg(QFileInfo(m_suggestedPath).fileName()));
        return;
    }
    const QString name =
        m_document && !m_untitled
            ? QFileInfo(QString::fromStdString(m_document->filePath().string())).fileName()
        : m_scene ? QFileInfo(m_scene->path).fileName() +
                        (m_scene->path.startsWith(QLatin1String(":/")) ? QString() : tr(" (imported)"))
                  : tr("No file");
    setWindowTitle(tr("%1[*] - Collidoscope").arg(name));
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile() && maybeSave()) {
        openFile(urls.first().toLocalFile());
        event->acceptProposedAction();
    }
}

} // namespace cs::ui
