#pragma once

#include <QList>
#include <QObject>

class QAction;
class QMenu;
class QPoint;
class QToolBar;
class QUndoGroup;
class QWidget;

namespace cs::ui {

class ActionTable;
class AddColliderMenu;
class DocumentSession;
class SceneTreePanel;
class TargetExporter;
class ToolDialogs;
class ViewController;
class Viewport;

/// What the window's own menus act on, injected.
struct MenuContext
{
    DocumentSession& session;
    ViewController& view;
    ToolDialogs& tools;
    ActionTable& actions;
    QUndoGroup* undoGroup;
    SceneTreePanel* tree;
};

/// The File, Edit, Physics, View and Help menus and the Main toolbar, made from tables of ActionSpecs, and
/// the scene tree's context menu. The window places the menus (menus()) and the toolbar; the Node and
/// Simulate menus come from NodeMenu and SimulationMenu.
class WindowMenus : public QObject
{
    Q_OBJECT

public:
    /// The menus are made over `window`; Quit closes it.
    WindowMenus(const MenuContext& context, QWidget* window);

    QMenu* fileMenu() const { return m_file; }
    QMenu* editMenu() const { return m_edit; }
    QMenu* physicsMenu() const { return m_physics; }
    QMenu* viewMenu() const { return m_view; }
    QMenu* helpMenu() const { return m_help; }
    QToolBar* toolBar() const { return m_toolBar; }
    /// Physics > Add Collider: fitted primitives, hull and trimesh for the current node's mesh.
    AddColliderMenu* addColliderMenu() const { return m_addCollider; }
    /// Adds the docks' show/hide toggles to the View menu.
    void addDockToggles(const QList<QAction*>& toggles);
    /// Enables what the selection allows (Edit > Delete).
    void updateEditActions();

signals:
    /// One line for the status bar.
    void statusMessage(const QString& text);

private:
    void createFileMenu();
    void createExportForMenu();
    void createEditMenu();
    void createPhysicsMenu();
    void createViewMenu();
    void createViewToggles();
    /// View > Colour Colliders by Shape.
    void colourByShape(bool on);
    void createHelpMenu();
    void createToolBar();
    void updateRecentMenu();
    /// The Add Collider submenu for the session's document and current node.
    void prepareAddColliderMenu();
    void showTreeContextMenu(const QPoint& position);

    MenuContext m_context;
    QWidget* m_window;
    QMenu* m_file = nullptr;
    TargetExporter* m_exporter = nullptr; // File > Export For
    QMenu* m_recent = nullptr;
    QMenu* m_edit = nullptr;
    QMenu* m_physics = nullptr;
    QMenu* m_view = nullptr;
    QMenu* m_help = nullptr;
    QToolBar* m_toolBar = nullptr;
    AddColliderMenu* m_addCollider = nullptr;
};

} // namespace cs::ui
