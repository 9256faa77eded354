#include "MainWindow.h"

#include "Autosave.h"
#include "dialogs/AddCollidersDialog.h"
#include "dialogs/HullDialog.h"
#include "document/Actions.h"
#include "document/ModelCommands.h"
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

namespace {

constexpr int kMaxRecentFiles = 10;
const char* kRecentKey = "recentFiles";

QString fileFilter()
{
    return QObject::tr("glTF files (*.glb *.gltf);;All files (*)");
}

/// Every format the importer reads, for File > Import.
QString importFilter()
{
    QStringList patterns;
    for (const std::string& ext : import::importableExtensions())
        patterns << QStringLiteral("*") + QString::fromStdString(ext);
    return QObject::tr("3D assets (%1);;All files (*)").arg(patterns.join(QLatin1Char(' ')));
}

/// A node as menus and undo texts name it: its name, else "Node N".
QString nodeLabel(const gltf::GltfDocument& doc, size_t node)
{
    const gltf::Json* n = doc.element("nodes", node);
    if (n && n->contains("name") && (*n)["name"].is_string() && !(*n)["name"].get<std::string>().empty())
        return QString::fromStdString((*n)["name"].get<std::string>());
    return QObject::tr("Node %1").arg(node);
}

/// The colour key under the viewport.
QWidget* makeLegend(QWidget* parent)
{
    auto* legend = new QWidget(parent);
    auto* layout = new QHBoxLayout(legend);
    layout->setContentsMargins(6, 2, 6, 2);
    for (OverlayLayer layer : {OverlayLayer::Static, OverlayLayer::Kinematic, OverlayLayer::Dynamic,
                               OverlayLayer::Trigger, OverlayLayer::Selection}) {
        QPixmap swatch(12, 12);
        swatch.fill(overlayColor(layer));
        auto* icon = new QLabel(legend);
        icon->setPixmap(swatch);
        layout->addWidget(icon);
        layout->addWidget(new QLabel(QObject::tr(overlayName(layer)), legend));
        layout->addSpacing(10);
    }
    layout->addStretch();
    return legend;
}

} // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_viewport = new Viewport(central);
    layout->addWidget(m_viewport, 1);
    layout->addWidget(makeLegend(central));
    setCentralWidget(central);

    createDocks();
    createActions();

    m_statusLabel = new QLabel(this);
    statusBar()->addWidget(m_statusLabel, 1);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 0); // busy: reading has no meaningful fraction
    m_progress->setMaximumWidth(160);
    m_progress->hide();
    statusBar()->addPermanentWidget(m_progress);

    connect(&m_loader, &QFutureWatcher<std::shared_ptr<LoadedScene>>::finished, this,
            [this] { showScene(m_loader.result()); });
    connect(m_tree, &SceneTreePanel::nodesSelected, this, &MainWindow::selectNodes);
    connect(m_viewport, &Viewport::frameSelectionRequested, this, &MainWindow::frameSelection);
    connect(m_viewport, &Viewport::clicked, this,
            [this](const QVector3D& origin, const QVector3D& direction) {
                if (!m_scene)
                    return;
                const auto hit = m_scene->picking.pick(origin, direction);
                selectNode(hit ? int(hit->node) : -1);
            });
    connect(m_diagnostics, &DiagnosticsPanel::nodeActivated, this, &MainWindow::selectNode);
    connect(m_properties, &PropertiesPanel::nodeActivated, this, &MainWindow::selectNode);
    connect(m_materials, &MaterialsPanel::nodeActivated, this, &MainWindow::selectNode);
    connect(m_filters, &FiltersPanel::nodeActivated, this, &MainWindow::selectNode);
    connect(m_properties, &PropertiesPanel::hullRequested, this, [this](int node) { openHullDialog(node); });
    connect(m_diagnostics, &DiagnosticsPanel::fixApplied, this,
            [this](const QString& label) { m_statusLabel->setText(tr("Fixed: %1").arg(label)); });
    connect(m_diagnostics, &DiagnosticsPanel::fixFailed, this,
            [this](const QString& why) { m_statusLabel->setText(tr("Not fixed: %1").arg(why)); });

    m_autosave = new Autosave(this);
    m_autosave->setFolder(recoveryFolder());
    connect(m_autosave, &Autosave::recoveryFailed, this, [this](const QString& message) {
        m_statusLabel->setText(tr("Recovery copy not written: %1").arg(message));
    });

    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    if (!settings.contains(QStringLiteral("window/geometry")))
        resize(1280, 800);
    if (!settings.contains(QStringLiteral("window/state"))) {
        // First run: most of the window for the view.
        resizeDocks({m_diagnosticsDock}, {130}, Qt::Vertical);
        resizeDocks({m_treeDock, m_propertiesDock}, {280, 340}, Qt::Horizontal);
    }
    updateTitle();
}

