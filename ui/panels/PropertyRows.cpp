#include "panels/PropertyRows.h"

#include "widgets/NumberField.h"
#include "widgets/QuatAsEulerField.h"
#include "widgets/Vec3Field.h"

#include <QFormLayout>
#include <QLabel>

namespace cs::ui {

namespace {

template <class Field> void setUpNumbers(Field* field, const PropertyLook& look)
{
    field->setRange(look.minimum, look.maximum);
    field->setDecimals(look.decimals);
    if (look.step > 0)
        field->setSingleStep(look.step);
}

} // namespace

PropertyFields::PropertyFields(const std::vector<PropertyLook>& looks, QWidget* parent, QObject* context,
                               const std::function<void(size_t row, int axis, double value)>& edited)
    : m_looks(looks)
{
    for (size_t i = 0; i < m_looks.size(); ++i) {
        const PropertyLook& look = m_looks[i];
        QWidget* field = nullptr;
        switch (look.kind) {
        case PropertyKind::Number: {
            auto* number = new NumberField(parent);
            setUpNumbers(number, look);
            number->setUnit(look.unit);
            QObject::connect(number, &NumberField::edited, context,
                             [edited, i](double value) { edited(i, -1, value); });
            field = number;
            break;
        }
        case PropertyKind::Vector: {
            auto* vector = new Vec3Field(parent);
            setUpNumbers(vector, look);
            if (!look.unit.isEmpty())
                vector->setUnit(look.unit);
            QObject::connect(vector, &Vec3Field::componentEdited, context,
                             [edited, i](int axis, double value) { edited(i, axis, value); });
            field = vector;
            break;
        }
        case PropertyKind::Orientation: {
            auto* orientation = new QuatAsEulerField(parent);
            QObject::connect(orientation, &QuatAsEulerField::componentEdited, context,
                             [edited, i](int axis, double degrees) { edited(i, axis, degrees); });
            field = orientation;
            break;
        }
        }
        field->setObjectName(look.objectName);
        auto* label = new QLabel(look.label, parent);
        label->setBuddy(field);
        m_fields.push_back(field);
        m_labels.push_back(label);
    }
}

void PropertyFields::addRows(QFormLayout* form, size_t first, size_t count)
{
    for (size_t i = first; i < first + count && i < m_fields.size(); ++i)
        form->addRow(m_labels[i], m_fields[i]);
}

void PropertyFields::showNumbers(size_t row, const std::vector<double>& values)
{
    static_cast<NumberField*>(m_fields[row])->setValues(values);
}

void PropertyFields::showVectors(size_t row, const std::vector<physics::Vec3>& values)
{
    static_cast<Vec3Field*>(m_fields[row])->setValues(values);
}

void PropertyFields::showOrientations(size_t row, const std::vector<physics::Quat>& values)
{
    static_cast<QuatAsEulerField*>(m_fields[row])->setValues(values);
}

void PropertyFields::discardTyping()
{
    for (size_t i = 0; i < m_fields.size(); ++i) {
        switch (m_looks[i].kind) {
        case PropertyKind::Number:
            static_cast<NumberField*>(m_fields[i])->discardTyping();
            break;
        case PropertyKind::Vector:
            static_cast<Vec3Field*>(m_fields[i])->discardTyping();
            break;
        case PropertyKind::Orientation:
            static_cast<QuatAsEulerField*>(m_fields[i])->discardTyping();
            break;
        }
    }
}

void PropertyFields::setGroupUsed(int group, bool used, const QString& whyNot)
{
    for (size_t i = 0; i < m_fields.size(); ++i) {
        if (m_looks[i].group != group)
            continue;
        m_fields[i]->setEnabled(used);
        m_fields[i]->setToolTip(used ? m_looks[i].toolTip : whyNot);
        m_labels[i]->setEnabled(used);
        m_labels[i]->setToolTip(m_fields[i]->toolTip());
    }
}

} // namespace cs::ui
