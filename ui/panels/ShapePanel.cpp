#include "panels/ShapePanel.h"

#include "document/Actions.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/GeometryInputs.h"
#include "document/ModelCommands.h"
#include "document/NodeCommands.h"
#include "document/References.h"
#include "document/ShapeConversion.h"
#include "document/ShapeFit.h"
#include "geometry/PrimitiveFit.h"
#include "widgets/ChildSignals.h"
#include "widgets/FitFiguresLabel.h"
#include "widgets/ModelLabels.h"
#include "widgets/NumberField.h"
#include "widgets/Vec3Field.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSignalBlocker>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>
#include <utility>

namespace cs::ui {

namespace {

using document::ChangeEvent;
using physics::Shape;
using physics::ShapeType;

/// Limits of the parameter fields. The spec requires sizes and heights above 0 and radii of 0 or more; the
/// smallest positive value is what the fields can show.
constexpr double kMinLength = 1e-4;
constexpr double kMaxLength = 1e6;
constexpr int kDecimals = 4;

constexpr ShapeType kTypes[] = {ShapeType::Box,      ShapeType::Sphere, ShapeType::Capsule,
                                ShapeType::Cylinder, ShapeType::Convex, ShapeType::Trimesh};

QString typeLabel(ShapeType type)
{
    switch (type) {
    case ShapeType::Box:
        return ShapePanel::tr("Box");
    case ShapeType::Sphere:
        return ShapePanel::tr("Sphere");
    case ShapeType::Capsule:
        return ShapePanel::tr("Capsule");
    case ShapeType::Cylinder:
        return ShapePanel::tr("Cylinder");
    case ShapeType::Convex:
        return ShapePanel::tr("Convex hull");
    case ShapeType::Trimesh:
        return ShapePanel::tr("Triangle mesh");
    }
    return {};
}

QString quoted(const QString& text)
{
    return QStringLiteral("\u201c%1\u201d").arg(text.toHtmlEscaped());
}

/// What a plane is, and what is odd about this one.
QString planeNote(const physics::PlaneParams& plane)
{
    QString note = ShapePanel::tr("A plane through the node with its normal along +Y (KHR_implicit_shapes); "
                                  "its type cannot be changed.");
    if (plane.sizeX.has_value() != plane.sizeZ.has_value())
        note += QLatin1Char('\n') + ShapePanel::tr("Bounded along one axis only: engines may read it as "
                                                   "unbounded. Set both sizes, or neither.");
    return note;
}

} // namespace

std::vector<PropertyRow<Shape>> ShapePanel::parameterRows()
{
    using Locate = document::locate::Shape;
    namespace field = document::field;
    const auto length = [](QString objectName, QString label, QString toolTip, double minimum) {
        return propertyLook(std::move(objectName), std::move(label), std::move(toolTip), 0)
            .withUnit(QStringLiteral(" m"))
            .withRange(minimum, kMaxLength)
            .withPrecision(kDecimals, 0.05);
    };
    // In the order of Property; the height's label and tooltip follow the type (see refreshFields()).
    return {
        propertyRow<Locate, field::ShapeSize>(
            length(QStringLiteral("shapeSize"), tr("Size"),
                   tr("Full width, height and depth; the box is centred on its node"), kMinLength)),
        propertyRow<Locate, field::ShapeRadius>(length(QStringLiteral("shapeRadius"), tr("Radius"),
                                                       tr("The sphere is centred on its node"), 0.0)),
        propertyRow<Locate, field::ShapeHeight>(
            length(QStringLiteral("shapeHeight"), tr("Height"), QString(), kMinLength)),
        propertyRow<Locate, field::ShapeRadiusTop>(
            length(QStringLiteral("shapeRadiusTop"), tr("Top radius"), tr("Radius at +Y"), 0.0)),
        propertyRow<Locate, field::ShapeRadiusBottom>(
            length(QStringLiteral("shapeRadiusBottom"), tr("Bottom radius"), tr("Radius at -Y"), 0.0)),
        propertyRow<Locate, field::PlaneSizeX>(
            length(QStringLiteral("planeSizeX"), tr("Size X"),
                   tr("Full extent along X, centred on the node; 0: unbounded along X"), 0.0)
                .withMinimumText(tr("Unbounded"))),
        propertyRow<Locate, field::PlaneSizeZ>(
            length(QStringLiteral("planeSizeZ"), tr("Size Z"),
                   tr("Full extent along Z, centred on the node; 0: unbounded along Z"), 0.0)
                .withMinimumText(tr("Unbounded"))),
        propertyRow<Locate, field::PlaneDoubleSided>(propertyLook(
            QStringLiteral("planeDoubleSided"), tr("Double sided"),
            tr("Collides from both sides; otherwise only from above (+Y), the space below being inside"), 0)),
    };
}

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
    m_title = new QLabel(this);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);

    m_name = new QLineEdit(this);
    m_name->setPlaceholderText(tr("(no name)"));
    m_type = new QComboBox(this);
    for (ShapeType t : kTypes)
        m_type->addItem(typeLabel(t), int(t));
    m_type->setToolTip(tr("Changing the type keeps the shape about the size it was"));

    m_properties = parameterRows();
    m_fields = std::make_unique<PropertyFields>(
        looksOf(m_properties), this, this,
        [this](size_t row, int axis, double value) { editProperty(row, axis, value); });
    for (size_t i = 0; i < m_properties.size(); ++i)
        m_fields->field(i)->setToolTip(m_properties[i].look.toolTip);
    m_totalHeight = new QLabel(this);
    m_totalHeight->setToolTip(tr("Mid-height plus both radii: the capsule's full length along Y"));
    m_mesh = new QComboBox(this);
    m_mesh->setToolTip(tr("The glTF mesh (triangles, in the node's space) the shape is made of"));
    m_note = new QLabel(this);
    m_note->setWordWrap(true);

    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->addRow(tr("Name"), m_name);
    m_form->addRow(tr("Type"), m_type);
    m_fields->addRows(m_form, 0, m_properties.size());
    m_form->addRow(tr("Total height"), m_totalHeight);
    m_form->addRow(tr("Mesh"), m_mesh);

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

    auto* usedBox = new QGroupBox(tr("Used by"), this);
    m_usedBy = new QListWidget(usedBox);
    m_usedBy->setToolTip(tr("Nodes whose collider or trigger uses this shape; click one to select it"));
    m_usedBy->setMaximumHeight(120);
    auto* usedLayout = new QVBoxLayout(usedBox);
    usedLayout->addWidget(m_usedBy);

    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    m_status->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_status->setOpenExternalLinks(false);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addLayout(m_form);
    layout->addWidget(m_note);
    layout->addWidget(fitBox);
    layout->addWidget(usedBox);
    layout->addWidget(m_status);
    layout->addStretch(1);

    m_usersTimer = new QTimer(this);
    m_usersTimer->setSingleShot(true);
    m_usersTimer->setInterval(0);
    connect(m_usersTimer, &QTimer::timeout, this, &ShapePanel::refreshUsers);

    connect(m_name, &QLineEdit::editingFinished, this, &ShapePanel::commitName);
    connect(m_type, &QComboBox::currentIndexChanged, this, &ShapePanel::onTypeActivated);
    connect(m_mesh, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (m_updating || !shapeExists() || index < 0)
            return;
        m_document->push(
            new document::SetShapeMesh(m_document, size_t(m_shape), m_mesh->itemData(index).toInt()));
    });
    connect(m_hull, &QPushButton::clicked, this, [this] {
        if (m_document) {
            const MeshSource source = meshSource(*m_document, m_contextNode);
            if (source.meshNode)
                emit hullRequested(*source.meshNode);
        }
    });
    auto activate = [this](QListWidgetItem* item) {
        if (item && item->data(Qt::UserRole).isValid())
            emit nodeActivated(item->data(Qt::UserRole).value<document::NodeIndex>());
    };
    connect(m_usedBy, &QListWidget::itemClicked, this, activate);
    connect(m_usedBy, &QListWidget::itemActivated, this, activate);
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

