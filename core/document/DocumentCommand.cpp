#include "document/DocumentCommand.h"

#include "document/Document.h"

namespace cs::document {

DocumentCommand::DocumentCommand(Document* document, const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent), m_document(document)
{}

physics::PhysicsModel& DocumentCommand::model() const
{
    return m_document->m_model;
}

gltf::GltfDocument& DocumentCommand::gltf() const
{
    return m_document->m_gltf;
}

void DocumentCommand::notify(ChangeEvent::Kind kind, int index, std::uint32_t properties) const
{
    m_document->notify(ChangeEvent{kind, index, properties});
}

namespace {

// Equal in everything a save could write (values and source JSON).
bool same(const physics::Motion& a, const physics::Motion& b)
{
    return a.sameValues(b) && a.source == b.source;
}
bool same(const physics::Collider& a, const physics::Collider& b)
{
    return a.shape == b.shape && a.physicsMaterial == b.physicsMaterial &&
           a.collisionFilter == b.collisionFilter && a.source == b.source;
}
bool same(const physics::Trigger& a, const physics::Trigger& b)
{
    return a.shape == b.shape && a.nodes == b.nodes && a.collisionFilter == b.collisionFilter &&
           a.implicitCompound == b.implicitCompound && a.source == b.source;
}
bool same(const physics::NodeJoint& a, const physics::NodeJoint& b)
{
    return a.connectedNode == b.connectedNode && a.joint == b.joint &&
           a.enableCollision == b.enableCollision && a.source == b.source;
}

} // namespace

void DocumentCommand::notifyNodePhysics(size_t node, const std::optional<physics::NodePhysics>& before,
                                        const std::optional<physics::NodePhysics>& after) const
{
    auto one = [&](ChangeEvent::Kind kind, const auto* was, const auto* is) {
        if (was && is && same(**was, **is))
            return; // only another component of the node changed
        if (was || is)
            notify(kind, static_cast<int>(node),
                   was && is ? ChangeEvent::All
                   : is      ? ChangeEvent::Created
                             : ChangeEvent::Removed);
    };
    auto component = [](const std::optional<physics::NodePhysics>& n, auto member) {
        return n && (*n).*member ? &((*n).*member) : nullptr;
    };
    one(ChangeEvent::Kind::Body, component(before, &physics::NodePhysics::motion),
        component(after, &physics::NodePhysics::motion));
    one(ChangeEvent::Kind::Collider, component(before, &physics::NodePhysics::collider),
        component(after, &physics::NodePhysics::collider));
    one(ChangeEvent::Kind::Trigger, component(before, &physics::NodePhysics::trigger),
        component(after, &physics::NodePhysics::trigger));
    one(ChangeEvent::Kind::NodeJoint, component(before, &physics::NodePhysics::joint),
        component(after, &physics::NodePhysics::joint));
}

const char* kindName(ChangeEvent::Kind kind)
{
    switch (kind) {
    case ChangeEvent::Kind::Document:
        return "document";
    case ChangeEvent::Kind::Node:
        return "node";
    case ChangeEvent::Kind::Shape:
        return "shape";
    case ChangeEvent::Kind::Material:
        return "material";
    case ChangeEvent::Kind::Filter:
        return "filter";
    case ChangeEvent::Kind::Body:
        return "body";
    case ChangeEvent::Kind::Collider:
        return "collider";
    case ChangeEvent::Kind::Trigger:
        return "trigger";
    case ChangeEvent::Kind::Mesh:
        return "mesh";
    case ChangeEvent::Kind::Selection:
        return "selection";
    case ChangeEvent::Kind::Joint:
        return "joint";
    case ChangeEvent::Kind::NodeJoint:
        return "node joint";
    }
    return "";
}

} // namespace cs::document
