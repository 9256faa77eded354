#pragma once

#include "document/Selection.h"

#include <QKeySequence>
#include <QObject>
#include <functional>
#include <optional>
#include <vector>

class QAction;

class QMenu;
class QTreeWidgetItem;

namespace cs::ui {

class GizmoController;
class MainWindow;

/// The window's Node menu: Add Empty Collider / Add Empty Trigger (box, sphere, capsule, cylinder; at the
/// current node's place, else the view's centre), Duplicate (Ctrl+D), Rename (F2, edits the name in the
/// scene tree), Delete Node (Shift+Del; what it would break is shown first). Each calls one function of
/// document/NodeOperations.h and selects what it made. It also holds the gizmo's tools (Move W, Rotate E,
/// Scale R) and the Transform toolbar with the grid and angle steps.
class NodeMenu : public QObject
{
    Q_OBJECT

public:
    /// Adds the menu to the window's menu bar; the window owns this object.
    explicit NodeMenu(MainWindow* window);

    QMenu* menu() const { return m_menu; }
    /// The move gizmo and shape handles of the viewport.
    GizmoController* gizmo() const { return m_gizmo; }

private:
    void addTransformTools(
        const std::function<QAction*(const QString&, const QString&, const QKeySequence&)>& make);
    void addEmpty(bool trigger, int shapeType);
    void reparent(const std::vector<document::NodeIndex>& nodes, std::optional<document::NodeIndex> parent);
    void duplicate();
    void rename();
    void removeNodes();
    void onItemChanged(QTreeWidgetItem* item, int column);

    MainWindow* m_window;
    QMenu* m_menu = nullptr;
    GizmoController* m_gizmo = nullptr;
    QTreeWidgetItem* m_renaming = nullptr; ///< the tree item whose name is being edited (F2)
};

} // namespace cs::ui
