#include "MainWindowNodes.h"

#include "DiagnosticText.h"
#include "MainWindow.h"
#include "document/NodeOperations.h"
#include "panels/SceneTreePanel.h"
#include "tools/GizmoController.h"

#include <QAction>
#include <QActionGroup>
#include <QDoubleSpinBox>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QToolBar>
#include <QTreeWidget>
#include <tuple>

namespace cs::ui {

namespace {

bool dialogsAllowed()
{
    return qEnvironmentVariableIsEmpty("CS_NO_DIALOGS");
}

QString listed(const Diagnostics& diagnostics)
{
    return QString::fromStdString(formatDiagnostics(diagnostics));
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
    connect(window->sceneTree(), &SceneTreePanel::reparentRequested, this, &NodeMenu::reparent);

    m_gizmo = new GizmoController(window->viewport(), this);
    m_gizmo->setObjectName(QStringLiteral("gizmo"));
    connect(window, &MainWindow::sceneShown, m_gizmo, [this] { m_gizmo->setDocument(m_window->document()); });
    addTransformTools(make);
}

void NodeMenu::addTransformTools(
    const std::function<QAction*(const QString&, const QString&, const QKeySequence&)>& make)
{
    // Move / Rotate / Scale (W, E, R as in most 3D editors), in the Node menu and a Transform toolbar with
    // the steps that Ctrl snaps to.
    m_menu->addSeparator();
    QToolBar* bar = m_window->addToolBar(tr("Transform"));
    bar->setObjectName(QStringLiteral("transformToolBar"));
    auto* group = new QActionGroup(this);
    const std::tuple<GizmoController::Tool, const char*, QString, Qt::Key> tools[] = {
        {GizmoController::Tool::Move, "actionToolMove", tr("&Move Tool"), Qt::Key_W},
        {GizmoController::Tool::Rotate, "actionToolRotate", tr("R&otate Tool"), Qt::Key_E},
        {GizmoController::Tool::Scale, "actionToolScale", tr("&Scale Tool"), Qt::Key_R}};
    for (const auto& [tool, name, text, key] : tools) {
        QAction* a = make(QString::fromLatin1(name), text, QKeySequence(key));
        a->setCheckable(true);
        a->setChecked(tool == GizmoController::Tool::Move);
        group->addAction(a);
        m_menu->addAction(a);
        bar->addAction(a);
        connect(a, &QAction::triggered, m_gizmo, [this, tool = tool] { m_gizmo->setTool(tool); });
    }
    QAction* local = make(QStringLiteral("actionGizmoLocal"), tr("&Local Axes"), QKeySequence(Qt::Key_L));
    local->setCheckable(true);
    local->setToolTip(tr("Move and rotate along the node's own axes instead of the world's"));
    connect(local, &QAction::toggled, m_gizmo, &GizmoController::setLocalAxes);
    m_menu->addAction(local);
    bar->addAction(local);
    bar->addSeparator();
    auto* grid = new QDoubleSpinBox(bar);
    grid->setObjectName(QStringLiteral("gridStep"));
    grid->setToolTip(tr("Grid step that moves and shape handles snap to while Ctrl is held"));
    grid->setDecimals(3);
    grid->setRange(0.001, 100.0);
    grid->setSingleStep(0.05);
    grid->setSuffix(tr(" m"));
    grid->setValue(m_gizmo->gridStep());
    connect(grid, &QDoubleSpinBox::valueChanged, m_gizmo, &GizmoController::setGridStep);
    bar->addWidget(grid);
    auto* angle = new QDoubleSpinBox(bar);
    angle->setObjectName(QStringLiteral("angleStep"));
    angle->setToolTip(tr("Angle step that rotations snap to while Ctrl is held"));
    angle->setDecimals(1);
    angle->setRange(0.1, 180.0);
    angle->setSuffix(QStringLiteral("\u00b0"));
    angle->setValue(m_gizmo->angleStep());
    connect(angle, &QDoubleSpinBox::valueChanged, m_gizmo, &GizmoController::setAngleStep);
    bar->addWidget(angle);
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

void NodeMenu::reparent(const std::vector<document::NodeIndex>& nodes,
                        std::optional<document::NodeIndex> parent)
{
    document::Document* doc = m_window->document();
    if (!doc)
        return;
    const Diagnostics result = document::reparentNodes(*doc, nodes, parent);
    if (hasErrors(result)) {
        m_window->statusBar()->showMessage(tr("Not moved: %1").arg(listed(result)), 8000);
        if (dialogsAllowed())
            QMessageBox::warning(m_window, tr("Reparent"), listed(result));
    } else if (!result.empty()) {
        m_window->statusBar()->showMessage(listed(result), 8000);
    }
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
