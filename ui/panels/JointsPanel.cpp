#include "panels/JointsPanel.h"

#include "ModelLabels.h"
#include "Prompter.h"
#include "document/Document.h"
#include "document/JointCommands.h"
#include "document/JointFields.h"
#include "document/JointNames.h"
#include "panels/RecordTableModel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace cs::ui {

namespace {

QTableView* makeTable(QWidget* parent, const QString& name, RecordTableModel* model)
{
    auto* table = new QTableView(parent);
    table->setObjectName(name);
    table->setModel(model);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->verticalHeader()->setVisible(false);
    return table;
}

} // namespace

JointsPanel::JointsPanel(QWidget* parent) : DocumentPanel(parent)
{
    auto* layout = new QVBoxLayout(this);
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("jointsList"));
    layout->addWidget(m_list, 1);

    auto* buttons = new QHBoxLayout;
    auto* add = new QToolButton(this);
    add->setObjectName(QStringLiteral("addJointButton"));
    add->setText(tr("Add"));
    add->setPopupMode(QToolButton::InstantPopup);
    auto* presets = new QMenu(add);
    for (auto preset :
         {document::JointPreset::Fixed, document::JointPreset::Hinge, document::JointPreset::Slider,
          document::JointPreset::BallSocket, document::JointPreset::Free})
        presets->addAction(tr(document::jointPresetName(preset)), this,
                           [this, preset] { addJoint(int(preset)); });
    add->setMenu(presets);
    m_delete = new QPushButton(tr("Delete"), this);
    m_delete->setObjectName(QStringLiteral("deleteJointButton"));
    buttons->addWidget(add);
    buttons->addWidget(m_delete);
    buttons->addStretch();
    layout->addLayout(buttons);

    m_limitsModel = makeModel(false);
    m_drivesModel = makeModel(true);
    layout->addWidget(new QLabel(tr("Limits (metres or radians; empty: unbounded)"), this));
    m_limits = makeTable(this, QStringLiteral("jointLimitsTable"), m_limitsModel);
    layout->addWidget(m_limits, 1);
    auto* limitButtons = new QHBoxLayout;
    auto* addLimitButton = new QPushButton(tr("Add Limit"), this);
    auto* removeLimitButton = new QPushButton(tr("Remove Limit"), this);
    limitButtons->addWidget(addLimitButton);
    limitButtons->addWidget(removeLimitButton);
    limitButtons->addStretch();
    layout->addLayout(limitButtons);
    layout->addWidget(new QLabel(tr("Drives"), this));
    m_drives = makeTable(this, QStringLiteral("jointDrivesTable"), m_drivesModel);
    layout->addWidget(m_drives, 1);
    auto* driveButtons = new QHBoxLayout;
    auto* addDriveButton = new QPushButton(tr("Add Drive"), this);
    auto* removeDriveButton = new QPushButton(tr("Remove Drive"), this);
    driveButtons->addWidget(addDriveButton);
    driveButtons->addWidget(removeDriveButton);
    driveButtons->addStretch();
    layout->addLayout(driveButtons);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("jointsStatus"));
    m_status->setWordWrap(true);
    connect(m_status, &QLabel::linkActivated, this, [this](const QString& link) {
        if (const auto node = nodeOfLink(link, QString()))
            emit nodeActivated(*node);
    });
    layout->addWidget(m_status);

    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (document())
            document()->setSelectedJoint(row);
        showCurrent();
    });
    connect(m_delete, &QPushButton::clicked, this, [this] { deleteCurrentJoint(); });
    connect(addLimitButton, &QPushButton::clicked, this, &JointsPanel::addLimit);
    connect(addDriveButton, &QPushButton::clicked, this, &JointsPanel::addDrive);
    connect(removeLimitButton, &QPushButton::clicked, this,
            [this] { removeLimit(m_limits->currentIndex().row()); });
    connect(removeDriveButton, &QPushButton::clicked, this,
            [this] { removeDrive(m_drives->currentIndex().row()); });
    refresh();
}