Vec3Field* ShapePanel::sizeField() const
{
    return static_cast<Vec3Field*>(m_fields->field(SizeRow));
}

NumberField* ShapePanel::radiusField() const
{
    return static_cast<NumberField*>(m_fields->field(RadiusRow));
}

NumberField* ShapePanel::heightField() const
{
    return static_cast<NumberField*>(m_fields->field(HeightRow));
}

NumberField* ShapePanel::radiusTopField() const
{
    return static_cast<NumberField*>(m_fields->field(RadiusTopRow));
}

NumberField* ShapePanel::radiusBottomField() const
{
    return static_cast<NumberField*>(m_fields->field(RadiusBottomRow));
}

NumberField* ShapePanel::planeSizeXField() const
{
    return static_cast<NumberField*>(m_fields->field(PlaneSizeXRow));
}

NumberField* ShapePanel::planeSizeZField() const
{
    return static_cast<NumberField*>(m_fields->field(PlaneSizeZRow));
}

QCheckBox* ShapePanel::planeDoubleSidedCheck() const
{
    return static_cast<QCheckBox*>(m_fields->field(PlaneDoubleSidedRow));
}

void ShapePanel::editProperty(size_t row, int axis, double value)
{
    if (!shapeExists() || row >= m_properties.size())
        return;
    const auto index = static_cast<size_t>(m_shape);
    m_properties[row].edit(*m_document, {{index, &m_document->model().shapes[index]}}, axis, value);
}

