#pragma once

#include "document/Selection.h"

#include <QHash>
#include <QIcon>
#include <QWidget>
#include <optional>
#include <vector>

class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace cs::ui {

/// What the tree shows of one node, computed by the owner from the document.
struct SceneTreeNode
{
    QString name; ///< the node's label (gltf::nodeLabel: its name, or "Node N")
    std::vector<document::NodeIndex> children;
    QString body; ///< the node's own motion: "static", "kinematic", "dynamic" or empty
    QString
        behaves; ///< how its collider moves: its own or its owning body's motion type, "static" without one
    bool collider = false;
    bool trigger = false;
    bool mesh = false;
};

/// The node hierarchy with icons for body type, collider and trigger, a name filter, and selection that
/// follows and drives the viewport's.
class SceneTreePanel : public QWidget
{
    Q_OBJECT

public:
    explicit SceneTreePanel(QWidget* parent = nullptr);
    ~SceneTreePanel() override;

    void setNodes(const std::vector<SceneTreeNode>& nodes, const std::vector<document::NodeIndex>& roots);
    /// Shows the selection: `current` (one of `nodes`, or none) gets the focus and is scrolled to. The
    /// document holds the selection; the window passes it on here when it changes.
    void setSelectedNodes(const std::vector<document::NodeIndex>& nodes,
                          std::optional<document::NodeIndex> current);
    /// The current node (the one the properties show first), if it is selected.
    std::optional<document::NodeIndex> currentNode() const;
    /// Every selected node, in tree order.
    std::vector<document::NodeIndex> selectedNodes() const;
    QTreeWidget* tree() const { return m_tree; }
    QLineEdit* filterEdit() const { return m_filter; }

    /// Where a drop at `pos` (in the tree's viewport) puts the dragged nodes: on the middle of a row, under
    /// that row's node; near a row's top or bottom edge, beside it (under its parent); below every row, at
    /// the scene's root. False when the position names nothing to drop on.
    bool dropParentAt(const QPoint& pos, std::optional<document::NodeIndex>& parent) const;
    /// What a drop of the selected rows at `pos` does (the drag ends here): asks for the reparent.
    void dropSelectionAt(const QPoint& pos);

signals:
    /// Nodes were dragged in the tree and dropped: they are to go under `parent` (none: the scene's root).
    /// The tree itself does not move them; it shows the document again once the document has changed.
    void reparentRequested(const std::vector<cs::document::NodeIndex>& nodes,
                           std::optional<cs::document::NodeIndex> parent);
    /// The user changed the selection: every selected node and the current one.
    void nodesSelected(const std::vector<cs::document::NodeIndex>& nodes,
                       std::optional<cs::document::NodeIndex> current);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void applyFilter();
    /// The badge of a colour and letter, painted on first use.
    QIcon badgeOf(const QColor& color, const QString& letter);

    QLineEdit* m_filter;
    QTreeWidget* m_tree;
    std::vector<QTreeWidgetItem*> m_items;
    QHash<QString, QIcon> m_badges; ///< painted once per colour and letter
    bool m_updating = false;
};

} // namespace cs::ui
