#include "WindowMenus.h"

#include "ActionTable.h"
#include "DocumentSession.h"
#include "HelpGuide.h"
#include "StatusLine.h"
#include "TargetExporter.h"
#include "ToolDialogs.h"
#include "ViewController.h"
#include "document/ColliderEdits.h"
#include "document/ComponentEdits.h"
#include "panels/AddColliderMenu.h"
#include "panels/SceneTreePanel.h"
#include "targets/Target.h"
#include "viewport/Viewport.h"

#include <QAction>
#include <QApplication>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QToolBar>
#include <QTreeWidget>
#include <QUndoGroup>
#include <algorithm>
#include <tuple>
#include <utility>

namespace cs::ui {

using document::NodeIndex;

WindowMenus::WindowMenus(const MenuContext& context, QWidget* window)
    : QObject(window), m_context(context), m_window(window)
{
    createFileMenu();
    createEditMenu();
    createPhysicsMenu();
    createViewMenu();
    createHelpMenu();
    createToolBar();
    connect(&context.session, &DocumentSession::recentFilesChanged, this, &WindowMenus::updateRecentMenu);
    connect(&context.view, &ViewController::selectionShown, this, &WindowMenus::updateEditActions);
    // The submenu takes the document when it opens; the one going away is let go at once.
    connect(&context.session, &DocumentSession::documentReplaced, this,
            [this] { m_addCollider->setDocument(nullptr); });
    m_context.tree->tree()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_context.tree->tree(), &QWidget::customContextMenuRequested, this,
            &WindowMenus::showTreeContextMenu);
}

void WindowMenus::createFileMenu()
{
    DocumentSession& session = m_context.session;
    ActionTable& actions = m_context.actions;
    m_file = new QMenu(tr("&File"), m_window);
    m_file->addAction(actions.add({ActionId::Open, "actionOpen", tr("&Open..."), QKeySequence::Open,
                                   [&session] { session.chooseAndOpen(); }}));
    m_file->addAction(
        actions.add({ActionId::Import,
                     "actionImport",
                     tr("&Import..."),
                     QKeySequence(Qt::CTRL | Qt::Key_I),
                     [&session] { session.chooseAndImport(); },
                     {},
                     tr("Open an FBX, OBJ, DAE, STL, PLY or other asset as a new glTF document")}));
    m_recent = m_file->addMenu(tr("Open &Recent"));
    m_recent->setObjectName(QStringLiteral("menuRecent"));
    updateRecentMenu();
    m_file->addSeparator();
    m_file->addAction(actions.add(
        {ActionId::Save, "actionSave", tr("&Save"), QKeySequence::Save, [&session] { session.save(); }}));
    m_file->addAction(actions.add({ActionId::SaveAs, "actionSaveAs", tr("Save &As..."), QKeySequence::SaveAs,
                                   [&session] { session.chooseAndSaveAs(); }}));
    createExportForMenu();
    m_file->addSeparator();
    m_file->addAction(actions.add(
        {ActionId::Quit, "actionQuit", tr("&Quit"), QKeySequence::Quit, [this] { m_window->close(); }}));
}

