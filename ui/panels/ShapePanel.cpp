#include "panels/ShapePanel.h"

#include "document/Document.h"
#include "document/ShapeFit.h"
#include "panels/ShapeForm.h"
#include "panels/ShapeUsersBox.h"
#include "widgets/ChildSignals.h"
#include "widgets/FitFiguresLabel.h"
#include "widgets/ModelLabels.h"

#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace cs::ui {

namespace {

using document::ChangeEvent;

QString quoted(const QString& text)
{
    return QStringLiteral("\u201c%1\u201d").arg(text.toHtmlEscaped());
}

} // namespace

QString ShapePanel::fitLabel(Fit fit)
{
    switch (fit) {
    case ShapePanel::Fit::Box:
        return ShapePanel::tr("Box");
    case ShapePanel::Fit::OrientedBox:
        return ShapePanel::tr("Oriented Box");
    case ShapePanel::Fit::Sphere:
        return ShapePanel::tr("Sphere");
    case ShapePanel::Fit::Capsule:
        return ShapePanel::tr("Capsule");
    case ShapePanel::Fit::Cylinder:
        return ShapePanel::tr("Cylinder");
    }
    return {};
}

ShapePanel::ShapePanel(QWidget* parent) : QWidget(parent)
{
    m_form = new ShapeForm(this);

    auto* fitBox = new QGroupBox(tr("Fit to mesh"), this);
    m_fitSource = new QLabel(fitBox);
    m_fitSource->setWordWrap(true);
    auto* fitGrid = new QGridLayout;
    for (int i = 0; i < kFitCount; ++i) {
        const auto kind = static_cast<Fit>(i);
        auto* button = new QPushButton(fitLabel(kind), fitBox);
        button->setToolTip(tr("Make the shape the smallest %1 around the mesh (one undo step)")
                               .arg(fitLabel(kind).toLower()));
        connect(button, &QPushButton::clicked, this, [this, kind] { fit(kind); });
        fitGrid->addWidget(button, i / 3, i % 3);
        m_fitButtons[size_t(i)] = button;
    }
    m_hull = new QPushButton(tr("Generate Convex Hull\u2026"), fitBox);
    m_hull->setToolTip(tr("Make a convex hull of the mesh as a new mesh and shape"));
    fitGrid->addWidget(m_hull, 2, 0, 1, 3);
    m_fitFigures = new FitFiguresLabel(fitBox);
    auto* fitLayout = new QVBoxLayout(fitBox);
    fitLayout->addWidget(m_fitSource);
    fitLayout->addLayout(fitGrid);
    fitLayout->addWidget(m_fitFigures);

    m_usedBy = new ShapeUsersBox(this);

    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    m_status->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_status->setOpenExternalLinks(false);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_form);
    layout->addWidget(fitBox);
    layout->addWidget(m_usedBy);
    layout->addWidget(m_status);
    layout->addStretch(1);

    m_usersTimer = new QTimer(this);
    m_usersTimer->setSingleShot(true);
    m_usersTimer->setInterval(0);
    connect(m_usersTimer, &QTimer::timeout, this, &ShapePanel::refreshUsers);

    connect(m_hull, &QPushButton::clicked, this, [this] {
        if (m_document) {
            const MeshSource source = meshSource(*m_document, m_contextNode);
            if (source.meshNode)
                emit hullRequested(*source.meshNode);
        }
    });
    connect(m_usedBy, &ShapeUsersBox::nodeActivated, this, &ShapePanel::nodeActivated);
    setUpFitter();

    setDocument(nullptr);
}

ShapePanel::~ShapePanel()
{
    disconnectChildrenFrom(this);
}

document::Document* ShapePanel::document() const
{
    return m_document;
}

void ShapePanel::setDocument(document::Document* document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    m_shape = -1;
    m_contextNode.reset();
    m_lastFitNode.reset();
    m_status->clear();
    if (m_document) {
        connect(m_document, &document::Document::changed, this, &ShapePanel::onChanged);
        connect(m_document, &QObject::destroyed, this, [this] { setDocument(nullptr); });
    }
    refresh();
}

void ShapePanel::setShape(int shapeIndex, std::optional<document::NodeIndex> contextNode)
{
    const bool same = shapeIndex == m_shape && contextNode == m_contextNode;
    m_shape = shapeIndex;
    m_contextNode = contextNode;
    if (!same) {
        m_status->clear();
        m_lastFitNode.reset();
    }
    refresh();
}

bool ShapePanel::shapeExists() const
{
    return m_document && m_shape >= 0 && size_t(m_shape) < m_document->model().shapes.size();
}

QLineEdit* ShapePanel::nameEdit() const
{
    return m_form->nameEdit();
}

QComboBox* ShapePanel::typeCombo() const
{
    return m_form->typeCombo();
}

Vec3Field* ShapePanel::sizeField() const
{
    return m_form->sizeField();
}

