#pragma once

#include "document/AutoColliderActions.h"

#include <QWidget>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLineEdit;
class QSpinBox;

namespace cs::ui {

/// The options of AddCollidersDialog: the strategy and its settings (hull cap, auto tolerance or fit
/// tolerance, largest error, a simplified copy for hulls, capsule axis, decomposition parts and concavity),
/// which nodes (a name wildcard or the selected ones, skipping those with a collider) and the bodies they
/// get. Only the fields the strategy uses are enabled; none while a run is in progress.
class AddCollidersForm : public QWidget
{
    Q_OBJECT

public:
    explicit AddCollidersForm(QWidget* parent = nullptr);

    void setStrategy(import::ColliderStrategy strategy);
    import::ColliderStrategy strategy() const;
    void setMaxPoints(int points);      ///< hull vertex cap, 4..255
    void setTolerance(double fraction); ///< auto: how much larger than the hull a primitive may be
    /// auto: choose by the measured fit within this distance (metres); nothing: the volume rule.
    void setFitTolerance(std::optional<double> metres);
    void setSkipExisting(bool on);
    void setNodePattern(const QString& pattern); ///< shell wildcard on node names; "*" or empty: every node
    /// Exactly these nodes (the pattern is then not used); empty: the pattern decides.
    void setNodes(std::vector<size_t> nodes);
    void setMaxError(double metres); ///< simplified: the largest deviation of the collision mesh
    void setHullCopy(bool on);       ///< hull and auto: also try a copy simplified within the largest error
    void setMaxParts(int parts);     ///< decompose: the most parts per mesh, 1..256
    void setConcavity(double fraction); ///< decompose: of the mesh's bounding-box diagonal, 0.001..0.999
    void setPrimitiveParts(bool on);    ///< decompose: primitive-first parts (geometry::fitPrimitiveParts)
    /// The motion given to mesh nodes not inside a body; nothing: static colliders without a body.
    void setMotion(std::optional<physics::MotionType> motion);
    /// The engine the colliders are for (a target name, see `collidoscope targets`): its hull budget and only
    /// the shapes it builds, as add-colliders --target; "" for none. An unknown name chooses none.
    void setTarget(const QString& name);
    QString target() const;
    /// The options as the fields say.
    document::AutoColliderOptions options() const;
    /// While running every field is disabled.
    void setRunning(bool running);

private:
    void addFitFields(QFormLayout* form);
    void addToleranceFields(QFormLayout* form);
    void addPartFields(QFormLayout* form);
    void addNodeFields(QFormLayout* form);
    void followPointDefault();
    void updateEnabled();

    bool m_running = false;
    QComboBox* m_strategy = nullptr;
    QSpinBox* m_maxPoints = nullptr;
    import::ColliderStrategy m_pointsStrategy = import::ColliderStrategy::Auto; ///< whose default it shows
    QDoubleSpinBox* m_tolerance = nullptr;
    QCheckBox* m_byFit = nullptr;
    QDoubleSpinBox* m_fitTolerance = nullptr;
    QDoubleSpinBox* m_maxError = nullptr;
    QCheckBox* m_hullCopy = nullptr;
    QComboBox* m_axis = nullptr; ///< capsule and auto's capsule: the node axis
    QSpinBox* m_maxParts = nullptr;
    QDoubleSpinBox* m_concavity = nullptr;
    QCheckBox* m_primitives = nullptr; ///< decompose: primitive parts
    std::vector<size_t> m_nodes;
    QCheckBox* m_skipExisting = nullptr;
    QLineEdit* m_pattern = nullptr;
    QComboBox* m_motion = nullptr;
    QComboBox* m_target = nullptr;
};

} // namespace cs::ui