/// File > Export For: one entry per target; each writes a copy as that engine reads it best.
void WindowMenus::createExportForMenu()
{
    m_exporter = new TargetExporter(m_context.session.prompter(), this);
    connect(m_exporter, &TargetExporter::statusMessage, this, &WindowMenus::statusMessage);
    if (auto* main = qobject_cast<QMainWindow*>(m_window)) {
        // Stop beside the "Exporting for..." line while an export runs (a decomposition can take minutes).
        QPushButton* stop =
            addStatusButton(main->statusBar(), tr("Stop Export"), QStringLiteral("stopExport"));
        connect(stop, &QPushButton::clicked, m_exporter, &TargetExporter::cancel);
        connect(m_exporter, &TargetExporter::runningChanged, stop, &QWidget::setVisible);
    }
    QMenu* exportFor = m_file->addMenu(tr("&Export For"));
    exportFor->setObjectName(QStringLiteral("menuExportFor"));
    exportFor->setToolTip(tr("Write a copy of the file as an engine reads it best (upgrade --target)"));
    for (const targets::Target& target : targets::allTargets()) {
        const QString name = QString::fromStdString(target.name);
        QAction* a = exportFor->addAction(name + QStringLiteral("..."));
        a->setObjectName(QStringLiteral("actionExportFor_") + name);
        a->setToolTip(QString::fromStdString(target.engine + ": " + target.reads));
        connect(a, &QAction::triggered, this, [this, &target] {
            const document::Document* document = m_context.session.document();
            if (!document)
                return;
            m_exporter->start(*document, target);
        });
    }
    connect(exportFor, &QMenu::aboutToShow, this, [this, exportFor] {
        for (QAction* a : exportFor->actions())
            a->setEnabled(m_context.session.document() != nullptr);
    });
}

void WindowMenus::createEditMenu()
{
    ActionTable& actions = m_context.actions;
    m_edit = new QMenu(tr("&Edit"), m_window);
    QAction* undo =
        actions.adopt(ActionId::Undo, m_context.undoGroup->createUndoAction(m_window, tr("&Undo")));
    undo->setObjectName(QStringLiteral("actionUndo"));
    undo->setShortcut(QKeySequence::Undo);
    m_edit->addAction(undo);
    QAction* redo =
        actions.adopt(ActionId::Redo, m_context.undoGroup->createRedoAction(m_window, tr("&Redo")));
    redo->setObjectName(QStringLiteral("actionRedo"));
    redo->setShortcut(QKeySequence::Redo);
    m_edit->addAction(redo);
    m_edit->addSeparator();
    DocumentSession& session = m_context.session;
    m_edit->addAction(
        actions.add({ActionId::Delete, "actionDelete", tr("&Delete Physics of Node"), QKeySequence::Delete,
                     [&session] {
                         if (document::Document* doc = session.document())
                             document::removePhysics(*doc, doc->selectedNodes());
                     },
                     [&session] {
                         const document::Document* doc = session.document();
                         const std::vector<NodeIndex> nodes = session.selectedNodes();
                         return std::any_of(nodes.begin(), nodes.end(), [doc](NodeIndex n) {
                             const physics::NodePhysics* p = doc->model().node(n);
                             return p && !p->empty();
                         });
                     },
                     tr("Remove the motion, collider and trigger of the selected node")}));
}

void WindowMenus::updateEditActions()
{
    m_context.actions.updateEnabled({ActionId::Delete});
}

