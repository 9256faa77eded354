#pragma once

// A record-table column over one field of a material or filter: the value is the field's, an edit pushes the
// field's SetField command.

#include "document/Document.h"
#include "document/FieldCommands.h"
#include "panels/RecordTableModel.h"

#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace cs::ui {

/// "a, b ,,c" -> {"a", "b", "c"}: trimmed, empty and repeated tags dropped.
std::vector<std::string> tagsFromText(const QString& text);
/// {"a", "b"} -> "a, b".
QString textFromTags(const std::vector<std::string>& tags);

/// The record `row` stands for, in the list of materials or filters.
template <class Object> const Object& recordOf(const RecordRow& row)
{
    const physics::PhysicsModel& model = row.document.model();
    if constexpr (std::is_same_v<Object, physics::PhysicsMaterial>)
        return model.materials[row.index];
    else
        return model.filters[row.index];
}

/// The column of `Field` (see FieldCommands.h) of the records that `Locator` finds. Strings are edited as
/// trimmed text, enums as the int of a choice, string lists as comma-separated tags, numbers as doubles.
/// An optional enumeration (a value the file may leave out): a choice cell holds -1 for "not set".
template <class T> struct OptionalEnum : std::false_type
{};
template <class E> struct OptionalEnum<std::optional<E>> : std::is_enum<E>
{};

template <class Locator, class Field>
RecordColumn fieldColumn(QString header, QString toolTip, RecordEditor editor)
{
    using Value = typename Field::Value;
    using Object = typename Field::Object;
    RecordColumn c;
    c.header = std::move(header);
    c.toolTip = std::move(toolTip);
    c.editor = editor;
    c.value = [](const RecordRow& row) -> QVariant {
        const Value v = Field::get(recordOf<Object>(row));
        if constexpr (std::is_same_v<Value, std::string>)
            return QString::fromStdString(v);
        else if constexpr (std::is_same_v<Value, std::vector<std::string>>)
            return textFromTags(v);
        else if constexpr (std::is_enum_v<Value>)
            return int(v);
        else if constexpr (OptionalEnum<Value>::value)
            return v ? int(*v) : -1;
        else
            return v;
    };
    c.setValue = [](const RecordRow& row, const QVariant& value) {
        Value v{};
        if constexpr (std::is_same_v<Value, std::string>)
            v = value.toString().trimmed().toStdString();
        else if constexpr (std::is_same_v<Value, std::vector<std::string>>)
            v = tagsFromText(value.toString());
        else if constexpr (std::is_enum_v<Value>)
            v = static_cast<Value>(value.toInt());
        else if constexpr (OptionalEnum<Value>::value) {
            if (value.toInt() >= 0)
                v = static_cast<typename Value::value_type>(value.toInt());
        } else
            v = value.toDouble();
        row.document.push(new document::SetField<Locator, Field>(&row.document, row.index, std::move(v)));
    };
    return c;
}

} // namespace cs::ui
