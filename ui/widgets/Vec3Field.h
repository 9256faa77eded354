#pragma once

#include "physics/PhysicsModel.h"

#include <QWidget>
#include <array>
#include <optional>
#include <vector>

class QLabel;

namespace cs::ui {

class NumberField;

/// Three NumberFields in a row, labelled x, y and z, for a cs::physics::Vec3.
///
/// value() keeps the exact components last set; an edit replaces only the component the user changed. With
/// several objects selected, setValues() shows each component on which all agree and the mixed state for the
/// others; componentEdited() then says which component to set on each object.
class Vec3Field : public QWidget
{
    Q_OBJECT

public:
    explicit Vec3Field(QWidget* parent = nullptr);

    void setRange(double min, double max);
    /// NumberField::setAbove on each component.
    void setAbove(std::optional<double> bound);
    void setUnit(const QString& unit);
    void setDecimals(int decimals);
    void setSingleStep(double step);

    /// Shows the value (never emits).
    void setValue(const physics::Vec3& value);
    /// Per component: the value when all agree, else mixed. An empty list shows all three mixed.
    void setValues(const std::vector<physics::Vec3>& values);
    /// All three components mixed.
    void setMixed();
    /// NumberField::discardTyping on each component.
    void discardTyping();

    physics::Vec3 value() const;
    /// True when any component shows the mixed state.
    bool isMixed() const;
    bool isMixed(int axis) const;
    /// The field of one component (0 x, 1 y, 2 z).
    NumberField* component(int axis) const { return m_fields[static_cast<size_t>(axis)]; }

signals:
    /// The user changed one component; `value` is the whole vector after it (components shown mixed hold
    /// the first selected object's value).
    void edited(const cs::physics::Vec3& value);
    /// The user set component `axis` to `value`.
    void componentEdited(int axis, double value);

private:
    std::array<NumberField*, 3> m_fields{};
    std::array<QLabel*, 3> m_labels{};
};

} // namespace cs::ui