void WindowMenus::createPhysicsMenu()
{
    DocumentSession& session = m_context.session;
    ToolDialogs& tools = m_context.tools;
    ActionTable& actions = m_context.actions;
    m_physics = new QMenu(tr("&Physics"), m_window);
    m_physics->setObjectName(QStringLiteral("menuPhysics"));
    m_addCollider = new AddColliderMenu(m_window);
    m_addCollider->setObjectName(QStringLiteral("menuAddCollider"));
    m_physics->addMenu(m_addCollider);
    connect(m_addCollider, &QMenu::aboutToShow, this, &WindowMenus::prepareAddColliderMenu);
    connect(m_addCollider, &AddColliderMenu::hullDialogRequested, this,
            [&tools](NodeIndex node) { tools.openHullDialog(node); });
    connect(m_addCollider, &AddColliderMenu::colliderAdded, this,
            [&session](size_t, size_t colliderNode) { session.selectNode(colliderNode); });
    connect(m_addCollider, &AddColliderMenu::added, this, &WindowMenus::statusMessage);
    connect(m_addCollider, &AddColliderMenu::addFailed, this,
            [this](const QString& why) { emit statusMessage(tr("No collider added: %1").arg(why)); });
    // Session and nodes are asked when the menu opens (enabledWhen).
    const auto hasDocument = [&session] { return session.document() != nullptr; };
    const auto hasCurrent = [&session] { return session.currentNode().has_value(); };
    const ActionSpec specs[] = {
        {ActionId::HullDialog, "actionHullDialog", tr("Generate Convex &Hull..."),
         QKeySequence(Qt::CTRL | Qt::Key_H),
         [&session, &tools] { tools.openHullDialog(session.currentNode()); }, hasCurrent,
         tr("A convex hull of at most 255 points around the selected node's mesh, previewed first")},
        {ActionId::DecomposeDialog,
         "actionDecomposeDialog",
         tr("&Decompose into Convex Parts..."),
         {},
         [&tools] { tools.openDecomposeDialog(); },
         hasDocument,
         tr("Split the selected concave meshes into a few capped convex parts, previewed first")},
        {ActionId::AddColliders,
         "actionAddColliders",
         tr("Add Colliders to &All Meshes..."),
         {},
         [&tools] { tools.openAddCollidersDialog(); },
         hasDocument},
        {ActionId::AddSimplified,
         "actionAddSimplified",
         tr("Add &Simplified Mesh Collider..."),
         {},
         [&tools] { tools.openSimplifiedColliderDialog(); },
         hasCurrent,
         tr("A triangle mesh collider over a simplified copy of the selected meshes, within a largest error "
            "you choose")},
        {ActionId::AddRagdoll,
         "actionAddRagdoll",
         tr("Add &Ragdoll..."),
         {},
         [&tools] { tools.openRagdollDialog(); },
         hasDocument,
         tr("A body per bone of the skinned character and limited joints between them, previewed first")}};
    for (const ActionSpec& spec : specs)
        m_physics->addAction(actions.add(spec));
    m_physics->addSeparator();
    m_physics->addAction(
        actions.add({ActionId::UpgradeLegacy,
                     "actionUpgradeLegacy",
                     tr("&Upgrade Legacy Physics"),
                     {},
                     [this, &session] {
                         if (session.document() && document::upgradeLegacy(*session.document()))
                             emit statusMessage(tr("The physics will be saved in the newest OMI form"));
                     },
                     [&session] {
                         const document::Document* doc = session.document();
                         return doc && doc->isLegacy() && !doc->physicsEdited();
                     },
                     tr("Write the physics in the newest OMI form when the file is saved")}));
    connect(m_physics, &QMenu::aboutToShow, this, [this] {
        m_context.actions.updateEnabled({ActionId::HullDialog, ActionId::DecomposeDialog,
                                         ActionId::AddColliders, ActionId::AddSimplified,
                                         ActionId::AddRagdoll, ActionId::UpgradeLegacy});
    });
}

void WindowMenus::createViewMenu()
{
    ActionTable& actions = m_context.actions;
    Viewport* viewport = m_context.view.viewport();
    m_view = new QMenu(tr("&View"), m_window);
    m_view->setObjectName(QStringLiteral("menuView"));
    createViewToggles();
    m_view->addSeparator();
    m_view->addAction(actions.add({ActionId::Xray,
                                   "actionXray",
                                   tr("&X-ray"),
                                   QKeySequence(Qt::ALT | Qt::Key_Z),
                                   {},
                                   {},
                                   {},
                                   false,
                                   [viewport](bool on) { viewport->setXray(on); }}));
    m_view->addAction(actions.add(
        {ActionId::ColourByShape,
         "actionColourByShape",
         tr("Colour Colliders by S&hape"),
         {},
         {},
         {},
         tr("Draw each collider in the colour of its shape's kind (box, sphere, capsule, cylinder, hull, "
            "mesh, plane) instead of its body's motion"),
         false,
         [this](bool on) { colourByShape(on); }}));
    m_view->addSeparator();
    m_view->addAction(actions.add({ActionId::FrameAll, "actionFrameAll", tr("Frame &All"),
                                   QKeySequence(Qt::Key_Home), [viewport] { viewport->frameAll(); }}));
    ViewController& view = m_context.view;
    m_view->addAction(actions.add({ActionId::FrameSelected, "actionFrameSelected", tr("Frame &Selected"),
                                   QKeySequence(Qt::Key_F), [&view] { view.frameSelection(); }}));
    const std::tuple<ActionId, const char*, QString, OrbitCamera::View> views[] = {
        {ActionId::ViewFront, "actionViewFront", tr("&Front"), OrbitCamera::View::Front},
        {ActionId::ViewRight, "actionViewRight", tr("&Right"), OrbitCamera::View::Right},
        {ActionId::ViewTop, "actionViewTop", tr("T&op"), OrbitCamera::View::Top},
        {ActionId::ViewIso, "actionViewIso", tr("&Isometric"), OrbitCamera::View::Iso}};
    for (const auto& [id, name, text, which] : views) {
        const OrbitCamera::View camera = which;
        m_view->addAction(
            actions.add({id, name, text, {}, [viewport, camera] { viewport->setView(camera); }}));
    }
    m_view->addSeparator();
}

