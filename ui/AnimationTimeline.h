#pragma once

#include "gltf/AnimatedMeshes.h"
#include "gltf/AnimationPose.h"
#include "scene/Overlays.h"
#include "simulation/BodyMotions.h"
#include "simulation/MovingOverlays.h"

#include <QElapsedTimer>
#include <QMatrix4x4>
#include <QObject>
#include <memory>
#include <optional>
#include <vector>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QSlider;
class QTimer;
class QToolBar;
class QWidget;

namespace cs::ui {

class DocumentSession;
class SimulationMenu;
class ViewController;

/// The Animation timeline: a toolbar ("AnimationTimeline", at the bottom of the window) that plays the file's
/// animations in the view. A combo chooses the animation (disabled when the file has none), Play/Pause and
/// Stop, a slider scrubs (the time beside it, "0.42 / 2.00 s"), Loop wraps. While a pose is shown the meshes
/// and the collider and trigger overlays move with their nodes (gltf::AnimationPose; the same moving path as
/// the simulation preview: Viewport::setInstanceTransforms and moving overlay lines), and skinned or morphed
/// meshes take the shape the animated joints and weights give them (gltf::AnimatedMeshes, given to
/// Viewport::setInstanceTransforms). Stop, no animation, a document edit or another file put everything
/// back at rest. Nothing here edits the document. Showing a pose ends a simulation preview, and a preview's
/// start ends the pose.
class AnimationTimeline : public QObject
{
    Q_OBJECT

public:
    AnimationTimeline(DocumentSession& session, ViewController& view, SimulationMenu& simulation,
                      QWidget* window);
    ~AnimationTimeline() override;

    QToolBar* toolBar() const { return m_toolBar; }
    /// The animation chosen (an index into the document's animations), or none.
    std::optional<size_t> animation() const { return m_animation; }
    /// Chooses an animation (none, or one the document has): the view goes back to rest, time 0.
    void choose(std::optional<size_t> index);
    /// Shows the chosen animation's pose at `seconds` (clamped to its length), pausing.
    void scrubTo(double seconds);
    void play();
    void pause();
    /// Pauses, time 0, and the view shows the document at rest.
    void stop();
    bool playing() const;
    /// The animation time of the pose on show (0 at rest).
    double time() const { return m_time; }
    /// A pose is on show (the view is away from the document's placement).
    bool posed() const { return !m_worlds.empty(); }
    /// What the bar last gave the view: every node's world matrix, one matrix per render instance (both
    /// empty at rest), and the collider and trigger overlays at that pose (empty at rest).
    const std::vector<QMatrix4x4>& shownWorlds() const { return m_worlds; }
    const std::vector<QMatrix4x4>& shownInstances() const { return m_instances; }
    scene::Overlays shownOverlays() const;

private:
    void createBar(QWidget* window);
    /// Lists the open document's animations (none chosen).
    void rebuild();
    /// One tick of the play timer: the time the wall clock gives, wrapped when Loop is on.
    void advance();
    /// Draws the pose at m_time.
    void showPose();
    /// The skinned and morphed meshes' vertices at m_time (none when the animation reshapes no mesh).
    std::vector<gltf::PosedPrimitive> meshShapes();
    /// The view back at the document's placement.
    void restore();
    /// m_pose and m_meshes for m_animation from the document and scene as they are now (none, and why in the
    /// time's tooltip, when the animation cannot be played).
    void makePose();
    /// After the window drew the overlays again: split and moved again when the view shows a pose.
    void redrawOverlays();
    void updateControls();

    DocumentSession& m_session;
    ViewController& m_view;
    SimulationMenu& m_simulation;
    QToolBar* m_toolBar = nullptr;
    QComboBox* m_choice = nullptr;
    QAction* m_play = nullptr;
    QAction* m_stop = nullptr;
    QSlider* m_slider = nullptr;
    QLabel* m_timeLabel = nullptr;
    QCheckBox* m_loop = nullptr;
    QTimer* m_timer = nullptr;
    QElapsedTimer m_clock;
    double m_playFrom = 0; ///< the animation time when Play started m_clock
    std::optional<size_t> m_animation;
    std::optional<gltf::AnimationPose> m_pose;
    bool m_remakePose = false; ///< an edit dropped m_pose: made again once the view shows the edit
    std::optional<gltf::AnimatedMeshes> m_meshes; ///< with m_pose: the meshes its skins and weights reshape
    double m_time = 0;
    std::vector<QMatrix4x4> m_worlds;
    std::vector<QMatrix4x4> m_instances;
    std::shared_ptr<const simulation::MovingOverlays> m_overlays; ///< null until split
    std::shared_ptr<const simulation::BodyMotions> m_motions;
};

} // namespace cs::ui
