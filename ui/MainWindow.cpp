#include "MainWindow.h"

#include "Autosave.h"
#include "DiagnosticText.h"
#include "dialogs/AddCollidersDialog.h"
#include "dialogs/HullDialog.h"
#include "document/Actions.h"
#include "document/ModelCommands.h"
#include "document/NodeActions.h"
#include "import/AssetImporter.h"
#include "panels/AddColliderMenu.h"
#include "panels/DiagnosticsPanel.h"
#include "panels/FiltersPanel.h"
#include "panels/JointsPanel.h"
#include "panels/MaterialsPanel.h"
#include "panels/PropertiesPanel.h"
#include "panels/SceneTreePanel.h"
#include "scene/JointOverlay.h"
#include "scene/Overlays.h"
#include "targets/TargetCheck.h"
#include "viewport/JointLayer.h"
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

QWidget* makeLegend(QWidget* parent)
{
    // The entries sit at their natural size in a strip that never widens the window: on a narrow one the last
    // entries are cut off at its edge instead of squeezing every label.
    auto* strip = new QWidget(parent);
    auto* legend = new QWidget(strip);
    auto* layout = new QHBoxLayout(legend);
    layout->setContentsMargins(6, 2, 6, 2);
    const auto entry = [&](const QColor& color, const char* name) {
        QPixmap swatch(12, 12);
        swatch.fill(color);
        auto* icon = new QLabel(legend);
        icon->setPixmap(swatch);
        layout->addWidget(icon);
        layout->addWidget(new QLabel(QObject::tr(name), legend));
        layout->addSpacing(10);
    };
    for (OverlayLayer layer : {OverlayLayer::Static, OverlayLayer::Kinematic, OverlayLayer::Dynamic,
                               OverlayLayer::Trigger, OverlayLayer::Selection})
        entry(overlayColor(layer), overlayName(layer));
    for (JointPart part : {JointPart::Links, JointPart::Limits, JointPart::Drives})
        entry(jointColor(part), jointPartName(part));
    legend->adjustSize();
    strip->setFixedHeight(legend->height());
    strip->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    return strip;
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
    m_openTicker = new QTimer(this);
    m_openTicker->setInterval(500);

    connect(&m_loader, &QFutureWatcher<std::shared_ptr<LoadedScene>>::finished, this,
            [this] { showScene(m_loader.result()); });
    connect(m_tree, &SceneTreePanel::nodesSelected, this, &MainWindow::selectNodes);
    connect(m_viewport, &Viewport::frameSelectionRequested, this, &MainWindow::frameSelection);
    connect(m_viewport, &Viewport::clicked, this,
            [this](const QVector3D& origin, const QVector3D& direction) {
                if (!m_scene)
                    return;
                // A joint line within a few pixels of the click: pixels to radians at the view's scale.
                const double pixel =
                    2.0 * std::tan(qDegreesToRadians(m_viewport->camera().verticalFovDegrees()) / 2) /
                    std::max(1, m_viewport->height());
                const auto hit = scene::preferJoint(m_scene->picking.pick(origin, direction),
                                                    m_viewport->jointsVisible()
                                                        ? m_jointPicker.pick(origin, direction, 6 * pixel)
                                                        : std::nullopt);
                selectNode(hit ? std::optional<NodeIndex>(hit->node) : std::nullopt);
            });
    const auto selectActivated = [this](NodeIndex node) { selectNode(node); };
    connect(m_diagnostics, &DiagnosticsPanel::nodeActivated, this, selectActivated);
    connect(m_properties, &PropertiesPanel::nodeActivated, this, selectActivated);
    connect(m_materials, &MaterialsPanel::nodeActivated, this, selectActivated);
    connect(m_filters, &FiltersPanel::nodeActivated, this, selectActivated);
    connect(m_joints, &JointsPanel::nodeActivated, this, selectActivated);
    connect(m_properties, &PropertiesPanel::hullRequested, this,
            [this](NodeIndex node) { openHullDialog(node); });
    connect(m_diagnostics, &DiagnosticsPanel::fixApplied, this,
            [this](const QString& label) { m_statusLabel->setText(tr("Fixed: %1").arg(label)); });
    connect(m_diagnostics, &DiagnosticsPanel::fixFailed, this,
            [this](const QString& why) { m_statusLabel->setText(tr("Not fixed: %1").arg(why)); });
    connect(m_diagnostics, &DiagnosticsPanel::targetChanged, this, &MainWindow::showDiagnostics);

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
    m_joints->setDocument(nullptr);
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
    m_joints = new JointsPanel(this);
    m_jointsDock = rightDock(m_joints, tr("Joints"), QStringLiteral("JointsDock"));
    tabifyDockWidget(m_filtersDock, m_jointsDock);
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

void MainWindow::showScene(std::shared_ptr<LoadedScene> scene)
{
    m_openTicker->stop();
    auto done = std::move(m_loadDone);
    m_loadDone = nullptr;
    if (!scene->document) {
        // The file could not be used at all: say why, keep what was open.
        const QString reasons = QString::fromStdString(formatDiagnostics(scene->diagnostics));
        m_statusLabel->setText(tr("Could not open %1").arg(scene->path));
        if (qEnvironmentVariableIsEmpty("CS_NO_DIALOGS"))
            QMessageBox::warning(this, tr("Could not open file"),
                                 tr("%1 could not be opened:\n\n%2").arg(scene->path, reasons));
        if (done)
            done(false);
        return;
    }
    m_scene = std::move(scene);
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
    m_joints->setDocument(nullptr);
    if (m_document)
        m_undoGroup->removeStack(m_document->undoStack());
    m_document = std::move(m_scene->document);
    m_undoGroup->addStack(m_document->undoStack());
    m_undoGroup->setActiveStack(m_document->undoStack());
    m_properties->setDocument(m_document.get());
    m_materials->setDocument(m_document.get());
    m_filters->setDocument(m_document.get());
    m_joints->setDocument(m_document.get());
    m_autosave->setDocument(m_document.get(), m_untitled ? QString() : m_scene->path);
    m_diagnostics->setDocument(m_document.get());
    m_suggestedPath.clear();
    connect(m_document.get(), &document::Document::changed, this, [this](const document::ChangeEvent& e) {
        if (e.kind == document::ChangeEvent::Kind::Selection) {
            showSelection();
            return;
        }
        m_scene->noteChange(e);
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
    if (m_scene->update(*m_document)) {
        m_viewport->setRenderScene(m_scene->render);
        gltf::releaseDrawData(m_scene->render);
    }
    refreshView();
}

void MainWindow::refreshView()
{
    if (!m_document || !m_scene)
        return;
    const gltf::GltfDocument& doc = m_document->gltf();
    std::vector<SceneTreeNode> nodes(m_scene->graph.nodeCount());
    for (size_t i = 0; i < nodes.size(); ++i) {
        nodes[i].name = QString::fromStdString(gltf::nodeLabel(doc, i));
        nodes[i].children = m_scene->graph.children(i);
        nodes[i].mesh = gltf::nodeMesh(doc, i).has_value();
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
    m_tree->setNodes(nodes, m_scene->graph.roots());
    m_tree->setSelectedNodes(m_document->selectedNodes(), m_document->currentNode());
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
    // The chosen engine target's findings on the document as a save would write it.
    if (const targets::Target* target = m_diagnostics->chosenTarget()) {
        const Diagnostics found =
            targets::targetDiagnostics(targets::checkTarget(m_document->snapshot(), *target), *target);
        all.insert(all.end(), found.begin(), found.end());
    }
    m_scene->diagnostics = all;
    m_diagnostics->setDiagnostics(all);
}

void MainWindow::removeSelectedPhysics()
{
    if (m_document)
        document::removePhysics(*m_document, m_document->selectedNodes());
}

void MainWindow::updateEditActions()
{
    bool anyPhysics = false;
    for (NodeIndex n : selectedNodes())
        if (const physics::NodePhysics* p = m_document->model().node(n))
            anyPhysics = anyPhysics || !p->empty();
    if (QAction* remove = action(QStringLiteral("actionDelete")))
        remove->setEnabled(anyPhysics);
}

std::optional<NodeIndex> MainWindow::currentNode() const
{
    return m_document ? m_document->currentNode() : std::nullopt;
}

std::vector<NodeIndex> MainWindow::selectedNodes() const
{
    return m_document ? m_document->selectedNodes() : std::vector<NodeIndex>();
}

void MainWindow::selectNode(std::optional<NodeIndex> node)
{
    selectNodes(node ? std::vector<NodeIndex>{*node} : std::vector<NodeIndex>{}, node);
}

void MainWindow::selectNodes(const std::vector<NodeIndex>& nodes, std::optional<NodeIndex> current)
{
    // The document checks the nodes against its own: one just added is selectable before the view has
    // caught up with it. Its change event brings the selection back here (showSelection).
    if (m_document)
        m_document->setSelectedNodes(nodes, current);
}

void MainWindow::showSelection()
{
    if (m_refreshPending)
        return; // an edit is being shown: refreshView shows the selection with it
    m_tree->setSelectedNodes(selectedNodes(), currentNode());
    updateOverlays();
    updateEditActions();
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
    options.selectedNodes = m_document->selectedNodes();
    const scene::Overlays overlays = scene::buildOverlays(m_document->gltf(), m_document->model(),
                                                          m_scene->resolved, m_scene->graph, options);
    // The viewport's first layers are the overlay kinds, in the same order.
    static_assert(int(OverlayLayer::Velocity) == int(scene::OverlayKind::Velocity));
    for (size_t k = 0; k < size_t(scene::OverlayKind::Count); ++k)
        m_viewport->setOverlayLines(OverlayLayer(k), overlays.lines[k]);
    m_selectionLines = overlays[scene::OverlayKind::Selection];
    // Joints drawn at a size that follows the scene's (meshes and colliders), picked as drawn.
    QVector3D lo = overlays.boundsMin, hi = overlays.boundsMax;
    const gltf::RenderScene& render = m_scene->render;
    if (render.boundsMin != render.boundsMax) {
        const bool noLines = lo == hi;
        lo = noLines
                 ? render.boundsMin
                 : QVector3D(std::min(lo.x(), render.boundsMin.x()), std::min(lo.y(), render.boundsMin.y()),
                             std::min(lo.z(), render.boundsMin.z()));
        hi = noLines
                 ? render.boundsMax
                 : QVector3D(std::max(hi.x(), render.boundsMax.x()), std::max(hi.y(), render.boundsMax.y()),
                             std::max(hi.z(), render.boundsMax.z()));
    }
    scene::JointDrawOptions joints;
    joints.size = scene::jointSizeForScene((hi - lo).length());
    m_viewport->setJointLines(
        scene::buildJointLines(m_document->model(), m_scene->resolved, m_scene->graph, joints));
    m_jointPicker = scene::JointPicker(m_document->model(), m_scene->resolved, m_scene->graph, joints);
}

void MainWindow::frameSelection()
{
    const std::optional<NodeIndex> current = currentNode();
    if (!m_scene || !current) {
        m_viewport->frameAll();
        return;
    }
    // The selection's colliders; else the meshes it draws; else a metre around its origin.
    std::vector<QVector3D> points = m_selectionLines;
    if (points.empty()) {
        for (const auto& instance : m_scene->render.instances) {
            if (!m_document->selection().contains(instance.node))
                continue;
            for (const auto& p : m_scene->render.meshes[instance.mesh].primitives)
                for (const QVector3D& v : p.triangles->positions)
                    points.push_back(instance.world.map(v));
        }
    }
    if (points.empty()) {
        const QVector3D o = m_scene->graph.worldTransform(*current).map(QVector3D());
        points = {o - QVector3D(1, 1, 1), o + QVector3D(1, 1, 1)};
    }
    QVector3D lo = points.front(), hi = points.front();
    for (const QVector3D& p : points) {
        lo = QVector3D(std::min(lo.x(), p.x()), std::min(lo.y(), p.y()), std::min(lo.z(), p.z()));
        hi = QVector3D(std::max(hi.x(), p.x()), std::max(hi.y(), p.y()), std::max(hi.z(), p.z()));
    }
    m_viewport->frameBox(lo, hi);
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

} // namespace cs::ui
