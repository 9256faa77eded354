#include "MainWindow.h"
#include "MainWindowNodes.h"
#include "SimulationMenu.h"

// MainWindow: the menus, the toolbar and their actions, the tree's context menu and the tool dialogs.

#include "Autosave.h"
#include "FitHeatMap.h"
#include "dialogs/AddCollidersDialog.h"
#include "dialogs/DecomposeDialog.h"
#include "dialogs/HullDialog.h"
#include "document/Actions.h"
#include "document/ModelCommands.h"
#include "document/NodeActions.h"
#include "import/AssetImporter.h"
#include "panels/AddColliderMenu.h"
#include "panels/DiagnosticsPanel.h"
#include "panels/FiltersPanel.h"
#include "panels/MaterialsPanel.h"
#include "panels/PropertiesPanel.h"
#include "panels/SceneTreePanel.h"
#include "scene/Overlays.h"
#include "widgets/ChildSignals.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QTreeWidget>
#include <QUndoGroup>
#include <QUndoView>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <cmath>

namespace cs::ui {

using document::NodeIndex;

namespace {

QString importFilter()
{
    QStringList patterns;
    for (const std::string& ext : import::importableExtensions())
        patterns << QStringLiteral("*") + QString::fromStdString(ext);
    return QObject::tr("3D assets (%1);;All files (*)").arg(patterns.join(QLatin1Char(' ')));
}

} // namespace

void MainWindow::createActions()
{
    auto make = [this](const QString& name, const QString& text, const QKeySequence& shortcut = {}) {
        auto* a = new QAction(text, this);
        a->setObjectName(name);
        if (!shortcut.isEmpty())
            a->setShortcut(shortcut);
        return a;
    };

    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = make(QStringLiteral("actionOpen"), tr("&Open..."), QKeySequence::Open);
    connect(open, &QAction::triggered, this, &MainWindow::chooseAndOpen);
    file->addAction(open);
    QAction* importAction =
        make(QStringLiteral("actionImport"), tr("&Import..."), QKeySequence(Qt::CTRL | Qt::Key_I));
    importAction->setToolTip(tr("Open an FBX, OBJ, DAE, STL, PLY or other asset as a new glTF document"));
    connect(importAction, &QAction::triggered, this, [this] {
        if (!maybeSave())
            return;
        const QString path = QFileDialog::getOpenFileName(this, tr("Import"), QString(), importFilter());
        if (!path.isEmpty())
            openFile(path);
    });
    file->addAction(importAction);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("menuRecent"));
    updateRecentMenu();
    file->addSeparator();
    QAction* save = make(QStringLiteral("actionSave"), tr("&Save"), QKeySequence::Save);
    connect(save, &QAction::triggered, this, [this] {
        if (!m_document)
            return;
        if (m_untitled) {
            chooseAndSaveAs();
            return;
        }
        const QString path = QString::fromStdString(m_document->filePath().string());
        if (m_document->changedOnDisk() && qEnvironmentVariableIsEmpty("CS_NO_DIALOGS") &&
            QMessageBox::question(
                this, tr("File changed on disk"),
                tr("%1 was changed by another program since it was opened. Overwrite it?").arg(path)) !=
                QMessageBox::Yes)
            return;
        saveTo(path);
    });
    file->addAction(save);
    QAction* saveAs = make(QStringLiteral("actionSaveAs"), tr("Save &As..."), QKeySequence::SaveAs);
    connect(saveAs, &QAction::triggered, this, &MainWindow::chooseAndSaveAs);
    file->addAction(saveAs);
    file->addSeparator();
    QAction* quit = make(QStringLiteral("actionQuit"), tr("&Quit"), QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &QWidget::close);
    file->addAction(quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_undoGroup->createUndoAction(this, tr("&Undo"));
    undo->setObjectName(QStringLiteral("actionUndo"));
    undo->setShortcut(QKeySequence::Undo);
    edit->addAction(undo);
    QAction* redo = m_undoGroup->createRedoAction(this, tr("&Redo"));
    redo->setObjectName(QStringLiteral("actionRedo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction* remove =
        make(QStringLiteral("actionDelete"), tr("&Delete Physics of Node"), QKeySequence::Delete);
    remove->setToolTip(tr("Remove the motion, collider and trigger of the selected node"));
    connect(remove, &QAction::triggered, this, &MainWindow::removeSelectedPhysics);
    edit->addAction(remove);

    createPhysicsMenu();
    new NodeMenu(this);       // the Node menu (owned by the window)
    new SimulationMenu(this); // the Simulate menu, toolbar and events dock

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("menuView"));
    auto toggle = [&](const QString& name, const QString& text, bool on,
                      const std::function<void(bool)>& apply, const QKeySequence& shortcut = {}) {
        QAction* a = make(name, text, shortcut);
        a->setCheckable(true);
        a->setChecked(on);
        connect(a, &QAction::toggled, this, apply);
        apply(on);
        view->addAction(a);
        return a;
    };
    toggle(QStringLiteral("actionShowMeshes"), tr("&Meshes"), true,
           [this](bool on) { m_viewport->setMeshesVisible(on); });
    auto layerToggle = [&](const QString& name, const QString& text,
                           std::initializer_list<OverlayLayer> layers, bool on) {
        std::vector<OverlayLayer> list(layers);
        return toggle(name, text, on, [this, list](bool v) {
            for (OverlayLayer l : list)
                m_viewport->setLayerVisible(l, v);
        });
    };
    layerToggle(QStringLiteral("actionShowStatic"), tr("&Static colliders"), {OverlayLayer::Static}, true);
    layerToggle(QStringLiteral("actionShowKinematic"), tr("&Kinematic colliders"), {OverlayLayer::Kinematic},
                true);
    layerToggle(QStringLiteral("actionShowDynamic"), tr("&Dynamic colliders"), {OverlayLayer::Dynamic}, true);
    layerToggle(QStringLiteral("actionShowTriggers"), tr("&Triggers"), {OverlayLayer::Trigger}, true);
    layerToggle(QStringLiteral("actionShowCenterOfMass"), tr("&Centres of mass"),
                {OverlayLayer::CenterOfMass}, false);
    layerToggle(QStringLiteral("actionShowInertia"), tr("&Inertia boxes"), {OverlayLayer::Inertia}, false);
    layerToggle(QStringLiteral("actionShowVelocity"), tr("Initial &velocities"), {OverlayLayer::Velocity},
                false);
    toggle(QStringLiteral("actionShowJoints"), tr("&Joints"), true,
           [this](bool on) { m_viewport->setJointsVisible(on); });
    layerToggle(QStringLiteral("actionShowGrid"), tr("&Grid"), {OverlayLayer::Grid}, true);
    layerToggle(QStringLiteral("actionShowAxes"), tr("A&xes"),
                {OverlayLayer::AxisX, OverlayLayer::AxisY, OverlayLayer::AxisZ}, true);
    view->addSeparator();
    toggle(
        QStringLiteral("actionXray"), tr("&X-ray"), false, [this](bool on) { m_viewport->setXray(on); },
        QKeySequence(Qt::ALT | Qt::Key_Z));
    view->addSeparator();
    QAction* frameAll = make(QStringLiteral("actionFrameAll"), tr("Frame &All"), QKeySequence(Qt::Key_Home));
    connect(frameAll, &QAction::triggered, m_viewport, &Viewport::frameAll);
    view->addAction(frameAll);
    QAction* frameSelected =
        make(QStringLiteral("actionFrameSelected"), tr("Frame &Selected"), QKeySequence(Qt::Key_F));
    connect(frameSelected, &QAction::triggered, this, &MainWindow::frameSelection);
    view->addAction(frameSelected);
    for (auto [name, text, v] : {std::tuple{"actionViewFront", "&Front", OrbitCamera::View::Front},
                                 std::tuple{"actionViewRight", "&Right", OrbitCamera::View::Right},
                                 std::tuple{"actionViewTop", "T&op", OrbitCamera::View::Top},
                                 std::tuple{"actionViewIso", "&Isometric", OrbitCamera::View::Iso}}) {
        QAction* a = make(QString::fromLatin1(name), tr(text));
        const auto which = v;
        connect(a, &QAction::triggered, this, [this, which] { m_viewport->setView(which); });
        view->addAction(a);
    }
    view->addSeparator();
    view->addAction(m_treeDock->toggleViewAction());
    view->addAction(m_diagnosticsDock->toggleViewAction());
    view->addAction(m_historyDock->toggleViewAction());
    view->addAction(m_propertiesDock->toggleViewAction());
    view->addAction(m_materialsDock->toggleViewAction());
    view->addAction(m_filtersDock->toggleViewAction());
    m_fitHeatMap = new FitHeatMap(this); // View > Fit Heat Map and its tolerance

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* about = make(QStringLiteral("actionAbout"), tr("&About Collidoscope"));
    connect(about, &QAction::triggered, this, [this] {
        QMessageBox::about(
            this, tr("About Collidoscope"),
            tr("<b>Collidoscope %1</b><p>Colliders, triggers and rigid bodies of glTF assets: "
               "OMI_physics_body, OMI_physics_shape and their Khronos successors.</p><p>%2</p>")
                .arg(QApplication::applicationVersion(), m_viewport->rendererDescription()));
    });
    help->addAction(about);

    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("MainToolBar"));
    // First in the row, before the Transform and Simulation toolbars the menus above made.
    if (auto* first = findChild<QToolBar*>(QStringLiteral("transformToolBar")))
        insertToolBar(first, bar);
    bar->addAction(open);
    bar->addAction(save);
    bar->addSeparator();
    bar->addAction(undo);
    bar->addAction(redo);
    bar->addSeparator();
    bar->addAction(action(QStringLiteral("actionXray")));
    bar->addAction(frameAll);
}

void MainWindow::createPhysicsMenu()
{
    QMenu* physics = menuBar()->addMenu(tr("&Physics"));
    physics->setObjectName(QStringLiteral("menuPhysics"));
    m_addColliderMenu = new AddColliderMenu(this);
    m_addColliderMenu->setObjectName(QStringLiteral("menuAddCollider"));
    physics->addMenu(m_addColliderMenu);
    connect(m_addColliderMenu, &QMenu::aboutToShow, this, [this] {
        m_addColliderMenu->setDocument(m_document.get());
        m_addColliderMenu->setNode(currentNode());
        m_addColliderMenu->refresh();
    });
    connect(m_addColliderMenu, &AddColliderMenu::hullDialogRequested, this,
            [this](NodeIndex node) { openHullDialog(node); });
    connect(m_addColliderMenu, &AddColliderMenu::colliderAdded, this,
            [this](size_t, size_t colliderNode) { selectNode(colliderNode); });
    connect(m_addColliderMenu, &AddColliderMenu::addFailed, this,
            [this](const QString& why) { m_statusLabel->setText(tr("No collider added: %1").arg(why)); });

    auto* hull = new QAction(tr("Generate Convex &Hull..."), this);
    hull->setObjectName(QStringLiteral("actionHullDialog"));
    hull->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    hull->setToolTip(
        tr("A convex hull of at most 255 points around the selected node's mesh, previewed first"));
    connect(hull, &QAction::triggered, this, [this] { openHullDialog(currentNode()); });
    physics->addAction(hull);

    auto* decompose = new QAction(tr("&Decompose into Convex Parts..."), this);
    decompose->setObjectName(QStringLiteral("actionDecomposeDialog"));
    decompose->setToolTip(
        tr("Split the selected concave meshes into a few capped convex parts, previewed first"));
    connect(decompose, &QAction::triggered, this, &MainWindow::openDecomposeDialog);
    connect(physics, &QMenu::aboutToShow, this,
            [this, decompose] { decompose->setEnabled(m_document != nullptr); });
    physics->addAction(decompose);

    auto* all = new QAction(tr("Add Colliders to &All Meshes..."), this);
    all->setObjectName(QStringLiteral("actionAddColliders"));
    connect(all, &QAction::triggered, this, &MainWindow::openAddCollidersDialog);
    physics->addAction(all);
    auto* simplified = new QAction(tr("Add &Simplified Mesh Collider..."), this);
    simplified->setObjectName(QStringLiteral("actionAddSimplified"));
    simplified->setToolTip(tr("A triangle mesh collider over a simplified copy of the selected meshes, "
                              "within a largest error you choose"));
    connect(simplified, &QAction::triggered, this, &MainWindow::openSimplifiedColliderDialog);
    physics->addAction(simplified);
    physics->addSeparator();

    auto* upgrade = new QAction(tr("&Upgrade Legacy Physics"), this);
    upgrade->setObjectName(QStringLiteral("actionUpgradeLegacy"));
    upgrade->setToolTip(tr("Write the physics in the newest OMI form when the file is saved"));
    connect(upgrade, &QAction::triggered, this, [this] {
        if (m_document && document::upgradeLegacy(*m_document))
            m_statusLabel->setText(tr("The physics will be saved in the newest OMI form"));
    });
    physics->addAction(upgrade);
    connect(physics, &QMenu::aboutToShow, this, [this, hull, all, simplified, upgrade] {
        hull->setEnabled(currentNode().has_value());
        all->setEnabled(m_document != nullptr);
        simplified->setEnabled(currentNode().has_value());
        upgrade->setEnabled(m_document && m_document->isLegacy() && !m_document->physicsEdited());
    });

    m_tree->tree()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_tree->tree(), &QWidget::customContextMenuRequested, this, &MainWindow::showTreeContextMenu);
}

