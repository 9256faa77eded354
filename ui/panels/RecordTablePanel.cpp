#include "panels/RecordTablePanel.h"

#include "ChildSignals.h"
#include "ModelLabels.h"
#include "document/ColliderEdits.h"
#include "document/Document.h"
#include "document/ListItems.h"
#include "panels/RecordDelegate.h"
#include "widgets/HeaderFit.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QTableView>
#include <QVBoxLayout>

namespace cs::ui {

namespace {

using document::ListKind;

/// "A, B, C" with each node as a link "node:N" for the status line.
QString nodeLinks(const document::Document& doc, const std::vector<size_t>& nodes)
{
    QStringList parts;
    for (size_t n : nodes)
        parts << QStringLiteral("<a href=\"node:%1\">%2</a>").arg(n).arg(nodeLabel(doc, n).toHtmlEscaped());
    return parts.join(QStringLiteral(", "));
}

QHeaderView::ResizeMode resizeMode(RecordWidth width)
{
    switch (width) {
    case RecordWidth::Stretch:
        return QHeaderView::Stretch;
    case RecordWidth::Interactive:
        return QHeaderView::Interactive;
    case RecordWidth::Contents:
        break;
    }
    return QHeaderView::ResizeToContents;
}

} // namespace

RecordTablePanel::RecordTablePanel(RecordList list, std::vector<RecordColumn> columns, RecordPanelTexts texts,
                                   QWidget* parent)
    : DocumentPanel(parent), m_texts(std::move(texts))
{
    m_model = new RecordTableModel(std::move(list), std::move(columns), this);
    m_table = new QTableView(this);
    m_table->setModel(m_model);
    m_table->setItemDelegate(new RecordDelegate(m_model, m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed);
    m_table->verticalHeader()->setVisible(false);
    for (int c = 0; c < m_model->columnCount(); ++c)
        m_table->horizontalHeader()->setSectionResizeMode(c, resizeMode(m_model->column(c).width));
    keepHeaderTextsWhole(m_table->horizontalHeader());

    m_add = new QPushButton(tr("Add"), this);
    m_add->setToolTip(m_texts.addToolTip);
    m_delete = new QPushButton(tr("Delete"), this);
    m_delete->setToolTip(m_texts.deleteToolTip);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    m_status->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_status->setOpenExternalLinks(false);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_delete);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_status);

    connect(m_add, &QPushButton::clicked, this, [this] { addRecord(); });
    connect(m_delete, &QPushButton::clicked, this, [this] { deleteCurrentRecord(); });
    connect(m_status, &QLabel::linkActivated, this, [this](const QString& link) {
        if (const auto node = nodeOfLink(link, QStringLiteral("node:")))
            emit nodeActivated(*node);
    });
    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this, &RecordTablePanel::onAboutToReset);
    connect(m_model, &QAbstractItemModel::modelReset, this, &RecordTablePanel::onReset);
    connect(m_model, &RecordTableModel::rowEdited, this, [this](int row, int column) {
        if (row == m_table->currentIndex().row())
            return;
        QScopedValueRollback guard(m_updating, true);
        m_table->setCurrentIndex(m_model->index(row, column));
        selectRecord(row);
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { onCurrentRowChanged(current.row()); });

    refresh();
}

RecordTablePanel::~RecordTablePanel()
{
    disconnectChildrenFrom(this);
    // An editor that commits while the window goes away has no document left to push to.
    m_model->setDocument(nullptr);
}

void RecordTablePanel::forget()
{
    m_status->clear();
}

void RecordTablePanel::documentReplaced()
{
    if (cs::document::Document* doc = document()) {
        connect(doc, &QObject::destroyed, this, [this] {
            setEnabled(false);
            m_status->clear();
        });
    }
    m_model->setDocument(document());
}

bool RecordTablePanel::concerns(const document::ChangeEvent& event) const
{
    return event.kind == document::ChangeEvent::Kind::Selection && !m_updating &&
           selectedRecord() != m_table->currentIndex().row();
}

