#include "document/NodeEdits.h"

#include "document/Document.h"
#include "document/ModelCommands.h"
#include "document/SetFields.h"
#include "document/ShapeConversion.h"
#include "geometry/ScaleRule.h"

#include <algorithm>
#include <cctype>

namespace cs::document {

namespace {

geometry::Trs toGeometry(const Trs& t)
{
    geometry::Trs out;
    out.translation = {t.translation[0], t.translation[1], t.translation[2]};
    out.rotation = {t.rotation[0], t.rotation[1], t.rotation[2], t.rotation[3]};
    out.scale = {t.scale[0], t.scale[1], t.scale[2]};
    return out;
}

Vec3 toArray(const geometry::Vec3d& v)
{
    return {v.x, v.y, v.z};
}

bool matrixOf(const gltf::Json& node, geometry::Mat4d& out)
{
    const auto it = node.find("matrix");
    if (it == node.end() || !it->is_array() || it->size() != 16)
        return false;
    for (size_t i = 0; i < 16; ++i) {
        if (!(*it)[i].is_number())
            return false;
        out.m[i] = (*it)[i].get<double>();
    }
    return true;
}

} // namespace

NodeTransform nodeTransform(const gltf::Json& node)
{
    NodeTransform out;
    geometry::Mat4d m;
    if (matrixOf(node, m)) {
        const geometry::MatrixDecomposition d = geometry::decompose(m);
        out.trs = d.trs;
        out.fromMatrix = true;
        out.shear = d.shear;
        out.exact = d.exact(1e-6);
        return out;
    }
    out.trs = toGeometry(nodeTrs(node));
    return out;
}

geometry::Mat4d nodeLocalMatrix(const gltf::Json& node)
{
    geometry::Mat4d m;
    if (matrixOf(node, m))
        return m;
    return geometry::toMatrix(toGeometry(nodeTrs(node)));
}

geometry::Mat4d nodeWorldMatrix(const Document& document, NodeIndex node)
{
    const gltf::SceneGraph& graph = document.sceneGraph();
    geometry::Mat4d world;
    if (node >= graph.nodeCount())
        return world;
    // Walk up the parents (the graph has no cycles), multiplying from the left.
    for (std::optional<NodeIndex> n = node; n; n = graph.parent(*n)) {
        if (const gltf::Json* json = document.gltf().element("nodes", *n))
            world = nodeLocalMatrix(*json) * world;
    }
    return world;
}

bool shapeScaledUnevenly(const Document& document, NodeIndex node)
{
    const physics::NodePhysics* p = document.model().node(node);
    const gltf::Json* json = document.gltf().element("nodes", node);
    if (!json || !p || !((p->collider && p->collider->shape >= 0) || (p->trigger && p->trigger->shape >= 0)))
        return false;
    return geometry::nonUniformScale(nodeTransform(*json).trs.scale);
}

geometry::Trs field::NodeTransformAll::get(const gltf::Json& node)
{
    return nodeTransform(node).trs;
}

void field::NodeTransformAll::set(gltf::Json& node, const geometry::Trs& value)
{
    const bool hadMatrix = node.contains("matrix");
    const geometry::Trs current = hadMatrix ? geometry::Trs{} : get(node);
    node.erase("matrix");
    if (!(value.translation == current.translation))
        node["translation"] = toArray(value.translation);
    if (!(value.rotation == current.rotation))
        node["rotation"] = Quat{value.rotation.x, value.rotation.y, value.rotation.z, value.rotation.w};
    if (!(value.scale == current.scale))
        node["scale"] = toArray(value.scale);
}

void setNodeTransforms(Document& document, std::vector<std::pair<NodeIndex, geometry::Trs>> transforms)
{
    setEach<SetNodeTransform>(document, std::move(transforms));
}

RestructureNodes::RestructureNodes(Document* document, const QString& text, State before, State after,
                                   std::vector<NodeIndex> removed, std::vector<NodeIndex> created,
                                   bool physicsChanged)
    : DocumentCommand(document, text), m_before(std::move(before)), m_after(std::move(after)),
      m_removed(std::move(removed)), m_created(std::move(created)), m_physicsChanged(physicsChanged)
{}

void RestructureNodes::redo()
{
    apply(m_after, m_removed, m_created);
}

void RestructureNodes::undo()
{
    apply(m_before, m_created, m_removed);
}

void RestructureNodes::apply(const State& state, const std::vector<NodeIndex>& gone,
                             const std::vector<NodeIndex>& come)
{
    gltf::Json& root = gltf().json();
    for (const auto& [key, value] : state.keys) {
        if (value)
            root[key] = *value;
        else
            root.erase(key);
    }
    model().nodes = state.physics;
    // Highest first, so that each event's index is right when it is read in turn (the selection follows).
    for (auto it = gone.rbegin(); it != gone.rend(); ++it)
        notify(ChangeEvent::Kind::Node, static_cast<int>(*it), ChangeEvent::Removed);
    for (NodeIndex n : come)
        notify(ChangeEvent::Kind::Node, static_cast<int>(n), ChangeEvent::Created);
    notify(ChangeEvent::Kind::Document, -1, ChangeEvent::Children);
}

Result<NodeIndex> addEmptyShapeNode(Document& document, const EmptyShapeNode& options)
{
    geometry::Vec3d local = options.position;
    if (options.parent) {
        if (*options.parent >= document.gltf().count("nodes"))
            return Result<NodeIndex>::failure(makeError("NODE_NOT_FOUND", "the parent node does not exist"));
        geometry::Mat4d inverse;
        if (!geometry::affineInverse(nodeWorldMatrix(document, *options.parent), inverse))
            return Result<NodeIndex>::failure(
                makeError("NODE_PARENT_SINGULAR",
                          "the parent's transform flattens space (a zero scale); a child cannot "
                          "be placed under it"));
        local = geometry::transformPoint(inverse, options.position);
    }
    const std::string typeName = physics::shapeTypeName(options.type);
    std::string name = options.name;
    if (name.empty()) {
        name = typeName + (options.trigger ? " Trigger" : " Collider");
        name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    }
    gltf::Json node = gltf::Json::object();
    node["name"] = name;
    if (!(local == geometry::Vec3d{}))
        node["translation"] = toArray(local);

    QUndoStack* stack = document.undoStack();
    stack->beginMacro(options.trigger ? QStringLiteral("Add Empty Trigger")
                                      : QStringLiteral("Add Empty Collider"));
    auto* addShape = new AddShape(&document, makeShape(options.type));
    document.push(addShape);
    const int shape = static_cast<int>(addShape->itemIndex());
    auto* addNode = new AddNode(&document, options.parent, std::move(node));
    document.push(addNode);
    const NodeIndex index = addNode->nodeIndex();
    if (options.trigger) {
        physics::Trigger t;
        t.shape = shape;
        document.push(addTrigger(&document, index, t));
    } else {
        physics::Collider c;
        c.shape = shape;
        document.push(addCollider(&document, index, c));
    }
    stack->endMacro();
    Result<NodeIndex> out;
    out.value = index;
    return out;
}

bool renameNode(Document& document, NodeIndex node, const std::string& name)
{
    const gltf::Json* json = document.gltf().element("nodes", node);
    if (!json || field::NodeName::get(*json) == name)
        return false;
    document.push(new RenameNode(&document, node, name));
    return true;
}

} // namespace cs::document
