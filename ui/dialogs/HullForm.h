#pragma once

#include <QWidget>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace cs::ui {

/// The options of HullDialog: the source (the node's mesh, or with the meshes below it) and the hull (point
/// cap, inner or conservative with a face budget, a simplified copy tried too (inner only), where it goes,
/// collider or trigger).
class HullForm : public QWidget
{
    Q_OBJECT

public:
    /// Unity and PhysX accept at most 255 points per convex mesh (the OMI spec dropped its own limit in
    /// 2023).
    static constexpr int kMaxHullPoints = 255;

    explicit HullForm(QWidget* parent = nullptr);

    void setMaxPoints(int points); ///< clamped to 4..255
    int maxPoints() const;
    void setConservative(bool on);
    bool conservative() const;
    void setMaxFaces(int faces); ///< the conservative hull's face budget, clamped to 4..255
    int maxFaces() const;
    /// The engine the hull is for (a target name; "" for none, as an unknown name). Only targets that build
    /// convex hulls are offered.
    void setTarget(const QString& name);
    QString target() const;
    /// The caps the hull is made with: maxPoints() and maxFaces() held to the target's budget (an inner hull
    /// at most targets::partPointsFor vertices, which no polygon or triangle cap can be exceeded by).
    int hullPoints() const;
    int hullFaces() const;
    void setIncludeChildren(bool on);
    bool includeChildren() const;
    void setOnCollider(bool on); ///< true: the node's own collider; false: a new child node
    bool onCollider() const;
    void setTrigger(bool on);
    bool trigger() const;
    /// What the source is, e.g. "120 points".
    void setSourceText(const QString& text);
    /// "Also try a simplified copy within M m" (world metres): none when unchecked.
    void setSimplifyFirst(std::optional<double> metres);
    std::optional<double> simplifyFirst() const;
    /// The copy needs the node's own mesh: off (with the reason as a tooltip) when the source has children.
    void setSimplifyFirstAvailable(bool available);

signals:
    /// "Include the meshes of child nodes" was toggled: the source changed.
    void sourceChanged();
    /// The point cap or the kind of hull changed: the hull must be computed again.
    void hullOptionsChanged();

private:
    QWidget* buildSource();
    QWidget* buildOptions();

    QCheckBox* m_includeChildren = nullptr;
    QLabel* m_sourceLabel = nullptr;
    QSpinBox* m_maxPoints = nullptr;
    QComboBox* m_target = nullptr;
    QSpinBox* m_maxFaces = nullptr;
    QComboBox* m_kind = nullptr;
    QComboBox* m_destination = nullptr;
    QCheckBox* m_trigger = nullptr;
    QCheckBox* m_simplifyFirst = nullptr;
    QDoubleSpinBox* m_simplifyError = nullptr;
    bool m_copyAllowed = true; ///< the source is the node's own mesh (setSimplifyFirstAvailable)
};

} // namespace cs::ui
