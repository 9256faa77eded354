#pragma once

#include "panels/ColliderRows.h"
#include "panels/DocumentPanel.h"

#include <QStringList>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QUndoCommand;

namespace cs::document {
class Document;
struct ChangeEvent;
enum class Component;
} // namespace cs::document

namespace cs::physics {
enum class ShapeType;
}

namespace cs::ui {

class TriggerMembersEditor;

/// The collider or the trigger of the selected nodes: on/off, its shape (an existing one, or a new one of a
/// chosen type), compound groups, and its physics material (colliders) and collision filter.
///
/// Collider mode: "compound group" makes the collider a grouping node (shape none) that combines the
/// colliders below it. Trigger mode: "compound trigger" makes the trigger the union of listed descendant
/// trigger nodes; the list is edited here (one node selected). A compound trigger carries no shape and no
/// filter, as the schema asks.
///
/// Shape, compound, material and filter are property rows (PropertyRows.h) over the components of the
/// selected nodes. Every edit is one core action or command pushed on the document; with several nodes
/// selected it applies to each of them that has the component, as one undo step, and a picker shows a value
/// only when all agree (else an em dash; a check box is partially checked). The panel follows the
/// document's change events, undo and redo included.
class ColliderPanel : public DocumentPanel
{
    Q_OBJECT

public:
    enum class Mode
    {
        Collider,
        Trigger
    };

    explicit ColliderPanel(Mode mode, QWidget* parent = nullptr);
    ~ColliderPanel() override;

    Mode mode() const { return m_mode; }

    /// The shape all selected components use (-1: none, or they differ).
    int currentShape() const;

    /// Item data of the shape picker entries that create a shape: kNewShape + int(ShapeType).
    static constexpr int kNewShape = kNewShapeItem;

    // The editors, for tests.
    QCheckBox* enabledCheck() const { return m_enabled; }
    QComboBox* shapeCombo() const;
    QPushButton* editShapeButton() const { return m_editShape; }
    QCheckBox* compoundCheck() const;
    /// Trigger mode: the members of the compound trigger (item data: node index).
    QListWidget* memberList() const;
    /// Trigger mode: adds the descendant trigger node chosen in memberCandidates().
    QPushButton* addMemberButton() const;
    QComboBox* memberCandidates() const;
    QPushButton* removeMemberButton() const;
    /// Collider mode only (nullptr for triggers).
    QComboBox* materialCombo() const;
    QComboBox* filterCombo() const;
    /// Says why something cannot be edited (compound trigger and filters, several nodes and members...).
    QLabel* note() const { return m_note; }
    QWidget* componentEditor() const { return m_editor; }

signals:
    /// The user wants to edit this shape (the Edit button next to the shape picker).
    void shapeActivated(int shapeIndex);

private:
    using Component = ColliderComponent;

    /// The property rows, in this order (the material row in collider mode only).
    enum Row
    {
        ShapeRow,
        CompoundRow,
        FilterRow,
        MaterialRow
    };
    QComboBox* combo(Row row) const;

    bool concerns(const document::ChangeEvent& event) const override;
    void refresh() override;
    /// What the shape row can do for these components (none entry, new convex/trimesh), and its tooltips.
    void adjustShapeRow(const std::vector<Component>& components);
    void updateMembers(const std::vector<Component>& components);
    /// The compound check: what it can do for these components, and why.
    void updateCompoundRow(const std::vector<Component>& components);
    /// The filter row (a compound trigger has none); adds what is worth knowing to `notes`.
    void updateFilterRow(const std::vector<Component>& components, QStringList& notes);
    std::vector<Component> components() const;
    bool hasComponent(size_t node) const;
    /// The component this panel edits.
    document::Component component() const;

    void toggleComponent();
    /// Runs row `row`'s edit over the components; then refreshes.
    void editProperty(size_t row, const PropertyEdit& edit);
    /// The shape row's edit: an existing shape, a new one of a type (kNewShape + type) or none (compound).
    void chooseShape(const std::vector<size_t>& nodes, int value);
    /// Pushes one command; then refreshes.
    void pushOne(QUndoCommand* command);

    Mode m_mode;
    std::optional<int> m_newShape; ///< the shape an edit just made for the component

    QCheckBox* m_enabled;
    QWidget* m_editor;
    std::vector<PropertyRow<Component>> m_properties;
    std::unique_ptr<PropertyFields> m_fields;
    QPushButton* m_editShape;
    TriggerMembersEditor* m_members = nullptr; ///< trigger mode only
    QLabel* m_note;
};

} // namespace cs::ui
