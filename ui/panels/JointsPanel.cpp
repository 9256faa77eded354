#include "panels/JointsPanel.h"

#include "Prompter.h"
#include "document/Document.h"
#include "document/JointCommands.h"
#include "document/JointFields.h"
#include "widgets/ModelLabels.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace cs::ui {

namespace {

QTableWidget* makeTable(QWidget* parent, const QString& name, const QStringList& headers)
{
    auto* table = new QTableWidget(0, int(headers.size()), parent);
    table->setObjectName(name);
    table->setHorizontalHeaderLabels(headers);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->verticalHeader()->setVisible(false);
    return table;
}

} // namespace

JointsPanel::JointsPanel(QWidget* parent) : QWidget(parent)
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

    QStringList limitHeaders, driveHeaders;
    for (int f = 0; f < int(document::LimitField::Count); ++f)
        limitHeaders << tr(document::limitFieldName(document::LimitField(f)));
    for (int f = 0; f < int(document::DriveField::Count); ++f)
        driveHeaders << tr(document::driveFieldName(document::DriveField(f)));
    layout->addWidget(new QLabel(tr("Limits (metres or radians; empty: unbounded)"), this));
    m_limits = makeTable(this, QStringLiteral("jointLimitsTable"), limitHeaders);
    layout->addWidget(m_limits, 1);
    auto* limitButtons = new QHBoxLayout;
    auto* addLimitButton = new QPushButton(tr("Add Limit"), this);
    auto* removeLimitButton = new QPushButton(tr("Remove Limit"), this);
    limitButtons->addWidget(addLimitButton);
    limitButtons->addWidget(removeLimitButton);
    limitButtons->addStretch();
    layout->addLayout(limitButtons);
    layout->addWidget(new QLabel(tr("Drives"), this));
    m_drives = makeTable(this, QStringLiteral("jointDrivesTable"), driveHeaders);
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

    connect(m_list, &QListWidget::currentRowChanged, this, &JointsPanel::showCurrent);
    connect(m_delete, &QPushButton::clicked, this, [this] { deleteCurrentJoint(); });
    connect(addLimitButton, &QPushButton::clicked, this, &JointsPanel::addLimit);
    connect(addDriveButton, &QPushButton::clicked, this, &JointsPanel::addDrive);
    connect(removeLimitButton, &QPushButton::clicked, this, [this] { removeLimit(m_limits->currentRow()); });
    connect(removeDriveButton, &QPushButton::clicked, this, [this] { removeDrive(m_drives->currentRow()); });
    connect(m_limits, &QTableWidget::itemChanged, this,
            [this](QTableWidgetItem* item) { cellEdited(item, false); });
    connect(m_drives, &QTableWidget::itemChanged, this,
            [this](QTableWidgetItem* item) { cellEdited(item, true); });
    refresh();
}

void JointsPanel::setDocument(document::Document* document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (document)
        connect(document, &document::Document::changed, this, &JointsPanel::onChanged);
    m_status->clear();
    refresh();
}

int JointsPanel::currentJoint() const
{
    return m_list->currentRow();
}

void JointsPanel::setCurrentJoint(int joint)
{
    m_list->setCurrentRow(joint);
}

void JointsPanel::onChanged(const document::ChangeEvent& event)
{
    using Kind = document::ChangeEvent::Kind;
    if (event.kind == Kind::Joint || event.kind == Kind::NodeJoint || event.kind == Kind::Document)
        refresh();
}

void JointsPanel::refresh()
{
    const int current = m_list->currentRow();
    {
        const QSignalBlocker blocker(m_list);
        m_list->clear();
        if (m_document) {
            const auto& joints = m_document->model().joints;
            for (size_t i = 0; i < joints.size(); ++i) {
                const size_t users = document::jointUsers(m_document->model(), int(i)).size();
                m_list->addItem(tr("Joint %1: %2 (used by %n node(s))", nullptr, int(users))
                                    .arg(i)
                                    .arg(QString::fromStdString(document::jointSummary(joints[i]))));
            }
        }
        m_list->setCurrentRow(std::min(current, m_list->count() - 1));
    }
    showCurrent();
}

