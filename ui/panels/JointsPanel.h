#pragma once

#include "document/Selection.h"
#include "physics/PhysicsModel.h"

#include <QWidget>
#include <functional>
#include <vector>

class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;
class QTableWidgetItem;

namespace cs::document {
class Document;
struct ChangeEvent;
} // namespace cs::document

namespace cs::ui {

class Prompter;

/// The document's joint descriptions: a list (each with a summary and how many nodes use it), and the
/// limits and drives of the current one as two tables whose cells are edited in place (document/JointFields
/// parses them). Add appends a preset, Delete removes the current description with the node joints that use
/// it (named in the status line, after asking). Every change is one undo command.
class JointsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit JointsPanel(QWidget* parent = nullptr);

    void setDocument(document::Document* document);
    /// Who asks before a description in use is deleted (not owned; none: a message box over the panel).
    void setPrompter(Prompter* prompter) { m_prompter = prompter; }

    QListWidget* list() const { return m_list; }
    QTableWidget* limitsTable() const { return m_limits; }
    QTableWidget* drivesTable() const { return m_drives; }
    QLabel* statusLabel() const { return m_status; }
    /// The description of the current row, or -1.
    int currentJoint() const;
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
    void onChanged(const document::ChangeEvent& event);
    void refresh();
    void showCurrent();
    void cellEdited(QTableWidgetItem* item, bool drive);
    /// Pushes `change` applied to a copy of the current description, when it returns true.
    void editCurrent(const QString& text, const std::function<bool(physics::JointDescription&)>& change);

    document::Document* m_document = nullptr;
    Prompter* m_prompter = nullptr;
    QListWidget* m_list = nullptr;
    QTableWidget* m_limits = nullptr;
    QTableWidget* m_drives = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_delete = nullptr;
};

} // namespace cs::ui
