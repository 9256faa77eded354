#pragma once

#include "document/Document.h"
#include "document/SetField.h"

#include <QString>
#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

namespace cs::document {

/// Sets one field on several objects of one kind (the selected nodes' masses, say), as one undo step. Each
/// object gets its own value, so a vector edit can change one component and keep the others of each object.
///
/// As SetField: undo puts each object back whole, as it was before the first redo; objects that do not
/// exist or cannot take the value are left out; the command is obsolete when every object already has its
/// value. Successive edits of the same field on the same objects (same indices, same order) merge, so
/// dragging a spin box with three nodes selected is one step; a merge that ends where it started restores the
/// objects and the stack drops the command.
template <class Locator, class Field> class SetFields : public DocumentCommand
{
public:
    using Object = typename Locator::Object;
    using Value = typename Field::Value;
    using Item = std::pair<size_t, Value>; ///< object index, value
    static_assert(std::is_same_v<Object, typename Field::Object>);

    SetFields(Document* document, std::vector<Item> items, QUndoCommand* parent = nullptr)
        : DocumentCommand(document, QString::fromUtf8(Field::text()), parent), m_items(std::move(items))
    {}

    int id() const override { return static_cast<int>(Field::mergeId); }
    bool touchesPhysics() const override { return Locator::kind != ChangeEvent::Kind::Node; }

    const std::vector<Item>& items() const { return m_items; }

    void redo() override
    {
        if (!m_done) {
            // First redo: keep the objects that exist, with their state before.
            std::vector<Item> present;
            bool anyChange = false;
            for (Item& item : m_items) {
                Object* object = Locator::find(model(), gltf(), item.first);
                if (!object || !takes<Field>(*object, item.second))
                    continue;
                anyChange = anyChange || !holds<Field>(*object, item.second);
                m_before.push_back(*object);
                present.push_back(std::move(item));
            }
            m_items = std::move(present);
            m_done = true;
            if (!anyChange) {
                m_before.clear();
                setObsolete(true);
                return;
            }
        }
        for (const Item& item : m_items) {
            if (Object* object = Locator::find(model(), gltf(), item.first)) {
                Field::set(*object, item.second);
                notify(Locator::kind, static_cast<int>(item.first), Field::property);
            }
        }
    }

    void undo() override { restore(); }

    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* next = dynamic_cast<const SetFields*>(other);
        if (!next || m_before.empty() || next->m_items.size() != m_items.size())
            return false;
        for (size_t i = 0; i < m_items.size(); ++i) {
            if (next->m_items[i].first != m_items[i].first)
                return false;
        }
        m_items = next->m_items;
        bool back = true;
        for (size_t i = 0; i < m_items.size(); ++i)
            back = back && holds<Field>(m_before[i], m_items[i].second);
        if (back) {
            // Back where it started: put the objects back exactly (the stack deletes us without undo()).
            restore();
            setObsolete(true);
        }
        return true;
    }

private:
    void restore()
    {
        for (size_t i = 0; i < m_before.size(); ++i) {
            if (Object* object = Locator::find(model(), gltf(), m_items[i].first)) {
                *object = m_before[i];
                notify(Locator::kind, static_cast<int>(m_items[i].first), Field::property);
            }
        }
    }

    std::vector<Item> m_items;
    std::vector<Object> m_before; ///< per item, the whole object before the first redo
    bool m_done = false;          ///< the first redo ran (m_items holds only objects that exist)
};

template <class Command> struct MultiOf;
template <class Locator, class Field> struct MultiOf<SetField<Locator, Field>>
{
    using type = SetFields<Locator, Field>;
};

/// The several-object form of a SetField alias: `SetEach<SetMotionMass>`.
template <class Single> using SetEach = typename MultiOf<Single>::type;

/// Pushes one command that sets the field of `Single` (a SetField alias) on each object: the single-object
/// command for one object, SetEach<Single> for several, nothing for none. Either way it is one undo step
/// that merges with the next edit of the same field on the same objects.
template <class Single>
void setEach(Document& document, std::vector<std::pair<size_t, typename Single::Value>> items)
{
    if (items.empty())
        return;
    if (items.size() == 1)
        document.push(new Single(&document, items.front().first, std::move(items.front().second)));
    else
        document.push(new SetEach<Single>(&document, std::move(items)));
}

} // namespace cs::document