MainWindow::~MainWindow()
{
    m_loader.waitForFinished();
    // The document goes before the child widgets: the editors let go of it first.
    closeToolDialogs();
    m_autosave->setDocument(nullptr, QString());
    m_addColliderMenu->setDocument(nullptr);
    m_diagnostics->setDocument(nullptr);
    m_properties->setDocument(nullptr);
    m_materials->setDocument(nullptr);
    m_filters->setDocument(nullptr);
    // Closing the window can still end an edit in a child; its signal must not reach this half-destroyed
    // window.
    disconnectChildrenFrom(this);
}

QAction* MainWindow::action(const QString& objectName) const
{
    return findChild<QAction*>(objectName);
}

void MainWindow::createDocks()
{
    m_tree = new SceneTreePanel(this);
    m_treeDock = new QDockWidget(tr("Scene"), this);
    m_treeDock->setObjectName(QStringLiteral("SceneDock"));
    m_treeDock->setWidget(m_tree);
    addDockWidget(Qt::LeftDockWidgetArea, m_treeDock);

    m_diagnostics = new DiagnosticsPanel(this);
    m_diagnosticsDock = new QDockWidget(tr("Diagnostics"), this);
    m_diagnosticsDock->setObjectName(QStringLiteral("DiagnosticsDock"));
    m_diagnosticsDock->setWidget(m_diagnostics);
    addDockWidget(Qt::BottomDockWidgetArea, m_diagnosticsDock);

    // The editors: the selection's properties on the right, the file's materials and filters beside them.
    auto rightDock = [this](QWidget* panel, const QString& title, const QString& name) {
        auto* dock = new QDockWidget(title, this);
        dock->setObjectName(name);
        dock->setWidget(panel);
        addDockWidget(Qt::RightDockWidgetArea, dock);
        return dock;
    };
    m_properties = new PropertiesPanel(this);
    m_propertiesDock = rightDock(m_properties, tr("Properties"), QStringLiteral("PropertiesDock"));
    m_materials = new MaterialsPanel(this);
    m_materialsDock = rightDock(m_materials, tr("Physics Materials"), QStringLiteral("MaterialsDock"));
    m_filters = new FiltersPanel(this);
    m_filtersDock = rightDock(m_filters, tr("Collision Filters"), QStringLiteral("FiltersDock"));
    tabifyDockWidget(m_propertiesDock, m_materialsDock);
    tabifyDockWidget(m_materialsDock, m_filtersDock);
    m_propertiesDock->raise();

    m_undoGroup = new QUndoGroup(this);
    auto* history = new QUndoView(m_undoGroup, this);
    history->setEmptyLabel(tr("<opened>"));
    m_historyDock = new QDockWidget(tr("History"), this);
    m_historyDock->setObjectName(QStringLiteral("HistoryDock"));
    m_historyDock->setWidget(history);
    addDockWidget(Qt::LeftDockWidgetArea, m_historyDock);
    tabifyDockWidget(m_treeDock, m_historyDock);
    m_treeDock->raise();
}

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

    QMenu* view = menuBar()->addMenu(tr("&View"));
    auto toggle = [&](const QString& name, const QString& text, bool on, std::function<void(bool)> apply,
                      const QKeySequence& shortcut = {}) {
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
        m_addColliderMenu->setNode(m_selectedNode);
        m_addColliderMenu->refresh();
    });
    connect(m_addColliderMenu, &AddColliderMenu::hullDialogRequested, this,
            [this](size_t node) { openHullDialog(int(node)); });
    connect(m_addColliderMenu, &AddColliderMenu::colliderAdded, this,
            [this](size_t, size_t colliderNode) { selectNode(int(colliderNode)); });
    connect(m_addColliderMenu, &AddColliderMenu::addFailed, this,
            [this](const QString& why) { m_statusLabel->setText(tr("No collider added: %1").arg(why)); });

    auto* hull = new QAction(tr("Generate Convex &Hull..."), this);
    hull->setObjectName(QStringLiteral("actionHullDialog"));
    hull->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    hull->setToolTip(
        tr("A convex hull of at most 255 points around the selected node's mesh, previewed first"));
    connect(hull, &QAction::triggered, this, [this] { openHullDialog(m_selectedNode); });
    physics->addAction(hull);

    auto* all = new QAction(tr("Add Colliders to &All Meshes..."), this);
    all->setObjectName(QStringLiteral("actionAddColliders"));
    connect(all, &QAction::triggered, this, &MainWindow::openAddCollidersDialog);
    physics->addAction(all);
    physics->addSeparator();

    auto* upgrade = new QAction(tr("&Upgrade Legacy Physics"), this);
    upgrade->setObjectName(QStringLiteral("actionUpgradeLegacy"));
    upgrade->setToolTip(tr("Write the physics in the newest OMI form when the file is saved"));
    connect(upgrade, &QAction::triggered, this, [this] {
        if (m_document && document::upgradeLegacy(*m_document))
            m_statusLabel->setText(tr("The physics will be saved in the newest OMI form"));
    });
    physics->addAction(upgrade);
    connect(physics, &QMenu::aboutToShow, this, [this, hull, all, upgrade] {
        hull->setEnabled(m_document && m_selectedNode >= 0);
        all->setEnabled(m_document != nullptr);
        upgrade->setEnabled(m_document && m_document->isLegacy() && !m_document->physicsEdited());
    });

    m_tree->tree()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_tree->tree(), &QWidget::customContextMenuRequested, this, &MainWindow::showTreeContextMenu);
}

