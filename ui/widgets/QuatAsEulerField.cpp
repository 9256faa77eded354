#include "widgets/QuatAsEulerField.h"

#include "geometry/EulerAngles.h"
#include "widgets/Vec3Field.h"

#include <QHBoxLayout>
#include <algorithm>
#include <cmath>

namespace cs::ui {

QuatAsEulerField::QuatAsEulerField(QWidget* parent) : QWidget(parent), m_angles(new Vec3Field(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_angles);
    setFocusProxy(m_angles);
    m_angles->setRange(-360.0, 360.0);
    m_angles->setUnit(QStringLiteral("\u00b0"));
    m_angles->setDecimals(3);
    m_angles->setSingleStep(1.0);
    setValue(m_value);
    connect(m_angles, &Vec3Field::componentEdited, this, [this](int axis, double degrees) {
        // The other two angles are those of the stored rotation, not the rounded numbers on display.
        m_value = geometry::withEulerAngle(m_value, axis, degrees);
        emit componentEdited(axis, degrees);
        emit edited(m_value);
    });
}

void QuatAsEulerField::setValue(const physics::Quat& value)
{
    m_value = value;
    m_angles->setValue(geometry::quatToEulerDegrees(value));
}

void QuatAsEulerField::setValues(const std::vector<physics::Quat>& values)
{
    if (values.empty()) {
        setMixed();
        return;
    }
    if (std::all_of(values.begin(), values.end(), [&](const physics::Quat& q) { return q == values[0]; })) {
        setValue(values[0]);
        return;
    }
    m_value = values[0];
    std::vector<physics::Vec3> angles;
    angles.reserve(values.size());
    for (const physics::Quat& q : values)
        angles.push_back(geometry::quatToEulerDegrees(q));
    // Angles that differ by rounding noise of the conversion are the same angle.
    for (size_t axis = 0; axis < 3; ++axis) {
        const double first = angles[0][axis];
        if (std::all_of(angles.begin(), angles.end(),
                        [&](const physics::Vec3& a) { return std::fabs(a[axis] - first) <= 1e-9; })) {
            for (physics::Vec3& a : angles)
                a[axis] = first;
        }
    }
    m_angles->setValues(angles);
}

void QuatAsEulerField::setMixed()
{
    m_angles->setMixed();
}

void QuatAsEulerField::discardTyping()
{
    m_angles->discardTyping();
}

bool QuatAsEulerField::isMixed() const
{
    return m_angles->isMixed();
}

} // namespace cs::ui
