#include "panels/TransformPanel.h"

#include "document/Document.h"
#include "document/NodeOperations.h"
#include "widgets/ChildSignals.h"
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

TransformPanel::TransformPanel(QWidget* parent) : QWidget(parent)
{
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    m_translation = new Vec3Field(this);
    m_translation->setObjectName(QStringLiteral("nodeTranslation"));
    m_translation->setUnit(QStringLiteral("m"));
    m_translation->setDecimals(4);
    m_translation->setSingleStep(0.1);
    m_rotation = new QuatAsEulerField(this);
    m_rotation->setObjectName(QStringLiteral("nodeRotation"));
    m_scale = new Vec3Field(this);
    m_scale->setObjectName(QStringLiteral("nodeScale"));
    m_scale->setDecimals(4);
    m_scale->setSingleStep(0.1);
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("transformNote"));
    m_note->setWordWrap(true);
    form->addRow(tr("Translation"), m_translation);
    form->addRow(tr("Rotation (XYZ)"), m_rotation);
    form->addRow(tr("Scale"), m_scale);
    form->addRow(m_note);

    connect(m_translation, &Vec3Field::componentEdited, this,
            [this](int axis, double v) { applyComponent(Part::Translation, axis, v); });
    connect(m_rotation, &QuatAsEulerField::componentEdited, this,
            [this](int axis, double v) { applyComponent(Part::Rotation, axis, v); });
    connect(m_scale, &Vec3Field::componentEdited, this,
            [this](int axis, double v) { applyComponent(Part::Scale, axis, v); });
    refresh();
}

TransformPanel::~TransformPanel()
{
    disconnectChildrenFrom(this);
}

void TransformPanel::setDocument(document::Document* document)
{
    if (m_document)
        disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    m_nodes.clear();
    if (document)
        connect(document, &document::Document::changed, this, &TransformPanel::onChanged);
    refresh();
}

void TransformPanel::setNodes(const std::vector<document::NodeIndex>& nodes)
{
    m_nodes = nodes;
    refresh();
}

void TransformPanel::onChanged(const document::ChangeEvent& event)
{
    using Kind = document::ChangeEvent::Kind;
    if (m_applying)
        return;
    if (event.kind == Kind::Document ||
        (event.kind == Kind::Node &&
         std::find(m_nodes.begin(), m_nodes.end(), document::NodeIndex(event.index)) != m_nodes.end()))
        refresh();
}

void TransformPanel::refresh()
{
    std::vector<physics::Vec3> translations, scales;
    std::vector<physics::Quat> rotations;
    QStringList notes;
    if (m_document) {
        for (document::NodeIndex n : m_nodes) {
            const gltf::Json* json = m_document->gltf().element("nodes", n);
            if (!json)
                continue;
            const document::NodeTransform t = document::nodeTransform(*json);
            translations.push_back(toArray(t.trs.translation));
            rotations.push_back(toArray(t.trs.rotation));
            scales.push_back(toArray(t.trs.scale));
            if (t.fromMatrix && !t.exact)
                notes << tr("Node %1 has a matrix with shear (%2 degrees off square) that translation, "
                            "rotation "
                            "and scale cannot hold: an edit writes TRS and drops the shear.")
                             .arg(n)
                             .arg(90.0 - std::acos(std::min(1.0, t.shear)) * 180.0 / M_PI, 0, 'f', 1);
            else if (t.fromMatrix)
                notes
                    << tr("Node %1 has a matrix: it is shown as translation, rotation and scale and written "
                          "that way on the first edit.")
                           .arg(n);
            if (document::shapeScaledUnevenly(*m_document, n))
                notes << tr("Node %1 carries a shape and has a non-uniform scale, which the physics "
                            "extensions discourage.")
                             .arg(n);
        }
    }
    const bool any = !translations.empty();
    m_translation->setValues(translations);
    m_rotation->setValues(rotations);
    m_scale->setValues(scales);
    m_translation->setEnabled(any);
    m_rotation->setEnabled(any);
    m_scale->setEnabled(any);
    m_note->setText(notes.join(QLatin1Char('\n')));
    m_note->setVisible(!notes.isEmpty());
}

void TransformPanel::applyComponent(Part part, int axis, double value)
{
    if (!m_document)
        return;
    std::vector<std::pair<document::NodeIndex, geometry::Trs>> items;
    for (document::NodeIndex n : m_nodes) {
        const gltf::Json* json = m_document->gltf().element("nodes", n);
        if (!json)
            continue;
        geometry::Trs trs = document::nodeTransform(*json).trs;
        switch (part) {
        case Part::Translation:
            trs.translation[axis] = value;
            break;
        case Part::Rotation: {
            geometry::Vec3d angles = geometry::eulerDegreesFromQuat(trs.rotation);
            angles[axis] = value;
            trs.rotation = geometry::quatFromEulerDegrees(angles);
            break;
        }
        case Part::Scale:
            trs.scale[axis] = value;
            break;
        }
        items.emplace_back(n, trs);
    }
    m_applying = true;
    document::setNodeTransforms(*m_document, std::move(items));
    m_applying = false;
    refresh();
}

} // namespace cs::ui
