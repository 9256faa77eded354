#include "panels/ShapeForm.h"

#include "ChildSignals.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/ModelCommands.h"
#include "widgets/NumberField.h"
#include "widgets/Vec3Field.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScopedValueRollback>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <utility>

namespace cs::ui {

namespace {

using physics::Shape;
using physics::ShapeType;

constexpr ShapeType kTypes[] = {ShapeType::Box,      ShapeType::Sphere, ShapeType::Capsule,
                                ShapeType::Cylinder, ShapeType::Convex, ShapeType::Trimesh};

QString typeLabel(ShapeType type)
{
    switch (type) {
    case ShapeType::Box:
        return ShapeForm::tr("Box");
    case ShapeType::Sphere:
        return ShapeForm::tr("Sphere");
    case ShapeType::Capsule:
        return ShapeForm::tr("Capsule");
    case ShapeType::Cylinder:
        return ShapeForm::tr("Cylinder");
    case ShapeType::Convex:
        return ShapeForm::tr("Convex hull");
    case ShapeType::Trimesh:
        return ShapeForm::tr("Triangle mesh");
    }
    return {};
}

/// What a plane is, and what is odd about this one.
QString planeNote(const physics::PlaneParams& plane)
{
    QString note = ShapeForm::tr("A plane through the node with its normal along +Y (KHR_implicit_shapes); "
                                 "its type cannot be changed.");
    if (plane.sizeX.has_value() != plane.sizeZ.has_value())
        note += QLatin1Char('\n') + ShapeForm::tr("Bounded along one axis only: engines may read it as "
                                                  "unbounded. Set both sizes, or neither.");
    return note;
}

} // namespace

std::vector<PropertyRow<Shape>> ShapeForm::parameterRows()
{
    using Locate = document::locate::Shape;
    namespace field = document::field;
    // The spec's bounds (sizes and heights above 0, radii 0 or more) as the validator reads them.
    const auto length = [](QString objectName, QString label, QString toolTip,
                           const physics::FieldLimits& limits) {
        return propertyLook(std::move(objectName), std::move(label), std::move(toolTip), 0)
            .withLimits(limits);
    };
    namespace limits = physics::limits;
    // In the order of Property; the height's label and tooltip follow the type (see showValues()).
    return {
        propertyRow<Locate, field::ShapeSize>(
            length(QStringLiteral("shapeSize"), tr("Size"),
                   tr("Full width, height and depth; the box is centred on its node"), limits::BoxSize)),
        propertyRow<Locate, field::ShapeRadius>(length(QStringLiteral("shapeRadius"), tr("Radius"),
                                                       tr("The sphere is centred on its node"),
                                                       limits::Radius)),
        propertyRow<Locate, field::ShapeHeight>(
            length(QStringLiteral("shapeHeight"), tr("Height"), QString(), limits::ShapeHeight)),
        propertyRow<Locate, field::ShapeRadiusTop>(
            length(QStringLiteral("shapeRadiusTop"), tr("Top radius"), tr("Radius at +Y"), limits::Radius)),
        propertyRow<Locate, field::ShapeRadiusBottom>(length(
            QStringLiteral("shapeRadiusBottom"), tr("Bottom radius"), tr("Radius at -Y"), limits::Radius)),
        propertyRow<Locate, field::PlaneSizeX>(
            length(QStringLiteral("planeSizeX"), tr("Size X"),
                   tr("Full extent along X, centred on the node; 0: unbounded along X"), limits::PlaneSize)
                .withMinimumText(tr("Unbounded"))),
        propertyRow<Locate, field::PlaneSizeZ>(
            length(QStringLiteral("planeSizeZ"), tr("Size Z"),
                   tr("Full extent along Z, centred on the node; 0: unbounded along Z"), limits::PlaneSize)
                .withMinimumText(tr("Unbounded"))),
        propertyRow<Locate, field::PlaneDoubleSided>(propertyLook(
            QStringLiteral("planeDoubleSided"), tr("Double sided"),
            tr("Collides from both sides; otherwise only from above (+Y), the space below being inside"), 0)),
    };
}

ShapeForm::ShapeForm(QWidget* parent) : QWidget(parent)
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
        [this](size_t row, const PropertyEdit& edit) { editProperty(row, edit); });
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

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addLayout(m_form);
    layout->addWidget(m_note);

    connect(m_name, &QLineEdit::editingFinished, this, &ShapeForm::commitName);
    connect(m_type, &QComboBox::currentIndexChanged, this, &ShapeForm::onTypeActivated);
    connect(m_mesh, &QComboBox::currentIndexChanged, this, &ShapeForm::onMeshActivated);
}

ShapeForm::~ShapeForm()
{
    disconnectChildrenFrom(this);
}

void ShapeForm::setShape(document::Document* document, int shape)
{
    m_document = document;
    m_shape = shape;
}

const Shape* ShapeForm::shape() const
{
    const bool exists = m_document && m_shape >= 0 && size_t(m_shape) < m_document->model().shapes.size();
    return exists ? &m_document->model().shapes[size_t(m_shape)] : nullptr;
}

Vec3Field* ShapeForm::sizeField() const
{
    return static_cast<Vec3Field*>(m_fields->field(SizeRow));
}

NumberField* ShapeForm::radiusField() const
{
    return static_cast<NumberField*>(m_fields->field(RadiusRow));
}

NumberField* ShapeForm::heightField() const
{
    return static_cast<NumberField*>(m_fields->field(HeightRow));
}

NumberField* ShapeForm::radiusTopField() const
{
    return static_cast<NumberField*>(m_fields->field(RadiusTopRow));
}

