#pragma once

#include <QKeySequence>
#include <QString>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <vector>

class QAction;
class QObject;

namespace cs::ui {

/// Every command of the window's menus and toolbars.
enum class ActionId
{
    // File
    Open,
    Import,
    Save,
    SaveAs,
    Quit,
    // Edit
    Undo,
    Redo,
    Delete,
    // Physics
    HullDialog,
    DecomposeDialog,
    AddColliders,
    AddSimplified,
    AddRagdoll,
    UpgradeLegacy,
    // Node
    AddEmptyColliderBox,
    AddEmptyColliderSphere,
    AddEmptyColliderCapsule,
    AddEmptyColliderCylinder,
    AddEmptyTriggerBox,
    AddEmptyTriggerSphere,
    AddEmptyTriggerCapsule,
    AddEmptyTriggerCylinder,
    DuplicateNode,
    RenameNode,
    DeleteNode,
    ToolMove,
    ToolRotate,
    ToolScale,
    GizmoLocal,
    // Simulate
    SimulatePlay,
    SimulateStep,
    SimulateReset,
    SimulateKeepPoses,
    SimulateGravity,
    SimulateGround,
    SimulateLoopAnimation,
    // View
    ShowMeshes,
    ShowStatic,
    ShowKinematic,
    ShowDynamic,
    ShowTriggers,
    ShowCenterOfMass,
    ShowInertia,
    ShowVelocity,
    ShowJoints,
    ShowGrid,
    ShowAxes,
    Xray,
    ColourByShape,
    FrameAll,
    FrameSelected,
    ViewFront,
    ViewRight,
    ViewTop,
    ViewIso,
    FitHeatMap,
    FitHeatMapTolerance,
    // Help
    Guide,
    About
};

/// One command: what the menus show and what it does.
struct ActionSpec
{
    ActionId id;
    const char* name; ///< the QAction's object name ("actionOpen")
    QString text;
    QKeySequence shortcut = {};
    std::function<void()> triggered = {};
    /// When the command can run (none: always); see ActionTable::updateEnabled.
    std::function<bool()> enabledWhen = {};
    QString toolTip = {};
    /// A checkable command starts in this state, and `toggled` gets every change (and the initial state).
    std::optional<bool> checked = {};
    std::function<void(bool)> toggled = {};
};

/// The window's commands by id: made from ActionSpecs, each a QAction owned by `owner` (the window, so that
/// its shortcut works wherever the focus is in it). Menus and toolbars add the actions they show.
class ActionTable
{
public:
    explicit ActionTable(QObject* owner) : m_owner(owner) {}

    QAction* add(const ActionSpec& spec);
    /// An action made elsewhere (the undo group's Undo and Redo).
    QAction* adopt(ActionId id, QAction* action);
    /// The action of `id`; null when it was never added.
    QAction* get(ActionId id) const;
    /// Every action, in the order of their ids.
    std::vector<QAction*> all() const;
    /// Enables each listed action whose enabledWhen holds (and disables the others among them).
    void updateEnabled(std::initializer_list<ActionId> ids) const;

private:
    QObject* m_owner;
    std::map<ActionId, QAction*> m_actions;
    std::map<ActionId, std::function<bool()>> m_enabledWhen;
};

} // namespace cs::ui
