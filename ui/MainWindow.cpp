#include "MainWindow.h"

#include "AnimationTimeline.h"
#include "ChildSignals.h"
#include "DocumentSession.h"
#include "FitHeatMap.h"
#include "NodeMenu.h"
#include "Prompter.h"
#include "SimulationMenu.h"
#include "StatusLine.h"
#include "ToolDialogs.h"
#include "ViewController.h"
#include "WindowMenus.h"
#include "panels/DiagnosticsPanel.h"
#include "panels/FiltersPanel.h"
#include "panels/JointsPanel.h"
#include "panels/MaterialsPanel.h"
#include "panels/PropertiesPanel.h"
#include "panels/SceneTreePanel.h"
#include "viewport/JointLayer.h"
#include "viewport/Viewport.h"
#include "widgets/ColourLegend.h"
#include "widgets/WheelGuard.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QPainter>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QUndoGroup>
#include <QUndoView>
#include <QVBoxLayout>

namespace cs::ui {

using document::NodeIndex;

namespace {

/// The legend's entries: the colliders' colours by motion or by shape, then triggers, the selection, joints.
void fillLegend(ColourLegend* legend, bool byShape)
{
    legend->clear();
    const std::vector<OverlayLayer> colliders =
        byShape
            ? std::vector{OverlayLayer::ShapeBox,      OverlayLayer::ShapeSphere, OverlayLayer::ShapeCapsule,
                          OverlayLayer::ShapeCylinder, OverlayLayer::ShapeHull,   OverlayLayer::ShapeMesh,
                          OverlayLayer::ShapePlane}
            : std::vector{OverlayLayer::Static, OverlayLayer::Kinematic, OverlayLayer::Dynamic};
    for (OverlayLayer layer : colliders)
        legend->addEntry(overlayColor(layer), QObject::tr(overlayName(layer)));
    for (OverlayLayer layer : {OverlayLayer::Trigger, OverlayLayer::Selection})
        legend->addEntry(overlayColor(layer), QObject::tr(overlayName(layer)));
    for (JointPart part : {JointPart::Links, JointPart::Limits, JointPart::Drives})
        legend->addEntry(jointColor(part), QObject::tr(jointPartName(part)));
}

} // namespace

MainWindow::MainWindow(std::shared_ptr<Prompter> prompter, QWidget* parent)
    : QMainWindow(parent),
      m_prompter(prompter ? std::move(prompter)
                          : std::shared_ptr<Prompter>(std::make_shared<MessageBoxPrompter>(this))),
      m_actions(this)
{
    setObjectName(QStringLiteral("MainWindow"));
    WheelGuard::install();
    setAcceptDrops(true);
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_viewport = new Viewport(central);
    layout->addWidget(m_viewport, 1);
    auto* legend = new ColourLegend(central);
    legend->setObjectName(QStringLiteral("viewLegend"));
    fillLegend(legend, false);
    layout->addWidget(legend);
    setCentralWidget(central);
    m_statusLine = new StatusLine(statusBar(), this);

    // The order of the connections to documentReplaced is the order of the work: the tool dialogs close,
    // the editors take the new document, then the view shows it and the menus' tools follow.
    m_session = new DocumentSession(*m_prompter, this);
    createDocks();
    m_tools = new ToolDialogs(*m_session, m_viewport, this, this);
    connect(m_session, &DocumentSession::documentReplaced, this, &MainWindow::showDocument);
    m_view = new ViewController(*m_session, m_viewport, m_tree, m_diagnostics, this);
    connect(m_view, &ViewController::overlaysRestyled, legend,
            [this, legend] { fillLegend(legend, m_view->colourByShape()); });
    createMenus();
    // Every dock moves to another side by a drag and closes from its title, but a click or double-click on
    // its title (reaching for a tab or the close button) never floats it off the window.
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable);

