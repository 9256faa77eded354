#include "SimulationMenu.h"

#include "ActionTable.h"
#include "DiagnosticText.h"
#include "DocumentSession.h"
#include "MovedView.h"
#include "Prompter.h"
#include "SimulationAnimation.h"
#include "SimulationController.h"
#include "SimulationGround.h"
#include "ViewController.h"
#include "document/NodeEdits.h"
#include "document/WorldPlacement.h"
#include "gltf/NodeLabel.h"
#include "simulation/BodyMotions.h"
#include "simulation/SimulationInput.h"
#include "viewport/Viewport.h"

#include <QActionGroup>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace cs::ui {

namespace {

constexpr double Speeds[] = {0.25, 0.5, 1.0, 2.0, 4.0};
constexpr int DefaultSpeed = 2;

QString nodeName(const simulation::SimulationInput& input, size_t node)
{
    return QString::fromStdString(
        gltf::nodeLabel(node < input.nodeNames.size() ? input.nodeNames[node] : std::string(), node));
}

} // namespace

SimulationMenu::SimulationMenu(DocumentSession& session, ViewController& view, ActionTable& actions,
                               QStatusBar* status, QWidget* window)
    : QObject(window), m_session(session), m_view(view), m_actions(actions), m_status(status),
      m_window(window)
{
    m_controller = new SimulationController(this);
    m_drawTimer = new QTimer(this);
    m_drawTimer->setInterval(16);
    connect(m_drawTimer, &QTimer::timeout, this, &SimulationMenu::drawFrame);
    createActions();
    createDock();
    connect(m_controller, &SimulationController::frameChanged, this, &SimulationMenu::showFrame);
    connect(m_controller, &SimulationController::playingChanged, this, &SimulationMenu::updateActions);
    followDocuments(
        session, this, [this] { stop(); }, [this] { stop(); }, [this] { redrawOverlays(); });
    connect(&m_view, &ViewController::overlaysRestyled, this, &SimulationMenu::redrawOverlays);
    updateActions();
}

SimulationMenu::~SimulationMenu() = default;

void SimulationMenu::createActions()
{
    m_menu = new QMenu(tr("&Simulate"), m_window);
    QMenu* menu = m_menu;
    menu->setObjectName(QStringLiteral("menuSimulate"));
    m_toolBar = new QToolBar(tr("Simulation"), m_window);
    QToolBar* bar = m_toolBar;
    bar->setObjectName(QStringLiteral("SimulationToolBar"));
    auto add = [this, menu, bar](const ActionSpec& spec) {
        QAction* a = m_actions.add(spec);
        m_window->addAction(a);
        menu->addAction(a);
        bar->addAction(a);
        return a;
    };
    m_play = add({ActionId::SimulatePlay, "actionSimulatePlay", tr("&Play"), Qt::Key_Space});
    m_play->setCheckable(true);
    connect(m_play, &QAction::triggered, this, [this](bool on) { on ? play() : m_controller->pause(); });
    m_step = add({ActionId::SimulateStep, "actionSimulateStep", tr("&Step"), Qt::Key_Period, [this] {
                      if (ensureLoaded())
                          m_controller->step();
                  }});
    m_reset = add({ActionId::SimulateReset, "actionSimulateReset", tr("&Reset"), Qt::Key_Home,
                   [this] { m_controller->reset(); }});
    menu->addSeparator();
    m_keep = m_actions.add(
        {ActionId::SimulateKeepPoses, "actionSimulateKeepPoses", tr("&Keep Current Poses"), {}, [this] {
             keepCurrentPoses();
         }});
    menu->addAction(m_keep);
    m_gravity = m_actions.add(
        {ActionId::SimulateGravity, "actionSimulateGravity", QString(), {}, [this] { askGravity(); }});
    menu->addAction(m_gravity);
    setGravity(m_settings.gravity);
    m_ground = new SimulationGround(m_session, m_view, m_actions, menu, m_status);
    connect(m_ground, &SimulationGround::changed, this, [this] {
        m_settings.ground = m_ground->height();
        if (m_controller->loaded())
            stop();
    });
    m_animation = new SimulationAnimation(m_session, m_actions, menu);
    connect(m_animation, &SimulationAnimation::changed, this, [this] {
        if (m_controller->loaded())
            stop();
    });
    createBehaviourMenu(menu);

    // The speed as a menu (in the Simulate menu and behind a toolbar button that shows the current one).
    QMenu* speeds = menu->addMenu(tr("S&peed"));
    speeds->setObjectName(QStringLiteral("menuSimulationSpeed"));
    m_speed = new QToolButton(bar);
    m_speed->setObjectName(QStringLiteral("simulationSpeed"));
    m_speed->setToolTip(tr("Simulated seconds per second"));
    m_speed->setPopupMode(QToolButton::InstantPopup);
    m_speed->setMenu(speeds);
    auto* group = new QActionGroup(speeds);
    for (size_t i = 0; i < std::size(Speeds); ++i) {
        const QString text = QStringLiteral("%1x").arg(Speeds[i]);
        QAction* a = speeds->addAction(text);
        a->setObjectName(QStringLiteral("actionSimulationSpeed%1").arg(i));
        a->setCheckable(true);
        a->setChecked(int(i) == DefaultSpeed);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, i, text] {
            m_controller->setSpeed(Speeds[i]);
            m_speed->setText(text);
        });
    }
    m_speed->setText(QStringLiteral("%1x").arg(Speeds[DefaultSpeed]));
    bar->addWidget(m_speed);
    m_time = new QLabel(bar);
    m_time->setObjectName(QStringLiteral("simulationTime"));
    m_time->setMinimumWidth(110);
    bar->addWidget(m_time);
}

