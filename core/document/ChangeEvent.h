#pragma once

#include <QMetaType>
#include <cstdint>

namespace cs::document {

/// What one step of an edit changed. The Document emits one event per object an edit touched, so a panel can
/// refresh only when its object is concerned: check `kind` and `index`, then `properties`.
///
/// `index` is the node index for Node, Body (the node's motion), Collider, Trigger and NodeJoint; the list
/// position for Shape, Material, Filter, Mesh and Joint; -1 for Document and Selection. When a list item is
/// Created or Removed, the items after it have moved by one: listeners holding list indices must re-read
/// them.
struct ChangeEvent
{
    enum class Kind
    {
        Document, ///< the physics form (legacy upgrade) or everything at once
        Node,     ///< a glTF node: name, transform, children, or a node added/removed
        Shape,
        Material,
        Filter,
        Body, ///< the node's motion
        Collider,
        Trigger,
        Mesh,      ///< a glTF mesh with its accessors, buffer views and buffer bytes
        Selection, ///< the document's selection (Document::selection()); index -1; not an edit
        Joint,     ///< a document-level joint description (list position)
        NodeJoint, ///< the node's joint (connected node, description, enable collision)
    };

    /// Bits of `properties`. One flat set for every kind, so that a mask can be built without knowing the
    /// kind.
    enum Property : std::uint32_t
    {
        Created = 1u << 0, ///< the object came into existence (list insert, component added)
        Removed = 1u << 1, ///< the object went away
        Name = 1u << 2,
        Translation = 1u << 3,
        Rotation = 1u << 4,
        Scale = 1u << 5,
        Children = 1u << 6,
        ShapeType = 1u << 7,
        ShapeParameters = 1u << 8, ///< size, radius, height, radii, mesh
        MotionType = 1u << 9,
        Mass = 1u << 10,
        CenterOfMass = 1u << 11,
        Inertia = 1u << 12, ///< inertia diagonal and its orientation
        LinearVelocity = 1u << 13,
        AngularVelocity = 1u << 14,
        GravityFactor = 1u << 15,
        ShapeRef = 1u << 16,
        MaterialRef = 1u << 17,
        FilterRef = 1u << 18,
        TriggerNodes = 1u << 19,
        Friction = 1u << 20,
        Restitution = 1u << 21,
        CombineModes = 1u << 22,
        Systems = 1u << 23,     ///< a filter's system lists
        PhysicsForm = 1u << 24, ///< Document: the legacy upgrade was done or undone
        All = 0xffffffffu,
    };

    Kind kind = Kind::Document;
    int index = -1;
    std::uint32_t properties = All;

    bool has(Property p) const { return (properties & p) != 0; }
    bool operator==(const ChangeEvent&) const = default;
};

const char* kindName(ChangeEvent::Kind kind);

} // namespace cs::document

Q_DECLARE_METATYPE(cs::document::ChangeEvent)
