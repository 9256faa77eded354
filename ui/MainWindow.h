#pragma once

#include "ActionTable.h"

#include <QMainWindow>
#include <functional>
#include <memory>

class QDockWidget;
class QUndoGroup;

namespace cs::document {
class Document;
}

namespace cs::ui {

class AddColliderMenu;
class DiagnosticsPanel;
class DocumentSession;
class FiltersPanel;
class FitHeatMap;
class JointsPanel;
class MaterialsPanel;
class NodeMenu;
class PropertiesPanel;
class Prompter;
class SceneTreePanel;
class AnimationTimeline;
class SimulationMenu;
class StatusLine;
class ToolDialogs;
class ViewController;
class Viewport;
class WindowMenus;

/// The application window: the viewport, the docks (scene tree, diagnostics, properties, materials, filters,
/// joints, history) and the menus, wired to one DocumentSession (the document's life), one ViewController
/// (what the view shows) and the tool dialogs. It lays them out and connects them; the work is theirs.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    /// `prompter` asks every question of the window and its panels (none: message boxes over the window).
    explicit MainWindow(std::shared_ptr<Prompter> prompter = nullptr, QWidget* parent = nullptr);
    ~MainWindow() override;

    DocumentSession& session() const { return *m_session; }
    ViewController& view() const { return *m_view; }
    ToolDialogs& tools() const { return *m_tools; }
    const ActionTable& actions() const { return m_actions; }
    Viewport* viewport() const { return m_viewport; }

    SceneTreePanel* sceneTree() const { return m_tree; }
    DiagnosticsPanel* diagnostics() const { return m_diagnostics; }
    PropertiesPanel* properties() const { return m_properties; }
    MaterialsPanel* materials() const { return m_materials; }
    FiltersPanel* filters() const { return m_filters; }
    JointsPanel* joints() const { return m_joints; }
    /// View > Fit Heat Map.
    FitHeatMap* fitHeatMap() const { return m_fitHeatMap; }
    /// Physics > Add Collider.
    AddColliderMenu* addColliderMenu() const;

    /// The window as a picture, the 3D view included (a native window that QWidget::grab does not see).
    void grabWindow(std::function<void(const QImage&)> done);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createDocks();
    void createMenus();
    /// The editors take the session's new document (null: none).
    void showDocument(document::Document* document);
    void restoreLayout();

    std::shared_ptr<Prompter> m_prompter;
    ActionTable m_actions;
    DocumentSession* m_session = nullptr;
    ViewController* m_view = nullptr;
    ToolDialogs* m_tools = nullptr;
    WindowMenus* m_menus = nullptr;
    NodeMenu* m_nodeMenu = nullptr;
    SimulationMenu* m_simulation = nullptr;
    AnimationTimeline* m_timeline = nullptr;
    FitHeatMap* m_fitHeatMap = nullptr;
    Viewport* m_viewport = nullptr;
    SceneTreePanel* m_tree = nullptr;
    DiagnosticsPanel* m_diagnostics = nullptr;
    PropertiesPanel* m_properties = nullptr;
    MaterialsPanel* m_materials = nullptr;
    FiltersPanel* m_filters = nullptr;
    JointsPanel* m_joints = nullptr;
    QDockWidget* m_treeDock = nullptr;
    QDockWidget* m_diagnosticsDock = nullptr;
    QDockWidget* m_propertiesDock = nullptr;
    QDockWidget* m_materialsDock = nullptr;
    QDockWidget* m_filtersDock = nullptr;
    QDockWidget* m_jointsDock = nullptr;
    QDockWidget* m_historyDock = nullptr;
    QUndoGroup* m_undoGroup = nullptr;
    StatusLine* m_statusLine = nullptr;
};

} // namespace cs::ui
