#pragma once

#include "document/ChangeEvent.h"
#include "gltf/GltfDocument.h"
#include "physics/PhysicsModel.h"

#include <QUndoCommand>
#include <optional>

namespace cs::document {

class Document;

using Vec3 = physics::Vec3;
using Quat = physics::Quat; ///< x, y, z, w

/// The id of every command kind that can merge with its successor (QUndoCommand::id()). One enum for the
/// whole project, so that two command kinds can never share an id by accident. Commands that never merge
/// return -1.
enum class MergeId : int
{
    None = -1,
    NodeName = 1,
    NodeTranslation,
    NodeRotation,
    NodeScale,
    ShapeName,
    ShapeSize,
    ShapeRadius,
    ShapeHeight,
    ShapeRadiusTop,
    ShapeRadiusBottom,
    MotionMass,
    MotionCenterOfMass,
    MotionInertiaDiagonal,
    MotionInertiaOrientation,
    MotionLinearVelocity,
    MotionAngularVelocity,
    MotionGravityFactor,
    MaterialName,
    MaterialStaticFriction,
    MaterialDynamicFriction,
    MaterialRestitution,
    FilterName,
    NodeTransform, ///< translation, rotation and scale at once (gizmo drags, the Transform section)
    ShapePlane,    ///< a plane's sizes and sides at once
    PlaneSizeX,
    PlaneSizeZ,
};

/// The base of every command that edits a Document. It holds the document (which owns the undo stack and so
/// outlives the command) and indices, never pointers into the model: a pointer would dangle as soon as a list
/// grows. Nothing changes in a constructor; QUndoStack::push() calls redo().
///
/// Only commands may change the model and the glTF JSON: the Document gives them (and nobody else) mutable
/// access through this class.
class DocumentCommand : public QUndoCommand
{
public:
    DocumentCommand(Document* document, const QString& text, QUndoCommand* parent = nullptr);

    /// True when the command changes physics data. A save writes the model back (and so upgrades a legacy
    /// file) only when some applied command touches physics; edits of node names or transforms alone keep the
    /// file's physics JSON exactly as it was.
    virtual bool touchesPhysics() const { return true; }

protected:
    Document& document() const { return *m_document; }
    physics::PhysicsModel& model() const;
    gltf::GltfDocument& gltf() const;
    /// Tells the document (and through it the GUI) what changed.
    void notify(ChangeEvent::Kind kind, int index, std::uint32_t properties) const;
    /// One event per component (body, collider, trigger) present before or after a change of a node's
    /// physics: Created or Removed when it came or went, All when it stayed.
    void notifyNodePhysics(size_t node, const std::optional<physics::NodePhysics>& before,
                           const std::optional<physics::NodePhysics>& after) const;

private:
    Document* m_document;
};

} // namespace cs::document
