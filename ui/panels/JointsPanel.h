#pragma once

#include "panels/DocumentPanel.h"
#include "physics/PhysicsModel.h"

#include <functional>
#include <vector>

class QLabel;
class QListWidget;
class QPushButton;
class QTableView;

namespace cs::document {
class Document;
struct ChangeEvent;
} // namespace cs::document

namespace cs::ui {

class Prompter;
class RecordTableModel;

/// The document's joint descriptions: a list (each by its name or kind and the nodes it joins, e.g.
/// "hinge: Door -> Frame", see document::jointListText), and the
/// limits and drives of the current one as two record tables whose cells are edited in place
/// (document/JointFields parses them). Add appends a preset, Delete removes the current description with the
/// node joints that use it (named in the status line, after asking). Every change is one undo command.
class JointsPanel : public DocumentPanel
{
    Q_OBJECT

public:
    explicit JointsPanel(QWidget* parent = nullptr);

    /// Who asks before a description in use is deleted (not owned; none: a message box over the panel).
    void setPrompter(Prompter* prompter) { m_prompter = prompter; }

    QListWidget* list() const { return m_list; }
    QTableView* limitsTable() const { return m_limits; }
    QTableView* drivesTable() const { return m_drives; }
    QLabel* statusLabel() const { return m_status; }
    /// The description shown: the document's selected joint (Document::selectedJoint()), or -1.
    int currentJoint() const;
    /// Shows description `joint` (it becomes the document's selected joint).
    void setCurrentJoint(int joint);
    /// Appends a description of the preset (see document::JointPreset) and makes it current.
    void addJoint(int preset);
    /// Deletes the current description (asking the prompter first when nodes use it); returns
    /// the nodes whose joints went with it.
    std::vector<size_t> deleteCurrentJoint();
    void addLimit();
    void addDrive();
    void removeLimit(int row);
    void removeDrive(int row);

signals:
    void nodeActivated(cs::document::NodeIndex node);

private:
    bool concerns(const document::ChangeEvent& event) const override;
    void refresh() override;
    void documentReplaced() override;
    void forget() override;
    void showCurrent();
    /// The current description, when there is one.
    const physics::JointDescription* current() const;
    /// The columns of the limits table (drive: of the drives table), one per field.
    RecordTableModel* makeModel(bool drive);
    /// A cell of the limits (drive: drives) table edited to `text`: the field parsed and pushed, or a note.
    void cellEdited(size_t row, int field, const QString& text, bool drive);
    /// Pushes `change` applied to a copy of the current description, when it returns true.
    void editCurrent(const QString& text, const std::function<bool(physics::JointDescription&)>& change);

    Prompter* m_prompter = nullptr;
    QListWidget* m_list = nullptr;
    QTableView* m_limits = nullptr;
    QTableView* m_drives = nullptr;
    RecordTableModel* m_limitsModel = nullptr;
    RecordTableModel* m_drivesModel = nullptr;
    int m_shown = -1; ///< the description the tables show
    QLabel* m_status = nullptr;
    QPushButton* m_delete = nullptr;
};

} // namespace cs::ui
