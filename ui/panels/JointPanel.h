#pragma once

#include "document/JointCommands.h"
#include "panels/DocumentPanel.h"
#include "panels/PropertyRows.h"

#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;

namespace cs::document {
class Document;
struct ChangeEvent;
} // namespace cs::document

namespace cs::ui {

/// The Joint section of Properties for one node, as property rows: whether it has a joint, the connected
/// node, the joint description it uses and whether the two bodies still collide. Each change is one undo
/// command (document/JointCommands); the section follows the document's change events. With several nodes
/// selected it is disabled.
class JointPanel : public DocumentPanel
{
    Q_OBJECT

public:
    explicit JointPanel(QWidget* parent = nullptr);
    ~JointPanel() override;

    QCheckBox* jointCheck() const;
    QComboBox* connectedCombo() const;
    QComboBox* descriptionCombo() const;
    QCheckBox* collisionCheck() const;

private:
    /// The node's joint as the rows see it.
    struct NodeJointRow
    {
        bool present = false;
        document::NodeJointFields fields;
    };
    /// The property rows, in form order.
    enum Row
    {
        JointRow,
        ConnectedRow,
        DescriptionRow,
        CollisionRow
    };
    std::vector<PropertyRow<NodeJointRow>> jointRows();
    /// The connected node's entries: every node but the edited one.
    ChoiceEntries connectedEntries() const;
    /// The document's joint descriptions with their summaries.
    static ChoiceEntries descriptionEntries();
    bool concerns(const document::ChangeEvent& event) const override;
    void refresh() override;
    void editProperty(size_t row, const PropertyEdit& edit);
    /// The node the section edits: the selected node when there is one.
    std::optional<document::NodeIndex> node() const;
    /// The joint of node() (not present when it has none, or there is no such node).
    NodeJointRow current() const;

    std::vector<PropertyRow<NodeJointRow>> m_rows;
    std::unique_ptr<PropertyFields> m_fields;
};

} // namespace cs::ui
