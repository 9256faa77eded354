#include "document/ComponentEdits.h"

#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/ShapeConversion.h"

#include <QString>
#include <algorithm>
#include <map>

namespace cs::document {

namespace {

/// Pushes `commands`: one directly, several as one macro named `text`. False when there were none or when
/// nothing changed (every command was obsolete).
bool pushAsOneStep(Document& document, const QString& text, const std::vector<QUndoCommand*>& commands)
{
    if (commands.empty())
        return false;
    QUndoStack* stack = document.undoStack();
    const int before = stack->index();
    if (commands.size() == 1) {
        document.push(commands.front());
    } else {
        stack->beginMacro(text);
        for (QUndoCommand* c : commands)
            document.push(c);
        stack->endMacro();
    }
    return stack->index() != before;
}

const physics::NodePhysics* physicsOf(const Document& document, NodeIndex node)
{
    return document.model().node(node);
}

bool hasComponent(const Document& document, NodeIndex node, Component component)
{
    const physics::NodePhysics* p = physicsOf(document, node);
    if (!p)
        return false;
    switch (component) {
    case Component::Motion:
        return p->motion.has_value();
    case Component::Collider:
        return p->collider.has_value();
    case Component::Trigger:
        return p->trigger.has_value();
    }
    return false;
}

const char* componentName(Component component)
{
    switch (component) {
    case Component::Motion:
        return "Motion";
    case Component::Collider:
        return "Collider";
    case Component::Trigger:
        return "Trigger";
    }
    return "";
}

/// The commands that make the collider or trigger of `node` use `shape`.
void useShape(Document& document, NodeIndex node, Component component, int shape,
              std::vector<QUndoCommand*>& commands)
{
    const physics::NodePhysics* p = physicsOf(document, node);
    if (component == Component::Collider) {
        if (p->collider->shape != shape)
            commands.push_back(new SetColliderShape(&document, node, shape));
        return;
    }
    if (!p->trigger->nodes.empty()) // a trigger has a shape or members, not both
        commands.push_back(new SetTriggerNodes(&document, node, {}));
    if (p->trigger->shape != shape)
        commands.push_back(new SetTriggerShape(&document, node, shape));
}

} // namespace

std::vector<NodeIndex> removePhysics(Document& document, const std::vector<NodeIndex>& nodes)
{
    std::vector<NodeIndex> changed;
    for (NodeIndex n : nodes) {
        if (const physics::NodePhysics* p = physicsOf(document, n); p && !p->empty())
            changed.push_back(n);
    }
    if (changed.empty())
        return changed;
    QUndoStack* stack = document.undoStack();
    stack->beginMacro(changed.size() == 1 ? QStringLiteral("Delete physics of %1")
                                                .arg(QString::fromStdString(
                                                    gltf::nodeLabel(document.gltf(), changed.front())))
                                          : QStringLiteral("Delete physics of %1 nodes").arg(changed.size()));
    for (NodeIndex node : changed) {
        const physics::NodePhysics* p = physicsOf(document, node);
        const bool motion = p->motion.has_value(), collider = p->collider.has_value(),
                   trigger = p->trigger.has_value();
        if (trigger)
            document.push(removeTrigger(&document, node));
        if (collider)
            document.push(removeCollider(&document, node));
        if (motion)
            document.push(removeMotion(&document, node));
    }
    stack->endMacro();
    return changed;
}

bool setComponentPresent(Document& document, const std::vector<NodeIndex>& nodes, Component component,
                         bool present)
{
    std::vector<QUndoCommand*> commands;
    for (NodeIndex node : nodes) {
        if (node >= document.gltf().count("nodes") || hasComponent(document, node, component) == present)
            continue;
        switch (component) {
        case Component::Motion:
            commands.push_back(present ? addMotion(&document, node) : removeMotion(&document, node));
            break;
        case Component::Collider:
            commands.push_back(present ? addCollider(&document, node, {}) : removeCollider(&document, node));
            break;
        case Component::Trigger:
            commands.push_back(present ? addTrigger(&document, node, {}) : removeTrigger(&document, node));
            break;
        }
    }
    const QString text =
        QStringLiteral("%1 %2").arg(present ? QStringLiteral("Add") : QStringLiteral("Remove"),
                                    QString::fromLatin1(componentName(component)));
    return pushAsOneStep(document, text, commands);
}

bool assignShape(Document& document, const std::vector<NodeIndex>& nodes, Component component, int shape)
{
    if (component == Component::Motion)
        return false;
    std::vector<QUndoCommand*> commands;
    for (NodeIndex node : nodes) {
        if (hasComponent(document, node, component))
            useShape(document, node, component, shape, commands);
    }
    return pushAsOneStep(document, QString::fromUtf8(text::AssignShape), commands);
}

std::vector<int> addShapeForNodes(Document& document, const std::vector<NodeIndex>& nodes,
                                  Component component, physics::ShapeType type)
{
    std::vector<int> added;
    if (component == Component::Motion)
        return added;
    const bool meshShape = type == physics::ShapeType::Convex || type == physics::ShapeType::Trimesh;
    // Which new shape each node gets: one shared primitive; mesh shapes one per mesh of the nodes.
    std::map<int, std::vector<NodeIndex>> byMesh; // mesh (-1: none) -> nodes
    for (NodeIndex node : nodes) {
        if (!hasComponent(document, node, component))
            continue;
        int mesh = -1;
        if (meshShape) {
            const gltf::Json* n = document.gltf().element("nodes", node);
            if (n && n->contains("mesh") && (*n)["mesh"].is_number_integer())
                mesh = (*n)["mesh"].get<int>();
        }
        byMesh[mesh].push_back(node);
    }
    if (byMesh.empty())
        return added;
    QUndoStack* stack = document.undoStack();
    stack->beginMacro(QStringLiteral("New %1 Shape").arg(QString::fromLatin1(physics::shapeTypeName(type))));
    for (const auto& [mesh, users] : byMesh) {
        const std::string name =
            users.size() == 1 ? gltf::nodeLabel(document.gltf(), users.front()) : std::string();
        physics::Shape shape = makeShape(type, name);
        if (meshShape)
            shape.mesh = mesh;
        auto* add = new AddShape(&document, shape);
        document.push(add);
        const int index = static_cast<int>(add->itemIndex());
        added.push_back(index);
        std::vector<QUndoCommand*> uses;
        for (NodeIndex node : users)
            useShape(document, node, component, index, uses);
        for (QUndoCommand* c : uses)
            document.push(c);
    }
    stack->endMacro();
    return added;
}

bool makeCompound(Document& document, const std::vector<NodeIndex>& nodes, Component component)
{
    std::vector<QUndoCommand*> commands;
    for (NodeIndex node : nodes) {
        const physics::NodePhysics* p = physicsOf(document, node);
        if (component == Component::Collider && p && p->collider && p->collider->shape >= 0) {
            commands.push_back(makeCompoundCollider(&document, node));
        } else if (component == Component::Trigger && p && p->trigger && !p->trigger->isCompound()) {
            std::vector<int> members =
                p->trigger->nodes.empty() ? descendantTriggers(document, node) : p->trigger->nodes;
            if (!members.empty())
                commands.push_back(makeCompoundTrigger(&document, node, std::move(members)));
        }
    }
    return pushAsOneStep(document,
                         component == Component::Collider ? QStringLiteral("Make Compound Collider")
                                                          : QStringLiteral("Make Compound Trigger"),
                         commands);
}

bool computeMassProperties(Document& document,
                           const std::vector<std::pair<NodeIndex, MassProperties>>& properties)
{
    std::vector<QUndoCommand*> commands;
    commands.reserve(properties.size());
    for (const auto& [node, values] : properties)
        commands.push_back(setMassProperties(&document, node, values));
    return pushAsOneStep(document, QStringLiteral("Compute Mass Properties"), commands);
}

std::vector<int> descendantTriggers(const Document& document, NodeIndex node)
{
    std::vector<int> out;
    const gltf::SceneGraph& graph = document.sceneGraph();
    if (node >= graph.nodeCount())
        return out;
    std::vector<size_t> stack(graph.children(node).rbegin(), graph.children(node).rend());
    while (!stack.empty()) {
        const size_t n = stack.back();
        stack.pop_back();
        const physics::NodePhysics* p = document.model().node(n);
        if (p && p->trigger)
            out.push_back(static_cast<int>(n));
        const auto& children = graph.children(n);
        stack.insert(stack.end(), children.rbegin(), children.rend());
    }
    return out;
}

} // namespace cs::document
