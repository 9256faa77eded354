#include "MainWindowNodes.h"

#include "MainWindow.h"
#include "document/NodeOperations.h"
#include "panels/SceneTreePanel.h"
#include "viewport/GizmoController.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTreeWidget>

namespace cs::ui {

namespace {

bool dialogsAllowed()
{
    return qEnvironmentVariableIsEmpty("CS_NO_DIALOGS");
}

QString listed(const Diagnostics& diagnostics)
{
    QStringList lines;
    for (const Diagnostic& d : diagnostics)
        lines << QString::fromStdString(formatDiagnostic(d));
    return lines.join(QLatin1Char('\n'));
}

} // namespace

NodeMenu::NodeMenu(MainWindow* window) : QObject(window), m_window(window)
{
    m_menu = window->menuBar()->addMenu(tr("&Node"));
    m_menu->setObjectName(QStringLiteral("menuNode"));
    auto make = [this](const QString& name, const QString& text, const QKeySequence& shortcut = {}) {
        auto* a = new QAction(text, m_window);
        a->setObjectName(name);
        if (!shortcut.isEmpty())
            a->setShortcut(shortcut);
        return a;
    };
    const std::pair<physics::ShapeType, QString> types[] = {{physics::ShapeType::Box, tr("&Box")},
                                                            {physics::ShapeType::Sphere, tr("&Sphere")},
                                                            {physics::ShapeType::Capsule, tr("&Capsule")},
                                                            {physics::ShapeType::Cylinder, tr("C&ylinder")}};
    for (const bool trigger : {false, true}) {
        QMenu* sub = m_menu->addMenu(trigger ? tr("Add Empty &Trigger") : tr("Add Empty &Collider"));
        sub->setObjectName(trigger ? QStringLiteral("menuAddEmptyTrigger")
                                   : QStringLiteral("menuAddEmptyCollider"));
        for (const auto& [type, text] : types) {
            QString name = QString::fromLatin1(physics::shapeTypeName(type));
            name[0] = name[0].toUpper();
            QAction* a = make((trigger ? QStringLiteral("actionAddEmptyTrigger")
                                       : QStringLiteral("actionAddEmptyCollider")) +
                                  name,
                              text);
            connect(a, &QAction::triggered, this,
                    [this, trigger, type = type] { addEmpty(trigger, int(type)); });
            sub->addAction(a);
        }
    }
    m_menu->addSeparator();
    QAction* duplicate =
        make(QStringLiteral("actionDuplicateNode"), tr("&Duplicate"), QKeySequence(Qt::CTRL | Qt::Key_D));
    connect(duplicate, &QAction::triggered, this, &NodeMenu::duplicate);
    m_menu->addAction(duplicate);
    QAction* rename = make(QStringLiteral("actionRenameNode"), tr("&Rename"), QKeySequence(Qt::Key_F2));
    connect(rename, &QAction::triggered, this, &NodeMenu::rename);
    m_menu->addAction(rename);
    QAction* remove = make(QStringLiteral("actionDeleteNode"), tr("De&lete Node"),
                           QKeySequence(Qt::SHIFT | Qt::Key_Delete));
    remove->setToolTip(tr("Delete the selected nodes and everything below them"));
    connect(remove, &QAction::triggered, this, &NodeMenu::removeNodes);
    m_menu->addAction(remove);

    connect(window->sceneTree()->tree(), &QTreeWidget::itemChanged, this, &NodeMenu::onItemChanged);

    m_gizmo = new GizmoController(window->viewport(), this);
    m_gizmo->setObjectName(QStringLiteral("gizmo"));
    connect(window, &MainWindow::sceneShown, m_gizmo, [this] { m_gizmo->setDocument(m_window->document()); });
}

void NodeMenu::addEmpty(bool trigger, int shapeType)
{
    document::Document* doc = m_window->document();
    if (!doc)
        return;
    document::EmptyShapeNode options;
    options.trigger = trigger;
    options.type = static_cast<physics::ShapeType>(shapeType);
    if (const auto current = m_window->currentNode()) {
        const geometry::Mat4d world = document::nodeWorldMatrix(*doc, *current);
        options.position = {world(0, 3), world(1, 3), world(2, 3)};
    } else {
        options.position = geometry::Vec3d(m_window->viewport()->camera().target());
    }
    const Result<document::NodeIndex> added = document::addEmptyShapeNode(*doc, options);
    if (added)
        m_window->selectNode(*added);
}

void NodeMenu::duplicate()
{
    document::Document* doc = m_window->document();
    if (!doc)
        return;
    const std::vector<document::NodeIndex> copies = document::duplicateNodes(*doc, doc->selectedNodes());
    if (!copies.empty())
        m_window->selectNodes(copies);
}

void NodeMenu::rename()
{
    QTreeWidget* tree = m_window->sceneTree()->tree();
    QTreeWidgetItem* item = tree->currentItem();
    if (!m_window->document() || !item)
        return;
    item->setFlags(item->flags() | Qt::ItemIsEditable);
    m_renaming = item;
    tree->setFocus();
    tree->editItem(item, 0);
}

void NodeMenu::onItemChanged(QTreeWidgetItem* item, int column)
{
    if (item != m_renaming || column != 0)
        return;
    m_renaming = nullptr;
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    if (document::Document* doc = m_window->document()) {
        const auto node = document::NodeIndex(item->data(0, Qt::UserRole).toULongLong());
        document::renameNode(*doc, node, item->text(0).toStdString());
    }
}

void NodeMenu::removeNodes()
{
    document::Document* doc = m_window->document();
    if (!doc || doc->selectedNodes().empty())
        return;
    const std::vector<document::NodeIndex> nodes = doc->selectedNodes();
    const Diagnostics problems = document::deletionProblems(*doc, nodes);
    if (hasErrors(problems)) {
        if (dialogsAllowed())
            QMessageBox::warning(m_window, tr("Delete Node"),
                                 tr("The nodes cannot be deleted:\n%1").arg(listed(problems)));
        m_window->statusBar()->showMessage(tr("Not deleted: %1").arg(listed(problems)), 10000);
        return;
    }
    if (!problems.empty() && dialogsAllowed() &&
        QMessageBox::question(m_window, tr("Delete Node"),
                              tr("Deleting also changes this:\n%1\n\nDelete?").arg(listed(problems))) !=
            QMessageBox::Yes)
        return;
    const Result<size_t> done = document::deleteNodes(*doc, nodes);
    if (done && !done.diagnostics.empty())
        m_window->statusBar()->showMessage(listed(done.diagnostics), 10000);
}

} // namespace cs::ui