bool ShapePanel::isRowShown(QWidget* field) const
{
    return m_form->isRowVisible(field);
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
        refreshMeshes();
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
    refreshMeshes();
    refreshFields();
    refreshUsers();
    refreshFitState();
}

void ShapePanel::refreshFields()
{
    QScopedValueRollback guard(m_updating, true);
    const bool exists = shapeExists();
    setEnabled(m_document != nullptr);
    const Shape* s = exists ? &m_document->model().shapes[size_t(m_shape)] : nullptr;
    const bool editable = s && !s->opaque;
    for (QWidget* w : std::initializer_list<QWidget*>{m_type, m_mesh})
        w->setEnabled(editable);
    for (size_t i = 0; i < m_properties.size(); ++i)
        m_fields->field(i)->setEnabled(i >= PlaneSizeXRow ? s && s->isPlane() : editable);
    m_name->setEnabled(exists);
    if (!s) {
        m_title->setText(m_document ? tr("No shape selected") : tr("No document"));
        m_name->clear();
        m_note->clear();
        showRows();
        return;
    }
    const QString name = QString::fromStdString(document::field::ShapeName::get(*s));
    m_title->setText(name.isEmpty() ? tr("Shape %1").arg(m_shape)
                                    : tr("Shape %1: %2").arg(m_shape).arg(name));
    // Text the user is typing stays until it is committed.
    if (!(m_name->hasFocus() && m_name->isModified()))
        m_name->setText(name);
    {
        const QSignalBlocker block(m_type);
        m_type->setPlaceholderText(s->isPlane() ? tr("Plane") : QString());
        m_type->setCurrentIndex(s->isPlane() ? -1 : m_type->findData(int(s->type)));
    }
    showProperties(*m_fields, m_properties, std::vector<const Shape*>{s}, *m_document);
    m_totalHeight->setText(QLocale().toString(s->height + s->radiusTop + s->radiusBottom, 'g', 6) +
                           QStringLiteral(" m"));
    if (auto* label = qobject_cast<QLabel*>(m_form->labelForField(heightField()))) {
        const bool capsule = s->type == ShapeType::Capsule;
        label->setText(capsule ? tr("Mid-height") : tr("Height"));
        heightField()->setToolTip(capsule
                                      ? tr("Distance between the centres of the two hemispheres (the full "
                                           "height is this plus both radii)")
                                      : tr("Full height: distance between the centres of the two discs"));
    }
    {
        const QSignalBlocker block(m_mesh);
        int item = m_mesh->findData(s->mesh);
        if (item < 0) {
            m_mesh->addItem(tr("Mesh %1 (does not exist)").arg(s->mesh), s->mesh);
            item = m_mesh->count() - 1;
        }
        m_mesh->setCurrentIndex(item);
    }

    QStringList notes;
    if (s->isPlane())
        notes << planeNote(*s->plane);
    else if (s->opaque)
        notes << tr(
            "This shape's type is not understood; it is kept as it was read and cannot be edited here.");
    const bool round = s->type == ShapeType::Capsule || s->type == ShapeType::Cylinder;
    if (round && s->radiusTop != s->radiusBottom)
        notes << tr("Tapered: the radii differ, which some engines approximate with a convex hull.");
    if (s->type == ShapeType::Cylinder)
        notes << tr("Not every engine has cylinders; a capsule or convex hull is more portable.");
    if ((s->type == ShapeType::Convex || s->type == ShapeType::Trimesh) && s->mesh < 0)
        notes << tr("Choose the mesh the shape is made of.");
    if (s->type == ShapeType::Trimesh)
        notes << tr(
            "Triangle meshes suit static geometry; moving bodies and triggers should use convex hulls.");
    m_note->setText(notes.join(QLatin1Char('\n')));
    m_note->setVisible(!notes.isEmpty());
    showRows();
}

