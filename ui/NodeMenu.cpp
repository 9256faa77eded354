#include "NodeMenu.h"

#include "ActionTable.h"
#include "DocumentSession.h"
#include "Prompter.h"
#include "document/NodeEdits.h"
#include "gltf/NodeLabel.h"
#include "panels/SceneTreePanel.h"
#include "scene/ViewPlacement.h"
#include "tools/GizmoController.h"
#include "viewport/Viewport.h"
#include "widgets/EntrySpinBox.h"

#include <QAction>
#include <QActionGroup>
#include <QDoubleSpinBox>
#include <QMenu>
#include <QStatusBar>
#include <QToolBar>
#include <QTreeWidget>
#include <tuple>

namespace cs::ui {

namespace {

QString listed(const Diagnostics& diagnostics)
{
    QStringList lines;
    for (const Diagnostic& d : diagnostics)
        lines << QString::fromStdString(formatDiagnostic(d));
    return lines.join(QLatin1Char('\n'));
}

} // namespace

NodeMenu::NodeMenu(DocumentSession& session, ActionTable& actions, SceneTreePanel* tree, Viewport* viewport,
                   QStatusBar* status, QWidget* window)
    : QObject(window), m_session(session), m_tree(tree), m_viewport(viewport), m_status(status)
{
    m_menu = new QMenu(tr("&Node"), window);
    m_menu->setObjectName(QStringLiteral("menuNode"));
    addNodeActions(actions);
    connect(tree->tree(), &QTreeWidget::itemChanged, this, &NodeMenu::onItemChanged);
    connect(tree, &SceneTreePanel::reparentRequested, this, &NodeMenu::reparent);

    m_gizmo = new GizmoController(viewport, this);
    m_gizmo->setObjectName(QStringLiteral("gizmo"));
    connect(&session, &DocumentSession::documentReplaced, m_gizmo, &GizmoController::setDocument);
    addTransformTools(actions, window);
}

void NodeMenu::addNodeActions(ActionTable& actions)
{
    const std::tuple<physics::ShapeType, QString, ActionId, ActionId> types[] = {
        {physics::ShapeType::Box, tr("&Box"), ActionId::AddEmptyColliderBox, ActionId::AddEmptyTriggerBox},
        {physics::ShapeType::Sphere, tr("&Sphere"), ActionId::AddEmptyColliderSphere,
         ActionId::AddEmptyTriggerSphere},
        {physics::ShapeType::Capsule, tr("&Capsule"), ActionId::AddEmptyColliderCapsule,
         ActionId::AddEmptyTriggerCapsule},
        {physics::ShapeType::Cylinder, tr("C&ylinder"), ActionId::AddEmptyColliderCylinder,
         ActionId::AddEmptyTriggerCylinder}};
    for (const bool trigger : {false, true}) {
        QMenu* sub = m_menu->addMenu(trigger ? tr("Add Empty &Trigger") : tr("Add Empty &Collider"));
        sub->setObjectName(trigger ? QStringLiteral("menuAddEmptyTrigger")
                                   : QStringLiteral("menuAddEmptyCollider"));
        for (const auto& [type, text, colliderId, triggerId] : types) {
            QString name = QString::fromLatin1(physics::shapeTypeName(type));
            name[0] = name[0].toUpper();
            const QByteArray objectName = ((trigger ? QStringLiteral("actionAddEmptyTrigger")
                                                    : QStringLiteral("actionAddEmptyCollider")) +
                                           name)
                                              .toLatin1();
            const int shapeType = int(type);
            sub->addAction(actions.add({trigger ? triggerId : colliderId,
                                        objectName.constData(),
                                        text,
                                        {},
                                        [this, trigger, shapeType] { addEmpty(trigger, shapeType); }}));
        }
    }
    m_menu->addSeparator();
    m_menu->addAction(actions.add({ActionId::DuplicateNode, "actionDuplicateNode", tr("&Duplicate"),
                                   QKeySequence(Qt::CTRL | Qt::Key_D), [this] { duplicate(); }}));
    m_menu->addAction(actions.add({ActionId::RenameNode, "actionRenameNode", tr("&Rename"),
                                   QKeySequence(Qt::Key_F2), [this] { rename(); }}));
    m_menu->addAction(actions.add({ActionId::DeleteNode,
                                   "actionDeleteNode",
                                   tr("De&lete Node"),
                                   QKeySequence(Qt::SHIFT | Qt::Key_Delete),
                                   [this] { removeNodes(); },
                                   {},
                                   tr("Delete the selected nodes and everything below them")}));
}

void NodeMenu::addTransformTools(ActionTable& actions, QWidget* window)
{
    // Move / Rotate / Scale (W, E, R as in most 3D editors), in the Node menu and a Transform toolbar with
    // the steps that Ctrl snaps to.
    m_menu->addSeparator();
    m_toolBar = new QToolBar(tr("Transform"), window);
    m_toolBar->setObjectName(QStringLiteral("transformToolBar"));
    QToolBar* bar = m_toolBar;
    auto* group = new QActionGroup(this);
    const std::tuple<GizmoController::Tool, ActionId, const char*, QString, Qt::Key> tools[] = {
        {GizmoController::Tool::Move, ActionId::ToolMove, "actionToolMove", tr("&Move Tool"), Qt::Key_W},
        {GizmoController::Tool::Rotate, ActionId::ToolRotate, "actionToolRotate", tr("R&otate Tool"),
         Qt::Key_E},
        {GizmoController::Tool::Scale, ActionId::ToolScale, "actionToolScale", tr("&Scale Tool"), Qt::Key_R}};
    for (const auto& [tool, id, name, text, key] : tools) {
        const GizmoController::Tool which = tool;
        QAction* a = actions.add({id,
                                  name,
                                  text,
                                  QKeySequence(key),
                                  [this, which] { m_gizmo->setTool(which); },
                                  {},
                                  {},
                                  tool == GizmoController::Tool::Move});
        group->addAction(a);
        m_menu->addAction(a);
        bar->addAction(a);
    }
    QAction* local = actions.add({ActionId::GizmoLocal,
                                  "actionGizmoLocal",
                                  tr("&Local Axes"),
                                  QKeySequence(Qt::Key_L),
                                  {},
                                  {},
                                  tr("Move and rotate along the node's own axes instead of the world's"),
                                  false,
                                  [this](bool on) { m_gizmo->setLocalAxes(on); }});
    m_menu->addAction(local);
    bar->addAction(local);
    bar->addSeparator();
    auto* grid = new DecimalSpinBox(bar);
    grid->setObjectName(QStringLiteral("gridStep"));
    grid->setToolTip(tr("Grid step that moves and shape handles snap to while Ctrl is held"));
    grid->setDecimals(3);
    grid->setRange(0.001, 100.0);
    grid->setSingleStep(0.05);
    grid->setSuffix(tr(" m"));
    grid->setValue(m_gizmo->gridStep());
    connect(grid, &QDoubleSpinBox::valueChanged, m_gizmo, &GizmoController::setGridStep);
    bar->addWidget(grid);
    auto* angle = new DecimalSpinBox(bar);
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
    document::Document* doc = m_session.document();
    if (!doc)
        return;
    document::EmptyShapeNode options;
    options.trigger = trigger;
    options.type = static_cast<physics::ShapeType>(shapeType);
    // Where the user looks, so that it is in view: the current node's origin may be anywhere (a level's
    // root lies under its floor), and so may the orbit focus when a surface is in front of it.
    const OrbitCamera& camera = m_viewport->camera();
    const LoadedScene* scene = m_session.scene();
    options.position = geometry::Vec3d(
        scene ? scene::pointUnderView(scene->picking, camera.position(), camera.forward(), camera.target())
              : camera.target());
    const Result<document::NodeIndex> added = document::addEmptyShapeNode(*doc, options);
    if (!added) {
        m_status->showMessage(tr("Not added: %1").arg(listed(added.diagnostics)), 10000);
        return;
    }
    m_session.selectNode(*added);
    const geometry::Vec3d& at = options.position;
    m_status->showMessage(tr("Added %1 at (%2, %3, %4) m")
                              .arg(QString::fromStdString(gltf::nodeLabel(doc->gltf(), *added)))
                              .arg(at.x, 0, 'g', 4)
                              .arg(at.y, 0, 'g', 4)
                              .arg(at.z, 0, 'g', 4),
                          8000);
}

void NodeMenu::reparent(const std::vector<document::NodeIndex>& nodes,
                        std::optional<document::NodeIndex> parent)
{
    document::Document* doc = m_session.document();
    if (!doc)
        return;
    const Diagnostics result = document::reparentNodes(*doc, nodes, parent);
    if (hasErrors(result)) {
        m_status->showMessage(tr("Not moved: %1").arg(listed(result)), 8000);
        m_session.prompter().reportError(tr("Reparent"), listed(result));
    } else if (!result.empty()) {
        m_status->showMessage(listed(result), 8000);
    }
}

void NodeMenu::duplicate()
{
    document::Document* doc = m_session.document();
    if (!doc)
        return;
    const std::vector<document::NodeIndex> copies = document::duplicateNodes(*doc, doc->selectedNodes());
    if (!copies.empty())
        m_session.selectNodes(copies);
}

void NodeMenu::rename()
{
    QTreeWidget* tree = m_tree->tree();
    QTreeWidgetItem* item = tree->currentItem();
    if (!m_session.document() || !item)
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
    if (document::Document* doc = m_session.document()) {
        const auto node = document::NodeIndex(item->data(0, Qt::UserRole).toULongLong());
        document::renameNode(*doc, node, item->text(0).toStdString());
    }
}

void NodeMenu::removeNodes()
{
    document::Document* doc = m_session.document();
    if (!doc || doc->selectedNodes().empty())
        return;
    const std::vector<document::NodeIndex> nodes = doc->selectedNodes();
    const Diagnostics problems = document::deletionProblems(*doc, nodes);
    if (hasErrors(problems)) {
        m_session.prompter().reportError(tr("Delete Node"),
                                         tr("The nodes cannot be deleted:\n%1").arg(listed(problems)));
        m_status->showMessage(tr("Not deleted: %1").arg(listed(problems)), 10000);
        return;
    }
    if (!problems.empty() &&
        !m_session.prompter().confirmDelete(
            tr("Delete Node"), tr("Deleting also changes this:\n%1\n\nDelete?").arg(listed(problems))))
        return;
    const Result<size_t> done = document::deleteNodes(*doc, nodes);
    if (done && !done.diagnostics.empty())
        m_status->showMessage(listed(done.diagnostics), 10000);
}

} // namespace cs::ui
