#include "widgets/Vec3Field.h"

#include "widgets/NumberField.h"

#include <QHBoxLayout>
#include <QLabel>

namespace cs::ui {

Vec3Field::Vec3Field(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(3);
    static const char* const names[3] = {"x", "y", "z"};
    for (int axis = 0; axis < 3; ++axis) {
        auto* label = new QLabel(QString::fromLatin1(names[axis]), this);
        auto* field = new NumberField(this);
        label->setBuddy(field);
        layout->addWidget(label);
        layout->addWidget(field, 1);
        m_labels[static_cast<size_t>(axis)] = label;
        m_fields[static_cast<size_t>(axis)] = field;
        connect(field, &NumberField::edited, this, [this, axis](double v) {
            emit componentEdited(axis, v);
            emit edited(value());
        });
    }
    setFocusProxy(m_fields[0]);
}

void Vec3Field::setRange(double min, double max)
{
    for (NumberField* f : m_fields)
        f->setRange(min, max);
}

void Vec3Field::setAbove(std::optional<double> bound)
{
    for (NumberField* f : m_fields)
        f->setAbove(bound);
}

void Vec3Field::setUnit(const QString& unit)
{
    for (NumberField* f : m_fields)
        f->setUnit(unit);
}

void Vec3Field::setDecimals(int decimals)
{
    for (NumberField* f : m_fields)
        f->setDecimals(decimals);
}

void Vec3Field::setSingleStep(double step)
{
    for (NumberField* f : m_fields)
        f->setSingleStep(step);
}

void Vec3Field::setValue(const physics::Vec3& value)
{
    for (size_t i = 0; i < 3; ++i)
        m_fields[i]->setValue(value[i]);
}

void Vec3Field::setValues(const std::vector<physics::Vec3>& values)
{
    for (size_t i = 0; i < 3; ++i) {
        std::vector<double> component;
        component.reserve(values.size());
        for (const physics::Vec3& v : values)
            component.push_back(v[i]);
        m_fields[i]->setValues(component);
    }
}

void Vec3Field::setMixed()
{
    for (NumberField* f : m_fields)
        f->setMixed();
}

void Vec3Field::discardTyping()
{
    for (NumberField* f : m_fields)
        f->discardTyping();
}

physics::Vec3 Vec3Field::value() const
{
    return {m_fields[0]->value(), m_fields[1]->value(), m_fields[2]->value()};
}

bool Vec3Field::isMixed() const
{
    return isMixed(0) || isMixed(1) || isMixed(2);
}

bool Vec3Field::isMixed(int axis) const
{
    return axis >= 0 && axis < 3 && m_fields[static_cast<size_t>(axis)]->isMixed();
}

} // namespace cs::ui