void WindowMenus::colourByShape(bool on)
{
    m_context.view.setColourByShape(on);
    // By shape, the colliders are not in the motion layers the three switches show and hide.
    for (ActionId id : {ActionId::ShowStatic, ActionId::ShowKinematic, ActionId::ShowDynamic}) {
        QAction* action = m_context.actions.get(id);
        action->setEnabled(!on);
        action->setToolTip(on ? tr("Colliders are coloured by shape: turn off View > Colour Colliders by "
                                   "Shape to show or hide them by motion")
                              : QString()); // the default: the action's text
    }
}

void WindowMenus::createViewToggles()
{
    Viewport* viewport = m_context.view.viewport();
    ActionTable& actions = m_context.actions;
    struct LayerToggle
    {
        ActionId id;
        const char* name;
        QString text;
        bool on;
        std::vector<OverlayLayer> layers;
    };
    const auto add = [this, &actions, viewport](const LayerToggle& t) {
        m_view->addAction(
            actions.add({t.id, t.name, t.text, {}, {}, {}, {}, t.on, [viewport, list = t.layers](bool on) {
                             for (const OverlayLayer layer : list)
                                 viewport->setLayerVisible(layer, on);
                         }}));
    };
    m_view->addAction(actions.add(
        {ActionId::ShowMeshes, "actionShowMeshes", tr("&Meshes"), {}, {}, {}, {}, true, [viewport](bool on) {
             viewport->setMeshesVisible(on);
         }}));
    const LayerToggle colliders[] = {
        {ActionId::ShowStatic, "actionShowStatic", tr("&Static colliders"), true, {OverlayLayer::Static}},
        {ActionId::ShowKinematic,
         "actionShowKinematic",
         tr("&Kinematic colliders"),
         true,
         {OverlayLayer::Kinematic}},
        {ActionId::ShowDynamic, "actionShowDynamic", tr("&Dynamic colliders"), true, {OverlayLayer::Dynamic}},
        {ActionId::ShowTriggers, "actionShowTriggers", tr("&Triggers"), true, {OverlayLayer::Trigger}},
        {ActionId::ShowCenterOfMass,
         "actionShowCenterOfMass",
         tr("&Centres of mass"),
         false,
         {OverlayLayer::CenterOfMass}},
        {ActionId::ShowInertia, "actionShowInertia", tr("&Inertia boxes"), false, {OverlayLayer::Inertia}},
        {ActionId::ShowVelocity,
         "actionShowVelocity",
         tr("Initial &velocities"),
         false,
         {OverlayLayer::Velocity}}};
    for (const LayerToggle& t : colliders)
        add(t);
    m_view->addAction(actions.add(
        {ActionId::ShowJoints, "actionShowJoints", tr("&Joints"), {}, {}, {}, {}, true, [viewport](bool on) {
             viewport->setJointsVisible(on);
         }}));
    add({ActionId::ShowGrid, "actionShowGrid", tr("&Grid"), true, {OverlayLayer::Grid}});
    add({ActionId::ShowAxes,
         "actionShowAxes",
         tr("A&xes"),
         true,
         {OverlayLayer::AxisX, OverlayLayer::AxisY, OverlayLayer::AxisZ}});
}