void MainWindow::showTreeContextMenu(const QPoint& position)
{
    if (!m_document)
        return;
    if (QTreeWidgetItem* item = m_tree->tree()->itemAt(position)) {
        const int node = item->data(0, Qt::UserRole).toInt();
        if (std::find(m_selectedNodes.begin(), m_selectedNodes.end(), node) == m_selectedNodes.end())
            selectNode(node);
    }
    QMenu menu(this);
    m_addColliderMenu->setDocument(m_document.get());
    m_addColliderMenu->setNode(m_selectedNode);
    m_addColliderMenu->refresh();
    menu.addMenu(m_addColliderMenu);
    menu.addAction(action(QStringLiteral("actionHullDialog")));
    menu.addSeparator();
    menu.addAction(action(QStringLiteral("actionDelete")));
    action(QStringLiteral("actionHullDialog"))->setEnabled(m_selectedNode >= 0);
    menu.exec(m_tree->tree()->viewport()->mapToGlobal(position));
}

HullDialog* MainWindow::openHullDialog(int node)
{
    if (!m_document || node < 0 || size_t(node) >= m_document->gltf().count("nodes"))
        return nullptr;
    if (m_hullDialog)
        m_hullDialog->close();
    auto* dialog = new HullDialog(m_document.get(), size_t(node), this);
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
    m_addCollidersDialog->show();
    m_addCollidersDialog->raise();
    return m_addCollidersDialog;
}

void MainWindow::closeToolDialogs()
{
    if (m_hullDialog)
        delete m_hullDialog.data();
    if (m_addCollidersDialog)
        delete m_addCollidersDialog.data();
    m_viewport->clearPreview();
}

