#pragma once

#include "SceneLoader.h"
#include "document/Document.h"
#include "physics/PhysicsWriter.h"
#include "scene/JointPick.h"
#include "viewport/Viewport.h"

#include <QFutureWatcher>
#include <QMainWindow>
#include <QPointer>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QTimer;
class QUndoGroup;

namespace cs::ui {

class AddColliderMenu;
class AddCollidersDialog;
class Autosave;
class DecomposeDialog;
class FitHeatMap;
class HullDialog;
class DiagnosticsPanel;
class FiltersPanel;
class JointsPanel;
class MaterialsPanel;
class PropertiesPanel;
class SceneTreePanel;

/// The application window: menus and toolbar, the viewport, and docks for the scene tree and diagnostics.
/// Opening runs off the GUI thread; the window stays responsive and shows progress.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Opens a file (or ":/sample/sample.glb") in the background; `done` runs on the GUI thread once the
    /// scene is shown (or the error reported).
    void openFile(const QString& path, std::function<void(bool ok)> done = {});
    /// Saves a copy of the document: .glb or .gltf by the extension. Returns false and shows why on failure.
    bool saveTo(const QString& path);
    /// Saves with the physics in `family` (none, or the document's own: saveTo). Another family lists what it
    /// cannot hold and asks before writing (see confirmFamilyLosses); the written file is then opened in the
    /// window, so that further saves keep its family. Returns false when nothing was written.
    bool saveInFamily(const QString& path, std::optional<physics::Family> family);

    QString currentFile() const { return m_scene ? m_scene->path : QString(); }
    /// What the view shows of the open file (render scene, node graph, resolved physics, picking).
    const LoadedScene* scene() const { return m_scene.get(); }
    /// The open file as an editable document (null until a file is open).
    document::Document* document() const { return m_document.get(); }
    /// When the open document has unsaved edits, asks whether to save them. False: the user cancelled.
    bool maybeSave();
    Viewport* viewport() const { return m_viewport; }
    /// View > Fit Heat Map.
    FitHeatMap* fitHeatMap() const { return m_fitHeatMap; }
    SceneTreePanel* sceneTree() const { return m_tree; }
    DiagnosticsPanel* diagnostics() const { return m_diagnostics; }
    PropertiesPanel* properties() const { return m_properties; }
    MaterialsPanel* materials() const { return m_materials; }
    FiltersPanel* filters() const { return m_filters; }
    JointsPanel* joints() const { return m_joints; }
    /// The current node: the one the properties show and Frame Selected frames first. The document holds the
    /// selection; these read it (none without a document).
    std::optional<document::NodeIndex> currentNode() const;
    /// Every selected node (the current one among them).
    std::vector<document::NodeIndex> selectedNodes() const;
    /// Selects one node (none: std::nullopt).
    void selectNode(std::optional<document::NodeIndex> node);
    /// Selects several nodes; `current` is one of them, else the first one is current.
    void selectNodes(const std::vector<document::NodeIndex>& nodes,
                     std::optional<document::NodeIndex> current = std::nullopt);
    QAction* action(const QString& objectName) const;

    /// The window as a picture, the 3D view included (a native window that QWidget::grab does not see).
    void grabWindow(std::function<void(const QImage&)> done);

    static QStringList recentFiles();

    /// Where crash-recovery copies go: $CS_RECOVERY_DIR when set, else Autosave::defaultFolder().
    static QString recoveryFolder();
    Autosave* autosave() const { return m_autosave; }

