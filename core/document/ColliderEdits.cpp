#include "document/ColliderEdits.h"

#include "document/Document.h"
#include "document/MeshCommands.h"
#include "document/ShapeConversion.h"

namespace cs::document {

namespace {

// Pushes the collider or trigger that uses `shape` on `node`: added, or (replace) the shape of the one there.
void pushShapeUse(Document& document, size_t node, int shape, const NewShapeNode& options, bool replace)
{
    const physics::NodePhysics* n = document.model().node(node);
    if (options.trigger) {
        if (replace && n && n->trigger) {
            document.push(new SetTriggerShape(&document, node, shape));
            return;
        }
        physics::Trigger t;
        t.shape = shape;
        t.collisionFilter = options.collisionFilter;
        document.push(addTrigger(&document, node, t));
        return;
    }
    if (replace && n && n->collider) {
        document.push(new SetColliderShape(&document, node, shape));
        return;
    }
    physics::Collider c;
    c.shape = shape;
    c.physicsMaterial = options.physicsMaterial;
    c.collisionFilter = options.collisionFilter;
    document.push(addCollider(&document, node, c));
}

// The new child node with the collider/trigger; the shape must exist already.
size_t pushShapeNode(Document& document, size_t parent, int shape, const NewShapeNode& options)
{
    gltf::Json node = gltf::Json::object();
    node["name"] = !options.nodeName.empty() ? options.nodeName
                                             : gltf::nodeLabel(document.gltf(), parent) +
                                                   (options.trigger ? " Trigger" : " Collider");
    if (options.translation != Vec3{0, 0, 0})
        node["translation"] = options.translation;
    if (options.rotation != Quat{0, 0, 0, 1})
        node["rotation"] = options.rotation;
    auto* add = new AddNode(&document, parent, std::move(node));
    document.push(add);
    const size_t index = add->nodeIndex();
    pushShapeUse(document, index, shape, options, false);
    return index;
}

template <class Command> std::vector<size_t> deleteItem(Document& document, size_t index, size_t count)
{
    if (index >= count)
        return {};
    auto* command = new Command(&document, index);
    document.push(command);
    return command->users(); // a removal never merges or goes obsolete once it applied, so it is alive
}

} // namespace

std::optional<size_t> addColliderChildNode(Document& document, size_t parent, const physics::Shape& shape,
                                           const NewShapeNode& options)
{
    if (parent >= document.gltf().count("nodes"))
        return std::nullopt;
    document.undoStack()->beginMacro(options.trigger ? QStringLiteral("Add Trigger Child Node")
                                                     : QStringLiteral("Add Collider Child Node"));
    auto* addShape = new AddShape(&document, writableShape(shape));
    document.push(addShape);
    const size_t node = pushShapeNode(document, parent, static_cast<int>(addShape->itemIndex()), options);
    document.undoStack()->endMacro();
    return node;
}

std::optional<size_t> fitPrimitive(Document& document, size_t node, const FittedPrimitive& fitted,
                                   NewShapeNode options)
{
    options.translation = fitted.translation;
    options.rotation = fitted.rotation;
    if (options.nodeName.empty())
        options.nodeName = gltf::nodeLabel(document.gltf(), node) + " " +
                           fittedShapeName(fitted.shape.type, fitted.rotation);
    return addColliderChildNode(document, node, fitted.shape, options);
}

Result<size_t> generateConvexHull(Document& document, size_t node, const gltf::TriangleMesh& hull,
                                  const HullOptions& options)
{
    if (node >= document.gltf().count("nodes"))
        return Result<size_t>::failure(
            makeError("NODE_INDEX_INVALID", "node " + std::to_string(node) + " does not exist"));
    if (auto problem = checkNewMesh(document.gltf(), hull))
        return Result<size_t>::failure(*problem);

    const std::string base = gltf::nodeLabel(document.gltf(), node);
    document.undoStack()->beginMacro(QStringLiteral("Generate Convex Hull"));
    auto* mesh = new AddMesh(&document, hull, options.meshName.empty() ? base + " Hull" : options.meshName);
    document.push(mesh);
    physics::Shape shape = makeShape(physics::ShapeType::Convex, base + " Hull");
    shape.mesh = static_cast<int>(mesh->meshIndex());
    auto* addShape = new AddShape(&document, shape);
    document.push(addShape);
    const int shapeIndex = static_cast<int>(addShape->itemIndex());
    if (options.onNewChildNode) {
        NewShapeNode child = options.node;
        child.translation = {0, 0, 0};
        child.rotation = {0, 0, 0, 1};
        if (child.nodeName.empty())
            child.nodeName = base + " Hull";
        pushShapeNode(document, node, shapeIndex, child);
    } else {
        pushShapeUse(document, node, shapeIndex, options.node, true);
    }
    document.undoStack()->endMacro();
    Result<size_t> result;
    result.value = static_cast<size_t>(shapeIndex);
    return result;
}

bool computeMassProperties(Document& document, size_t node, const MassProperties& properties)
{
    // An obsolete command leaves the index where it was (push() drops it).
    const int before = document.undoStack()->index();
    document.push(setMassProperties(&document, node, properties));
    return document.undoStack()->index() != before;
}

std::vector<size_t> deleteShape(Document& document, size_t shape)
{
    return deleteItem<RemoveShape>(document, shape, document.model().shapes.size());
}

std::vector<size_t> deleteMaterial(Document& document, size_t material)
{
    return deleteItem<RemoveMaterial>(document, material, document.model().materials.size());
}

std::vector<size_t> deleteFilter(Document& document, size_t filter)
{
    return deleteItem<RemoveFilter>(document, filter, document.model().filters.size());
}

bool upgradeLegacy(Document& document)
{
    const int before = document.undoStack()->index();
    document.push(new UpgradeLegacy(&document));
    return document.undoStack()->index() != before;
}

} // namespace cs::document