HullDialog* MainWindow::openHullDialog(std::optional<NodeIndex> node)
{
    if (!m_document || !node || *node >= m_document->gltf().count("nodes"))
        return nullptr;
    if (m_hullDialog)
        m_hullDialog->close();
    auto* dialog = new HullDialog(m_document.get(), *node, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &HullDialog::previewChanged, m_viewport, &Viewport::setPreviewLines);
    connect(dialog, &HullDialog::previewCleared, m_viewport, &Viewport::clearPreview);
    connect(dialog, &HullDialog::applied, this,
            [this](size_t shape) { m_statusLabel->setText(tr("Convex hull added (shape %1)").arg(shape)); });
    m_hullDialog = dialog;
    dialog->show();
    return dialog;
}

HullDialog* MainWindow::hullDialog() const
{
    return m_hullDialog.data();
}

AddCollidersDialog* MainWindow::openAddCollidersDialog()
{
    if (!m_document)
        return nullptr;
    if (!m_addCollidersDialog) {
        m_addCollidersDialog = new AddCollidersDialog(m_document.get(), this);
        m_addCollidersDialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_addCollidersDialog->setNodes({}); // every mesh node again after Add Simplified Mesh Collider
    m_addCollidersDialog->show();
    m_addCollidersDialog->raise();
    return m_addCollidersDialog;
}

AddCollidersDialog* MainWindow::openSimplifiedColliderDialog()
{
    const std::optional<NodeIndex> node = currentNode();
    AddCollidersDialog* dialog = node ? openAddCollidersDialog() : nullptr;
    if (!dialog)
        return nullptr;
    dialog->setStrategy(import::ColliderStrategy::Simplified);
    dialog->setNodes({*node});
    dialog->setSkipExisting(false);
    return dialog;
}

void MainWindow::closeToolDialogs()
{
    if (m_hullDialog)
        delete m_hullDialog.data();
    if (m_addCollidersDialog)
        delete m_addCollidersDialog.data();
    delete decomposeDialog();
    m_viewport->clearPreview();
}

void MainWindow::showTreeContextMenu(const QPoint& position)
{
    if (!m_document)
        return;
    if (QTreeWidgetItem* item = m_tree->tree()->itemAt(position)) {
        const auto node = NodeIndex(item->data(0, Qt::UserRole).toULongLong());
        if (!m_document->selection().contains(node))
            selectNode(node);
    }
    QMenu menu(this);
    m_addColliderMenu->setDocument(m_document.get());
    m_addColliderMenu->setNode(currentNode());
    m_addColliderMenu->refresh();
    menu.addMenu(m_addColliderMenu);
    menu.addAction(action(QStringLiteral("actionHullDialog")));
    menu.addSeparator();
    menu.addAction(action(QStringLiteral("actionDelete")));
    action(QStringLiteral("actionHullDialog"))->setEnabled(currentNode().has_value());
    menu.exec(m_tree->tree()->viewport()->mapToGlobal(position));
}

/// Every format the importer reads, for File > Import.

} // namespace cs::ui
