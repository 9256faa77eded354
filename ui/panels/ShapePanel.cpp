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
#include "widgets/ModelLabels.h"
#include "widgets/NumberField.h"
#include "widgets/Vec3Field.h"

#include <QApplication>
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

namespace cs::ui {

namespace {

using document::ChangeEvent;
using document::Quat;
using document::Vec3;
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

/// Pushes a field edit of shape `shape` when there is such a shape.
template <class Command>
void pushShapeEdit(document::Document* doc, int shape, const typename Command::Value& value)
{
    if (doc && shape >= 0 && size_t(shape) < doc->model().shapes.size())
        doc->push(new Command(doc, size_t(shape), value));
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

    auto makeLength = [this](double min, const QString& tip) {
        auto* field = new NumberField(this);
        field->setRange(min, kMaxLength);
        field->setUnit(QStringLiteral(" m"));
        field->setDecimals(kDecimals);
        field->setSingleStep(0.05);
        field->setToolTip(tip);
        return field;
    };
    m_size = new Vec3Field(this);
    m_size->setRange(kMinLength, kMaxLength);
    m_size->setUnit(QStringLiteral(" m"));
    m_size->setDecimals(kDecimals);
    m_size->setSingleStep(0.05);
    m_size->setToolTip(tr("Full width, height and depth; the box is centred on its node"));
    m_radius = makeLength(0.0, tr("The sphere is centred on its node"));
    m_height = makeLength(kMinLength, QString());
    m_radiusTop = makeLength(0.0, tr("Radius at +Y"));
    m_radiusBottom = makeLength(0.0, tr("Radius at -Y"));
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
    m_form->addRow(tr("Size"), m_size);
    m_form->addRow(tr("Radius"), m_radius);
    m_form->addRow(tr("Height"), m_height);
    m_form->addRow(tr("Top radius"), m_radiusTop);
    m_form->addRow(tr("Bottom radius"), m_radiusBottom);
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
    auto* fitLayout = new QVBoxLayout(fitBox);
    fitLayout->addWidget(m_fitSource);
    fitLayout->addLayout(fitGrid);

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
    connect(m_size, &Vec3Field::edited, this,
            [this](const Vec3& v) { pushShapeEdit<document::SetShapeSize>(m_document, m_shape, v); });
    connect(m_radius, &NumberField::edited, this,
            [this](double v) { pushShapeEdit<document::SetShapeRadius>(m_document, m_shape, v); });
    connect(m_height, &NumberField::edited, this,
            [this](double v) { pushShapeEdit<document::SetShapeHeight>(m_document, m_shape, v); });
    connect(m_radiusTop, &NumberField::edited, this,
            [this](double v) { pushShapeEdit<document::SetShapeRadiusTop>(m_document, m_shape, v); });
    connect(m_radiusBottom, &NumberField::edited, this,
            [this](double v) { pushShapeEdit<document::SetShapeRadiusBottom>(m_document, m_shape, v); });
    connect(m_mesh, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (m_updating || !shapeExists() || index < 0)
            return;
        m_document->push(
            new document::SetShapeMesh(m_document, size_t(m_shape), m_mesh->itemData(index).toInt()));
    });
    connect(m_hull, &QPushButton::clicked, this, [this] {
        if (m_document) {
            const MeshSource source = meshSource(*m_document, m_contextNode);
            if (source.meshNode >= 0)
                emit hullRequested(source.meshNode);
        }
    });
    auto activate = [this](QListWidgetItem* item) {
        if (item)
            emit nodeActivated(item->data(Qt::UserRole).toInt());
    };
    connect(m_usedBy, &QListWidget::itemClicked, this, activate);
    connect(m_usedBy, &QListWidget::itemActivated, this, activate);
    connect(m_status, &QLabel::linkActivated, this, &ShapePanel::onLinkActivated);

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
    m_contextNode = -1;
    m_lastFitNode = -1;
    m_status->clear();
    if (m_document) {
        connect(m_document, &document::Document::changed, this, &ShapePanel::onChanged);
        connect(m_document, &QObject::destroyed, this, [this] { setDocument(nullptr); });
    }
    refresh();
}

void ShapePanel::setShape(int shapeIndex, int contextNode)
{
    const bool same = shapeIndex == m_shape && contextNode == m_contextNode;
    m_shape = shapeIndex;
    m_contextNode = contextNode;
    if (!same) {
        m_status->clear();
        m_lastFitNode = -1;
    }
    refresh();
}

bool ShapePanel::shapeExists() const
{
    return m_document && m_shape >= 0 && size_t(m_shape) < m_document->model().shapes.size();
}

bool ShapePanel::isRowShown(QWidget* field) const
{
    return m_form->isRowVisible(field);
}

void ShapePanel::onLinkActivated(const QString& link)
{
    if (link.startsWith(QLatin1String("node:"))) {
        emit nodeActivated(link.mid(5).toInt());
        return;
    }
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
        if (event.has(ChangeEvent::Removed) && event.properties != ChangeEvent::All &&
            event.index == m_contextNode)
            m_contextNode = -1;
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
    for (QWidget* w : std::initializer_list<QWidget*>{m_type, m_size, m_radius, m_height, m_radiusTop,
                                                      m_radiusBottom, m_mesh})
        w->setEnabled(editable);
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
        m_type->setCurrentIndex(m_type->findData(int(s->type)));
    }
    m_size->setValue(s->size);
    m_radius->setValue(s->radius);
    m_height->setValue(s->height);
    m_radiusTop->setValue(s->radiusTop);
    m_radiusBottom->setValue(s->radiusBottom);
    m_totalHeight->setText(QLocale().toString(s->height + s->radiusTop + s->radiusBottom, 'g', 6) +
                           QStringLiteral(" m"));
    if (auto* label = qobject_cast<QLabel*>(m_form->labelForField(m_height))) {
        const bool capsule = s->type == ShapeType::Capsule;
        label->setText(capsule ? tr("Mid-height") : tr("Height"));
        m_height->setToolTip(capsule ? tr("Distance between the centres of the two hemispheres (the full "
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
    if (s->opaque)
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
    m_form->setRowVisible(m_size, known && t == ShapeType::Box);
    m_form->setRowVisible(m_radius, known && t == ShapeType::Sphere);
    m_form->setRowVisible(m_height, known && round);
    m_form->setRowVisible(m_radiusTop, known && round);
    m_form->setRowVisible(m_radiusBottom, known && round);
    m_form->setRowVisible(m_totalHeight, known && t == ShapeType::Capsule);
    m_form->setRowVisible(m_mesh, known && (t == ShapeType::Convex || t == ShapeType::Trimesh));
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
        const gltf::Json* mesh = m_document->gltf().element("meshes", i);
        QString name;
        if (mesh && mesh->contains("name") && (*mesh)["name"].is_string())
            name = QString::fromStdString((*mesh)["name"].get<std::string>());
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
        item->setData(Qt::UserRole, int(node));
        if (int(node) == m_contextNode) {
            QFont f = item->font();
            f.setBold(true);
            item->setFont(f);
        }
    }
    if (m_usedBy->count() == 0) {
        auto* item = new QListWidgetItem(tr("No node uses this shape"), m_usedBy);
        item->setFlags(Qt::NoItemFlags);
        item->setData(Qt::UserRole, -1);
    }
}

void ShapePanel::refreshFitState()
{
    const bool exists = shapeExists();
    const bool opaque = exists && m_document->model().shapes[size_t(m_shape)].opaque;
    const MeshSource source = m_document ? meshSource(*m_document, m_contextNode) : MeshSource{};
    const bool canFit = exists && !opaque && source.meshNode >= 0;
    for (QPushButton* b : m_fitButtons)
        b->setEnabled(canFit);
    m_hull->setEnabled(m_document && source.meshNode >= 0);
    QString text;
    if (!m_document || !exists)
        text.clear();
    else if (m_contextNode < 0)
        text = tr("Select a node that uses this shape to fit it to that node's mesh.");
    else if (source.meshNode < 0)
        text = tr("Neither %1 nor its parent has a mesh to fit to.")
                   .arg(quoted(nodeLabel(*m_document, size_t(m_contextNode))));
    else if (source.fromParent)
        text = tr("Fits use the mesh of the parent %1; %2 moves to the fit.")
                   .arg(quoted(nodeLabel(*m_document, size_t(source.meshNode))),
                        quoted(nodeLabel(*m_document, size_t(m_contextNode))));
    else
        text = tr("Fits use the mesh of %1. A fit off its centre goes on a new child node.")
                   .arg(quoted(nodeLabel(*m_document, size_t(source.meshNode))));
    m_fitSource->setText(text);
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
