#include "panels/TransformPanel.h"

#include "ChildSignals.h"
#include "document/Document.h"
#include "document/NodeEdits.h"
#include "widgets/QuatAsEulerField.h"
#include "widgets/Vec3Field.h"

#include <QFormLayout>
#include <QLabel>
#include <algorithm>
#include <cmath>

namespace cs::ui {

namespace {

physics::Vec3 toArray(const geometry::Vec3d& v)
{
    return {v.x, v.y, v.z};
}

physics::Quat toArray(const geometry::Quatd& q)
{
    return {q.x, q.y, q.z, q.w};
}

} // namespace

std::vector<PropertyRow<document::NodeTransform>> TransformPanel::transformRows()
{
    using document::NodeTransform;
    // Each row sets its part of the TRS of every node, the other parts kept per node.
    const auto row = [](PropertyLook look, auto&& get, auto&& change) {
        PropertyRow<NodeTransform> r;
        r.look = std::move(look);
        r.vector = get;
        r.edit = [change](document::Document& doc, const PropertyObjects<NodeTransform>& objects,
                          const PropertyEdit& edit) {
            std::vector<std::pair<document::NodeIndex, geometry::Trs>> items;
            for (const auto& [node, t] : objects) {
                geometry::Trs trs = t->trs;
                if (!change(trs, edit))
                    return;
                items.emplace_back(node, trs);
            }
            document::setNodeTransforms(doc, std::move(items));
        };
        return r;
    };
    // A vector part of the TRS: the edit sets one of its components.
    const auto vectorPart = [](geometry::Vec3d geometry::Trs::*part) {
        return [part](geometry::Trs& trs, const PropertyEdit& edit) {
            const auto* e = std::get_if<VectorEdit>(&edit);
            if (!e || !axisFits(e->axis))
                return false;
            (trs.*part)[e->axis] = e->value;
            return true;
        };
    };
    auto translation = row(
        propertyLook(QStringLiteral("nodeTranslation"), tr("Translation"), {}, 0)
            .withUnit(QStringLiteral(" m"))
            .withPrecision(4, 0.1),
        [](const NodeTransform& t) { return toArray(t.trs.translation); },
        vectorPart(&geometry::Trs::translation));
    translation.look.kind = PropertyKind::Vector;
    auto rotation = row(propertyLook(QStringLiteral("nodeRotation"), tr("Rotation (XYZ)"), {}, 0), nullptr,
                        [](geometry::Trs& trs, const PropertyEdit& edit) {
                            const auto* e = std::get_if<OrientationEdit>(&edit);
                            if (!e || !axisFits(e->axis))
                                return false;
                            geometry::Vec3d angles = geometry::eulerDegreesFromQuat(trs.rotation);
                            angles[e->axis] = e->degrees;
                            trs.rotation = geometry::quatFromEulerDegrees(angles);
                            return true;
                        });
    rotation.look.kind = PropertyKind::Orientation;
    rotation.orientation = [](const NodeTransform& t) { return toArray(t.trs.rotation); };
    auto scale = row(
        propertyLook(QStringLiteral("nodeScale"), tr("Scale"), {}, 0).withPrecision(4, 0.1),
        [](const NodeTransform& t) { return toArray(t.trs.scale); }, vectorPart(&geometry::Trs::scale));
    scale.look.kind = PropertyKind::Vector;
    return {translation, rotation, scale};
}

TransformPanel::TransformPanel(QWidget* parent) : DocumentPanel(parent)
{
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    m_rows = transformRows();
    m_fields = std::make_unique<PropertyFields>(
        looksOf(m_rows), this, this,
        [this](size_t row, const PropertyEdit& edit) { editProperty(row, edit); });
    m_fields->addRows(form, 0, m_rows.size());
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("transformNote"));
    m_note->setWordWrap(true);
    form->addRow(m_note);
    refresh();
}

Vec3Field* TransformPanel::translationField() const
{
    return static_cast<Vec3Field*>(m_fields->field(TranslationRow));
}

QuatAsEulerField* TransformPanel::rotationField() const
{
    return static_cast<QuatAsEulerField*>(m_fields->field(RotationRow));
}

Vec3Field* TransformPanel::scaleField() const
{
    return static_cast<Vec3Field*>(m_fields->field(ScaleRow));
}

TransformPanel::~TransformPanel()
{
    disconnectChildrenFrom(this);
}

bool TransformPanel::concerns(const document::ChangeEvent& event) const
{
    using Kind = document::ChangeEvent::Kind;
    return event.kind == Kind::Document || (event.kind == Kind::Node && showsNode(event.index));
}

std::vector<std::pair<document::NodeIndex, document::NodeTransform>> TransformPanel::transforms() const
{
    std::vector<std::pair<document::NodeIndex, document::NodeTransform>> out;
    if (!document())
        return out;
    for (document::NodeIndex n : nodes()) {
        if (const gltf::Json* json = document()->gltf().element("nodes", n))
            out.emplace_back(n, document::nodeTransform(*json));
    }
    return out;
}

void TransformPanel::refresh()
{
    const auto list = transforms();
    std::vector<const document::NodeTransform*> objects;
    QStringList notes;
    for (const auto& [n, t] : list) {
        objects.push_back(&t);
        if (t.fromMatrix && !t.exact)
            notes << tr("Node %1 has a matrix with shear (%2 degrees off square) that translation, "
                        "rotation "
                        "and scale cannot hold: an edit writes TRS and drops the shear.")
                         .arg(n)
                         .arg(90.0 - std::acos(std::min(1.0, t.shear)) * 180.0 / M_PI, 0, 'f', 1);
        else if (t.fromMatrix)
            notes << tr("Node %1 has a matrix: it is shown as translation, rotation and scale and written "
                        "that way on the first edit.")
                         .arg(n);
        if (document::shapeScaledUnevenly(*document(), n))
            notes << tr("Node %1 carries a shape and has a non-uniform scale, which the physics "
                        "extensions discourage.")
                         .arg(n);
    }
    const bool any = !objects.empty();
    if (any) {
        showProperties(*m_fields, m_rows, objects, *document());
    } else {
        m_fields->showVectors(TranslationRow, {});
        m_fields->showOrientations(RotationRow, {});
        m_fields->showVectors(ScaleRow, {});
    }
    for (size_t row = 0; row < m_rows.size(); ++row)
        m_fields->field(row)->setEnabled(any);
    m_note->setText(notes.join(QLatin1Char('\n')));
    m_note->setVisible(!notes.isEmpty());
}

void TransformPanel::editProperty(size_t row, const PropertyEdit& edit)
{
    if (!document() || row >= m_rows.size())
        return;
    const auto list = transforms();
    PropertyObjects<document::NodeTransform> objects;
    objects.reserve(list.size());
    for (const auto& [n, t] : list)
        objects.emplace_back(n, &t);
    apply([&] { m_rows[row].edit(*document(), objects, edit); });
}

} // namespace cs::ui