    connect(m_session, &DocumentSession::titleChanged, this, &QWidget::setWindowTitle);
    connect(m_session, &DocumentSession::modifiedChanged, this, &QWidget::setWindowModified);
    connect(m_session, &DocumentSession::statusMessage, m_statusLine, &StatusLine::showMessage);
    // Cancel beside the "Opening..." line while a file is read.
    QPushButton* cancelOpen = addStatusButton(statusBar(), tr("Cancel"), QStringLiteral("cancelOpen"));
    connect(cancelOpen, &QPushButton::clicked, m_session, &DocumentSession::cancelOpen);
    connect(m_session, &DocumentSession::openingChanged, cancelOpen, &QWidget::setVisible);
    // "Loading textures n/m" while the images of the scene shown are decoded.
    auto* textureStatus = new QLabel(this);
    textureStatus->setObjectName(QStringLiteral("textureStatus"));
    textureStatus->setVisible(false);
    statusBar()->addPermanentWidget(textureStatus);
    connect(m_viewport, &Viewport::texturesLoading, textureStatus, [textureStatus](int ready, int total) {
        textureStatus->setText(tr("Loading textures %1/%2").arg(ready).arg(total));
        textureStatus->setVisible(ready < total);
    });
    connect(m_tools, &ToolDialogs::statusMessage, m_statusLine, &StatusLine::showMessage);
    connect(m_menus, &WindowMenus::statusMessage, m_statusLine, &StatusLine::showMessage);
    connect(m_diagnostics, &DiagnosticsPanel::listFilled, m_statusLine,
            [this] { m_statusLine->setDiagnostics(m_diagnostics->diagnostics()); });
    const auto selectActivated = [this](NodeIndex node) { m_session->selectNode(node); };
    connect(m_diagnostics, &DiagnosticsPanel::nodeActivated, this, selectActivated);
    connect(m_properties, &PropertiesPanel::nodeActivated, this, selectActivated);
    connect(m_materials, &MaterialsPanel::nodeActivated, this, selectActivated);
    connect(m_filters, &FiltersPanel::nodeActivated, this, selectActivated);
    connect(m_joints, &JointsPanel::nodeActivated, this, selectActivated);
    connect(m_properties, &PropertiesPanel::hullRequested, this,
            [this](NodeIndex node) { m_tools->openHullDialog(node); });
    connect(m_diagnostics, &DiagnosticsPanel::fixApplied, this,
            [this](const QString& label) { m_statusLine->showMessage(tr("Fixed: %1").arg(label)); });
    connect(m_diagnostics, &DiagnosticsPanel::fixFailed, this,
            [this](const QString& why) { m_statusLine->showMessage(tr("Not fixed: %1").arg(why)); });
    m_joints->setPrompter(m_prompter.get());
    restoreLayout();
    setWindowTitle(m_session->title());
}

MainWindow::~MainWindow()
{
    // The document goes before the child widgets: the editors let go of it first.
    m_session->close();
    // Closing the window can still end an edit in a child; its signal must not reach this half-destroyed
    // window.
    disconnectChildrenFrom(this);
}

AddColliderMenu* MainWindow::addColliderMenu() const
{
    return m_menus->addColliderMenu();
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    if (!settings.contains(QStringLiteral("window/geometry")))
        resize(1280, 800);
    if (!settings.contains(QStringLiteral("window/state"))) {
        // First run: most of the window for the view, and eight rows of findings under it (room for nine,
        // so that a style's extra pixel does not hide the eighth).
        const int dockChrome =
            m_diagnosticsDock->minimumSizeHint().height() - m_diagnostics->minimumSizeHint().height();
        resizeDocks({m_diagnosticsDock}, {m_diagnostics->heightForRows(9) + std::max(dockChrome, 0)},
                    Qt::Vertical);
        resizeDocks({m_treeDock, m_propertiesDock}, {280, 340}, Qt::Horizontal);
    }
}

void MainWindow::createMenus()
{
    m_menus = new WindowMenus({*m_session, *m_view, *m_tools, m_actions, m_undoGroup, m_tree}, this);
    m_nodeMenu = new NodeMenu(*m_session, m_actions, m_tree, m_viewport, statusBar(), this);
    m_simulation = new SimulationMenu(*m_session, *m_view, m_actions, statusBar(), this);
    m_timeline = new AnimationTimeline(*m_session, *m_view, *m_simulation, this);
    for (QMenu* menu : {m_menus->fileMenu(), m_menus->editMenu(), m_menus->physicsMenu(), m_nodeMenu->menu(),
                        m_simulation->menu(), m_menus->viewMenu(), m_menus->helpMenu()})
        menuBar()->addMenu(menu);
    m_menus->addDockToggles({m_treeDock->toggleViewAction(), m_diagnosticsDock->toggleViewAction(),
                             m_historyDock->toggleViewAction(), m_propertiesDock->toggleViewAction(),
                             m_materialsDock->toggleViewAction(), m_filtersDock->toggleViewAction()});
    m_fitHeatMap = new FitHeatMap(*m_session, m_viewport, m_actions, m_menus->viewMenu(), statusBar(), this);
    addToolBar(m_menus->toolBar());
    addToolBar(m_nodeMenu->toolBar());
    addToolBar(m_simulation->toolBar());
    addToolBar(Qt::BottomToolBarArea, m_timeline->toolBar());
    addDockWidget(Qt::BottomDockWidgetArea, m_simulation->dock());
    m_simulation->dock()->hide(); // shown by the first Play or Step
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

void MainWindow::showDocument(document::Document* document)
{
    m_properties->setDocument(document);
    m_materials->setDocument(document);
    m_filters->setDocument(document);
    m_joints->setDocument(document);
    m_diagnostics->setDocument(document);
    m_statusLine->setDocument(document);
    if (document) {
        // The stack of the document going away leaves the group when it is destroyed.
        m_undoGroup->addStack(document->undoStack());
        m_undoGroup->setActiveStack(document->undoStack());
    }
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_session->maybeSave()) {
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
    if (!urls.isEmpty() && urls.first().isLocalFile() && m_session->maybeSave()) {
        m_session->openFile(urls.first().toLocalFile());
        event->acceptProposedAction();
    }
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
