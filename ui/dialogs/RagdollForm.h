#pragma once

#include "document/Ragdoll.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;

namespace cs::ui {

/// The options of RagdollDialog, those of `collidoscope add-ragdoll`: the total mass, the shape (capsule or
/// box), the shortest bone that gets a body, the weight a vertex needs to count for a bone, fingers and toes
/// or not, and the joint limits' preset. Typed numbers are read as every entry field reads them (said in the
/// field's tooltip when clamped or refused).
class RagdollForm : public QWidget
{
    Q_OBJECT

public:
    explicit RagdollForm(QWidget* parent = nullptr);

    void setTotalMass(double kilograms); ///< 0.01..100000 kg
    void setShape(document::RagdollShape shape);
    void setMinBoneLength(double metres);   ///< 0..10 m
    void setWeightThreshold(double weight); ///< 0.01..1
    void setIncludeFingers(bool on);
    void setPreset(document::RagdollPreset preset);
    /// The options as the fields say.
    document::RagdollOptions options() const;

signals:
    /// An option changed: the plan must be made again.
    void changed();

private:
    QDoubleSpinBox* m_totalMass = nullptr;
    QComboBox* m_shape = nullptr;
    QDoubleSpinBox* m_minBoneLength = nullptr;
    QDoubleSpinBox* m_weightThreshold = nullptr;
    QCheckBox* m_fingers = nullptr;
    QComboBox* m_preset = nullptr;
};

} // namespace cs::ui
