#include "document/ListItems.h"

#include "document/Document.h"
#include "document/ModelCommands.h"

#include <QUndoStack>
#include <set>

namespace cs::document {

namespace {

using physics::CollisionFilter;

inline constexpr char kCollideModeText[] = "Change Collide-With Mode";

/// Both mask lists of a filter as one field, so that moving the list from one property to the other (or
/// dropping the second list of an invalid filter) is one command and one undo step.
template <const char* Text> struct CollideMaskField
{
    using Object = CollisionFilter;
    using Value = std::pair<std::vector<std::string>, std::vector<std::string>>;
    static constexpr MergeId mergeId = MergeId::None;
    static constexpr std::uint32_t property = ChangeEvent::Systems;
    static Value get(const Object& f) { return {f.collideWithSystems, f.notCollideWithSystems}; }
    static void set(Object& f, const Value& v)
    {
        f.collideWithSystems = v.first;
        f.notCollideWithSystems = v.second;
    }
    static const char* text() { return Text; }
};
template <const char* Text> using SetCollideMask = SetField<locate::Filter, CollideMaskField<Text>>;

/// Pushes `command`; true when it became an undo step (push() drops an obsolete one).
bool pushed(Document& document, QUndoCommand* command)
{
    const int before = document.undoStack()->index();
    document.push(command);
    return document.undoStack()->index() != before;
}

template <class Add, class NameField, class Item>
size_t addNamed(Document& document, const std::string& name, Item item)
{
    NameField::set(item, name);
    auto* command = new Add(&document, std::move(item));
    document.push(command);
    return command->itemIndex();
}

} // namespace

size_t listSize(const physics::PhysicsModel& model, ListKind list)
{
    switch (list) {
    case ListKind::Shape:
        return model.shapes.size();
    case ListKind::Material:
        return model.materials.size();
    case ListKind::Filter:
        return model.filters.size();
    }
    return 0;
}

std::string itemName(const physics::PhysicsModel& model, ListKind list, size_t index)
{
    if (index >= listSize(model, list))
        return {};
    switch (list) {
    case ListKind::Shape:
        return field::ShapeName::get(model.shapes[index]);
    case ListKind::Material:
        return field::MaterialName::get(model.materials[index]);
    case ListKind::Filter:
        return field::FilterName::get(model.filters[index]);
    }
    return {};
}

std::vector<std::vector<size_t>> usersOfEach(const physics::PhysicsModel& model, ListKind list)
{
    std::vector<std::vector<size_t>> users(listSize(model, list));
    for (const auto& [node, n] : model.nodes) {
        for (int item : referencesOf(n, list)) {
            if (item >= 0 && size_t(item) < users.size())
                users[size_t(item)].push_back(node);
        }
    }
    return users;
}

std::vector<ItemUse> usesOf(const physics::PhysicsModel& model, ListKind list, int index)
{
    // The field of the collider and of the trigger that refers to the list (a trigger has no material).
    const auto colliderRef = [list](const physics::Collider& c) {
        return list == ListKind::Shape      ? c.shape
               : list == ListKind::Material ? c.physicsMaterial
                                            : c.collisionFilter;
    };
    const auto triggerRef = [list](const physics::Trigger& t) {
        return list == ListKind::Shape ? t.shape : list == ListKind::Filter ? t.collisionFilter : -1;
    };
    std::vector<ItemUse> uses;
    if (index < 0)
        return uses;
    for (const auto& [node, n] : model.nodes) {
        const bool collider = n.collider && colliderRef(*n.collider) == index;
        const bool trigger = n.trigger && triggerRef(*n.trigger) == index;
        if (collider || trigger)
            uses.push_back({node, collider, trigger});
    }
    return uses;
}

std::string freshName(const physics::PhysicsModel& model, ListKind list, const std::string& stem)
{
    std::set<std::string> taken;
    for (size_t i = 0; i < listSize(model, list); ++i)
        taken.insert(itemName(model, list, i));
    for (size_t n = 1;; ++n) {
        std::string name = stem + " " + std::to_string(n);
        if (!taken.count(name))
            return name;
    }
}

size_t addMaterial(Document& document, const std::string& name, physics::PhysicsMaterial material)
{
    // KHR has no default combine mode (a material without one takes no part in the precedence rule), so a
    // material the tool makes there gets OMI's default, "average", written; in OMI leaving it out says as
    // much.
    if (physics::khrMeanings(document.model().format)) {
        material.frictionCombine = material.frictionCombine.value_or(physics::CombineMode::Average);
        material.restitutionCombine = material.restitutionCombine.value_or(physics::CombineMode::Average);
    }
    return addNamed<AddMaterial, field::MaterialName>(document, name, std::move(material));
}

size_t addFilter(Document& document, const std::string& name, physics::CollisionFilter filter)
{
    return addNamed<AddFilter, field::FilterName>(document, name, std::move(filter));
}

std::optional<FilterMode> filterMode(const CollisionFilter& filter)
{
    if (!filter.collideWithSystems.empty())
        return FilterMode::CollideWithOnly;
    if (!filter.notCollideWithSystems.empty())
        return FilterMode::CollideWithAllExcept;
    return std::nullopt;
}

const std::vector<std::string>& filterMask(const CollisionFilter& filter, FilterMode mode)
{
    return mode == FilterMode::CollideWithOnly ? filter.collideWithSystems : filter.notCollideWithSystems;
}

bool setFilterMask(Document& document, size_t filter, FilterMode mode, std::vector<std::string> systems)
{
    if (filter >= document.model().filters.size())
        return false;
    const CollisionFilter& f = document.model().filters[filter];
    // A valid filter changes one list (the command of that property); an invalid one loses its other list
    // in the same step.
    if (mode == FilterMode::CollideWithOnly) {
        if (f.notCollideWithSystems.empty())
            return pushed(document, new SetCollideWithSystems(&document, filter, std::move(systems)));
        return pushed(document, new SetCollideMask<text::CollideWith>(&document, filter, {systems, {}}));
    }
    if (f.collideWithSystems.empty())
        return pushed(document, new SetNotCollideWithSystems(&document, filter, std::move(systems)));
    return pushed(document, new SetCollideMask<text::NotCollideWith>(&document, filter, {{}, systems}));
}

bool setFilterMode(Document& document, size_t filter, FilterMode mode)
{
    if (filter >= document.model().filters.size())
        return false;
    const CollisionFilter& f = document.model().filters[filter];
    // The list shown is the collide-with one when both are set.
    std::vector<std::string> list =
        !f.collideWithSystems.empty() ? f.collideWithSystems : f.notCollideWithSystems;
    if (list.empty())
        return false;
    using Value = CollideMaskField<kCollideModeText>::Value;
    Value value = mode == FilterMode::CollideWithOnly ? Value{list, {}} : Value{{}, list};
    return pushed(document, new SetCollideMask<kCollideModeText>(&document, filter, std::move(value)));
}

} // namespace cs::document
