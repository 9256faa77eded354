#pragma once

#include "SceneLoader.h"
#include "document/Document.h"
#include "physics/PhysicsWriter.h"

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QTimer;

namespace cs::ui {

class Autosave;
class Prompter;

/// The open document's life: opening (SceneLoader, off the GUI thread), the Document and what the views
/// derive from it (LoadedScene: SceneState and diagnostics), saving (Save, Save As with a physics family,
/// refusals and losses asked through the Prompter), crash recovery (Autosave), recent files and the window
/// title. Whoever shows the document listens to documentReplaced: it comes once per replacement, while the
/// document going away still exists, so that editors can let go of it.
class DocumentSession : public QObject
{
    Q_OBJECT

public:
    /// `prompter` asks every question (not owned; it outlives the session).
    explicit DocumentSession(Prompter& prompter, QObject* parent = nullptr);
    ~DocumentSession() override;

    /// The open file as an editable document (null until a file is open).
    document::Document* document() const { return m_document.get(); }
    /// What the view shows of the open file (render scene, node graph, resolved physics, picking).
    LoadedScene* scene() const { return m_scene.get(); }
    QString currentFile() const { return m_scene ? m_scene->path : QString(); }
    /// The document has no glTF file of its own (the bundled sample, an import, a recovered copy): Save asks
    /// where.
    bool isUntitled() const { return m_untitled; }
    Autosave* autosave() const { return m_autosave; }
    Prompter& prompter() const { return m_prompter; }

    /// Opens a file (or ":/sample/sample.glb") in the background; `done` runs on the GUI thread once the
    /// document is replaced (or the error reported).
    void openFile(const QString& path, std::function<void(bool ok)> done = {});
    /// Stops the open under way: its result is dropped (the reading stops at its next stage), `done` gets
    /// false, the open document stays and the status line says "Opening NAME cancelled". Nothing when no
    /// open is under way.
    void cancelOpen();
    /// An open is under way (from openFile until its result is adopted, reported or dropped).
    bool opening() const { return m_openCancel != nullptr; }
    /// File > Open, File > Import and Open Recent: asks about unsaved edits first, then opens (a path chosen
    /// through the prompter when `path` is empty).
    void chooseAndOpen();
    void chooseAndImport();
    void openRecent(const QString& path);
    /// When the open document has unsaved edits, asks whether to save them. False: the user cancelled (or
    /// saving failed).
    bool maybeSave();
    /// File > Save: Save As for an untitled document; asks before overwriting a file changed on disk.
    void save();
    /// File > Save As: a path and a family, both asked.
    void chooseAndSaveAs();
    /// Saves a copy of the document: .glb or .gltf by the extension. Returns false and reports why on
    /// failure.
    bool saveTo(const QString& path);
    /// Saves with the physics in `family` (none, or the document's own: saveTo). Another family lists what it
    /// cannot hold and asks before writing; the written file is then opened, so that further saves keep its
    /// family. Returns false when nothing was written.
    bool saveInFamily(const QString& path, std::optional<physics::Family> family);

    /// When an earlier session left unsaved edits behind, offers to open them (the newest first). Returns
    /// whether a copy is being opened.
    bool offerRecovery();
    /// Opens a recovery copy as an untitled document with unsaved edits (Save asks where, suggesting the
    /// original file); the copy is removed once the session holds its own.
    void recover(const QString& recoveryFile, const QString& originalPath,
                 std::function<void(bool ok)> done = {});

    /// The window title for the document ("[*]" where the modified mark goes).
    QString title() const;
    /// The document's name as the user knows it, in the title and every question: the file's name; a
    /// recovered document's original's ("Untitled" when it had none), never the recovery copy's.
    QString displayName() const;
    /// Where the file the user knows the document by lies ("" for the bundled sample or a recovered
    /// untitled document): File > Open and Import start there.
    QString folder() const;
    static QStringList recentFiles();
    /// Where crash-recovery copies go: $CS_RECOVERY_DIR when set, else Autosave::defaultFolder().
    static QString recoveryFolder();

    /// The current node: the one the properties show and Frame Selected frames first (none without a
    /// document). The document holds the selection; these read and set it.
    std::optional<document::NodeIndex> currentNode() const;
    std::vector<document::NodeIndex> selectedNodes() const;
    void selectNode(std::optional<document::NodeIndex> node);
    /// Selects several nodes; `current` is one of them, else the first one is current.
    void selectNodes(const std::vector<document::NodeIndex>& nodes,
                     std::optional<document::NodeIndex> current = std::nullopt);

    /// Waits for a file being read, then lets the document go (documentReplaced with null first).
    void close();

signals:
    /// Another document is open (null: none). The previous one is destroyed after this signal.
    void documentReplaced(cs::document::Document* document);
    void titleChanged(const QString& title);
    void modifiedChanged(bool modified);
    /// One line for the status bar.
    void statusMessage(const QString& text);
    /// An open started (true) or ended: adopted, failed or cancelled (false).
    void openingChanged(bool opening);
    void recentFilesChanged();

private:
    /// Opens `path` in the background; `recoveredName` ("" for none): it is a recovery copy of that
    /// document, and so named from the first title on.
    void load(const QString& path, const QString& recoveredName, std::function<void(bool)> done);
    void adopt(std::shared_ptr<LoadedScene> scene);
    void replaceDocument(std::shared_ptr<LoadedScene> scene);
    void addRecentFile(const QString& path);
    void reportSaveFailure(const QString& path, const Diagnostics& result);
    void updateTitle();

    Prompter& m_prompter;
    std::shared_ptr<LoadedScene> m_scene;
    std::unique_ptr<document::Document> m_document;
    QFutureWatcher<std::shared_ptr<LoadedScene>> m_loader;
    std::function<void(bool)> m_loadDone;
    std::shared_ptr<std::atomic<bool>> m_openCancel; ///< the open under way's cancel flag (null: none)
    /// While a file is read: the status text counts the seconds. Not a busy bar: a running animation makes
    /// Qt Quick draw the viewport at the display's rate, which takes the processor from the reading.
    QTimer* m_openTicker = nullptr;
    Autosave* m_autosave = nullptr;
    QString m_suggestedPath;   ///< where Save As starts for a recovered document
    QString m_recoveredName;   ///< the original's name while the document is an unsaved recovered copy
    QString m_loadingRecovery; ///< the original's name while its recovery copy is read
    QString m_openName;        ///< the name the status line gives the file being read
    bool m_untitled = false;   ///< no glTF file of its own: Save asks where
};

} // namespace cs::ui
