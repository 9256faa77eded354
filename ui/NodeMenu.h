#pragma once

#include "document/Selection.h"

#include <QObject>
#include <optional>
#include <vector>

class QMenu;
class QStatusBar;
class QToolBar;
class QTreeWidgetItem;
class QWidget;

namespace cs::ui {

class ActionTable;
class DocumentSession;
class GizmoController;
class SceneTreePanel;
class Viewport;

/// The window's Node menu: Add Empty Collider / Add Empty Trigger (box, sphere, capsule, cylinder; on the
/// surface under the view's centre, else at the orbit focus), Duplicate (Ctrl+D), Rename (F2, edits the name
/// in the scene tree), Delete Node (Shift+Del; what it would break is shown first). Each calls one function
/// of document/NodeEdits.h and selects what it made. It also holds the gizmo's tools (Move W, Rotate E,
/// Scale R) and the Transform toolbar with the grid and angle steps. Its commands go into the window's
/// ActionTable; questions go to the session's Prompter.
class NodeMenu : public QObject
{
    Q_OBJECT

public:
    /// The menu and toolbar are made over `window`, which places them.
    NodeMenu(DocumentSession& session, ActionTable& actions, SceneTreePanel* tree, Viewport* viewport,
             QStatusBar* status, QWidget* window);

    QMenu* menu() const { return m_menu; }
    QToolBar* toolBar() const { return m_toolBar; }

private:
    void addNodeActions(ActionTable& actions);
    void addTransformTools(ActionTable& actions, QWidget* window);
    void addEmpty(bool trigger, int shapeType);
    void reparent(const std::vector<document::NodeIndex>& nodes, std::optional<document::NodeIndex> parent);
    void duplicate();
    void rename();
    void removeNodes();
    void onItemChanged(QTreeWidgetItem* item, int column);

    DocumentSession& m_session;
    SceneTreePanel* m_tree;
    Viewport* m_viewport;
    QStatusBar* m_status;
    QMenu* m_menu = nullptr;
    QToolBar* m_toolBar = nullptr;
    GizmoController* m_gizmo = nullptr;
    QTreeWidgetItem* m_renaming = nullptr; ///< the tree item whose name is being edited (F2)
};

} // namespace cs::ui
