#include "panels/PropertiesPanel.h"

#include "ChildSignals.h"
#include "ModelLabels.h"
#include "document/Document.h"
#include "panels/BodyPanel.h"
#include "panels/ColliderPanel.h"
#include "panels/JointPanel.h"
#include "panels/ShapePanel.h"
#include "panels/TransformPanel.h"

#include <QEvent>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace cs::ui {

namespace {

/// A titled section whose content folds away when its title is clicked.
QWidget* makeSection(const QString& title, const QString& objectName, QWidget* content, QWidget* parent)
{
    auto* section = new QWidget(parent);
    section->setObjectName(objectName);
    auto* layout = new QVBoxLayout(section);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto* toggle = new QToolButton(section);
    toggle->setObjectName(objectName + QStringLiteral("Toggle"));
    toggle->setText(title);
    toggle->setCheckable(true);
    toggle->setChecked(true);
    toggle->setArrowType(Qt::DownArrow);
    toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toggle->setAutoRaise(true);
    QFont font = toggle->font();
    font.setBold(true);
    toggle->setFont(font);
    toggle->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    layout->addWidget(toggle);
    content->setParent(section);
    layout->addWidget(content);
    QObject::connect(toggle, &QToolButton::toggled, content, [toggle, content](bool open) {
        content->setVisible(open);
        toggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    });
    return section;
}

} // namespace

PropertiesPanel::PropertiesPanel(QWidget* parent) : DocumentPanel(parent)
{
    auto* inner = new QWidget;
    auto* layout = new QVBoxLayout(inner);
    layout->setContentsMargins(6, 6, 6, 6);
    m_header = new QLabel(inner);
    m_header->setObjectName(QStringLiteral("propertiesHeader"));
    m_header->setWordWrap(true);
    m_header->setTextFormat(Qt::RichText);
    layout->addWidget(m_header);

    m_transform = new TransformPanel;
    layout->addWidget(makeSection(tr("Transform"), QStringLiteral("transformSection"), m_transform, inner));
    m_body = new BodyPanel;
    m_collider = new ColliderPanel(ColliderPanel::Mode::Collider);
    m_trigger = new ColliderPanel(ColliderPanel::Mode::Trigger);
    m_shape = new ShapePanel;
    layout->addWidget(makeSection(tr("Body"), QStringLiteral("bodySection"), m_body, inner));
    layout->addWidget(makeSection(tr("Collider"), QStringLiteral("colliderSection"), m_collider, inner));
    layout->addWidget(makeSection(tr("Trigger"), QStringLiteral("triggerSection"), m_trigger, inner));
    m_joint = new JointPanel;
    layout->addWidget(makeSection(tr("Joint"), QStringLiteral("jointSection"), m_joint, inner));
    m_shapeSection = makeSection(tr("Shape"), QStringLiteral("shapeSection"), m_shape, inner);
    layout->addWidget(m_shapeSection);
    layout->addStretch(1);

    auto* scroll = new QScrollArea(this);
    scroll->setWidget(inner);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Wide enough for the editors' rows, whatever they show now: fields are never cut off, only scrolled
    // vertically.
    m_scroll = scroll;
    m_inner = inner;
    inner->installEventFilter(this);
    fitWidth();
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);

    auto chooseShape = [this](int shape) {
        if (document())
            document()->setSelectedShape(shape);
    };
    connect(m_collider, &ColliderPanel::shapeActivated, this, chooseShape);
    connect(m_trigger, &ColliderPanel::shapeActivated, this, chooseShape);
    connect(m_shape, &ShapePanel::hullRequested, this, &PropertiesPanel::hullRequested);
    connect(m_shape, &ShapePanel::nodeActivated, this, &PropertiesPanel::nodeActivated);
    refresh();
}

bool PropertiesPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_inner && event->type() == QEvent::LayoutRequest)
        QTimer::singleShot(0, this, &PropertiesPanel::fitWidth);
    return QWidget::eventFilter(watched, event);
}

void PropertiesPanel::fitWidth()
{
    const int wanted = m_inner->minimumSizeHint().width() +
                       m_scroll->verticalScrollBar()->sizeHint().width() + 2 * m_scroll->frameWidth();
    if (m_scroll->minimumWidth() != wanted)
        m_scroll->setMinimumWidth(wanted);
}

void PropertiesPanel::documentReplaced()
{
    document::Document* doc = document();
    m_transform->setDocument(doc);
    m_body->setDocument(doc);
    m_collider->setDocument(doc);
    m_trigger->setDocument(doc);
    m_joint->setDocument(doc);
    m_shape->setDocument(doc);
}

int PropertiesPanel::shownShape() const
{
    return m_shape->shape();
}

bool PropertiesPanel::concerns(const document::ChangeEvent& event) const
{
    using Kind = document::ChangeEvent::Kind;
    return event.kind == Kind::Selection || event.kind == Kind::Document ||
           (event.kind == Kind::Node && event.has(document::ChangeEvent::Name));
}

void PropertiesPanel::refresh()
{
    const document::Document* doc = document();
    const std::vector<document::NodeIndex> nodes =
        doc ? doc->selectedNodes() : std::vector<document::NodeIndex>{};
    const std::optional<document::NodeIndex> current = doc ? doc->currentNode() : std::nullopt;
    // A section shown the same nodes keeps itself up to date from the change events.
    if (nodes != m_transform->nodes()) {
        m_transform->setNodes(nodes);
        m_body->setNodes(nodes);
        m_collider->setNodes(nodes);
        m_trigger->setNodes(nodes);
        m_joint->setNodes(nodes);
    }
    updateHeader();
    const int shape = doc ? doc->selectedShape() : -1;
    if (shape != m_shape->shape() || current != m_shape->contextNode())
        m_shape->setShape(shape, current);
    m_shapeSection->setVisible(shape >= 0);
}

void PropertiesPanel::updateHeader()
{
    const document::Document* doc = document();
    const std::vector<document::NodeIndex> nodes =
        doc ? doc->selectedNodes() : std::vector<document::NodeIndex>{};
    if (!doc || nodes.empty()) {
        m_header->setText(doc ? tr("<i>Select a node in the scene tree or the view.</i>")
                              : tr("<i>No file is open.</i>"));
        return;
    }
    if (nodes.size() == 1) {
        m_header->setText(
            tr("<b>%1</b> (node %2)").arg(nodeLabel(*doc, nodes.front()).toHtmlEscaped()).arg(nodes.front()));
        return;
    }
    m_header->setText(tr("<b>%1 nodes selected</b>: edits apply to each of them").arg(nodes.size()));
}

PropertiesPanel::~PropertiesPanel()
{
    disconnectChildrenFrom(this);
}

} // namespace cs::ui
