#pragma once

#include "physics/PhysicsModel.h"

#include <QWidget>
#include <vector>

namespace cs::ui {

class Vec3Field;

/// An orientation stored as a quaternion (x, y, z, w) and edited as three Euler angles in degrees (see
/// geometry/EulerAngles.h for the convention). An edit emits the normalized quaternion of the angles shown
/// with the changed one replaced; value() is the quaternion last set until the user edits it.
class QuatAsEulerField : public QWidget
{
    Q_OBJECT

public:
    explicit QuatAsEulerField(QWidget* parent = nullptr);

    /// Shows the rotation as angles (never emits).
    void setValue(const physics::Quat& value);
    /// One rotation when all are the same, else each angle on which all agree and the mixed state for the
    /// others. An empty list shows all three mixed.
    void setValues(const std::vector<physics::Quat>& values);
    void setMixed();
    /// Drops angle text the user typed and has not committed (see NumberField::discardTyping).
    void discardTyping();

    physics::Quat value() const { return m_value; }
    bool isMixed() const;
    /// The three angle fields.
    Vec3Field* angles() const { return m_angles; }

signals:
    /// The user changed an angle; `value` is the new normalized quaternion.
    void edited(const cs::physics::Quat& value);
    /// The user set the Euler angle `axis` (0 x, 1 y, 2 z) to `degrees`; for applying to several objects
    /// with withEulerAngle().
    void componentEdited(int axis, double degrees);

private:
    Vec3Field* m_angles;
    physics::Quat m_value{0, 0, 0, 1};
};

} // namespace cs::ui