void SimulationMenu::createBehaviourMenu(QMenu* menu)
{
    QMenu* behaviours = menu->addMenu(tr("&Behave Like"));
    behaviours->setObjectName(QStringLiteral("menuSimulationBehaveLike"));
    behaviours->setToolTip(tr("Simulate with a target engine's deviations that are parameters"));
    auto* group = new QActionGroup(behaviours);
    for (const simulation::BehaviourProfile& p : simulation::behaviourProfiles()) {
        const QString name = QString::fromStdString(p.name);
        QAction* a = behaviours->addAction(p.isSpec() ? tr("Spec") : name);
        a->setObjectName(QStringLiteral("actionBehaveLike_") + name);
        a->setCheckable(true);
        a->setChecked(p.name == m_behaviour.name);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, n = p.name] { setBehaviour(n); });
        m_behaviourActions.push_back(a);
    }
}

bool SimulationMenu::setBehaviour(const std::string& name)
{
    auto profile = simulation::findBehaviourProfile(name);
    if (!profile)
        return false;
    m_behaviour = std::move(*profile);
    const auto all = simulation::behaviourProfiles();
    for (size_t i = 0; i < all.size() && i < m_behaviourActions.size(); ++i)
        m_behaviourActions[i]->setChecked(all[i].name == m_behaviour.name);
    if (m_controller->loaded())
        stop();
    updateActions();
    return true;
}

void SimulationMenu::askGravity()
{
    const std::optional<QString> text = m_session.prompter().askText(
        tr("Gravity"), tr("World gravity X, Y, Z in m/s\u00b2 (standard: 0, -9.80665, 0):"),
        QString::fromStdString(simulation::vectorText(m_settings.gravity)));
    if (!text)
        return;
    if (const auto g = simulation::vectorFromText(text->toStdString()))
        setGravity(*g);
    else
        m_status->showMessage(tr("Gravity wants three numbers X, Y, Z, such as 0, -9.81, 0"));
}

void SimulationMenu::createDock()
{
    auto* panel = new QWidget(m_window);
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(4, 4, 4, 4);
    m_notesLabel = new QLabel(panel);
    m_notesLabel->setObjectName(QStringLiteral("simulationNotes"));
    m_notesLabel->setWordWrap(true);
    m_notesLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_notesLabel);
    m_events = new QListWidget(panel);
    m_events->setObjectName(QStringLiteral("simulationEvents"));
    layout->addWidget(m_events, 1);
    m_dock = new QDockWidget(tr("Simulation Events"), m_window);
    m_dock->setObjectName(QStringLiteral("SimulationEventsDock"));
    m_dock->setWidget(panel);
    m_dock->hide(); // shown by the first Play or Step
}

bool SimulationMenu::active() const
{
    return m_controller->loaded() && (m_controller->playing() || m_controller->frame().step > 0);
}