void MainWindow::chooseAndOpen()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open"), QString(), fileFilter());
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::chooseAndSaveAs()
{
    if (!m_document)
        return;
    QString suggestion = QFileInfo(m_scene->path).absolutePath() + QLatin1Char('/') +
                         QFileInfo(m_scene->path).completeBaseName() + QStringLiteral(".glb");
    if (m_scene->path.startsWith(QLatin1String(":/")))
        suggestion = QFileInfo(m_scene->path).completeBaseName() + QStringLiteral(".glb");
    if (!m_suggestedPath.isEmpty())
        suggestion = m_suggestedPath;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save As"), suggestion, fileFilter());
    if (!path.isEmpty())
        saveTo(path);
}

void MainWindow::openFile(const QString& path, std::function<void(bool)> done)
{
    if (m_loader.isRunning())
        m_loader.waitForFinished();
    m_loadDone = std::move(done);
    m_statusLabel->setText(tr("Opening %1...").arg(QFileInfo(path).fileName()));
    m_progress->show();
    m_loader.setFuture(QtConcurrent::run([path] { return loadScene(path); }));
}

void MainWindow::showScene(std::shared_ptr<LoadedScene> scene)
{
    m_progress->hide();
    auto done = std::move(m_loadDone);
    m_loadDone = nullptr;
    if (!scene->document) {
        // The file could not be used at all: say why, keep what was open.
        QStringList reasons;
        for (const auto& d : scene->diagnostics)
            reasons << QString::fromStdString(formatDiagnostic(d));
        m_statusLabel->setText(tr("Could not open %1").arg(scene->path));
        if (qEnvironmentVariableIsEmpty("CS_NO_DIALOGS"))
            QMessageBox::warning(
                this, tr("Could not open file"),
                tr("%1 could not be opened:\n\n%2").arg(scene->path, reasons.join(QLatin1Char('\n'))));
        if (done)
            done(false);
        return;
    }
    m_scene = std::move(scene);
    m_selectedNode = -1;
    m_selectedNodes.clear();
    // The bundled sample and imported assets have no glTF file of their own yet: Save asks where.
    m_untitled =
        m_scene->path.startsWith(QLatin1String(":/")) || !import::isGltfFile(m_scene->path.toStdString());
    // The editors let go of the old document before it is destroyed (and its recovery copy goes: the user
    // saved or discarded its edits before another file was opened).
    m_autosave->setDocument(nullptr, QString());
    closeToolDialogs();
    m_addColliderMenu->setDocument(nullptr);
    m_diagnostics->setDocument(nullptr);
    m_properties->setDocument(nullptr);
    m_materials->setDocument(nullptr);
    m_filters->setDocument(nullptr);
    if (m_document)
        m_undoGroup->removeStack(m_document->undoStack());
    m_document = std::move(m_scene->document);
    m_undoGroup->addStack(m_document->undoStack());
    m_undoGroup->setActiveStack(m_document->undoStack());
    m_properties->setDocument(m_document.get());
    m_materials->setDocument(m_document.get());
    m_filters->setDocument(m_document.get());
    m_autosave->setDocument(m_document.get(), m_untitled ? QString() : m_scene->path);
    m_diagnostics->setDocument(m_document.get());
    m_suggestedPath.clear();
    connect(m_document.get(), &document::Document::changed, this, [this](const document::ChangeEvent& e) {
        if (e.kind == document::ChangeEvent::Kind::Node || e.kind == document::ChangeEvent::Kind::Mesh)
            m_renderStale = true;
        if (!m_refreshPending) {
            // Many events arrive for one command or macro: refresh the view once, after them.
            m_refreshPending = true;
            QTimer::singleShot(0, this, &MainWindow::refreshFromDocument);
        }
    });
    connect(m_document.get(), &document::Document::modifiedChanged, this, &QWidget::setWindowModified);
    connect(m_document.get(), &document::Document::validated, this, &MainWindow::showDiagnostics);
    setWindowModified(false);

    m_viewport->setRenderScene(m_scene->render);
    gltf::releaseDrawData(m_scene->render);
    refreshView(); // the loader made the graph, render scene, resolved physics and picking already
    m_viewport->frameAll();

    if (!m_scene->path.startsWith(QLatin1String(":/")) &&
        !QFileInfo(m_scene->path).absolutePath().startsWith(QFileInfo(recoveryFolder()).absoluteFilePath()))
        addRecentFile(m_scene->path);
    const size_t errors = std::count_if(m_scene->diagnostics.begin(), m_scene->diagnostics.end(),
                                        [](const Diagnostic& d) { return d.severity == Severity::Error; });
    m_statusLabel->setText(tr("%1: %2 nodes, %3 meshes drawn, %4 diagnostics (%5 errors)")
                               .arg(QFileInfo(m_scene->path).fileName())
                               .arg(m_scene->graph.nodeCount())
                               .arg(m_scene->render.instances.size())
                               .arg(m_scene->diagnostics.size())
                               .arg(errors));
    updateTitle();
    updateEditActions();
    emit sceneShown();
    if (done)
        done(true);
}

