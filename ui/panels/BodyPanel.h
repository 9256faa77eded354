#pragma once

#include "document/MassPlan.h"
#include "panels/DocumentPanel.h"
#include "panels/PropertyRows.h"
#include "physics/PhysicsModel.h"

#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QUndoCommand;

namespace cs::document {
class Document;
struct ChangeEvent;
} // namespace cs::document

namespace cs::ui {

class MassComputeControls;
class MassMeaningControls;
class NumberField;
class QuatAsEulerField;
class Vec3Field;

/// The motion of the selected nodes: whether they are bodies, their type, mass, centre of mass, inertia,
/// initial velocities and gravity factor, and "Compute from shapes".
///
/// Every edit is an undo command pushed on the document; with several nodes selected it applies to each of
/// them that has motion, as one undo step, and a field shows a value only when all of them agree (else the
/// mixed state). A vector edit changes only the component the user edited on each node. Fields the body
/// type does not use are disabled, with the reason as tooltip and in a note. The panel follows the
/// document's change events for its nodes, undo and redo included.
class BodyPanel : public DocumentPanel
{
    Q_OBJECT

public:
    explicit BodyPanel(QWidget* parent = nullptr);
    ~BodyPanel() override;

    /// How "Compute from shapes" sets the mass.
    using ComputeMode = document::MassSource;

    // The editors, for tests and for the window's own layout needs.
    QCheckBox* motionCheck() const { return m_motion; }
    QComboBox* typeCombo() const;
    NumberField* massField() const;
    Vec3Field* centerOfMassField() const;
    Vec3Field* inertiaField() const;
    QuatAsEulerField* inertiaOrientationField() const;
    Vec3Field* linearVelocityField() const;
    Vec3Field* angularVelocityField() const;
    NumberField* gravityFactorField() const;
    QComboBox* computeModeCombo() const;
    NumberField* computeValueField() const;
    QPushButton* computeButton() const;
    /// What the last "Compute from shapes" said (empty until it ran).
    QLabel* computeMessage() const;
    /// Why fields are disabled for the selected body type(s); hidden when every field is used.
    QLabel* typeNote() const { return m_typeNote; }
    /// What the selected dynamic bodies' mass means in the document's family (OMI's default 1 kg, KHR's
    /// computed or infinite mass, a mass 0 or below); hidden when there is nothing to say.
    QLabel* massNote() const;
    /// What their inertia means (computed by the engine, infinite about an axis); hidden otherwise.
    QLabel* inertiaNote() const;
    /// The buttons that leave the mass or inertia out of the file (one undo step over the selection).
    QPushButton* massLeaveOutButton() const;
    QPushButton* inertiaLeaveOutButton() const;
    QPushButton* centerOfMassLeaveOutButton() const;
    QLabel* centerOfMassNote() const;
    /// The form of motion values; hidden when no selected node has motion.
    QWidget* motionEditor() const { return m_editor; }

    /// Runs "Compute from shapes" as the button does.
    void computeFromShapes();

private:
    /// The property rows of the motion (see motionRows() in BodyPanel.cpp), in form order.
    enum Property
    {
        TypeRow,
        MassRow,
        CenterOfMassRow,
        InertiaRow,
        InertiaAxesRow,
        LinearVelocityRow,
        AngularVelocityRow,
        GravityFactorRow
    };
    /// The rows a body type uses or not together.
    enum UsageGroup
    {
        MassGroup, ///< mass, centre of mass, inertia (and computing them from the shapes)
        VelocityGroup,
        GravityGroup,
        TypeGroup ///< always used
    };

    static std::vector<PropertyRow<physics::Motion>> motionRows();
    bool concerns(const document::ChangeEvent& event) const override;
    void refresh() override;
    /// Typed text and the last "Compute from shapes" message belong to the previous selection.
    void forget() override;
    void updateUsage(const std::vector<const physics::Motion*>& motions);
    /// The selected nodes that have motion, with their motion.
    std::vector<std::pair<size_t, const physics::Motion*>> bodies() const;
    void toggleMotion();
    /// An edit of a property row: one command over every selected body.
    void editProperty(size_t row, const PropertyEdit& edit);
    /// The centres KHR leaves to the engine, as the preview computes them (see scene::computedCentersOfMass).
    std::vector<std::optional<physics::Vec3>> computedCenters(const std::vector<size_t>& bodyNodes) const;
    /// A component typed over computed centres; false when no selected centre is computed.
    bool editComputedCenterOfMass(const PropertyEdit& edit);
    /// The centre of mass field shows computed centres (in italics) where the file leaves them out.
    void showComputedCenterOfMass(const std::vector<size_t>& bodyNodes,
                                  const std::vector<const physics::Motion*>& motions);

    QCheckBox* m_motion;
    QWidget* m_editor;
    std::vector<PropertyRow<physics::Motion>> m_properties;
    std::unique_ptr<PropertyFields> m_fields;
    MassMeaningControls* m_meanings;
    MassComputeControls* m_massCompute;
    QLabel* m_typeNote;
};

} // namespace cs::ui
