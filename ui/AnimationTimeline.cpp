#include "AnimationTimeline.h"

#include "DiagnosticText.h"
#include "DocumentSession.h"
#include "MovedView.h"
#include "SimulationAnimation.h"
#include "SimulationController.h"
#include "SimulationMenu.h"
#include "ViewController.h"
#include "document/Document.h"
#include "viewport/Viewport.h"
#include "widgets/WheelGuard.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QTimer>
#include <QToolBar>
#include <cmath>

namespace cs::ui {

namespace {

constexpr double TicksPerSecond = 1000; ///< the slider scrubs in milliseconds

} // namespace

AnimationTimeline::AnimationTimeline(DocumentSession& session, ViewController& view,
                                     SimulationMenu& simulation, QWidget* window)
    : QObject(window), m_session(session), m_view(view), m_simulation(simulation)
{
    WheelGuard::install(); // the slider takes the wheel only when it has focus
    m_timer = new QTimer(this);
    m_timer->setInterval(16);
    connect(m_timer, &QTimer::timeout, this, &AnimationTimeline::advance);
    createBar(window);
    // The simulation preview and a pose both move the view: whichever starts ends the other.
    connect(&simulation, &SimulationMenu::previewStarted, this, &AnimationTimeline::stop);
    followDocuments(
        session, this, [this] { rebuild(); },
        [this] {
            stop();
            // Both read the document: made again from the edited one once the view has taken the edit in
            // (its scene graph is the pose's), so that the chosen animation still plays.
            m_meshes.reset();
            m_pose.reset();
            m_remakePose = m_animation.has_value();
            updateControls();
        },
        [this] { redrawOverlays(); });
    connect(&view, &ViewController::selectionShown, this, [this] {
        if (!m_remakePose)
            return;
        m_remakePose = false;
        makePose();
        updateControls();
    });
    connect(&view, &ViewController::overlaysRestyled, this, &AnimationTimeline::redrawOverlays);
    rebuild();
}

AnimationTimeline::~AnimationTimeline() = default;

void AnimationTimeline::createBar(QWidget* window)
{
    m_toolBar = new QToolBar(tr("Animation"), window);
    m_toolBar->setObjectName(QStringLiteral("AnimationTimeline"));
    m_choice = new QComboBox(m_toolBar);
    m_choice->setObjectName(QStringLiteral("animationChoice"));
    m_choice->setToolTip(tr("The file's animation the view plays (the document is not changed)"));
    m_choice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_toolBar->addWidget(m_choice);
    connect(m_choice, &QComboBox::activated, this,
            [this](int row) { choose(row > 0 ? std::optional<size_t>(size_t(row - 1)) : std::nullopt); });
    m_play = m_toolBar->addAction(tr("Play"));
    m_play->setObjectName(QStringLiteral("actionAnimationPlay"));
    m_play->setCheckable(true);
    connect(m_play, &QAction::triggered, this, [this](bool on) { on ? play() : pause(); });
    m_stop = m_toolBar->addAction(tr("Stop"));
    m_stop->setObjectName(QStringLiteral("actionAnimationStop"));
    m_stop->setToolTip(tr("Back to time 0 and the document's own pose"));
    connect(m_stop, &QAction::triggered, this, &AnimationTimeline::stop);
    m_slider = new QSlider(Qt::Horizontal, m_toolBar);
    m_slider->setObjectName(QStringLiteral("animationSlider"));
    m_slider->setMinimumWidth(240);
    m_slider->setFocusPolicy(Qt::StrongFocus);
    m_toolBar->addWidget(m_slider);
    connect(m_slider, &QSlider::valueChanged, this,
            [this](int ticks) { scrubTo(double(ticks) / TicksPerSecond); });
    m_timeLabel = new QLabel(m_toolBar);
    m_timeLabel->setObjectName(QStringLiteral("animationTime"));
    m_timeLabel->setMinimumWidth(110);
    m_toolBar->addWidget(m_timeLabel);
    m_loop = new QCheckBox(tr("Loop"), m_toolBar);
    m_loop->setObjectName(QStringLiteral("animationLoop"));
    m_loop->setToolTip(tr("Play the animation again from the start whenever it ends"));
    m_toolBar->addWidget(m_loop);
}

void AnimationTimeline::rebuild()
{
    stop();
    m_meshes.reset();
    m_pose.reset();
    m_animation.reset();
    const QSignalBlocker block(m_choice);
    m_choice->clear();
    const document::Document* doc = m_session.document();
    const size_t count = doc ? gltf::animationCount(doc->gltf()) : 0;
    m_choice->addItem(count ? tr("No animation") : tr("No animations in the file"));
    for (size_t i = 0; i < count; ++i)
        m_choice->addItem(animationLabel(doc->gltf(), i));
    // A file with animations starts on its first, at rest until played or scrubbed. The bar is shown only for
    // such a file: most physics files have none, and their view keeps the whole height.
    choose(count ? std::optional<size_t>(0) : std::nullopt);
    m_toolBar->setVisible(count > 0);
}

void AnimationTimeline::choose(std::optional<size_t> index)
{
    const document::Document* doc = m_session.document();
    const LoadedScene* scene = m_session.scene();
    if (index && (!doc || !scene || *index >= gltf::animationCount(doc->gltf())))
        return;
    stop();
    m_animation = index;
    m_meshes.reset();
    m_pose.reset();
    m_remakePose = false;
    makePose();
    {
        const QSignalBlocker block(m_choice);
        m_choice->setCurrentIndex(index ? int(*index) + 1 : 0);
    }
    updateControls();
}

void AnimationTimeline::makePose()
{
    const document::Document* doc = m_session.document();
    const LoadedScene* scene = m_session.scene();
    m_timeLabel->setToolTip(QString());
    if (!m_animation || !doc || !scene)
        return;
    auto made = gltf::AnimationPose::make(doc->gltf(), scene->graph, *m_animation);
    if (!made) {
        m_timeLabel->setToolTip(QString::fromStdString(formatDiagnostics(made.diagnostics)));
        return;
    }
    m_pose = std::move(*made);
    m_meshes = gltf::AnimatedMeshes::make(doc->gltf(), *m_pose);
}

void AnimationTimeline::scrubTo(double seconds)
{
    if (!m_pose)
        return;
    pause();
    m_time = std::clamp(seconds, 0.0, m_pose->duration());
    showPose();
}

void AnimationTimeline::play()
{
    if (!m_pose) {
        updateControls();
        return;
    }
    if (!m_loop->isChecked() && m_time >= m_pose->duration())
        m_time = 0; // played to its end: Play starts it again
    m_playFrom = m_time;
    m_clock.start();
    m_timer->start();
    showPose();
}

void AnimationTimeline::pause()
{
    m_timer->stop();
    updateControls();
}

void AnimationTimeline::stop()
{
    m_timer->stop();
    m_time = 0;
    restore();
    updateControls();
}

bool AnimationTimeline::playing() const
{
    return m_timer->isActive();
}

void AnimationTimeline::advance()
{
    if (!m_pose) {
        pause();
        return;
    }
    const double played = m_playFrom + double(m_clock.nsecsElapsed()) * 1e-9;
    m_time = gltf::animationTime(m_pose->animation(), played, m_loop->isChecked());
    if (!m_loop->isChecked() && played >= m_pose->duration())
        m_timer->stop(); // the last pose stays
    showPose();
}

void AnimationTimeline::showPose()
{
    const document::Document* doc = m_session.document();
    const LoadedScene* scene = m_session.scene();
    if (!m_pose || !doc || !scene)
        return;
    if (m_simulation.controller()->loaded())
        m_simulation.stop();
    Viewport* view = m_view.viewport();
    m_worlds = m_pose->worldTransforms(m_time);
    m_instances = gltf::posedInstances(scene->render, m_worlds);
    view->setInstanceTransforms(m_instances, meshShapes());
    if (!m_overlays) {
        const scene::Overlays atRest = scene::buildOverlays(
            doc->gltf(), doc->model(), scene->resolved, scene->graph,
            scene::windowOverlayOptions(scene->resolved.instances.size(), m_session.selectedNodes(),
                                        m_view.colourByShape()));
        m_overlays = std::make_shared<const simulation::MovingOverlays>(atRest, m_pose->movedNodes());
        showFixedLines(*view, *m_overlays);
    }
    m_motions = std::make_shared<const simulation::BodyMotions>(
        simulation::nodeMotions(scene->graph, m_worlds, m_pose->movedNodes()));
    showMovedLines(*view, m_overlays, m_motions);
    updateControls();
}

void AnimationTimeline::redrawOverlays()
{
    if (!posed())
        return;
    // The window redrew the overlays (for the selection, or in other colours): split and moved again after.
    m_overlays.reset();
    QTimer::singleShot(0, this, &AnimationTimeline::showPose);
}

std::vector<gltf::PosedPrimitive> AnimationTimeline::meshShapes()
{
    if (!m_meshes || m_meshes->empty())
        return {};
    auto posed = m_meshes->at(*m_pose, m_worlds, m_time);
    if (!posed.diagnostics.empty())
        m_timeLabel->setToolTip(QString::fromStdString(formatDiagnostics(posed.diagnostics)));
    return std::move(*posed.value);
}

void AnimationTimeline::restore()
{
    if (!posed())
        return;
    m_worlds.clear();
    m_instances.clear();
    m_overlays.reset();
    m_motions.reset();
    showDocumentPlacement(m_view);
}

scene::Overlays AnimationTimeline::shownOverlays() const
{
    return m_overlays && m_motions ? m_overlays->drawn(*m_motions) : scene::Overlays();
}

void AnimationTimeline::updateControls()
{
    const bool any = m_choice->count() > 1;
    m_choice->setEnabled(any);
    const bool ready = m_pose.has_value();
    for (QAction* a : {m_play, m_stop})
        a->setEnabled(ready);
    m_slider->setEnabled(ready);
    m_loop->setEnabled(ready);
    m_play->setChecked(playing());
    m_play->setText(playing() ? tr("Pause") : tr("Play"));
    const double duration = ready ? m_pose->duration() : 0.0;
    const QSignalBlocker block(m_slider);
    m_slider->setRange(0, int(std::lround(duration * TicksPerSecond)));
    m_slider->setValue(int(std::lround(m_time * TicksPerSecond)));
    m_timeLabel->setText(m_animation && !ready && !m_remakePose
                             ? tr("cannot be played")
                             : tr("%1 / %2 s").arg(m_time, 0, 'f', 2).arg(duration, 0, 'f', 2));
}

} // namespace cs::ui
