#include "document/ModelCommands.h"

#include "document/Document.h"
#include "document/ShapeConversion.h"

namespace cs::document {

namespace {

template <class Locator> ListKind listKindOf()
{
    if constexpr (Locator::kind == ChangeEvent::Kind::Shape)
        return ListKind::Shape;
    else if constexpr (Locator::kind == ChangeEvent::Kind::Material)
        return ListKind::Material;
    else
        return ListKind::Filter;
}

template <class Locator> QString itemName()
{
    if constexpr (Locator::kind == ChangeEvent::Kind::Shape)
        return QStringLiteral("Shape");
    else if constexpr (Locator::kind == ChangeEvent::Kind::Material)
        return QStringLiteral("Physics Material");
    else
        return QStringLiteral("Collision Filter");
}

} // namespace

template <class Locator>
AppendItem<Locator>::AppendItem(Document* document, Object item, QUndoCommand* parent)
    : DocumentCommand(document, QStringLiteral("Add ") + itemName<Locator>(), parent), m_item(std::move(item))
{}

template <class Locator> void AppendItem<Locator>::redo()
{
    auto& list = Locator::list(model());
    m_index = list.size();
    list.push_back(m_item);
    notify(Locator::kind, static_cast<int>(m_index), ChangeEvent::Created);
}

template <class Locator> void AppendItem<Locator>::undo()
{
    auto& list = Locator::list(model());
    if (list.size() != m_index + 1)
        return; // cannot happen while the stack is used in order
    list.pop_back();
    notify(Locator::kind, static_cast<int>(m_index), ChangeEvent::Removed);
}

template <class Locator>
RemoveItem<Locator>::RemoveItem(Document* document, size_t index, QUndoCommand* parent)
    : DocumentCommand(document, QStringLiteral("Delete ") + itemName<Locator>(), parent), m_index(index)
{}

template <class Locator> void RemoveItem<Locator>::redo()
{
    auto& list = Locator::list(model());
    if (!m_item) {
        if (m_index >= list.size()) {
            setObsolete(true);
            return;
        }
        m_item = list[m_index];
        const int index = static_cast<int>(m_index);
        m_users = usersOf(model(), listKindOf<Locator>(), index);
        m_changes = changesForRemoval(model(), listKindOf<Locator>(), index);
    }
    list.erase(list.begin() + static_cast<std::ptrdiff_t>(m_index));
    for (const NodeChange& c : m_changes)
        putNodePhysics(model(), c.node, c.after);
    notify(Locator::kind, static_cast<int>(m_index), ChangeEvent::Removed);
    for (const NodeChange& c : m_changes)
        notifyNodePhysics(c.node, c.before, c.after);
}

template <class Locator> void RemoveItem<Locator>::undo()
{
    auto& list = Locator::list(model());
    for (const NodeChange& c : m_changes)
        putNodePhysics(model(), c.node, c.before);
    list.insert(list.begin() + static_cast<std::ptrdiff_t>(m_index), *m_item);
    notify(Locator::kind, static_cast<int>(m_index), ChangeEvent::Created);
    for (const NodeChange& c : m_changes)
        notifyNodePhysics(c.node, c.after, c.before);
}

template class AppendItem<locate::Shape>;
template class AppendItem<locate::Material>;
template class AppendItem<locate::Filter>;
template class RemoveItem<locate::Shape>;
template class RemoveItem<locate::Material>;
template class RemoveItem<locate::Filter>;

ChangeShapeType::ChangeShapeType(Document* document, size_t shape, physics::ShapeType type,
                                 QUndoCommand* parent)
    : DocumentCommand(document, QStringLiteral("Change Shape Type"), parent), m_shape(shape), m_type(type)
{}

void ChangeShapeType::redo()
{
    auto& shapes = model().shapes;
    if (!m_before) {
        if (m_shape >= shapes.size() || shapes[m_shape].type == m_type || shapes[m_shape].opaque) {
            setObsolete(true);
            return;
        }
        m_before = shapes[m_shape];
    }
    shapes[m_shape] = convertShape(*m_before, m_type);
    notify(ChangeEvent::Kind::Shape, static_cast<int>(m_shape),
           ChangeEvent::ShapeType | ChangeEvent::ShapeParameters);
}

void ChangeShapeType::undo()
{
    model().shapes[m_shape] = *m_before;
    notify(ChangeEvent::Kind::Shape, static_cast<int>(m_shape),
           ChangeEvent::ShapeType | ChangeEvent::ShapeParameters);
}

EditNodePhysics::EditNodePhysics(Document* document, size_t node, const QString& text, Edit edit,
                                 QUndoCommand* parent)
    : DocumentCommand(document, text, parent), m_node(node), m_edit(std::move(edit))
{}

void EditNodePhysics::redo()
{
    if (!m_applied) {
        if (m_node >= gltf().count("nodes")) {
            setObsolete(true);
            return;
        }
        const physics::NodePhysics* current = model().node(m_node);
        if (current)
            m_before = *current;
        physics::NodePhysics next = m_before.value_or(physics::NodePhysics{});
        if (!m_edit(next)) {
            setObsolete(true);
            return;
        }
        if (!isDisposable(next))
            m_after = std::move(next);
        m_applied = true;
        m_edit = nullptr; // the function may hold copies of large values; the result is all we need now
    }
    putNodePhysics(model(), m_node, m_after);
    notifyNodePhysics(m_node, m_before, m_after);
}

void EditNodePhysics::undo()
{
    putNodePhysics(model(), m_node, m_before);
    notifyNodePhysics(m_node, m_after, m_before);
}

EditNodePhysics* addMotion(Document* document, size_t node, physics::Motion motion)
{
    return new EditNodePhysics(document, node, QStringLiteral("Add Motion"),
                               [motion = std::move(motion)](physics::NodePhysics& n) {
                                   if (n.motion)
                                       return false;
                                   n.motion = motion;
                                   return true;
                               });
}

EditNodePhysics* removeMotion(Document* document, size_t node)
{
    return new EditNodePhysics(document, node, QStringLiteral("Remove Motion"), [](physics::NodePhysics& n) {
        if (!n.motion)
            return false;
        n.motion.reset();
        return true;
    });
}

EditNodePhysics* addCollider(Document* document, size_t node, physics::Collider collider)
{
    return new EditNodePhysics(document, node, QStringLiteral("Add Collider"),
                               [collider = std::move(collider)](physics::NodePhysics& n) {
                                   if (n.collider)
                                       return false;
                                   n.collider = collider;
                                   return true;
                               });
}

EditNodePhysics* removeCollider(Document* document, size_t node)
{
    return new EditNodePhysics(document, node, QStringLiteral("Remove Collider"),
                               [](physics::NodePhysics& n) {
                                   if (!n.collider)
                                       return false;
                                   n.collider.reset();
                                   return true;
                               });
}

EditNodePhysics* addTrigger(Document* document, size_t node, physics::Trigger trigger)
{
    return new EditNodePhysics(document, node, QStringLiteral("Add Trigger"),
                               [trigger = std::move(trigger)](physics::NodePhysics& n) {
                                   if (n.trigger)
                                       return false;
                                   n.trigger = trigger;
                                   return true;
                               });
}

EditNodePhysics* removeTrigger(Document* document, size_t node)
{
    return new EditNodePhysics(document, node, QStringLiteral("Remove Trigger"), [](physics::NodePhysics& n) {
        if (!n.trigger)
            return false;
        n.trigger.reset();
        return true;
    });
}

EditNodePhysics* makeCompoundCollider(Document* document, size_t node)
{
    return new EditNodePhysics(document, node, QStringLiteral("Make Compound Collider"),
                               [](physics::NodePhysics& n) {
                                   if (n.collider && n.collider->shape < 0)
                                       return false;
                                   if (!n.collider)
                                       n.collider.emplace();
                                   n.collider->shape = -1;
                                   return true;
                               });
}

EditNodePhysics* makeCompoundTrigger(Document* document, size_t node, std::vector<int> members)
{
    return new EditNodePhysics(document, node, QStringLiteral("Make Compound Trigger"),
                               [members = std::move(members)](physics::NodePhysics& n) {
                                   if (n.trigger && n.trigger->shape < 0 && n.trigger->nodes == members &&
                                       n.trigger->collisionFilter < 0 && !n.trigger->implicitCompound)
                                       return false;
                                   if (!n.trigger)
                                       n.trigger.emplace();
                                   n.trigger->shape = -1;
                                   n.trigger->collisionFilter = -1;
                                   n.trigger->nodes = members;
                                   n.trigger->implicitCompound = false;
                                   return true;
                               });
}

EditNodePhysics* setMassProperties(Document* document, size_t node, const MassProperties& p)
{
    return new EditNodePhysics(document, node, QStringLiteral("Compute Mass Properties"),
                               [p](physics::NodePhysics& n) {
                                   if (!n.motion)
                                       return false;
                                   physics::Motion& m = *n.motion;
                                   const physics::Motion old = m;
                                   if (p.mass)
                                       m.mass = *p.mass;
                                   m.centerOfMass = p.centerOfMass;
                                   m.inertiaDiagonal = p.inertiaDiagonal;
                                   m.inertiaOrientation = p.inertiaOrientation;
                                   return !m.sameValues(old);
                               });
}

UpgradeLegacy::UpgradeLegacy(Document* document, QUndoCommand* parent)
    : DocumentCommand(document, QStringLiteral("Upgrade Legacy Physics"), parent)
{}

void UpgradeLegacy::redo()
{
    // Nothing to do for a newest-form file, or when an earlier physics edit already makes the save upgrade.
    if (!m_checked && (!document().isLegacy() || document().physicsEdited())) {
        setObsolete(true);
        return;
    }
    m_checked = true;
    notify(ChangeEvent::Kind::Document, -1, ChangeEvent::PhysicsForm);
}

void UpgradeLegacy::undo()
{
    notify(ChangeEvent::Kind::Document, -1, ChangeEvent::PhysicsForm);
}

} // namespace cs::document
