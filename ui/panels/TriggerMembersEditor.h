#pragma once

#include <QPointer>
#include <QWidget>
#include <optional>
#include <vector>

class QComboBox;
class QListWidget;
class QPushButton;

namespace cs::document {
class Document;
}

namespace cs::ui {

/// The members of one compound trigger: the list of descendant trigger nodes it is the union of, a picker
/// of the descendant trigger nodes not in it yet, and Add / Remove. It edits nothing itself: it says which
/// member list the user asked for (membersEdited), and the owner pushes the command.
class TriggerMembersEditor : public QWidget
{
    Q_OBJECT

public:
    explicit TriggerMembersEditor(QWidget* parent);

    /// The members (item data: node index).
    QListWidget* list() const { return m_members; }
    /// Descendant trigger nodes not in the list yet (item data: node index).
    QComboBox* candidates() const { return m_candidates; }
    QPushButton* addButton() const { return m_add; }
    QPushButton* removeButton() const { return m_remove; }

    /// Shows the compound trigger on `node` with `members`; none (or a document of nullptr) empties the
    /// lists and disables the editor.
    void showMembers(document::Document* document, std::optional<size_t> node,
                     const std::vector<int>& members);

signals:
    /// The user asked for the trigger on `node` to have these members.
    void membersEdited(size_t node, const std::vector<int>& members);

private:
    void add();
    void remove();
    void updateRemove();

    QPointer<document::Document> m_document;
    std::optional<size_t> m_node;
    std::vector<int> m_list;
    QListWidget* m_members;
    QComboBox* m_candidates;
    QPushButton* m_add;
    QPushButton* m_remove;
};

} // namespace cs::ui
