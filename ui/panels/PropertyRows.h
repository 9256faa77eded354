#pragma once

// Property rows: the fields of a panel section described as data (label, unit, range or choices, getter, the
// command an edit pushes), and the form rows built from that description. A row is a number, a vector, an
// orientation, a toggle (check box) or a choice (combo box over a fixed list or one of the document's lists).

#include "document/Document.h"
#include "document/SetFields.h"
#include "geometry/EulerAngles.h"
#include "physics/FieldLimits.h"
#include "physics/PhysicsModel.h"

#include <QString>
#include <functional>
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

class QFormLayout;
class QLabel;
class QWidget;

namespace cs::ui {

/// The editor of a property row.
enum class PropertyKind
{
    Number,      ///< a NumberField
    Vector,      ///< a Vec3Field, edited one component at a time
    Orientation, ///< a QuatAsEulerField, edited one angle at a time
    Toggle,      ///< a QCheckBox (value 0 or 1; partially checked when the objects differ)
    Choice       ///< a QComboBox over PropertyLook::choices (value: the entry's value)
};

/// The entries of a choice row, in this order: "none" (value -1), the fixed entries, the document's list
/// (entry i has value i), then after a separator the action entries (values outside the list, e.g. "New
/// box"). A value the entries do not hold (a dangling reference) is shown as "Invalid index N".
struct ChoiceEntries
{
    QString none; ///< the label of value -1; empty: no such entry
    std::vector<std::pair<QString, int>> fixed;
    /// The labels of the document's list, read again each time the row is shown (so entries follow a
    /// rename, an addition or a removal); empty: no list.
    std::function<std::vector<QString>(const document::Document&)> list;
    std::vector<std::pair<QString, int>> actions;
    /// Entries read from the document with values of their own (every node but the edited one, say), after
    /// the list; empty: none.
    std::function<std::vector<std::pair<QString, int>>(const document::Document&)> valued;
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
    std::optional<double> above; ///< a number must be above this (typed values at or below it are refused)
    double step = 0.0;           ///< 0: the editor's own step
    QString toolTip;             ///< while the row is in use (see PropertyFields::setGroupUsed)
    QString minimumText; ///< a number shown at its minimum as this text (e.g. "Unbounded"); empty: the number
    int group = 0;       ///< rows used or not together; the section names its groups
    ChoiceEntries choices; ///< Choice rows

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
    /// Unit, range, decimals and step of a core field descriptor: the editor offers what the validator
    /// accepts.
    PropertyLook& withLimits(const physics::FieldLimits& limits)
    {
        unit = QString::fromLatin1(limits.unit);
        above = limits.minimumAllowed ? std::nullopt : std::optional<double>(limits.minimum);
        return withRange(limits.editorMinimum(), limits.maximum).withPrecision(limits.decimals, limits.step);
    }
    /// A number row shows its minimum as `text`.
    PropertyLook& withMinimumText(QString text)
    {
        minimumText = std::move(text);
        return *this;
    }
    /// Makes the row a choice over these entries.
    PropertyLook& withChoices(ChoiceEntries entries)
    {
        kind = PropertyKind::Choice;
        choices = std::move(entries);
        return *this;
    }
};

/// A row's look: its field's object name, its label (a toggle's is the check box's text), its tooltip and
/// its group; range, unit and choices follow with the with...() setters.
inline PropertyLook propertyLook(QString objectName, QString label, QString toolTip, int group)
{
    PropertyLook look;
    look.objectName = std::move(objectName);
    look.label = std::move(label);
    look.toolTip = std::move(toolTip);
    look.group = group;
    return look;
}

/// What an edit of a row sets, typed by the row's editor: a number, one component of a vector, one angle of
/// an orientation (degrees about X, Y or Z, the others kept), a toggle or a choice (the entry's value).
struct NumberEdit
{
    double value = 0.0;
};
struct VectorEdit
{
    int axis = 0;
    double value = 0.0;
};
struct OrientationEdit
{
    int axis = 0;
    double degrees = 0.0;
};
struct ToggleEdit
{
    bool on = false;
};
struct ChoiceEdit
{
    int value = -1;
};
using PropertyEdit = std::variant<NumberEdit, VectorEdit, OrientationEdit, ToggleEdit, ChoiceEdit>;

/// The objects a section edits: node index and component.
template <class Object> using PropertyObjects = std::vector<std::pair<size_t, const Object*>>;

/// One property of a section's objects (`Object`, e.g. physics::Motion) as data.
template <class Object> struct PropertyRow
{
    PropertyLook look;
    std::function<double(const Object&)> number;
    std::function<physics::Vec3(const Object&)> vector;
    std::function<physics::Quat(const Object&)> orientation;
    std::function<bool(const Object&)> toggle;
    std::function<int(const Object&)> choice;
    /// Pushes the edit on every object as one undo step: the number, the toggle or the choice set, or one
    /// component of the vector or one angle of the orientation set, each object keeping its other
    /// components. An edit of another kind than the row's, or of an axis outside 0 to 2, pushes nothing.
    std::function<void(document::Document&, const PropertyObjects<Object>&, const PropertyEdit&)> edit;
};

/// True when `axis` is one of a vector's or an orientation's three.
inline bool axisFits(int axis)
{
    return axis >= 0 && axis <= 2;
}

/// `value` with the edit applied, when the edit is of the kind `Value` takes (see PropertyRow::edit).
template <class Value> std::optional<Value> editedValue(Value value, const PropertyEdit& edit)
{
    if constexpr (std::is_same_v<Value, physics::Vec3>) {
        const auto* e = std::get_if<VectorEdit>(&edit);
        if (!e || !axisFits(e->axis))
            return std::nullopt;
        value[static_cast<size_t>(e->axis)] = e->value;
    } else if constexpr (std::is_same_v<Value, physics::Quat>) {
        const auto* e = std::get_if<OrientationEdit>(&edit);
        if (!e || !axisFits(e->axis))
            return std::nullopt;
        value = geometry::withEulerAngle(value, e->axis, e->degrees);
    } else if constexpr (std::is_same_v<Value, bool>) {
        const auto* e = std::get_if<ToggleEdit>(&edit);
        if (!e)
            return std::nullopt;
        value = e->on;
    } else if constexpr (std::is_same_v<Value, double>) {
        const auto* e = std::get_if<NumberEdit>(&edit);
        if (!e)
            return std::nullopt;
        value = e->value;
    } else {
        const auto* e = std::get_if<ChoiceEdit>(&edit);
        if (!e)
            return std::nullopt;
        value = static_cast<Value>(e->value);
    }
    return value;
}

/// A row over `Field` (see FieldCommands.h) of the objects `Locator` finds: the getter is the field's, an
/// edit pushes setEach() of its SetField command (one step that merges with the next edit of the same field
/// on the same objects). The field's value type picks the editor: double, Vec3, Quat, bool (a toggle), or
/// an int or enum (a choice: give the look its entries with withChoices()).
template <class Locator, class Field>
PropertyRow<typename Field::Object> propertyRow(const PropertyLook& look)
{
    using Object = typename Field::Object;
    using Value = typename Field::Value;
    using Command = document::SetField<Locator, Field>;
    PropertyRow<Object> row;
    row.look = look;
    if constexpr (std::is_same_v<Value, physics::Vec3>) {
        row.look.kind = PropertyKind::Vector;
        row.vector = [](const Object& o) { return Field::get(o); };
    } else if constexpr (std::is_same_v<Value, physics::Quat>) {
        row.look.kind = PropertyKind::Orientation;
        row.orientation = [](const Object& o) { return Field::get(o); };
    } else if constexpr (std::is_same_v<Value, bool>) {
        row.look.kind = PropertyKind::Toggle;
        row.toggle = [](const Object& o) { return Field::get(o); };
    } else if constexpr (std::is_same_v<Value, double>) {
        row.look.kind = PropertyKind::Number;
        row.number = [](const Object& o) { return Field::get(o); };
    } else {
        static_assert(std::is_integral_v<Value> || std::is_enum_v<Value>, "a field a row cannot edit");
        row.look.kind = PropertyKind::Choice;
        row.choice = [](const Object& o) { return static_cast<int>(Field::get(o)); };
    }
    row.edit = [](document::Document& doc, const PropertyObjects<Object>& objects, const PropertyEdit& edit) {
        std::vector<std::pair<size_t, Value>> items;
        items.reserve(objects.size());
        for (const auto& [index, object] : objects) {
            std::optional<Value> v = editedValue<Value>(Field::get(*object), edit);
            if (!v)
                return;
            items.emplace_back(index, std::move(*v));
        }
        document::setEach<Command>(doc, std::move(items));
    };
    return row;
}

/// The fields of a section's property rows in a form, and what connects them to the objects.
class PropertyFields
{
public:
    /// Creates the editors (children of `parent`); an edit calls `edited(row, edit)` with the edit typed by
    /// the row's editor, in the lifetime of `context` (the panel, which disconnects its children first
    /// thing in its destructor).
    PropertyFields(const std::vector<PropertyLook>& looks, QWidget* parent, QObject* context,
                   const std::function<void(size_t row, const PropertyEdit& edit)>& edited);

