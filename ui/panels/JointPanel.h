#pragma once

#include "document/Selection.h"

#include <QWidget>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;

namespace cs::document {
class Document;
struct ChangeEvent;
} // namespace cs::document

namespace cs::ui {

/// The Joint section of Properties for one node: whether it has a joint, the connected node, the joint
/// description it uses and whether the two bodies still collide. Each change is one undo command
/// (document/JointCommands); the section follows the document's change events. With several nodes selected
/// it is disabled.
class JointPanel : public QWidget
{
    Q_OBJECT

public:
    explicit JointPanel(QWidget* parent = nullptr);

    void setDocument(document::Document* document);
    void setNodes(const std::vector<size_t>& nodes);

    QCheckBox* jointCheck() const { return m_joint; }
    QComboBox* connectedCombo() const { return m_connected; }
    QComboBox* descriptionCombo() const { return m_description; }
    QCheckBox* collisionCheck() const { return m_collision; }

private:
    void onChanged(const document::ChangeEvent& event);
    void refresh();
    void pushFields();
    /// The node the section edits: the selected node when there is one.
    std::optional<document::NodeIndex> node() const;

    document::Document* m_document = nullptr;
    std::vector<size_t> m_nodes;
    QCheckBox* m_joint = nullptr;
    QComboBox* m_connected = nullptr;
    QComboBox* m_description = nullptr;
    QCheckBox* m_collision = nullptr;
};

} // namespace cs::ui
