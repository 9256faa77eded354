#pragma once

#include "gltf/SceneGraph.h"
#include "physics/PhysicsModel.h"
#include "physics/ResolvedScene.h"

#include <QMatrix4x4>
#include <QVector3D>
#include <vector>

namespace cs::scene {

/// World-space line segments of every joint, by part (each consecutive pair of points is one segment), for
/// the viewport to draw in its own colours.
struct JointLines
{
    std::vector<QVector3D> frames; ///< both attachment frames: an X, Y and Z axis of `size` at each frame
    std::vector<QVector3D> links;  ///< the joint frame to the connected frame, and body origin to body origin
    std::vector<QVector3D> limits; ///< slabs, circles, spheres, arcs and cones (see buildJointLines)
    std::vector<QVector3D> drives; ///< an arrow per drive toward its target
    size_t jointsDrawn = 0;
    size_t jointsSkipped = 0; ///< node joints whose connected node or description does not exist
};

struct JointDrawOptions
{
    float size = 0.25f;      ///< metres: axis length, arc and cone radius, slab half-width
    int circleSegments = 32; ///< segments of a full circle
};

/// The joint drawing size for a scene whose bounds have this diagonal (metres): 2% of it, so that joints
/// read the same in a 10 cm model and in a 100 m level (0.25 m for a 12.5 m scene), within 1 mm .. 50 m;
/// 0.25 m for an empty scene.
float jointSizeForScene(float diagonal);

/// The lines of one joint description drawn in the joint frame `frame` (limits and drives), appended to
/// `lines`. Limits by axis set, with the unbounded sides left open:
/// - 1 linear axis: a slab, one square across the axis at min and one at max;
/// - 2 linear axes (distance from the line along the third axis): circles of radius min and max in their
/// plane;
/// - 3 linear axes (distance from a point): a sphere of radius max (three great circles);
/// - 1 angular axis (twist): an arc of radius `size` about the axis from min to max, with its two spokes;
/// - 2 angular axes (a cone around the third axis): the cone of half-angle max, a circle and four generators;
/// - 3 angular axes (total angle): arcs from -max to max about each axis.
/// A locked set (min = max = 0) draws a small square (linear) or a spoke (angular).
/// Drives: linear, an arrow along the axis to positionTarget (or of length `size` in the sign of
/// velocityTarget); angular, an arc about the axis to positionTarget (or a quarter turn in the sign of
/// velocityTarget) with an arrowhead at its end.
void appendJointDescription(const physics::JointDescription& joint, const QMatrix4x4& frame,
                            const JointDrawOptions& options, JointLines& lines);

/// The joint of node `index` (frames, links, limits and drives, as buildJointLines draws it) appended to
/// `lines`. False when the node has no joint or it cannot be drawn (counted in jointsSkipped).
bool appendNodeJoint(const physics::PhysicsModel& model, const physics::ResolvedScene& scene,
                     const gltf::SceneGraph& graph, size_t index, const JointDrawOptions& options,
                     JointLines& lines);

/// Every node joint of the model: frames of the joint node and the connected node, the links, and the joint
/// description drawn in the joint node's frame (the first attachment frame).
JointLines buildJointLines(const physics::PhysicsModel& model, const physics::ResolvedScene& scene,
                           const gltf::SceneGraph& graph, const JointDrawOptions& options = {});

} // namespace cs::scene
