#pragma once

#include "Diagnostic.h"
#include "scene/Overlays.h"
#include "simulation/BodyMotions.h"
#include "simulation/MovingOverlays.h"
#include "simulation/World.h"

#include <QMatrix4x4>
#include <QObject>
#include <memory>
#include <vector>

class QAction;
class QDockWidget;
class QLabel;
class QListWidget;
class QMenu;
class QStatusBar;
class QTimer;
class QToolBar;
class QToolButton;
class QWidget;

namespace cs::ui {

class ActionTable;
class DocumentSession;
class SimulationController;
class SimulationAnimation;
class SimulationGround;
class ViewController;

/// The window's simulation preview: the Simulate menu and Simulation toolbar (Play/Pause on Space, Step on
/// period, Reset on Home, a speed from 0.25x to 4x, Keep Current Poses) and the Simulation Events dock (the
/// preview's SIM_* notes for the file, then every trigger enter and exit with its time and nodes). Behave
/// like picks the engine whose parameters the preview takes (the spec's by default); the time label names it.
///
/// Play builds the engine's input from the document (simulation::buildSimulationInput) and hands a copy to
/// a SimulationController, whose worker thread steps it at 1/60 s. Each frame moves the drawn meshes
/// (Viewport::setInstanceTransforms) and the collider overlays with their bodies and draws the triggers
/// with something inside in the preview colour. The document never changes, except by Keep Current Poses
/// (one undoable command); any edit of the document ends the preview. While a preview is away from time 0,
/// Reset is enabled and Home resets it (otherwise Home frames the view, as the viewport does).
class SimulationMenu : public QObject
{
    Q_OBJECT

public:
    /// Makes the menu, toolbar and dock over `window`, which places them; its commands go into `actions`.
    SimulationMenu(DocumentSession& session, ViewController& view, ActionTable& actions, QStatusBar* status,
                   QWidget* window);
    ~SimulationMenu() override;

    SimulationController* controller() const { return m_controller; }
    QMenu* menu() const { return m_menu; }
    QToolBar* toolBar() const { return m_toolBar; }
    QDockWidget* dock() const { return m_dock; }
    /// A preview is on show (away from time 0, or playing).
    bool active() const;
    /// What the preview last drew: one matrix per render instance (empty: the document's own placement),
    /// and the collider overlays (empty when none is moved): the lines no body moves, then the moving
    /// bodies' lines at their last drawn poses, per kind.
    const std::vector<QMatrix4x4>& shownInstances() const { return m_shownInstances; }
    const scene::Overlays& shownOverlays() const;
    /// The simulated time of the poses the preview last drew: while playing, between the newest frame's
    /// previous and newest states (the view interpolates), otherwise the newest frame's.
    double shownTime() const { return m_shownTime; }
    /// The notes of the last build of the engine's input.
    const Diagnostics& notes() const { return m_notes; }

    void play();
    /// The preview ends and the view shows the document (the document changed, another one is open, or the
    /// animation timeline shows a pose).
    void stop();
    void keepCurrentPoses();
    /// World gravity in m/s^2 for the next preview (default 0, -9.80665, 0); a preview on show ends.
    void setGravity(const simulation::Vec3& gravity);
    const simulation::Vec3& gravity() const { return m_settings.gravity; }
    /// Simulate > Behave like: the next preview reads the file as this engine does (a name of
    /// simulation::behaviourProfiles(); unknown names are refused, false); a preview on show ends.
    bool setBehaviour(const std::string& name);
    const simulation::BehaviourProfile& behaviour() const { return m_behaviour; }
    /// Simulate > Ground: the plane the next preview has under the scene (simulation::Settings::ground).
    SimulationGround& ground() const { return *m_ground; }
    /// Simulate > Animation: the animation the next preview plays (its bodies follow it).
    SimulationAnimation& animation() const { return *m_animation; }

signals:
    /// A preview is about to show its first frame (Play or Step built the engine's input).
    void previewStarted();

private:
    void createActions();
    void createDock();
    /// Simulate > Gravity...: asks for three numbers.
    void askGravity();
    /// Simulate > Behave like: spec and each target with deviations that are parameters.
    void createBehaviourMenu(QMenu* menu);
    /// Builds the engine's input from the session's document (when there is none yet).
    bool ensureLoaded();
    /// A new frame from the controller: drawn now, and while playing again on every tick of the draw timer.
    void showFrame();
    /// Draws the newest frame at the simulated time the wall clock asks for.
    void drawFrame();
    /// Splits the overlays at rest into the lines that stay (drawn once, as the view's layers) and those the
    /// moving bodies carry (moved by every frame).
    void splitOverlays();
    /// After the window drew the overlays again: split and moved again when the view shows the preview.
    void redrawOverlays();
    /// The triggers with something inside, in the preview colour.
    void drawOccupiedTriggers();
    void restoreView();
    void addEvents();
    void updateActions();

    DocumentSession& m_session;
    ViewController& m_view;
    ActionTable& m_actions;
    QStatusBar* m_status;
    QWidget* m_window; ///< dialogs open over it
    QMenu* m_menu = nullptr;
    QToolBar* m_toolBar = nullptr;
    SimulationController* m_controller = nullptr;
    QAction* m_play = nullptr;
    QAction* m_step = nullptr;
    QAction* m_reset = nullptr;
    QAction* m_keep = nullptr;
    QAction* m_gravity = nullptr;
    SimulationGround* m_ground = nullptr;
    SimulationAnimation* m_animation = nullptr;
    simulation::Settings m_settings;
    simulation::BehaviourProfile m_behaviour;
    std::vector<QAction*> m_behaviourActions; ///< one per profile, in behaviourProfiles() order
    QToolButton* m_speed = nullptr;
    QLabel* m_time = nullptr;
    QLabel* m_notesLabel = nullptr;
    QListWidget* m_events = nullptr;
    QDockWidget* m_dock = nullptr;
    QTimer* m_drawTimer = nullptr; ///< redraws between frames while playing
    Diagnostics m_notes;
    std::vector<QMatrix4x4> m_shownInstances;
    /// Shared with the view's moving layers, which make the level of detail they show from them.
    std::shared_ptr<const simulation::MovingOverlays> m_overlays; ///< null until split
    std::shared_ptr<const simulation::BodyMotions> m_shownMotions;
    bool m_triggersLit = false;              ///< the preview colour shows some occupied trigger
    mutable scene::Overlays m_shownOverlays; ///< made from m_overlays on demand
    mutable bool m_shownOverlaysCurrent = true;
    size_t m_eventsShown = 0;
    double m_shownTime = 0;
    std::vector<simulation::BodyState> m_shownStates; ///< the poses last drawn
    bool m_viewMoved = false;                         ///< the view shows preview poses (not the document's)
};

} // namespace cs::ui
