#pragma once

// Property rows: the number, vector and orientation fields of a panel section described as data (label,
// unit, range, getter, the command an edit pushes), and the form rows built from that description.

#include "document/Document.h"
#include "document/SetFields.h"
#include "physics/PhysicsModel.h"
#include "widgets/EulerAngles.h"

#include <QString>
#include <functional>
#include <utility>
#include <vector>

class QFormLayout;
class QLabel;
class QWidget;

namespace cs::ui {

/// The editor of a property row.
enum class PropertyKind
{
    Number,     ///< a NumberField
    Vector,     ///< a Vec3Field, edited one component at a time
    Orientation ///< a QuatAsEulerField, edited one angle at a time
};

/// How a row looks, whatever the objects: the editor, its label, unit and range, and its tooltip.
struct PropertyLook
{
    PropertyKind kind = PropertyKind::Number;
    QString objectName;
    QString label;
    QString unit; ///< after a number, e.g. " kg" (vector labels carry their unit)
    double minimum = -1e9;
    double maximum = 1e9;
    int decimals = 4;
    double step = 0.0; ///< 0: the editor's own step
    QString toolTip;   ///< while the row is in use (see PropertyFields::setGroupUsed)
    int group = 0;     ///< rows used or not together; the section names its groups

    PropertyLook& withUnit(QString u)
    {
        unit = std::move(u);
        return *this;
    }
    PropertyLook& withRange(double min, double max)
    {
        minimum = min;
        maximum = max;
        return *this;
    }
    /// Decimals shown and accepted, and the step of the arrow keys (0: the editor's own).
    PropertyLook& withPrecision(int shown, double stepBy = 0.0)
    {
        decimals = shown;
        step = stepBy;
        return *this;
    }
};

/// A row's look: its field's object name, its label, its tooltip and its group; range and unit follow with
/// the with...() setters.
inline PropertyLook propertyLook(QString objectName, QString label, QString toolTip, int group)
{
    PropertyLook look;
    look.objectName = std::move(objectName);
    look.label = std::move(label);
    look.toolTip = std::move(toolTip);
    look.group = group;
    return look;
}

/// The objects a section edits: node index and component.
template <class Object> using PropertyObjects = std::vector<std::pair<size_t, const Object*>>;

/// One property of a section's objects (`Object`, e.g. physics::Motion) as data.
template <class Object> struct PropertyRow
{
    PropertyLook look;
    std::function<double(const Object&)> number;
    std::function<physics::Vec3(const Object&)> vector;
    std::function<physics::Quat(const Object&)> orientation;
    /// Pushes the edit on every object as one undo step: the number set to `value` (axis -1), or component
    /// `axis` of the vector (metres etc.) or of the orientation's angles (degrees) set to `value`, each
    /// object keeping its other components.
    std::function<void(document::Document&, const PropertyObjects<Object>&, int axis, double value)> edit;
};

/// True when `axis` fits the editor: a number takes -1, a vector or an orientation 0 to 2.
inline bool axisFits(bool number, int axis)
{
    return number ? axis == -1 : (axis >= 0 && axis <= 2);
}

/// A row over `Field` (see FieldCommands.h) of the objects `Locator` finds: the getter is the field's, an
/// edit pushes setEach() of its SetField command (one step that merges with the next edit of the same field
/// on the same objects). The field's value type picks the editor: double, Vec3 or Quat.
template <class Locator, class Field>
PropertyRow<typename Field::Object> propertyRow(const PropertyLook& look)
{
    using Object = typename Field::Object;
    using Value = typename Field::Value;
    using Command = document::SetField<Locator, Field>;
    PropertyRow<Object> row;
    row.look = look;
    const auto valueFor = [](const Object& o, int axis, double value) {
        Value v = Field::get(o);
        if constexpr (std::is_same_v<Value, physics::Vec3>)
            v[static_cast<size_t>(axis)] = value;
        else if constexpr (std::is_same_v<Value, physics::Quat>)
            v = withEulerAngle(v, axis, value);
        else
            v = value;
        return v;
    };
    if constexpr (std::is_same_v<Value, physics::Vec3>) {
        row.look.kind = PropertyKind::Vector;
        row.vector = [](const Object& o) { return Field::get(o); };
    } else if constexpr (std::is_same_v<Value, physics::Quat>) {
        row.look.kind = PropertyKind::Orientation;
        row.orientation = [](const Object& o) { return Field::get(o); };
    } else {
        row.look.kind = PropertyKind::Number;
        row.number = [](const Object& o) { return Field::get(o); };
    }
    row.edit = [valueFor](document::Document& doc, const PropertyObjects<Object>& objects, int axis,
                          double value) {
        if (!axisFits(std::is_same_v<Value, double>, axis))
            return;
        std::vector<std::pair<size_t, Value>> items;
        items.reserve(objects.size());
        for (const auto& [index, object] : objects)
            items.emplace_back(index, valueFor(*object, axis, value));
        document::setEach<Command>(doc, std::move(items));
    };
    return row;
}

/// The fields of a section's property rows in a form, and what connects them to the objects.
class PropertyFields
{
public:
    /// Creates the editors (children of `parent`); an edit calls `edited(row, axis, value)` with axis -1
    /// for a number, in the lifetime of `context` (the panel, which disconnects its children first thing
    /// in its destructor).
    PropertyFields(const std::vector<PropertyLook>& looks, QWidget* parent, QObject* context,
                   const std::function<void(size_t row, int axis, double value)>& edited);