RecordTableModel* JointsPanel::makeModel(bool drive)
{
    std::vector<RecordColumn> columns;
    const int count = drive ? int(document::DriveField::Count) : int(document::LimitField::Count);
    for (int f = 0; f < count; ++f) {
        RecordColumn c;
        c.header = drive ? tr(document::driveFieldName(document::DriveField(f)))
                         : tr(document::limitFieldName(document::LimitField(f)));
        c.editor = RecordEditor::Text;
        c.value = [this, f, drive](const RecordRow& row) -> QVariant {
            const physics::JointDescription* d = current();
            if (!d)
                return {};
            return QString::fromStdString(
                drive ? document::driveFieldText(d->drives.at(row.index), document::DriveField(f))
                      : document::limitFieldText(d->limits.at(row.index), document::LimitField(f)));
        };
        c.setValue = [this, f, drive](const RecordRow& row, const QVariant& value) {
            cellEdited(row.index, f, value.toString(), drive);
        };
        columns.push_back(std::move(c));
    }
    RecordSource records;
    records.size = [this, drive](const document::Document&) -> size_t {
        const physics::JointDescription* d = current();
        return !d ? 0 : drive ? d->drives.size() : d->limits.size();
    };
    records.changedBy = [this](const document::ChangeEvent& event) {
        // The current description edited, or one added or removed before it (the list moved under the row).
        using document::ChangeEvent;
        return event.kind == ChangeEvent::Kind::Joint &&
               (event.index == currentJoint() || event.has(ChangeEvent::Created) ||
                event.has(ChangeEvent::Removed));
    };
    auto* model = new RecordTableModel(RecordList{}, std::move(columns), this);
    model->setSource(std::move(records));
    return model;
}

void JointsPanel::documentReplaced()
{
    m_shown = -1;
    m_limitsModel->setDocument(document());
    m_drivesModel->setDocument(document());
}

void JointsPanel::forget()
{
    m_status->clear();
}

int JointsPanel::currentJoint() const
{
    return document() ? document()->selectedJoint() : -1;
}

void JointsPanel::setCurrentJoint(int joint)
{
    if (document())
        document()->setSelectedJoint(joint);
}

bool JointsPanel::concerns(const document::ChangeEvent& event) const
{
    using Kind = document::ChangeEvent::Kind;
    // Node names and node numbers are in the list's lines.
    const bool node = event.kind == Kind::Node &&
                      (event.has(document::ChangeEvent::Name) || event.has(document::ChangeEvent::Created) ||
                       event.has(document::ChangeEvent::Removed));
    return event.kind == Kind::Joint || event.kind == Kind::NodeJoint || event.kind == Kind::Document ||
           node || (event.kind == Kind::Selection && currentJoint() != m_list->currentRow());
}

void JointsPanel::refresh()
{
    {
        const QSignalBlocker blocker(m_list);
        m_list->clear();
        if (const document::Document* doc = document()) {
            const auto& joints = doc->model().joints;
            for (size_t i = 0; i < joints.size(); ++i) {
                // Named as the artist knows it (its kind and the nodes it joins); its limits in the tooltip.
                auto* item = new QListWidgetItem(
                    QString::fromStdString(document::jointListText(doc->gltf(), doc->model(), int(i))),
                    m_list);
                item->setToolTip(tr("Joint description %1: %2")
                                     .arg(i)
                                     .arg(QString::fromStdString(document::jointSummary(joints[i]))));
            }
        }
        m_list->setCurrentRow(currentJoint());
    }
    showCurrent();
}

const physics::JointDescription* JointsPanel::current() const
{
    const int joint = currentJoint();
    const document::Document* doc = document();
    return doc && joint >= 0 && size_t(joint) < doc->model().joints.size()
               ? &doc->model().joints[size_t(joint)]
               : nullptr;
}

void JointsPanel::showCurrent()
{
    m_delete->setEnabled(current() != nullptr);
    // Another description: other records. The same one follows its own change events (a cell being
    // edited keeps its editor).
    if (currentJoint() != m_shown) {
        m_shown = currentJoint();
        m_limitsModel->resetRecords();
        m_drivesModel->resetRecords();
    }
}