void MainWindow::refreshFromDocument()
{
    m_refreshPending = false;
    if (!m_document || !m_scene)
        return;
    const gltf::GltfDocument& doc = m_document->gltf();
    m_scene->graph = m_document->sceneGraph();
    if (m_renderStale) {
        m_renderStale = false;
        auto render = gltf::buildRenderScene(doc, m_scene->graph);
        m_scene->render = std::move(*render.value);
        m_viewport->setRenderScene(m_scene->render);
        gltf::releaseDrawData(m_scene->render);
    }
    // Undoing an added node takes it away: the selection keeps only nodes that still exist.
    const size_t count = m_scene->graph.nodeCount();
    if (std::any_of(m_selectedNodes.begin(), m_selectedNodes.end(),
                    [count](int n) { return size_t(n) >= count; })) {
        std::vector<int> kept;
        std::copy_if(m_selectedNodes.begin(), m_selectedNodes.end(), std::back_inserter(kept),
                     [count](int n) { return size_t(n) < count; });
        m_selectedNodes = kept;
        m_selectedNode = size_t(m_selectedNode) < count ? m_selectedNode : (kept.empty() ? -1 : kept.front());
        m_properties->setNodes(std::vector<size_t>(kept.begin(), kept.end()), m_selectedNode);
        emit selectionChanged(m_selectedNode);
    }
    m_scene->resolved = physics::resolveScene(m_document->model(), m_scene->graph);
    m_scene->picking = scene::PickScene(doc, m_document->model(), m_scene->resolved, m_scene->render);
    refreshView();
}

void MainWindow::refreshView()
{
    if (!m_document || !m_scene)
        return;
    const gltf::GltfDocument& doc = m_document->gltf();
    std::vector<SceneTreeNode> nodes(m_scene->graph.nodeCount());
    for (size_t i = 0; i < nodes.size(); ++i) {
        const gltf::Json* n = doc.element("nodes", i);
        if (n && n->contains("name") && (*n)["name"].is_string())
            nodes[i].name = QString::fromStdString((*n)["name"].get<std::string>());
        nodes[i].parent = m_scene->graph.parent(i);
        for (size_t c : m_scene->graph.children(i))
            nodes[i].children.push_back(int(c));
        nodes[i].mesh = n && n->contains("mesh");
        if (const physics::NodePhysics* p = m_document->model().node(i)) {
            if (p->motion)
                nodes[i].body = QString::fromLatin1(physics::motionTypeName(p->motion->type));
            nodes[i].collider = p->collider.has_value();
            nodes[i].trigger = p->trigger.has_value();
        }
        const int owner = i < m_scene->resolved.nodeBody.size() ? m_scene->resolved.nodeBody[i] : -1;
        nodes[i].behaves = owner >= 0 ? QString::fromLatin1(physics::motionTypeName(
                                            m_scene->resolved.bodies[size_t(owner)].motion.type))
                                      : QStringLiteral("static");
    }
    std::vector<int> roots;
    for (size_t r : m_scene->graph.roots())
        roots.push_back(int(r));
    m_tree->setNodes(nodes, roots);
    m_tree->setSelectedNodes(m_selectedNodes, m_selectedNode);
    updateOverlays();
    showDiagnostics();
    updateEditActions();
}