    /// Physics > Add Collider: fitted primitives, hull and trimesh for the current node's mesh.
    AddColliderMenu* addColliderMenu() const { return m_addColliderMenu; }
    /// Opens the hull generator for `node` (non-modal; a dialog already open is closed first). Null without
    /// a document or for no node or a node that does not exist.
    HullDialog* openHullDialog(std::optional<document::NodeIndex> node);
    HullDialog* hullDialog() const;
    /// Physics > Decompose into Convex Parts: opens the dialog for the selected nodes that have a mesh
    /// (non-modal; one already open is closed first). Null without a document or such a node.
    DecomposeDialog* openDecomposeDialog();
    DecomposeDialog* decomposeDialog() const;
    /// Opens "Add Colliders to All Meshes" (non-modal).
    AddCollidersDialog* openAddCollidersDialog();
    /// Physics > Add Simplified Mesh Collider...: the same dialog set to the simplified strategy and the
    /// current node.
    AddCollidersDialog* openSimplifiedColliderDialog();
    /// When an earlier session left unsaved edits behind, offers to open them (the newest first). With
    /// CS_NO_DIALOGS set nothing is asked. Returns whether a copy is being opened.
    bool offerRecovery();
    /// Opens a recovery copy as an untitled document with unsaved edits (Save asks where, suggesting the
    /// original file); the copy is removed once the window holds its own.
    void recover(const QString& recoveryFile, const QString& originalPath,
                 std::function<void(bool ok)> done = {});

    /// Draws the overlays of the document as it is (colliders, selection, joints).
    void updateOverlays();

signals:
    void sceneShown();

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createDocks();
    void showScene(std::shared_ptr<LoadedScene> scene);
    void updateRecentMenu();
    void addRecentFile(const QString& path);
    void updateTitle();
    void frameSelection();
    /// The document's selection changed: the tree, overlays and actions show it.
    void showSelection();
    /// After edits: the scene state (SceneState::update), then the view.
    void refreshFromDocument();
    /// The tree, overlays, diagnostics and actions from what the scene holds.
    void refreshView();
    void showDiagnostics();
    void removeSelectedPhysics();
    void updateEditActions();
    void chooseAndOpen();
    void chooseAndSaveAs();
    void createPhysicsMenu();
    void showTreeContextMenu(const QPoint& position);
    /// Closes the tool dialogs of the document that is going away.
    void closeToolDialogs();

    Viewport* m_viewport = nullptr;
    SceneTreePanel* m_tree = nullptr;
    DiagnosticsPanel* m_diagnostics = nullptr;
    QDockWidget* m_treeDock = nullptr;
    QDockWidget* m_diagnosticsDock = nullptr;
    PropertiesPanel* m_properties = nullptr;
    MaterialsPanel* m_materials = nullptr;
    FiltersPanel* m_filters = nullptr;
    QDockWidget* m_propertiesDock = nullptr;
    QDockWidget* m_materialsDock = nullptr;
    QDockWidget* m_filtersDock = nullptr;
    JointsPanel* m_joints = nullptr;
    QDockWidget* m_jointsDock = nullptr;
    QMenu* m_recentMenu = nullptr;
    QLabel* m_statusLabel = nullptr;
    /// While a file is read: the status text counts the seconds. Not a busy bar: a running animation makes
    /// Qt Quick draw the viewport at the display's rate, which takes the processor from the reading.
    QTimer* m_openTicker = nullptr;
    std::shared_ptr<LoadedScene> m_scene;
    QFutureWatcher<std::shared_ptr<LoadedScene>> m_loader;
    std::function<void(bool)> m_loadDone;
    std::vector<QVector3D> m_selectionLines; ///< the selection's overlay, for framing it
    scene::JointPicker m_jointPicker;        ///< the joints' lines, for clicks
    std::unique_ptr<document::Document> m_document;
    QUndoGroup* m_undoGroup = nullptr;
    QDockWidget* m_historyDock = nullptr;
    Autosave* m_autosave = nullptr;
    AddColliderMenu* m_addColliderMenu = nullptr;
    QPointer<HullDialog> m_hullDialog;
    QPointer<AddCollidersDialog> m_addCollidersDialog;
    FitHeatMap* m_fitHeatMap = nullptr;
    QString m_suggestedPath;       ///< where Save As starts for a recovered document
    bool m_untitled = false;       ///< the bundled sample: Save asks where
    bool m_refreshPending = false; ///< change events since the last refresh of the view
};

} // namespace cs::ui