bool SimulationMenu::ensureLoaded()
{
    if (m_controller->loaded())
        return true;
    const document::Document* doc = m_session.document();
    const LoadedScene* scene = m_session.scene();
    if (!doc || !scene)
        return false;
    auto input = simulation::buildSimulationInput(doc->gltf(), doc->model(), scene->graph, m_behaviour);
    if (input.value) {
        const Diagnostics notes = m_animation->apply(*input.value, doc->gltf(), scene->graph);
        input.diagnostics.insert(input.diagnostics.end(), notes.begin(), notes.end());
        if (hasErrors(notes))
            input.value.reset(); // an animation that cannot be played: its errors are shown, nothing runs
    }
    m_notes = input.diagnostics;
    QString text = m_notes.empty()
                       ? tr("The preview simulates this file as the spec says.")
                       : tr("Where the preview departs from the spec:\n") +
                             QString::fromStdString(formatDiagnostics(m_notes, codesAndMessages()));
    if (!m_behaviour.isSpec())
        text = tr("Behaving like %1: its parameter deviations apply (docs/targets.md).\n")
                   .arg(QString::fromStdString(m_behaviour.name)) +
               text;
    m_notesLabel->setText(text);
    m_events->clear();
    m_eventsShown = 0;
    m_dock->show();
    if (!input.value)
        return false;
    emit previewStarted();
    m_controller->load(std::move(*input.value), m_settings);
    return true;
}

void SimulationMenu::setGravity(const simulation::Vec3& gravity)
{
    m_settings.gravity = gravity;
    m_gravity->setText(
        tr("&Gravity (%1 m/s\u00b2)...").arg(QString::fromStdString(simulation::vectorText(gravity))));
    if (m_controller && m_controller->loaded())
        stop();
}

void SimulationMenu::play()
{
    if (ensureLoaded())
        m_controller->play();
    updateActions();
}

void SimulationMenu::stop()
{
    if (m_controller->loaded())
        m_controller->clear();
    restoreView();
    updateActions();
}

void SimulationMenu::restoreView()
{
    m_drawTimer->stop();
    m_shownTime = 0;
    if (!m_viewMoved)
        return;
    m_viewMoved = false;
    m_shownInstances.clear();
    m_overlays.reset();
    m_shownMotions.reset();
    m_shownOverlays = {};
    m_shownOverlaysCurrent = true;
    m_triggersLit = false;
    showDocumentPlacement(m_view);
}

const scene::Overlays& SimulationMenu::shownOverlays() const
{
    if (!m_shownOverlaysCurrent) {
        m_shownOverlays =
            m_overlays && m_shownMotions ? m_overlays->drawn(*m_shownMotions) : scene::Overlays();
        m_shownOverlaysCurrent = true;
    }
    return m_shownOverlays;
}

void SimulationMenu::showFrame()
{
    const SimulationFrame& frame = m_controller->frame();
    addEvents();
    updateActions();
    if (frame.playing && !frame.previousStates.empty()) {
        if (!m_drawTimer->isActive())
            m_drawTimer->start();
    } else {
        m_drawTimer->stop();
    }
    drawFrame();
}

void SimulationMenu::drawFrame()
{
    const SimulationFrame& frame = m_controller->frame();
    const LoadedScene* scene = m_session.scene();
    if (!scene || !m_controller->loaded() || frame.states.size() != m_controller->input().bodies.size())
        return;
    if (frame.step == 0 && !frame.playing) {
        restoreView(); // time 0: exactly the document's own placement
        return;
    }
    const double time = displayTime(frame, SimulationClock::now());
    if (m_viewMoved && time == m_shownTime && m_drawTimer->isActive())
        return; // nothing new to draw until the clock or the frame moves on
    if (time < frame.time && frame.time > frame.previousTime) {
        const double alpha = (time - frame.previousTime) / (frame.time - frame.previousTime);
        m_shownStates = simulation::interpolateStates(frame.previousStates, frame.states, alpha);
    } else {
        m_shownStates = frame.states;
    }
    m_shownTime = time;
    m_shownMotions = std::make_shared<const simulation::BodyMotions>(m_controller->input(), m_shownStates);
    Viewport* view = m_view.viewport();
    m_shownInstances = simulation::movedInstances(scene->render, scene->resolved, *m_shownMotions);
    view->setInstanceTransforms(m_shownInstances);
    if (!m_overlays)
        splitOverlays();
    showMovedLines(*view, m_overlays, m_shownMotions);
    m_shownOverlaysCurrent = false;
    drawOccupiedTriggers();
    m_viewMoved = true;
}