void JointsPanel::showCurrent()
{
    const int joint = currentJoint();
    const physics::JointDescription* d =
        m_document && joint >= 0 && size_t(joint) < m_document->model().joints.size()
            ? &m_document->model().joints[size_t(joint)]
            : nullptr;
    m_delete->setEnabled(d);
    const QSignalBlocker b1(m_limits), b2(m_drives);
    m_limits->setRowCount(d ? int(d->limits.size()) : 0);
    m_drives->setRowCount(d ? int(d->drives.size()) : 0);
    if (!d)
        return;
    for (int r = 0; r < int(d->limits.size()); ++r)
        for (int f = 0; f < int(document::LimitField::Count); ++f)
            m_limits->setItem(r, f,
                              new QTableWidgetItem(QString::fromStdString(
                                  document::limitFieldText(d->limits[size_t(r)], document::LimitField(f)))));
    for (int r = 0; r < int(d->drives.size()); ++r)
        for (int f = 0; f < int(document::DriveField::Count); ++f)
            m_drives->setItem(r, f,
                              new QTableWidgetItem(QString::fromStdString(
                                  document::driveFieldText(d->drives[size_t(r)], document::DriveField(f)))));
}

void JointsPanel::cellEdited(QTableWidgetItem* item, bool drive)
{
    const int joint = currentJoint();
    if (!m_document || joint < 0)
        return;
    physics::JointDescription d = m_document->model().joints.at(size_t(joint));
    const std::string text = item->text().toStdString();
    const size_t row = size_t(item->row());
    const bool ok =
        drive ? row < d.drives.size() &&
                    document::setDriveField(d.drives[row], document::DriveField(item->column()), text)
              : row < d.limits.size() &&
                    document::setLimitField(d.limits[row], document::LimitField(item->column()), text);
    if (!ok) {
        m_status->setText(tr("Not a value for %1: \"%2\"")
                              .arg(drive ? tr(document::driveFieldName(document::DriveField(item->column())))
                                         : tr(document::limitFieldName(document::LimitField(item->column()))),
                                   item->text()));
        showCurrent();
        return;
    }
    m_status->clear();
    m_document->push(new document::SetJointDescription(m_document, size_t(joint), d));
    showCurrent(); // an edit that changed nothing shows the value as it is written
}

void JointsPanel::addJoint(int preset)
{
    if (!m_document)
        return;
    auto* add =
        new document::AddJointDescription(m_document, document::jointPreset(document::JointPreset(preset)));
    m_document->push(add);
    setCurrentJoint(int(add->itemIndex()));
}

std::vector<size_t> JointsPanel::deleteCurrentJoint()
{
    const int joint = currentJoint();
    if (!m_document || joint < 0)
        return {};
    const std::vector<size_t> users = document::jointUsers(m_document->model(), joint);
    QStringList names, links;
    for (size_t n : users) {
        names << nodeLabel(*m_document, n);
        links
            << QStringLiteral("<a href=\"%1\">%2</a>").arg(n).arg(nodeLabel(*m_document, n).toHtmlEscaped());
    }
    MessageBoxPrompter boxes(this);
    Prompter& prompter = m_prompter ? *m_prompter : boxes;
    if (!users.empty() &&
        !prompter.confirmDelete(tr("Delete joint description"),
                                tr("Joint %1 is used by %2. Their joints are removed with it.")
                                    .arg(joint)
                                    .arg(names.join(QStringLiteral(", ")))))
        return {};
    auto* remove = new document::RemoveJointDescription(m_document, size_t(joint));
    m_document->push(remove);
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
    if (!m_document || joint < 0)
        return;
    physics::JointDescription d = m_document->model().joints.at(size_t(joint));
    if (change(d))
        m_document->push(new document::SetJointDescription(m_document, size_t(joint), d, text));
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