NumberField* ShapePanel::radiusField() const
{
    return m_form->radiusField();
}

NumberField* ShapePanel::heightField() const
{
    return m_form->heightField();
}

NumberField* ShapePanel::radiusTopField() const
{
    return m_form->radiusTopField();
}

NumberField* ShapePanel::radiusBottomField() const
{
    return m_form->radiusBottomField();
}

NumberField* ShapePanel::planeSizeXField() const
{
    return m_form->planeSizeXField();
}

NumberField* ShapePanel::planeSizeZField() const
{
    return m_form->planeSizeZField();
}

QCheckBox* ShapePanel::planeDoubleSidedCheck() const
{
    return m_form->planeDoubleSidedCheck();
}

QComboBox* ShapePanel::meshCombo() const
{
    return m_form->meshCombo();
}

QLabel* ShapePanel::noteLabel() const
{
    return m_form->noteLabel();
}

QListWidget* ShapePanel::usedByList() const
{
    return m_usedBy->list();
}

bool ShapePanel::isRowShown(QWidget* field) const
{
    return m_form->isRowShown(field);
}

void ShapePanel::onLinkActivated(const QString& link)
{
    if (const auto node = nodeOfLink(link, QStringLiteral("node:")))
        emit nodeActivated(*node);
}

void ShapePanel::onChanged(const ChangeEvent& event)
{
    using K = ChangeEvent::Kind;
    const bool listChange = event.properties != ChangeEvent::All &&
                            (event.has(ChangeEvent::Created) || event.has(ChangeEvent::Removed));
    switch (event.kind) {
    case K::Document:
        refresh();
        break;
    case K::Shape:
        if (listChange && m_shape >= 0) {
            // Follow the shape when an insertion or deletion before it moves it.
            if (event.has(ChangeEvent::Removed)) {
                if (event.index == m_shape)
                    m_shape = -1;
                else if (event.index < m_shape)
                    --m_shape;
            } else if (event.index <= m_shape) {
                ++m_shape;
            }
            refresh();
        } else if (event.index == m_shape || event.properties == ChangeEvent::All) {
            refreshFields();
            refreshFitState();
        }
        break;
    case K::Mesh:
        m_form->setShape(m_document, m_shape);
        m_form->refreshMeshes();
        refreshFields();
        refreshFitState();
        break;
    case K::Node:
        if (event.has(ChangeEvent::Removed) && event.properties != ChangeEvent::All && m_contextNode &&
            event.index >= 0 && static_cast<document::NodeIndex>(event.index) == *m_contextNode)
            m_contextNode.reset();
        if (event.has(ChangeEvent::Name) || event.has(ChangeEvent::Children) ||
            event.has(ChangeEvent::Created) || event.has(ChangeEvent::Removed)) {
            m_usersTimer->start();
            refreshFitState();
        }
        break;
    case K::Collider:
    case K::Trigger:
        m_usersTimer->start();
        break;
    default:
        break;
    }
}

void ShapePanel::refresh()
{
    m_form->setShape(m_document, m_shape);
    m_form->refreshMeshes();
    refreshFields();
    refreshUsers();
    refreshFitState();
}

void ShapePanel::refreshFields()
{
    setEnabled(m_document != nullptr);
    m_form->setShape(m_document, m_shape);
    m_form->refresh();
}

void ShapePanel::refreshUsers()
{
    m_usersTimer->stop();
    m_usedBy->showUsers(m_document, m_shape, m_contextNode);
}

void ShapePanel::refreshFitState()
{
    const bool exists = shapeExists();
    const bool opaque = exists && m_document->model().shapes[size_t(m_shape)].opaque;
    const MeshSource source = m_document ? meshSource(*m_document, m_contextNode) : MeshSource{};
    const bool canFit = exists && !opaque && source.meshNode;
    for (QPushButton* b : m_fitButtons)
        b->setEnabled(canFit);
    m_hull->setEnabled(m_document && source.meshNode);
    QString text;
    if (!m_document || !exists)
        text.clear();
    else if (!m_contextNode)
        text = tr("Select a node that uses this shape to fit it to that node's mesh.");
    else if (!source.meshNode)
        text = tr("Neither %1 nor its parent has a mesh to fit to.")
                   .arg(quoted(nodeLabel(*m_document, *m_contextNode)));
    else if (source.fromParent)
        text = tr("Fits use the mesh of the parent %1; %2 moves to the fit.")
                   .arg(quoted(nodeLabel(*m_document, *source.meshNode)),
                        quoted(nodeLabel(*m_document, *m_contextNode)));
    else
        text = tr("Fits use the mesh of %1. A fit off its centre goes on a new child node.")
                   .arg(quoted(nodeLabel(*m_document, *source.meshNode)));
    m_fitSource->setText(text);
    m_fitFigures->setTarget(m_document, exists ? m_contextNode : std::nullopt);
}

} // namespace cs::ui
