#pragma once

#include "geometry/Decomposition.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QSpinBox;

namespace cs::ui {

/// The parameters of DecomposeDialog: concavity threshold, most parts, points per part, merging, voxel
/// resolution, time budget, primitives first, and whether Apply adds a body.
class DecomposeForm : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kMaxPoints = 255;   ///< Unity and PhysX accept at most 255 points per convex mesh
    static constexpr int kPresetPoints = 64; ///< PhysX GPU bodies accept at most 64

    explicit DecomposeForm(QWidget* parent = nullptr);

    void setConcavity(double fraction); ///< of the bounding-box diagonal, 0.001..0.5
    double concavity() const;
    void setMaxParts(int parts); ///< 1..128 per node
    int maxParts() const;
    void setPointsPerPart(int points); ///< 4..255 (preset 64)
    int pointsPerPart() const;
    void setMerge(bool on);
    bool merge() const;
    /// Each part given the primitive that encloses it where one fits (document::previewPrimitiveParts).
    void setPrimitiveParts(bool on);
    bool primitiveParts() const;
    void setResolution(int voxels); ///< along the longest side, 16..256
    int resolution() const;
    void setTimeBudget(double seconds); ///< per node; 0: no limit
    double timeBudget() const;
    void setAddBody(bool on);
    bool addBody() const;
    /// The engine the parts are for (a target name; "" for none, as an unknown name): each part's hull
    /// within its budget (targets::partPointsFor). Only targets that build convex hulls are offered.
    void setTarget(const QString& name);
    QString target() const;
    /// The options a run uses (progress and cancel are set by the run itself).
    geometry::DecompositionOptions options() const;

signals:
    /// A parameter of the decomposition changed (not addBody, which only Apply reads).
    void parametersChanged();

private:
    void addSizeFields(QFormLayout* form);
    void addRunFields(QFormLayout* form);

    QDoubleSpinBox* m_concavity = nullptr; // in percent of the diagonal
    QSpinBox* m_maxParts = nullptr;
    QSpinBox* m_points = nullptr;
    QCheckBox* m_merge = nullptr;
    QCheckBox* m_primitives = nullptr;
    QSpinBox* m_resolution = nullptr;
    QDoubleSpinBox* m_budget = nullptr;
    QCheckBox* m_addBody = nullptr;
    QComboBox* m_target = nullptr;
};

} // namespace cs::ui