void ShapePanel::showRows()
{
    const Shape* s = shapeExists() ? &m_document->model().shapes[size_t(m_shape)] : nullptr;
    const ShapeType t = s ? s->type : ShapeType::Box;
    const bool round = t == ShapeType::Capsule || t == ShapeType::Cylinder;
    const bool known = s && !s->opaque;
    m_form->setRowVisible(m_name, s != nullptr);
    m_form->setRowVisible(m_type, s != nullptr);
    m_form->setRowVisible(sizeField(), known && t == ShapeType::Box);
    m_form->setRowVisible(radiusField(), known && t == ShapeType::Sphere);
    m_form->setRowVisible(heightField(), known && round);
    m_form->setRowVisible(radiusTopField(), known && round);
    m_form->setRowVisible(radiusBottomField(), known && round);
    m_form->setRowVisible(m_totalHeight, known && t == ShapeType::Capsule);
    m_form->setRowVisible(m_mesh, known && (t == ShapeType::Convex || t == ShapeType::Trimesh));
    for (size_t row = PlaneSizeXRow; row <= PlaneDoubleSidedRow; ++row)
        m_form->setRowVisible(m_fields->field(row), s && s->isPlane());
}

void ShapePanel::refreshMeshes()
{
    QScopedValueRollback guard(m_updating, true);
    const QSignalBlocker block(m_mesh);
    m_mesh->clear();
    m_mesh->addItem(tr("(none)"), -1);
    if (!m_document)
        return;
    const size_t count = m_document->gltf().count("meshes");
    for (size_t i = 0; i < count; ++i) {
        const QString name = QString::fromStdString(gltf::elementName(m_document->gltf(), "meshes", i));
        m_mesh->addItem(name.isEmpty() ? tr("Mesh %1").arg(i) : tr("%1: %2").arg(i).arg(name), int(i));
    }
}

void ShapePanel::refreshUsers()
{
    m_usersTimer->stop();
    m_usedBy->clear();
    if (!shapeExists())
        return;
    const auto& model = m_document->model();
    for (size_t node : document::usersOf(model, document::ListKind::Shape, m_shape)) {
        const physics::NodePhysics* n = model.node(node);
        QStringList roles;
        if (n && n->collider && n->collider->shape == m_shape)
            roles << tr("collider");
        if (n && n->trigger && n->trigger->shape == m_shape)
            roles << tr("trigger");
        auto* item = new QListWidgetItem(
            QStringLiteral("%1 (%2)").arg(nodeLabel(*m_document, node), roles.join(QStringLiteral(", "))),
            m_usedBy);
        item->setData(Qt::UserRole, QVariant::fromValue<document::NodeIndex>(node));
        if (node == m_contextNode) {
            QFont f = item->font();
            f.setBold(true);
            item->setFont(f);
        }
    }
    if (m_usedBy->count() == 0) {
        auto* item = new QListWidgetItem(tr("No node uses this shape"), m_usedBy);
        item->setFlags(Qt::NoItemFlags);
    }
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

void ShapePanel::commitName()
{
    if (m_updating || !shapeExists())
        return;
    const std::string name = m_name->text().trimmed().toStdString();
    m_name->setModified(false);
    if (name != document::field::ShapeName::get(m_document->model().shapes[size_t(m_shape)]))
        m_document->push(new document::SetShapeName(m_document, size_t(m_shape), name));
}

void ShapePanel::onTypeActivated(int index)
{
    if (m_updating || !shapeExists() || index < 0)
        return;
    const auto type = static_cast<ShapeType>(m_type->itemData(index).toInt());
    m_document->push(new document::ChangeShapeType(m_document, size_t(m_shape), type));
    refreshFields();
}

} // namespace cs::ui
