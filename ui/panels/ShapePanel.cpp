#include "panels/ShapePanel.h"

#include "ChildSignals.h"
#include "ModelLabels.h"
#include "document/Document.h"
#include "document/ShapeFit.h"
#include "panels/ShapeForm.h"
#include "panels/ShapeUsersBox.h"
#include "widgets/FitFiguresLabel.h"

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

ShapePanel::ShapePanel(QWidget* parent) : DocumentPanel(parent)
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
    fitLayout->addWidget(buildAxisRow(fitBox));
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
        if (document()) {
            const MeshSource source = meshSource(*document(), m_contextNode);
            if (source.meshNode)
                emit hullRequested(*source.meshNode);
        }
    });
    connect(m_usedBy, &ShapeUsersBox::nodeActivated, this, &ShapePanel::nodeActivated);
    setUpFitter();
    refresh();
}

ShapePanel::~ShapePanel()
{
    disconnectChildrenFrom(this);
}

int ShapePanel::shape() const
{
    return document() ? document()->selectedShape() : -1;
}

void ShapePanel::forget()
{
    m_status->clear();
    m_lastFitNode.reset();
}

void ShapePanel::documentReplaced()
{
    m_contextNode.reset();
    m_shown = -1;
}

void ShapePanel::setShape(int shapeIndex, std::optional<document::NodeIndex> contextNode)
{
    if (shapeIndex != shape() || shapeIndex != m_shown || contextNode != m_contextNode)
        forget();
    m_contextNode = contextNode;
    if (document() && shapeIndex != shape())
        apply([&] { document()->setSelectedShape(shapeIndex); });
    else
        refresh();
    refreshUsers();
}

void ShapePanel::refreshUsers()
{
    m_usersTimer->stop();
    m_usedBy->showUsers(document(), m_shown, m_contextNode);
}

bool ShapePanel::shapeExists() const
{
    return document() && shape() >= 0 && size_t(shape()) < document()->model().shapes.size();
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

bool ShapePanel::concerns(const ChangeEvent& event) const
{
    using K = ChangeEvent::Kind;
    switch (event.kind) {
    case K::Selection:
        return shape() != m_shown; // a node selected, or the shape moved in its list
    case K::Node:
        return event.has(ChangeEvent::Name) || event.has(ChangeEvent::Children) ||
               event.has(ChangeEvent::Created) || event.has(ChangeEvent::Removed);
    case K::Shape:
        return event.index == shape() || event.properties == ChangeEvent::All ||
               event.has(ChangeEvent::Created) || event.has(ChangeEvent::Removed);
    case K::Document:
    case K::Mesh:
    case K::Collider:
    case K::Trigger:
        return true;
    default:
        return false;
    }
}

void ShapePanel::refresh()
{
    document::Document* doc = document();
    setEnabled(doc != nullptr);
    if (m_contextNode && (!doc || *m_contextNode >= doc->gltf().count("nodes")))
        m_contextNode.reset(); // the node went with an edit
    m_shown = shape();
    m_form->setShape(doc, m_shown);
    m_form->refreshMeshes();
    m_form->refresh();
    // Many change events arrive in one edit: the "Used by" list follows once, after them.
    m_usersTimer->start();
    refreshFitState();
}

void ShapePanel::refreshFitState()
{
    const bool exists = shapeExists();
    document::Document* doc = document();
    const bool opaque = exists && doc->model().shapes[size_t(m_shown)].opaque;
    const MeshSource source = doc ? meshSource(*doc, m_contextNode) : MeshSource{};
    const bool canFit = exists && !opaque && source.meshNode;
    for (QPushButton* b : m_fitButtons)
        b->setEnabled(canFit);
    m_hull->setEnabled(doc && source.meshNode);
    QString text;
    if (!doc || !exists)
        text.clear();
    else if (!m_contextNode)
        text = tr("Select a node that uses this shape to fit it to that node's mesh.");
    else if (!source.meshNode)
        text = tr("Neither %1 nor its parent has a mesh to fit to.")
                   .arg(quoted(nodeLabel(*doc, *m_contextNode)));
    else if (source.fromParent)
        text = tr("Fits use the mesh of the parent %1; %2 moves to the fit.")
                   .arg(quoted(nodeLabel(*doc, *source.meshNode)), quoted(nodeLabel(*doc, *m_contextNode)));
    else
        text = tr("Fits use the mesh of %1. A fit off its centre goes on a new child node.")
                   .arg(quoted(nodeLabel(*doc, *source.meshNode)));
    m_fitSource->setText(text);
    m_fitFigures->setTarget(doc, exists ? m_contextNode : std::nullopt);
}

} // namespace cs::ui