    /// Adds rows [first, first + count) to `form`, each with its label (a toggle spans the form).
    void addRows(QFormLayout* form, size_t first, size_t count);
    /// Adds row `row` with `trailing` (a button, say) to the right of its editor.
    void addRow(QFormLayout* form, size_t row, QWidget* trailing);
    /// Shows the values of the objects (all agree: the value; else the mixed state).
    void showNumbers(size_t row, const std::vector<double>& values);
    void showVectors(size_t row, const std::vector<physics::Vec3>& values);
    void showOrientations(size_t row, const std::vector<physics::Quat>& values);
    void showToggles(size_t row, const std::vector<bool>& values);
    /// Rebuilds the entries from `document`'s lists, then shows the value (the em dash when they differ).
    void showChoices(size_t row, const std::vector<int>& values, const document::Document& document);
    /// Drops what the user typed and did not commit (the objects are about to change).
    void discardTyping();
    /// Enables the rows of `group` with their labels; a row in use shows its own tooltip, else `whyNot`.
    void setGroupUsed(int group, bool used, const QString& whyNot);

    QWidget* field(size_t row) const { return m_fields[row]; }
    /// The label of a row (nullptr for a toggle, whose check box carries its text).
    QLabel* label(size_t row) const { return m_labels[row]; }

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

/// Shows the objects' values in `fields`, row by row (choices with the entries of `document`).
template <class Object>
void showProperties(PropertyFields& fields, const std::vector<PropertyRow<Object>>& rows,
                    const std::vector<const Object*>& objects, const document::Document& document)
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
        case PropertyKind::Toggle:
            fields.showToggles(i, valuesOf(objects, row.toggle));
            break;
        case PropertyKind::Choice:
            fields.showChoices(i, valuesOf(objects, row.choice), document);
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