    /// Adds rows [first, first + count) to `form`, each with its label.
    void addRows(QFormLayout* form, size_t first, size_t count);
    /// Shows the values of the objects (all agree: the value; else the mixed state).
    void showNumbers(size_t row, const std::vector<double>& values);
    void showVectors(size_t row, const std::vector<physics::Vec3>& values);
    void showOrientations(size_t row, const std::vector<physics::Quat>& values);
    /// Drops what the user typed and did not commit (the objects are about to change).
    void discardTyping();
    /// Enables the rows of `group` with their labels; a row in use shows its own tooltip, else `whyNot`.
    void setGroupUsed(int group, bool used, const QString& whyNot);

    QWidget* field(size_t row) const { return m_fields[row]; }

private:
    std::vector<PropertyLook> m_looks;
    std::vector<QWidget*> m_fields;
    std::vector<QLabel*> m_labels;
};

/// What `get` gives for each object.
template <class Object, class Get> auto valuesOf(const std::vector<const Object*>& objects, const Get& get)
{
    std::vector<std::decay_t<decltype(get(*objects.front()))>> values;
    values.reserve(objects.size());
    for (const Object* o : objects)
        values.push_back(get(*o));
    return values;
}

/// Shows the objects' values in `fields`, row by row.
template <class Object>
void showProperties(PropertyFields& fields, const std::vector<PropertyRow<Object>>& rows,
                    const std::vector<const Object*>& objects)
{
    for (size_t i = 0; i < rows.size(); ++i) {
        const PropertyRow<Object>& row = rows[i];
        switch (row.look.kind) {
        case PropertyKind::Number:
            fields.showNumbers(i, valuesOf(objects, row.number));
            break;
        case PropertyKind::Vector:
            fields.showVectors(i, valuesOf(objects, row.vector));
            break;
        case PropertyKind::Orientation:
            fields.showOrientations(i, valuesOf(objects, row.orientation));
            break;
        }
    }
}

/// The looks of the rows, for PropertyFields.
template <class Object> std::vector<PropertyLook> looksOf(const std::vector<PropertyRow<Object>>& rows)
{
    std::vector<PropertyLook> looks;
    looks.reserve(rows.size());
    for (const PropertyRow<Object>& row : rows)
        looks.push_back(row.look);
    return looks;
}

} // namespace cs::ui
