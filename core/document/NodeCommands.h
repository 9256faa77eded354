#pragma once

// Edits of glTF nodes: name, translation, rotation, scale (SetField on the node's JSON object), and adding a
// node. Scaling a node that carries a shape is allowed; the validator then reports SHAPE_NODE_SCALED
// (uniform) or SHAPE_NODE_NONUNIFORM_SCALE (warning), as the spec discourages it.

#include "document/Selection.h"
#include "document/SetField.h"

#include <array>

namespace cs::document {

/// A node's transform as translation, rotation (x, y, z, w) and scale. A node with a `matrix` reads as the
/// matrix decomposed (no shear assumed; a negative determinant goes into scale x).
struct Trs
{
    Vec3 translation{0, 0, 0};
    Quat rotation{0, 0, 0, 1};
    Vec3 scale{1, 1, 1};
};
Trs nodeTrs(const gltf::Json& node);

namespace locate {
/// A node's JSON object, by node index. Undo restores the whole object, keys and spelling included.
struct Node
{
    using Object = gltf::Json;
    static constexpr ChangeEvent::Kind kind = ChangeEvent::Kind::Node;
    static Object* find(physics::PhysicsModel&, gltf::GltfDocument& doc, size_t index);
};
} // namespace locate

namespace field {

struct NodeName
{
    using Object = gltf::Json;
    using Value = std::string;
    static constexpr MergeId mergeId = MergeId::NodeName;
    static constexpr std::uint32_t property = ChangeEvent::Name;
    static Value get(const Object& node);
    /// An empty name removes the key.
    static void set(Object& node, const Value& name);
    static const char* text() { return "Rename Node"; }
};

/// One part of the TRS. A node with a `matrix` is turned into TRS first (glTF forbids both).
template <int Part> struct NodeTrsPart
{
    using Object = gltf::Json;
    using Value = std::conditional_t<Part == 1, Quat, Vec3>;
    static constexpr MergeId mergeId =
        Part == 0 ? MergeId::NodeTranslation : (Part == 1 ? MergeId::NodeRotation : MergeId::NodeScale);
    static constexpr std::uint32_t property =
        Part == 0 ? ChangeEvent::Translation : (Part == 1 ? ChangeEvent::Rotation : ChangeEvent::Scale);
    static Value get(const Object& node);
    static void set(Object& node, const Value& value);
    static const char* text();
};

} // namespace field

using RenameNode = SetField<locate::Node, field::NodeName>;
using SetNodeTranslation = SetField<locate::Node, field::NodeTrsPart<0>>;
using SetNodeRotation = SetField<locate::Node, field::NodeTrsPart<1>>;
using SetNodeScale = SetField<locate::Node, field::NodeTrsPart<2>>;

/// Appends a node (given as its JSON object) to `nodes`, as a child of `parent`, or, without a parent, as a
/// root of the default scene (the `scene` property, else scene 0, when there is one). The new node's index is
/// nodeIndex() after push(). Undo takes it off the end again and restores the parent (or scene) as it was.
class AddNode : public DocumentCommand
{
public:
    AddNode(Document* document, std::optional<NodeIndex> parent, gltf::Json node,
            QUndoCommand* parent_ = nullptr);

    bool touchesPhysics() const override { return false; }
    /// The index the node gets (valid after the first redo).
    size_t nodeIndex() const { return m_index; }

    void redo() override;
    void undo() override;

private:
    gltf::Json* owner(); // the parent node or the scene that lists the new node, or nullptr

    std::optional<NodeIndex> m_parent;
    gltf::Json m_node;
    size_t m_index = 0;
    bool m_hadNodes = false;
    std::optional<gltf::Json> m_ownerBefore;
    int m_scene = -1;
};

} // namespace cs::document
