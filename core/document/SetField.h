#pragma once

#include "document/DocumentCommand.h"

#include <optional>
#include <string>
#include <type_traits>
#include <utility>

namespace cs::document {

/// False when `Field` does not apply to `object` (setting `value` on a copy leaves it without that value).
/// Only fields that say they apply to some objects of their kind only (`static constexpr bool partial`, a
/// plane's size on shapes) are tried; any other field takes every value.
/// Whether the object already has `value`: a field the file may leave out (one with `given()`) has it only
/// when it is written, so that writing the value its absence reads as (KHR's computed mass reads as 1 kg in
/// the row) still writes it.
template <class Field> bool holds(const typename Field::Object& object, const typename Field::Value& value)
{
    if constexpr (requires { Field::given(object); })
        return Field::given(object) && Field::get(object) == value;
    else
        return Field::get(object) == value;
}

template <class Field> bool takes(const typename Field::Object& object, const typename Field::Value& value)
{
    if constexpr (requires { Field::partial; }) {
        typename Field::Object copy = object;
        Field::set(copy, value);
        return Field::get(copy) == value;
    } else {
        return true;
    }
}

/// Sets one field of one value-type object that a Locator finds by index (a shape, a node's motion, a node's
/// JSON...). Undo puts the whole object back as it was before the first redo, so everything the object
/// carries besides the field (its source JSON above all) is restored exactly and a save after undo gives the
/// bytes that were there.
///
/// A Locator has `using Object`, `static constexpr ChangeEvent::Kind kind` and
/// `static Object* find(physics::PhysicsModel&, gltf::GltfDocument&, size_t index)` (nullptr: no such
/// object). A Field has `using Object`, `using Value`, `static Value get(const Object&)`, `static void
/// set(Object&, const Value&)`, `static constexpr MergeId mergeId` (None: never merges), `static constexpr
/// std::uint32_t property` and `static const char* text()`.
///
/// A command whose value is already there, whose object does not exist, or whose object a partial field
/// does not apply to (a plane's size on a sphere) makes itself obsolete, so push() drops it. Successive edits
/// of the same field of the same object merge (dragging a spin box); a merge that ends on the starting value
/// restores the object and becomes obsolete, and the stack drops it.
template <class Locator, class Field> class SetField : public DocumentCommand
{
public:
    using Object = typename Locator::Object;
    using Value = typename Field::Value;
    static_assert(std::is_same_v<Object, typename Field::Object>);

    SetField(Document* document, size_t index, Value value, QUndoCommand* parent = nullptr)
        : DocumentCommand(document, QString::fromUtf8(Field::text()), parent), m_index(index),
          m_value(std::move(value))
    {}

    int id() const override { return static_cast<int>(Field::mergeId); }
    bool touchesPhysics() const override { return Locator::kind != ChangeEvent::Kind::Node; }

    size_t index() const { return m_index; }
    const Value& value() const { return m_value; }

    void redo() override
    {
        Object* object = Locator::find(model(), gltf(), m_index);
        if (!object || (!m_before && (holds<Field>(*object, m_value) || !takes<Field>(*object, m_value)))) {
            setObsolete(true);
            return;
        }
        if (!m_before)
            m_before = *object;
        Field::set(*object, m_value);
        notify(Locator::kind, static_cast<int>(m_index), Field::property);
    }

    void undo() override { restore(); }

    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* next = dynamic_cast<const SetField*>(other);
        if (!next || next->m_index != m_index || !m_before)
            return false;
        m_value = next->m_value;
        if (Field::get(*m_before) == m_value) {
            // Back where it started: put the object back exactly (the stack deletes us without undo()).
            restore();
            setObsolete(true);
        }
        return true;
    }

private:
    void restore()
    {
        Object* object = Locator::find(model(), gltf(), m_index);
        if (!object || !m_before)
            return;
        *object = *m_before;
        notify(Locator::kind, static_cast<int>(m_index), Field::property);
    }

    size_t m_index;
    Value m_value;
    std::optional<Object> m_before; // the whole object before the first redo
};

/// A Field that is a data member of the object.
template <class O, auto Member, MergeId Merge, std::uint32_t Property, const char* Text> struct MemberField
{
    using Object = O;
    using Value = std::remove_cvref_t<decltype(std::declval<O&>().*Member)>;
    static constexpr MergeId mergeId = Merge;
    static constexpr std::uint32_t property = Property;
    static Value get(const Object& o) { return o.*Member; }
    static void set(Object& o, const Value& v) { o.*Member = v; }
    static const char* text() { return Text; }
};

/// The `name` of a physics object, which lives in its source JSON (the writer copies it from there).
template <class O, MergeId Merge, const char* Text> struct SourceNameField
{
    using Object = O;
    using Value = std::string;
    static constexpr MergeId mergeId = Merge;
    static constexpr std::uint32_t property = ChangeEvent::Name;
    static Value get(const Object& o)
    {
        const auto it = o.source.find("name");
        return it != o.source.end() && it->is_string() ? it->template get<std::string>() : std::string();
    }
    static void set(Object& o, const Value& v)
    {
        if (v.empty())
            o.source.erase("name");
        else
            o.source["name"] = v;
    }
    static const char* text() { return Text; }
};

} // namespace cs::document
