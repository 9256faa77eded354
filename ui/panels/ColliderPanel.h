#pragma once

#include "panels/PropertyRows.h"

#include <QPointer>
#include <QWidget>
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
class ColliderPanel : public QWidget
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
    /// nullptr clears the panel and disables it.
    void setDocument(document::Document* document);
    /// The selected nodes.
    void setNodes(const std::vector<size_t>& nodes);
    const std::vector<size_t>& nodes() const { return m_nodes; }

    /// The shape all selected components use (-1: none, or they differ).
    int currentShape() const;

    /// Item data of the shape picker entries that create a shape: kNewShape + int(ShapeType).
    static constexpr int kNewShape = -1000;

    // The editors, for tests.
    QCheckBox* enabledCheck() const { return m_enabled; }
    QComboBox* shapeCombo() const;
    QPushButton* editShapeButton() const { return m_editShape; }
    QCheckBox* compoundCheck() const;
    /// Trigger mode: the members of the compound trigger (item data: node index).
    QListWidget* memberList() const { return m_members; }
    /// Trigger mode: adds the descendant trigger node chosen in memberCandidates().
    QPushButton* addMemberButton() const { return m_addMember; }
    QComboBox* memberCandidates() const { return m_candidates; }
    QPushButton* removeMemberButton() const { return m_removeMember; }
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
    /// The component's values that the panel shows and edits, whichever the mode.
    struct Component
    {
        size_t node;
        int shape;
        int material; ///< collider only
        int filter;
        std::vector<int> members; ///< trigger only
        bool compound;
    };

    /// The property rows, in this order (the material row in collider mode only).
    enum Row
    {
        ShapeRow,
        CompoundRow,
        FilterRow,
        MaterialRow
    };
    std::vector<PropertyRow<Component>> rows();
    QComboBox* combo(Row row) const;

    void onChanged(const document::ChangeEvent& event);
    void refresh();
    /// What the shape row can do for these components (none entry, new convex/trimesh), and its tooltips.
    void adjustShapeRow(const std::vector<Component>& components);
    void updateMembers(const std::vector<Component>& components);
    std::vector<Component> components() const;
    bool hasComponent(size_t node) const;
    /// Descendants of `node` that have a trigger.
    /// The component this panel edits.
    document::Component component() const;

    void toggleComponent();
    /// Runs row `row`'s edit over the components; then refreshes.
    void editProperty(size_t row, double value);
    /// The shape row's edit: an existing shape, a new one of a type (kNewShape + type) or none (compound).
    void chooseShape(const std::vector<size_t>& nodes, int value);
    void addMember();
    void removeMember();
    /// Pushes one command; then refreshes.
    void pushOne(QUndoCommand* command);

    Mode m_mode;
    QPointer<document::Document> m_document;
    std::vector<size_t> m_nodes;
    bool m_applying = false;       ///< inside our own pushes: one refresh at the end
    std::optional<int> m_newShape; ///< the shape an edit just made for the component

    QCheckBox* m_enabled;
    QWidget* m_editor;
    std::vector<PropertyRow<Component>> m_properties;
    std::unique_ptr<PropertyFields> m_fields;
    QPushButton* m_editShape;
    QWidget* m_memberBox = nullptr;
    QListWidget* m_members = nullptr;
    QComboBox* m_candidates = nullptr;
    QPushButton* m_addMember = nullptr;
    QPushButton* m_removeMember = nullptr;
    QLabel* m_note;
};

} // namespace cs::ui