NumberField* ShapeForm::radiusBottomField() const
{
    return static_cast<NumberField*>(m_fields->field(RadiusBottomRow));
}

NumberField* ShapeForm::planeSizeXField() const
{
    return static_cast<NumberField*>(m_fields->field(PlaneSizeXRow));
}

NumberField* ShapeForm::planeSizeZField() const
{
    return static_cast<NumberField*>(m_fields->field(PlaneSizeZRow));
}

QCheckBox* ShapeForm::planeDoubleSidedCheck() const
{
    return static_cast<QCheckBox*>(m_fields->field(PlaneDoubleSidedRow));
}

bool ShapeForm::isRowShown(QWidget* field) const
{
    return m_form->isRowVisible(field);
}

void ShapeForm::editProperty(size_t row, const PropertyEdit& edit)
{
    const Shape* s = shape();
    if (!s || row >= m_properties.size())
        return;
    m_properties[row].edit(*m_document, {{static_cast<size_t>(m_shape), s}}, edit);
}

void ShapeForm::refresh()
{
    QScopedValueRollback guard(m_updating, true);
    const Shape* s = shape();
    const bool editable = s && !s->opaque;
    for (QWidget* w : std::initializer_list<QWidget*>{m_type, m_mesh})
        w->setEnabled(editable);
    for (size_t i = 0; i < m_properties.size(); ++i)
        m_fields->field(i)->setEnabled(i >= PlaneSizeXRow ? s && s->isPlane() : editable);
    m_name->setEnabled(s != nullptr);
    if (!s) {
        m_title->setText(m_document ? tr("No shape selected") : tr("No document"));
        m_name->clear();
        m_note->clear();
        showRows();
        return;
    }
    showValues(*s);
    showNotes(*s);
    showRows();
}

void ShapeForm::showValues(const Shape& s)
{
    const QString name = QString::fromStdString(document::field::ShapeName::get(s));
    m_title->setText(name.isEmpty() ? tr("Shape %1").arg(m_shape)
                                    : tr("Shape %1: %2").arg(m_shape).arg(name));
    // Text the user is typing stays until it is committed.
    if (!(m_name->hasFocus() && m_name->isModified()))
        m_name->setText(name);
    {
        const QSignalBlocker block(m_type);
        m_type->setPlaceholderText(s.isPlane() ? tr("Plane") : QString());
        m_type->setCurrentIndex(s.isPlane() ? -1 : m_type->findData(int(s.type)));
    }
    showProperties(*m_fields, m_properties, std::vector<const Shape*>{&s}, *m_document);
    m_totalHeight->setText(QLocale().toString(s.height + s.radiusTop + s.radiusBottom, 'g', 6) +
                           QStringLiteral(" m"));
    if (auto* label = qobject_cast<QLabel*>(m_form->labelForField(heightField()))) {
        const bool capsule = s.type == ShapeType::Capsule;
        label->setText(capsule ? tr("Mid-height") : tr("Height"));
        heightField()->setToolTip(capsule
                                      ? tr("Distance between the centres of the two hemispheres (the full "
                                           "height is this plus both radii)")
                                      : tr("Full height: distance between the centres of the two discs"));
    }
    const QSignalBlocker block(m_mesh);
    int item = m_mesh->findData(s.mesh);
    if (item < 0) {
        m_mesh->addItem(tr("Mesh %1 (does not exist)").arg(s.mesh), s.mesh);
        item = m_mesh->count() - 1;
    }
    m_mesh->setCurrentIndex(item);
}

void ShapeForm::showNotes(const Shape& s)
{
    QStringList notes;
    if (s.isPlane())
        notes << planeNote(*s.plane);
    else if (s.opaque)
        notes << tr(
            "This shape's type is not understood; it is kept as it was read and cannot be edited here.");
    const bool round = s.type == ShapeType::Capsule || s.type == ShapeType::Cylinder;
    if (round && s.radiusTop != s.radiusBottom)
        notes << tr("Tapered: the radii differ, which some engines approximate with a convex hull.");
    if (s.type == ShapeType::Cylinder)
        notes << tr("Not every engine has cylinders; a capsule or convex hull is more portable.");
    if ((s.type == ShapeType::Convex || s.type == ShapeType::Trimesh) && s.mesh < 0)
        notes << tr("Choose the mesh the shape is made of.");
    if (s.type == ShapeType::Trimesh)
        notes << tr(
            "Triangle meshes suit static geometry; moving bodies and triggers should use convex hulls.");
    m_note->setText(notes.join(QLatin1Char('\n')));
    m_note->setVisible(!notes.isEmpty());
}

void ShapeForm::showRows()
{
    const Shape* s = shape();
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

void ShapeForm::refreshMeshes()
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

void ShapeForm::commitName()
{
    const Shape* s = shape();
    if (m_updating || !s)
        return;
    const std::string name = m_name->text().trimmed().toStdString();
    m_name->setModified(false);
    if (name != document::field::ShapeName::get(*s))
        m_document->push(new document::SetShapeName(m_document, size_t(m_shape), name));
}

void ShapeForm::onTypeActivated(int index)
{
    if (m_updating || !shape() || index < 0)
        return;
    const auto type = static_cast<ShapeType>(m_type->itemData(index).toInt());
    m_document->push(new document::ChangeShapeType(m_document, size_t(m_shape), type));
    refresh();
}

void ShapeForm::onMeshActivated(int index)
{
    if (m_updating || !shape() || index < 0)
        return;
    m_document->push(
        new document::SetShapeMesh(m_document, size_t(m_shape), m_mesh->itemData(index).toInt()));
}

} // namespace cs::ui