void MainWindow::showDiagnostics()
{
    if (!m_document || !m_scene)
        return;
    // The file's own findings, what reading its physics converted (while a save would still keep that form),
    // and the validator on the current state.
    Diagnostics all = m_scene->fileDiagnostics;
    const Diagnostics read = m_document->currentLoadDiagnostics();
    all.insert(all.end(), read.begin(), read.end());
    const Diagnostics& rules = m_document->diagnostics();
    all.insert(all.end(), rules.begin(), rules.end());
    m_scene->diagnostics = all;
    m_diagnostics->setDiagnostics(all);
}

void MainWindow::removeSelectedPhysics()
{
    if (!m_document)
        return;
    std::vector<size_t> nodes;
    for (int n : m_selectedNodes)
        if (const physics::NodePhysics* p = m_document->model().node(size_t(n)); p && !p->empty())
            nodes.push_back(size_t(n));
    if (nodes.empty())
        return;
    QUndoStack* stack = m_document->undoStack();
    stack->beginMacro(nodes.size() == 1
                          ? tr("Delete physics of %1").arg(nodeLabel(m_document->gltf(), nodes.front()))
                          : tr("Delete physics of %n nodes", nullptr, int(nodes.size())));
    for (size_t node : nodes) {
        const physics::NodePhysics* p = m_document->model().node(node);
        const bool motion = p->motion.has_value(), collider = p->collider.has_value(),
                   trigger = p->trigger.has_value();
        if (trigger)
            m_document->push(document::removeTrigger(m_document.get(), node));
        if (collider)
            m_document->push(document::removeCollider(m_document.get(), node));
        if (motion)
            m_document->push(document::removeMotion(m_document.get(), node));
    }
    stack->endMacro();
}

void MainWindow::updateEditActions()
{
    bool anyPhysics = false;
    for (int n : m_selectedNodes)
        if (const physics::NodePhysics* p = m_document ? m_document->model().node(size_t(n)) : nullptr)
            anyPhysics = anyPhysics || !p->empty();
    if (QAction* remove = action(QStringLiteral("actionDelete")))
        remove->setEnabled(anyPhysics);
}

bool MainWindow::maybeSave()
{
    if (!m_document || !m_document->isModified())
        return true;
    if (!qEnvironmentVariableIsEmpty("CS_NO_DIALOGS"))
        return true; // automation: nothing to ask, nothing saved
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"),
        tr("%1 has unsaved changes. Save them?").arg(QFileInfo(currentFile()).fileName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Discard) {
        m_autosave->discardCurrent();
        return true;
    }
    if (m_untitled) {
        chooseAndSaveAs();
        return !m_document->isModified();
    }
    return saveTo(QString::fromStdString(m_document->filePath().string()));
}

bool MainWindow::saveTo(const QString& path)
{
    if (!m_document)
        return false;
    const Diagnostics result = m_document->saveAs(path.toStdString());
    if (hasErrors(result)) {
        QStringList reasons;
        for (const auto& d : result)
            reasons << QString::fromStdString(formatDiagnostic(d));
        m_statusLabel->setText(tr("Saving failed: %1").arg(path));
        if (qEnvironmentVariableIsEmpty("CS_NO_DIALOGS"))
            QMessageBox::critical(this, tr("Could not save"), reasons.join(QLatin1Char('\n')));
        return false;
    }
    m_statusLabel->setText(tr("Saved %1").arg(path));
    m_untitled = false;
    addRecentFile(path);
    updateTitle();
    return true;
}

void MainWindow::selectNode(int node)
{
    selectNodes(node >= 0 ? std::vector<int>{node} : std::vector<int>{}, node);
}

