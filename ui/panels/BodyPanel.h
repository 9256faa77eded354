#pragma once

#include "panels/PropertyRows.h"
#include "physics/PhysicsModel.h"

#include <QPointer>
#include <QWidget>
#include <memory>
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
class BodyPanel : public QWidget
{
    Q_OBJECT

public:
    explicit BodyPanel(QWidget* parent = nullptr);
    ~BodyPanel() override;

    /// nullptr clears the panel and disables it.
    void setDocument(document::Document* document);
    /// The selected nodes.
    void setNodes(const std::vector<size_t>& nodes);
    const std::vector<size_t>& nodes() const { return m_nodes; }

    /// How "Compute from shapes" sets the mass.
    enum class ComputeMode
    {
        Density,   ///< every shape at the given density (kg/m^3); the mass is what it gives
        TotalMass, ///< the body's total mass (kg), spread over the shapes by volume
    };

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
    QComboBox* computeModeCombo() const { return m_computeMode; }
    NumberField* computeValueField() const { return m_computeValue; }
    QPushButton* computeButton() const { return m_compute; }
    /// What the last "Compute from shapes" said (empty until it ran).
    QLabel* computeMessage() const { return m_computeMessage; }
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
    void onChanged(const document::ChangeEvent& event);
    void refresh();
    void discardTyping();
    void updateUsage(const std::vector<const physics::Motion*>& motions);
    void updateComputeField();
    /// The selected nodes that have motion, with their motion.
    std::vector<std::pair<size_t, const physics::Motion*>> bodies() const;
    void toggleMotion();
    /// An edit of a property row: one command over every selected body.
    void editProperty(size_t row, int axis, double value);

    QPointer<document::Document> m_document;
    std::vector<size_t> m_nodes;
    bool m_applying = false; ///< inside our own pushes: one refresh at the end

    QCheckBox* m_motion;
    QWidget* m_editor;
    std::vector<PropertyRow<physics::Motion>> m_properties;
    std::unique_ptr<PropertyFields> m_fields;
    MassMeaningControls* m_meanings;
    QLabel* m_typeNote;
    QWidget* m_computeRow;
    QComboBox* m_computeMode;
    NumberField* m_computeValue;
    QPushButton* m_compute;
    QLabel* m_computeMessage;
    double m_density = 1000.0;
    double m_totalMass = 1.0;
};

} // namespace cs::ui