void WindowMenus::addDockToggles(const QList<QAction*>& toggles)
{
    m_view->addActions(toggles);
}

void WindowMenus::createHelpMenu()
{
    m_help = new QMenu(tr("&Help"), m_window);
    m_help->setObjectName(QStringLiteral("menuHelp"));
    Viewport* viewport = m_context.view.viewport();
    m_help->addAction(m_context.actions.add({ActionId::Guide, "actionGuide", tr("Quick &Guide and Shortcuts"),
                                             QKeySequence::HelpContents,
                                             [this] { showGuide(m_window, m_context.actions); }}));
    m_help->addAction(m_context.actions.add(
        {ActionId::About, "actionAbout", tr("&About Collidoscope"), {}, [this, viewport] {
             QMessageBox::about(
                 m_window, tr("About Collidoscope"),
                 tr("<b>Collidoscope %1</b><p>Colliders, triggers and rigid "
                    "bodies of glTF assets: OMI_physics_body, "
                    "OMI_physics_shape and their Khronos successors.</p>"
                    "<p>%2</p>")
                     .arg(QApplication::applicationVersion(), viewport->rendererDescription()));
         }}));
}

void WindowMenus::createToolBar()
{
    m_toolBar = new QToolBar(tr("Main"), m_window);
    m_toolBar->setObjectName(QStringLiteral("MainToolBar"));
    const ActionTable& actions = m_context.actions;
    m_toolBar->addAction(actions.get(ActionId::Open));
    m_toolBar->addAction(actions.get(ActionId::Save));
    m_toolBar->addSeparator();
    // The toolbar's Undo and Redo keep one text (the command they would undo is in the menu and the
    // tooltip), so that the buttons after them do not move with every edit.
    for (const auto& [id, text] :
         {std::pair{ActionId::Undo, tr("Undo")}, std::pair{ActionId::Redo, tr("Redo")}}) {
        QAction* action = actions.get(id);
        action->setIconText(text);
        m_toolBar->addAction(action);
    }
    m_toolBar->addSeparator();
    m_toolBar->addAction(actions.get(ActionId::Xray));
    m_toolBar->addAction(actions.get(ActionId::FrameAll));
}

void WindowMenus::updateRecentMenu()
{
    m_recent->clear();
    const QStringList files = DocumentSession::recentFiles();
    for (const QString& f : files) {
        QAction* a = m_recent->addAction(QFileInfo(f).fileName());
        a->setToolTip(f);
        a->setData(f);
        connect(a, &QAction::triggered, this, [this, f] { m_context.session.openRecent(f); });
    }
    m_recent->setEnabled(!files.isEmpty());
}

void WindowMenus::prepareAddColliderMenu()
{
    m_addCollider->setDocument(m_context.session.document());
    m_addCollider->setNode(m_context.session.currentNode());
    m_addCollider->refresh();
}

void WindowMenus::showTreeContextMenu(const QPoint& position)
{
    DocumentSession& session = m_context.session;
    if (!session.document())
        return;
    QTreeWidget* tree = m_context.tree->tree();
    if (QTreeWidgetItem* item = tree->itemAt(position)) {
        const auto node = NodeIndex(item->data(0, Qt::UserRole).toULongLong());
        if (!session.document()->selection().contains(node))
            session.selectNode(node);
    }
    QMenu menu(m_window);
    prepareAddColliderMenu();
    menu.addMenu(m_addCollider);
    menu.addAction(m_context.actions.get(ActionId::HullDialog));
    menu.addSeparator();
    menu.addAction(m_context.actions.get(ActionId::Delete));
    m_context.actions.updateEnabled({ActionId::HullDialog});
    menu.exec(tree->viewport()->mapToGlobal(position));
}

} // namespace cs::ui
