#pragma once

#include "scene/JointOverlay.h"
#include "scene/PickScene.h"

#include <QVector3D>
#include <optional>
#include <vector>

namespace cs::scene {

/// Clicking on a joint's lines: the segments buildJointLines draws, each owned by the node that holds the
/// joint. Built once per state of the document, like PickScene.
class JointPicker
{
public:
    JointPicker() = default;
    JointPicker(const physics::PhysicsModel& model, const physics::ResolvedScene& scene,
                const gltf::SceneGraph& graph, const JointDrawOptions& options = {});

    /// The joint whose lines pass nearest the ray, among those within `angularTolerance` (radians, seen from
    /// the ray's origin: a few pixels' worth); `distance` is along the ray to the closest point.
    std::optional<Pick> pick(const QVector3D& origin, const QVector3D& direction,
                             double angularTolerance) const;

    size_t segmentCount() const { return m_owners.size(); }

private:
    std::vector<QVector3D> m_points; ///< two per segment
    std::vector<size_t> m_owners;    ///< the joint's node, one per segment
};

/// What a click selects given the scene's hit and a joint's: the joint when nothing else was hit, when the
/// scene's hit is a collider (drawn as a wireframe, a joint inside it shows through) or when the joint is in
/// front of the mesh hit; else the scene's hit.
std::optional<Pick> preferJoint(const std::optional<Pick>& sceneHit, const std::optional<Pick>& jointHit);

} // namespace cs::scene