void RecordTablePanel::refresh()
{
    setEnabled(document() != nullptr);
    const int selected = selectedRecord();
    if (document() && selected != m_table->currentIndex().row() && selected < m_model->rowCount()) {
        QScopedValueRollback guard(m_updating, true);
        setCurrentRecord(selected);
    }
    updateButtons();
}

int RecordTablePanel::selectedRecord() const
{
    const cs::document::Document* doc = document();
    if (!doc)
        return -1;
    return m_model->list().list == ListKind::Filter ? doc->selectedFilter() : doc->selectedMaterial();
}

void RecordTablePanel::selectRecord(int record)
{
    cs::document::Document* doc = document();
    if (!doc)
        return;
    if (m_model->list().list == ListKind::Filter)
        doc->setSelectedFilter(record);
    else
        doc->setSelectedMaterial(record);
}

int RecordTablePanel::currentRecord() const
{
    const int row = m_table->currentIndex().row();
    return document() && row >= 0 && row < m_model->rowCount() ? row : -1;
}

void RecordTablePanel::setCurrentRecord(int record)
{
    if (record < 0 || record >= m_model->rowCount())
        m_table->setCurrentIndex({});
    else
        m_table->setCurrentIndex(m_model->index(record, qMax(0, m_table->currentIndex().column())));
}

int RecordTablePanel::addRecord()
{
    cs::document::Document* doc = document();
    if (!doc)
        return -1;
    const ListKind list = m_model->list().list;
    const std::string name = document::freshName(doc->model(), list, m_texts.stem.toStdString());
    const size_t index =
        list == ListKind::Filter ? document::addFilter(*doc, name) : document::addMaterial(*doc, name);
    setCurrentRecord(int(index));
    m_status->setText(tr("Added \"%1\".").arg(QString::fromStdString(name).toHtmlEscaped()));
    return int(index);
}

std::vector<size_t> RecordTablePanel::deleteCurrentRecord()
{
    const int record = currentRecord();
    if (record < 0)
        return {};
    cs::document::Document& doc = *document();
    const ListKind list = m_model->list().list;
    const QString name = QString::fromStdString(document::itemName(doc.model(), list, size_t(record)));
    std::vector<size_t> users = list == ListKind::Filter ? document::deleteFilter(doc, size_t(record))
                                                         : document::deleteMaterial(doc, size_t(record));
    const QString shown = name.isEmpty() ? m_texts.unnamed.arg(record) : QStringLiteral("\"%1\"").arg(name);
    if (users.empty())
        m_status->setText(m_texts.deletedUnused.arg(shown.toHtmlEscaped()));
    else
        m_status->setText(
            m_texts.deletedUsed(int(users.size())).arg(shown.toHtmlEscaped(), nodeLinks(doc, users)));
    return users;
}

void RecordTablePanel::onAboutToReset()
{
    m_rowBeforeReset = m_table->currentIndex().row();
    m_columnBeforeReset = qMax(0, m_table->currentIndex().column());
}

void RecordTablePanel::onReset()
{
    QScopedValueRollback guard(m_updating, true);
    openChoiceEditors();
    const int count = m_model->rowCount();
    int row = selectedRecord();
    if (row < 0 || row >= count)
        row = m_rowBeforeReset >= count ? count - 1 : m_rowBeforeReset;
    if (row >= 0)
        m_table->setCurrentIndex(m_model->index(row, m_columnBeforeReset));
    if (document() && row != selectedRecord())
        selectRecord(row);
    updateButtons();
}

void RecordTablePanel::onCurrentRowChanged(int row)
{
    updateButtons();
    if (!m_updating && document())
        selectRecord(row);
}

void RecordTablePanel::openChoiceEditors()
{
    for (int c = 0; c < m_model->columnCount(); ++c) {
        if (m_model->column(c).editor != RecordEditor::Choice)
            continue;
        for (int row = 0; row < m_model->rowCount(); ++row)
            m_table->openPersistentEditor(m_model->index(row, c));
    }
}

void RecordTablePanel::updateButtons()
{
    m_add->setEnabled(document() != nullptr);
    m_delete->setEnabled(currentRecord() >= 0);
}

} // namespace cs::ui