void MainWindow::selectNodes(const std::vector<int>& nodes, int current)
{
    // The document's nodes: one just added is selectable before the view has caught up with it.
    const size_t count = m_document ? m_document->gltf().count("nodes") : 0;
    std::vector<int> valid;
    for (int n : nodes)
        if (n >= 0 && size_t(n) < count && std::find(valid.begin(), valid.end(), n) == valid.end())
            valid.push_back(n);
    if (std::find(valid.begin(), valid.end(), current) == valid.end())
        current = valid.empty() ? -1 : valid.front();
    if (valid == m_selectedNodes && current == m_selectedNode)
        return;
    m_selectedNodes = valid;
    m_selectedNode = current;
    m_tree->setSelectedNodes(valid, current);
    if (m_document)
        m_document->setSelectedNodes(std::vector<size_t>(valid.begin(), valid.end()));
    m_properties->setNodes(std::vector<size_t>(valid.begin(), valid.end()), current);
    updateOverlays();
    updateEditActions();
    emit selectionChanged(current);
}

QString MainWindow::recoveryFolder()
{
    const QString override = qEnvironmentVariable("CS_RECOVERY_DIR");
    return override.isEmpty() ? Autosave::defaultFolder() : override;
}

bool MainWindow::offerRecovery()
{
    const QList<RecoveryEntry> pending = Autosave::pendingRecoveries(recoveryFolder());
    if (pending.isEmpty() || !qEnvironmentVariableIsEmpty("CS_NO_DIALOGS"))
        return false;
    const RecoveryEntry& newest = pending.front();
    const QString name = newest.originalPath.isEmpty() ? newest.title : newest.originalPath;
    QMessageBox box(QMessageBox::Warning, tr("Recover unsaved edits"),
                    tr("Collidoscope did not close normally. Unsaved edits of %1 from %2 were kept.")
                        .arg(name, QLocale().toString(newest.savedAt, QLocale::ShortFormat)),
                    QMessageBox::NoButton, this);
    if (pending.size() > 1)
        box.setInformativeText(tr("%n more recovery copies are kept; they are offered next time.", nullptr,
                                  int(pending.size() - 1)));
    QPushButton* recoverButton = box.addButton(tr("&Recover"), QMessageBox::AcceptRole);
    QPushButton* discardButton = box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
    box.addButton(tr("&Later"), QMessageBox::RejectRole);
    box.setDefaultButton(recoverButton);
    box.exec();
    if (box.clickedButton() == discardButton) {
        Autosave::discard(newest);
        return false;
    }
    if (box.clickedButton() != recoverButton || !maybeSave())
        return false;
    const RecoveryEntry entry = newest;
    recover(entry.recoveryFile, entry.originalPath, [entry](bool ok) {
        if (ok)
            Autosave::discard(entry);
    });
    return true;
}

void MainWindow::recover(const QString& recoveryFile, const QString& originalPath,
                         std::function<void(bool)> done)
{
    openFile(recoveryFile, [this, originalPath, done = std::move(done)](bool ok) {
        if (ok && m_document) {
            // The copy holds edits the original file does not have: untitled and modified, so that nothing
            // is lost until the user saves it somewhere, and a new recovery copy is written at once.
            m_untitled = true;
            m_suggestedPath = originalPath;
            m_document->undoStack()->resetClean();
            m_autosave->setDocument(m_document.get(), originalPath);
            m_autosave->writeNow();
            setWindowModified(true);
            updateTitle();
            m_statusLabel->setText(
                tr("Recovered unsaved edits of %1: save them to keep them")
                    .arg(originalPath.isEmpty() ? tr("an untitled document") : originalPath));
        }
        if (done)
            done(ok);
    });
}

QStringList MainWindow::recentFiles()
{
    return QSettings().value(QLatin1String(kRecentKey)).toStringList();
}