void JointsPanel::cellEdited(size_t row, int field, const QString& text, bool drive)
{
    const int joint = currentJoint();
    document::Document* doc = document();
    if (!doc || joint < 0)
        return;
    physics::JointDescription d = doc->model().joints.at(size_t(joint));
    const std::string value = text.toStdString();
    const bool ok = drive ? row < d.drives.size() &&
                                document::setDriveField(d.drives[row], document::DriveField(field), value)
                          : row < d.limits.size() &&
                                document::setLimitField(d.limits[row], document::LimitField(field), value);
    if (!ok) {
        // The table shows the value as it is again (the model re-reads the row after an edit).
        m_status->setText(tr("Not a value for %1: \"%2\"")
                              .arg(drive ? tr(document::driveFieldName(document::DriveField(field)))
                                         : tr(document::limitFieldName(document::LimitField(field))),
                                   text));
        return;
    }
    m_status->clear();
    doc->push(new document::SetJointDescription(doc, size_t(joint), d));
}

void JointsPanel::addJoint(int preset)
{
    if (!document())
        return;
    auto* add =
        new document::AddJointDescription(document(), document::jointPreset(document::JointPreset(preset)));
    document()->push(add);
    setCurrentJoint(int(add->itemIndex()));
}

std::vector<size_t> JointsPanel::deleteCurrentJoint()
{
    const int joint = currentJoint();
    if (!document() || joint < 0)
        return {};
    const std::vector<size_t> users = document::jointUsers(document()->model(), joint);
    QStringList names, links;
    for (size_t n : users) {
        names << nodeLabel(*document(), n);
        links
            << QStringLiteral("<a href=\"%1\">%2</a>").arg(n).arg(nodeLabel(*document(), n).toHtmlEscaped());
    }
    MessageBoxPrompter boxes(this);
    Prompter& prompter = m_prompter ? *m_prompter : boxes;
    if (!users.empty() &&
        !prompter.confirmDelete(tr("Delete joint description"),
                                tr("Joint %1 is used by %2. Their joints are removed with it.")
                                    .arg(joint)
                                    .arg(names.join(QStringLiteral(", ")))))
        return {};
    auto* remove = new document::RemoveJointDescription(document(), size_t(joint));
    document()->push(remove);
    m_status->setText(
        users.empty()
            ? tr("Deleted joint %1 (no node used it).").arg(joint)
            : tr("Deleted joint %1 and the joints of %2.").arg(joint).arg(links.join(QStringLiteral(", "))));
    return remove->users();
}

void JointsPanel::editCurrent(const QString& text,
                              const std::function<bool(physics::JointDescription&)>& change)
{
    const int joint = currentJoint();
    if (!document() || joint < 0)
        return;
    physics::JointDescription d = document()->model().joints.at(size_t(joint));
    if (change(d))
        document()->push(new document::SetJointDescription(document(), size_t(joint), d, text));
}

void JointsPanel::addLimit()
{
    editCurrent(tr("Add Joint Limit"), [](physics::JointDescription& d) {
        d.limits.push_back(document::defaultLimit());
        return true;
    });
}

void JointsPanel::addDrive()
{
    editCurrent(tr("Add Joint Drive"), [](physics::JointDescription& d) {
        d.drives.push_back(document::defaultDrive());
        return true;
    });
}

void JointsPanel::removeLimit(int row)
{
    editCurrent(tr("Remove Joint Limit"), [row](physics::JointDescription& d) {
        if (row < 0 || size_t(row) >= d.limits.size())
            return false;
        d.limits.erase(d.limits.begin() + row);
        return true;
    });
}

void JointsPanel::removeDrive(int row)
{
    editCurrent(tr("Remove Joint Drive"), [row](physics::JointDescription& d) {
        if (row < 0 || size_t(row) >= d.drives.size())
            return false;
        d.drives.erase(d.drives.begin() + row);
        return true;
    });
}

} // namespace cs::ui