void SimulationMenu::redrawOverlays()
{
    if (!m_viewMoved)
        return;
    // The window redrew the overlays (for the selection, or in other colours): split and moved again after.
    m_overlays.reset();
    QTimer::singleShot(0, this, &SimulationMenu::showFrame);
}

void SimulationMenu::splitOverlays()
{
    const LoadedScene* scene = m_session.scene();
    const document::Document* doc = m_session.document();
    scene::OverlayOptions options;
    options.circleSegments = 16;
    options.selectedNodes = m_session.selectedNodes();
    options.byShape = m_view.colourByShape();
    m_overlays = std::make_shared<const simulation::MovingOverlays>(
        scene::buildOverlays(doc->gltf(), doc->model(), scene->resolved, scene->graph, options),
        scene->resolved);
    showFixedLines(*m_view.viewport(), *m_overlays);
}

void SimulationMenu::drawOccupiedTriggers()
{
    const SimulationFrame& frame = m_controller->frame();
    if (frame.occupiedTriggers.empty()) {
        if (m_triggersLit)
            m_view.viewport()->setPreviewLines({});
        m_triggersLit = false;
        return;
    }
    const LoadedScene* scene = m_session.scene();
    const document::Document* doc = m_session.document();
    scene::OverlayOptions options;
    options.circleSegments = 16;
    const physics::ResolvedScene moved = simulation::movedScene(scene->resolved, *m_shownMotions);
    const scene::Overlays lit =
        scene::buildOverlays(doc->gltf(), doc->model(),
                             simulation::triggersOnly(moved, frame.occupiedTriggers), scene->graph, options);
    m_view.viewport()->setPreviewLines(lit[scene::OverlayKind::Trigger]);
    m_triggersLit = true;
}

void SimulationMenu::addEvents()
{
    const auto& events = m_controller->events();
    if (events.size() < m_eventsShown) {
        m_events->clear(); // a reset
        m_eventsShown = 0;
    }
    const simulation::SimulationInput& input = m_controller->input();
    for (; m_eventsShown < events.size(); ++m_eventsShown) {
        const simulation::TriggerEvent& e = events[m_eventsShown];
        m_events->addItem(QStringLiteral("%1 s  %2  %3  %4")
                              .arg(e.time, 0, 'f', 3)
                              .arg(e.enter ? tr("enter") : tr("exit"))
                              .arg(nodeName(input, e.trigger))
                              .arg(nodeName(input, e.other)));
    }
    if (!events.empty())
        m_events->scrollToBottom();
}

void SimulationMenu::keepCurrentPoses()
{
    document::Document* doc = m_session.document();
    if (!doc || !active())
        return;
    m_controller->pause();
    // What the view shows (between two steps while playing).
    const auto& states = m_viewMoved ? m_shownStates : m_controller->frame().states;
    const simulation::BodyMotions motions(m_controller->input(), states);
    // Each moved body's node placed by its motion, its scale kept.
    std::vector<std::pair<document::NodeIndex, geometry::Mat4d>> worlds;
    for (const auto& [node, motion] : motions.moved())
        worlds.emplace_back(node, motion * document::nodeWorldMatrix(*doc, node));
    // The document's change ends the preview (stop): the view then shows the document, now at these poses.
    document::placeNodesInWorld(*doc, worlds, tr("Keep Simulated Poses"));
}

void SimulationMenu::updateActions()
{
    const bool open = m_session.document() != nullptr;
    m_play->setEnabled(open);
    m_play->setChecked(m_controller->playing());
    m_play->setText(m_controller->playing() ? tr("&Pause") : tr("&Play"));
    m_step->setEnabled(open);
    // Home is Reset while a preview is away from time 0, Frame All otherwise.
    m_reset->setEnabled(active());
    if (QAction* frameAll = m_actions.get(ActionId::FrameAll))
        frameAll->setShortcut(active() ? QKeySequence() : QKeySequence(Qt::Key_Home));
    m_keep->setEnabled(active());
    const SimulationFrame& frame = m_controller->frame();
    QString time = m_controller->loaded()
                       ? tr(" t = %1 s (step %2)").arg(frame.time, 0, 'f', 2).arg(frame.step)
                       : QString();
    if (!m_behaviour.isSpec())
        time += tr(" like %1").arg(QString::fromStdString(m_behaviour.name));
    m_time->setText(time);
}

} // namespace cs::ui