void MainWindow::addRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(QLatin1String(kRecentKey), files);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    for (const QString& f : files) {
        QAction* a = m_recentMenu->addAction(QFileInfo(f).fileName());
        a->setToolTip(f);
        a->setData(f);
        connect(a, &QAction::triggered, this, [this, f] {
            if (maybeSave())
                openFile(f);
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::updateOverlays()
{
    if (!m_scene || !m_document)
        return;
    scene::OverlayOptions options;
    // Circles of 32 segments for a few hundred shapes, fewer as the count grows (12 at 10,000), so that large
    // scenes stay interactive; a shape among thousands is small on screen anyway.
    const double shapes = std::max<double>(1.0, double(m_scene->resolved.instances.size()));
    options.circleSegments = std::clamp(int(32.0 * std::sqrt(1500.0 / shapes)), 12, 32);
    for (int n : m_selectedNodes)
        options.selectedNodes.push_back(size_t(n));
    const scene::Overlays overlays = scene::buildOverlays(m_document->gltf(), m_document->model(),
                                                          m_scene->resolved, m_scene->graph, options);
    // The viewport's first layers are the overlay kinds, in the same order.
    static_assert(int(OverlayLayer::Velocity) == int(scene::OverlayKind::Velocity));
    for (size_t k = 0; k < size_t(scene::OverlayKind::Count); ++k)
        m_viewport->setOverlayLines(OverlayLayer(k), overlays.lines[k]);
    m_selectionLines = overlays[scene::OverlayKind::Selection];
}

void MainWindow::frameSelection()
{
    if (!m_scene || m_selectedNode < 0) {
        m_viewport->frameAll();
        return;
    }
    // The selection's colliders; else the meshes it draws; else a metre around its origin.
    std::vector<QVector3D> points = m_selectionLines;
    if (points.empty()) {
        for (const auto& instance : m_scene->render.instances) {
            if (std::find(m_selectedNodes.begin(), m_selectedNodes.end(), int(instance.node)) ==
                m_selectedNodes.end())
                continue;
            for (const auto& p : m_scene->render.meshes[instance.mesh].primitives)
                for (const QVector3D& v : p.triangles->positions)
                    points.push_back(instance.world.map(v));
        }
    }
    if (points.empty()) {
        const QVector3D o = m_scene->graph.worldTransform(size_t(m_selectedNode)).map(QVector3D());
        points = {o - QVector3D(1, 1, 1), o + QVector3D(1, 1, 1)};
    }
    QVector3D lo = points.front(), hi = points.front();
    for (const QVector3D& p : points) {
        lo = QVector3D(std::min(lo.x(), p.x()), std::min(lo.y(), p.y()), std::min(lo.z(), p.z()));
        hi = QVector3D(std::max(hi.x(), p.x()), std::max(hi.y(), p.y()), std::max(hi.z(), p.z()));
    }
    m_viewport->frameBox(lo, hi);
}

void MainWindow::updateTitle()
{
    if (m_document && m_untitled && !m_suggestedPath.isEmpty()) {
        setWindowTitle(tr("%1 (recovered)[*] - Collidoscope").arg(QFileInfo(m_suggestedPath).fileName()));
        return;
    }
    const QString name =
        m_document && !m_untitled
            ? QFileInfo(QString::fromStdString(m_document->filePath().string())).fileName()
        : m_scene ? QFileInfo(m_scene->path).fileName() +
                        (m_scene->path.startsWith(QLatin1String(":/")) ? QString() : tr(" (imported)"))
                  : tr("No file");
    setWindowTitle(tr("%1[*] - Collidoscope").arg(name));
}

void MainWindow::grabWindow(std::function<void(const QImage&)> done)
{
    m_viewport->capture([this, done = std::move(done)](const QImage& view) {
        QImage image = grab().toImage();
        QPainter painter(&image);
        const QPoint at = m_viewport->mapTo(this, QPoint(0, 0)) * image.devicePixelRatio();
        painter.drawImage(QRect(at, m_viewport->size() * image.devicePixelRatio()), view);
        painter.end();
        done(image);
    });
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile() && maybeSave()) {
        openFile(urls.first().toLocalFile());
        event->acceptProposedAction();
    }
}

} // namespace cs::ui
