#include "panels/PropertiesPanel.h"

#include "document/Document.h"
#include "panels/BodyPanel.h"
#include "panels/ColliderPanel.h"
#include "panels/JointPanel.h"
#include "panels/ShapePanel.h"
#include "panels/TransformPanel.h"
#include "widgets/ChildSignals.h"
#include "widgets/ModelLabels.h"

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

PropertiesPanel::PropertiesPanel(QWidget* parent) : QWidget(parent)
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
        m_shapeChosen = shape >= 0;
        showShape(shape);
    };
    connect(m_collider, &ColliderPanel::shapeActivated, this, chooseShape);
    connect(m_trigger, &ColliderPanel::shapeActivated, this, chooseShape);
    connect(m_shape, &ShapePanel::hullRequested, this, &PropertiesPanel::hullRequested);
    connect(m_shape, &ShapePanel::nodeActivated, this, &PropertiesPanel::nodeActivated);
    setDocument(nullptr);
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

void PropertiesPanel::setDocument(document::Document* document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    m_nodes.clear();
    m_current.reset();
    m_shownShape = -1;
    m_shapeChosen = false;
    m_transform->setDocument(document);
    m_body->setDocument(document);
    m_collider->setDocument(document);
    m_trigger->setDocument(document);
    m_joint->setDocument(document);
    m_shape->setDocument(document);
    if (document)
        connect(document, &document::Document::changed, this, &PropertiesPanel::onChanged);
    if (document)
        setNodes(document->selectedNodes(), document->currentNode());
    else
        setNodes({}, std::nullopt);
}

void PropertiesPanel::setNodes(const std::vector<document::NodeIndex>& nodes,
                               std::optional<document::NodeIndex> current)
{
    const bool sameCurrent = current == m_current;
    m_nodes = nodes;
    m_current = current;
    if (!sameCurrent)
        m_shapeChosen = false;
    m_transform->setNodes(nodes);
    m_body->setNodes(nodes);
    m_collider->setNodes(nodes);
    m_trigger->setNodes(nodes);
    m_joint->setNodes(std::vector<size_t>(nodes.begin(), nodes.end()));
    updateHeader();
    updateShape();
}

void PropertiesPanel::onChanged(const document::ChangeEvent& event)
{
    using Kind = document::ChangeEvent::Kind;
    if (event.kind == Kind::Selection) {
        setNodes(m_document->selectedNodes(), m_document->currentNode());
        return;
    }
    if (event.kind == Kind::Node && event.has(document::ChangeEvent::Name))
        updateHeader();
    if (event.kind == Kind::Collider || event.kind == Kind::Trigger || event.kind == Kind::Document ||
        (event.kind == Kind::Shape &&
         (event.has(document::ChangeEvent::Created) || event.has(document::ChangeEvent::Removed)))) {
        // A shape list insert or removal moves indices; a new collider shape is the one to show.
        if (m_shapeChosen && m_document && size_t(m_shownShape) >= m_document->model().shapes.size())
            m_shapeChosen = false;
        updateShape();
    }
}

void PropertiesPanel::updateHeader()
{
    if (!m_document || m_nodes.empty()) {
        m_header->setText(m_document ? tr("<i>Select a node in the scene tree or the view.</i>")
                                     : tr("<i>No file is open.</i>"));
        return;
    }
    if (m_nodes.size() == 1) {
        m_header->setText(tr("<b>%1</b> (node %2)")
                              .arg(nodeLabel(*m_document, m_nodes.front()).toHtmlEscaped())
                              .arg(m_nodes.front()));
        return;
    }
    m_header->setText(tr("<b>%1 nodes selected</b>: edits apply to each of them").arg(m_nodes.size()));
}

void PropertiesPanel::updateShape()
{
    if (m_shapeChosen) {
        showShape(m_shownShape);
        return;
    }
    int shape = -1;
    if (m_document && m_current) {
        if (const physics::NodePhysics* p = m_document->model().node(*m_current)) {
            if (p->collider && p->collider->shape >= 0)
                shape = p->collider->shape;
            else if (p->trigger && p->trigger->shape >= 0)
                shape = p->trigger->shape;
        }
    }
    showShape(shape);
}

void PropertiesPanel::showShape(int shape)
{
    if (m_document && size_t(shape) >= m_document->model().shapes.size())
        shape = -1;
    m_shownShape = shape;
    m_shape->setShape(shape, m_current);
    m_shapeSection->setVisible(shape >= 0);
}

PropertiesPanel::~PropertiesPanel()
{
    disconnectChildrenFrom(this);
}

} // namespace cs::ui
