#include "panels/SceneTreePanel.h"

#include "ChildSignals.h"
#include "widgets/HeaderFit.h"

#include <QDropEvent>
#include <QHeaderView>
#include <QLineEdit>
#include <QPainter>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <functional>

namespace cs::ui {

namespace {

/// A small round badge in the colour the viewport uses for the body type; triggers and colliders get a
/// letter.
QIcon badge(const QColor& color, const QString& letter)
{
    QPixmap pixmap(16, 16);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setBrush(color);
    p.setPen(color.darker(160));
    p.drawEllipse(QRectF(1.5, 1.5, 13, 13));
    if (!letter.isEmpty()) {
        p.setPen(Qt::black);
        QFont f = p.font();
        f.setPixelSize(10);
        f.setBold(true);
        p.setFont(f);
        p.drawText(QRect(0, 0, 16, 16), Qt::AlignCenter, letter);
    }
    return QIcon(pixmap);
}

QColor bodyColor(const QString& body)
{
    if (body == QLatin1String("static"))
        return QColor(120, 170, 255);
    if (body == QLatin1String("kinematic"))
        return QColor(255, 200, 60);
    if (body == QLatin1String("dynamic"))
        return QColor(90, 230, 120);
    return QColor(150, 150, 150);
}

} // namespace

SceneTreePanel::SceneTreePanel(QWidget* parent) : QWidget(parent)
{
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter by name"));
    m_filter->setClearButtonEnabled(true);
    m_tree = new QTreeWidget(this);
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Node"), tr("Physics")});
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(false);
    keepHeaderTextsWhole(m_tree->header());
    m_tree->setUniformRowHeights(true);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    // Reparent by drag: the drop is caught before the tree moves any item (eventFilter), and the document
    // makes the change.
    m_tree->setDragEnabled(true);
    m_tree->setAcceptDrops(true);
    m_tree->setDropIndicatorShown(true);
    m_tree->setDragDropMode(QAbstractItemView::InternalMove);
    m_tree->viewport()->setAcceptDrops(true);
    m_tree->viewport()->installEventFilter(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filter);
    layout->addWidget(m_tree);
    connect(m_filter, &QLineEdit::textChanged, this, &SceneTreePanel::applyFilter);
    connect(m_tree, &QTreeWidget::itemSelectionChanged, this, [this] {
        if (m_updating)
            return;
        // The current item can be left unselected (Ctrl+click on it): then the first selected node leads.
        emit nodesSelected(selectedNodes(), currentNode());
    });
}

void SceneTreePanel::setNodes(const std::vector<SceneTreeNode>& nodes,
                              const std::vector<document::NodeIndex>& roots)
{
    m_updating = true;
    m_tree->clear();
    m_items.assign(nodes.size(), nullptr);
    // The items are made apart from the tree and go in together (one insertion, not one per node), and a
    // badge is painted once per colour and letter: a scene of 50,000 nodes is listed in a fraction of the
    // time.
    std::function<QTreeWidgetItem*(document::NodeIndex)> make = [&](document::NodeIndex index) {
        const SceneTreeNode& n = nodes[index];
        auto* item = new QTreeWidgetItem();
        item->setText(0, n.name);
        item->setData(0, Qt::UserRole, qulonglong(index));
        QStringList parts;
        if (!n.body.isEmpty())
            parts << n.body;
        if (n.collider)
            parts << tr("collider");
        if (n.trigger)
            parts << tr("trigger");
        item->setText(1, parts.join(QStringLiteral(", ")));
        const QString letter = n.trigger ? QStringLiteral("T") : n.collider ? QStringLiteral("C") : QString();
        if (!n.body.isEmpty() || n.collider || n.trigger)
            item->setIcon(0,
                          badgeOf(n.trigger && !n.collider ? QColor(240, 90, 220)
                                                           : bodyColor(n.body.isEmpty() ? n.behaves : n.body),
                                  letter));
        m_items[index] = item;
        QList<QTreeWidgetItem*> children;
        children.reserve(qsizetype(n.children.size()));
        for (document::NodeIndex child : n.children)
            children.push_back(make(child));
        item->addChildren(children);
        return item;
    };
    QList<QTreeWidgetItem*> top;
    top.reserve(qsizetype(roots.size()));
    for (document::NodeIndex root : roots)
        top.push_back(make(root));
    m_tree->addTopLevelItems(top);
    m_tree->expandAll();
    m_updating = false;
    if (!m_filter->text().trimmed().isEmpty()) // new items are all shown: only a filter hides any
        applyFilter();
}

QIcon SceneTreePanel::badgeOf(const QColor& color, const QString& letter)
{
    const QString key = color.name(QColor::HexArgb) + letter;
    auto it = m_badges.find(key);
    if (it == m_badges.end())
        it = m_badges.insert(key, badge(color, letter));
    return *it;
}

void SceneTreePanel::setSelectedNodes(const std::vector<document::NodeIndex>& nodes,
                                      std::optional<document::NodeIndex> current)
{
    m_updating = true;
    auto itemOf = [this](document::NodeIndex node) {
        return node < m_items.size() ? m_items[node] : nullptr;
    };
    QTreeWidgetItem* currentItem = current ? itemOf(*current) : nullptr;
    m_tree->setCurrentItem(currentItem, 0, QItemSelectionModel::NoUpdate);
    m_tree->clearSelection();
    for (document::NodeIndex node : nodes)
        if (QTreeWidgetItem* item = itemOf(node))
            item->setSelected(true);
    if (currentItem)
        m_tree->scrollToItem(currentItem);
    m_updating = false;
}

std::optional<document::NodeIndex> SceneTreePanel::currentNode() const
{
    QTreeWidgetItem* item = m_tree->currentItem();
    if (!item || !item->isSelected())
        return std::nullopt;
    return document::NodeIndex(item->data(0, Qt::UserRole).toULongLong());
}

std::vector<document::NodeIndex> SceneTreePanel::selectedNodes() const
{
    std::vector<document::NodeIndex> nodes;
    for (size_t i = 0; i < m_items.size(); ++i)
        if (m_items[i] && m_items[i]->isSelected())
            nodes.push_back(i);
    return nodes;
}

void SceneTreePanel::applyFilter()
{
    const QString text = m_filter->text().trimmed();
    // A node stays visible when it matches or one of its descendants does, so matches keep their context.
    std::function<bool(QTreeWidgetItem*)> visit = [&](QTreeWidgetItem* item) {
        bool any = text.isEmpty() || item->text(0).contains(text, Qt::CaseInsensitive);
        for (int i = 0; i < item->childCount(); ++i)
            any = visit(item->child(i)) || any;
        item->setHidden(!any);
        return any;
    };
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
        visit(m_tree->topLevelItem(i));
}

SceneTreePanel::~SceneTreePanel()
{
    disconnectChildrenFrom(this);
}

bool SceneTreePanel::dropParentAt(const QPoint& pos, std::optional<document::NodeIndex>& parent) const
{
    QTreeWidgetItem* item = m_tree->itemAt(pos);
    if (!item) {
        parent.reset();
        return true;
    }
    const QRect row = m_tree->visualItemRect(item);
    const int edge = std::max(2, row.height() / 4);
    const bool onItem = pos.y() >= row.top() + edge && pos.y() <= row.bottom() - edge;
    QTreeWidgetItem* target = onItem ? item : item->parent();
    if (!target) {
        parent.reset();
        return true;
    }
    parent = document::NodeIndex(target->data(0, Qt::UserRole).toULongLong());
    return true;
}

void SceneTreePanel::dropSelectionAt(const QPoint& pos)
{
    std::optional<document::NodeIndex> parent;
    const std::vector<document::NodeIndex> nodes = selectedNodes();
    if (!nodes.empty() && dropParentAt(pos, parent))
        emit reparentRequested(nodes, parent);
}

bool SceneTreePanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_tree->viewport() && event->type() == QEvent::Drop) {
        auto* drop = static_cast<QDropEvent*>(event);
        // Rows of this tree only: a drop from elsewhere is not a reparent.
        if (drop->source() == m_tree)
            dropSelectionAt(drop->position().toPoint());
        // The tree never moves items itself: what it shows comes from the document.
        drop->setDropAction(Qt::IgnoreAction);
        drop->accept();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace cs::ui
