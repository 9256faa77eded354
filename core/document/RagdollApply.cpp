// Step 3 of Add Ragdoll: the plan pushed as one undo step.
#include "document/Document.h"
#include "document/JointCommands.h"
#include "document/NodeCommands.h"
#include "document/Ragdoll.h"
#include "document/ShapeConversion.h"
#include "gltf/NodeLabel.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace cs::document {

namespace {

using geometry::Mat4d;
using geometry::Quatd;
using geometry::Vec3d;

/// 1/s: a joint's relative turning slows by this fraction of itself per second.
constexpr double kJointDamping = 8.0;

/// A world placement (no scale) seen from a node with world transform `parent`: the translation and
/// rotation of a child node that puts it there.
struct LocalPlacement
{
    Vec3 translation;
    Quat rotation;
};

LocalPlacement localPlacement(const Mat4d& parent, const Vec3d& position, const Quatd& rotation)
{
    const geometry::MatrixDecomposition d = geometry::decompose(parent);
    Mat4d inverse;
    geometry::affineInverse(parent, inverse);
    const Vec3d t = geometry::transformPoint(inverse, position);
    const Quatd r = geometry::normalized(geometry::conjugate(d.trs.rotation) * rotation);
    return {{t.x, t.y, t.z}, {r.x, r.y, r.z, r.w}};
}

/// The uniform scale of a transform (the cube root of its determinant's size).
double uniformScale(const Mat4d& m)
{
    geometry::Mat3d r;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            r.m[size_t(i)][size_t(j)] = m(i, j);
    const double s = std::cbrt(std::abs(r.determinant()));
    return s > 0 ? s : 1;
}

/// True when the transform scales every axis alike (within 0.1%).
bool evenlyScaled(const Mat4d& m)
{
    double lo = 1e300, hi = 0;
    for (int c = 0; c < 3; ++c) {
        const double l = std::sqrt(m(0, c) * m(0, c) + m(1, c) * m(1, c) + m(2, c) * m(2, c));
        lo = std::min(lo, l);
        hi = std::max(hi, l);
    }
    return hi <= lo * 1.001;
}

gltf::Json nodeJson(const std::string& name, const LocalPlacement& place)
{
    return {{"name", name}, {"translation", place.translation}, {"rotation", place.rotation}};
}

size_t pushNode(Document& document, size_t parent, gltf::Json node)
{
    auto* add = new AddNode(&document, parent, std::move(node));
    document.push(add);
    return add->nodeIndex();
}

physics::Shape bodyShape(const RagdollBody& body, double scale, const std::string& name)
{
    physics::Shape shape = makeShape(
        body.shape == RagdollShape::Box ? physics::ShapeType::Box : physics::ShapeType::Capsule, name);
    if (body.shape == RagdollShape::Box) {
        shape.size = {body.size.x / scale, body.size.y / scale, body.size.z / scale};
    } else {
        shape.height = body.height / scale;
        shape.radiusTop = shape.radiusBottom = body.radius / scale;
    }
    return writableShape(shape, name);
}

physics::JointDescription description(const JointRanges& r, const std::string& name)
{
    physics::JointDescription d;
    physics::JointLimit linear;
    linear.linearAxes = {0, 1, 2};
    linear.min = 0;
    linear.max = 0;
    d.limits.push_back(linear);
    auto angular = [&](std::vector<int> axes, double lo, double hi) {
        physics::JointLimit l;
        l.angularAxes = std::move(axes);
        if (l.angularAxes.size() == 1)
            l.min = lo;
        l.max = hi;
        d.limits.push_back(l);
    };
    angular({0}, r.twistMin, r.twistMax);
    if (r.cone()) {
        angular({1, 2}, -r.bendMax, r.bendMax);
    } else {
        angular({1}, r.swingMin, r.swingMax);
        angular({2}, r.bendMin, r.bendMax);
    }
    // Joint friction: a drive with no target but a damping on each angular axis takes out what a limb
    // would otherwise keep swinging with (a hand whipped past free fall by a landing, feet that never stop),
    // in acceleration mode so that light and heavy limbs slow alike.
    for (int axis = 0; axis < 3; ++axis) {
        physics::JointDrive drive;
        drive.type = physics::DriveType::Angular;
        drive.mode = physics::DriveMode::Acceleration;
        drive.axis = axis;
        drive.velocityTarget = 0;
        drive.damping = kJointDamping;
        d.drives.push_back(drive);
    }
    d.source = {{"name", name}};
    return d;
}

/// The motion of a body: its share of the mass, the centre of its shape (metres along the node's axes,
/// where both families' readers and the preview agree whatever the node's scale).
physics::Motion bodyMotion(const RagdollBody& body, const Mat4d& boneWorld)
{
    physics::Motion motion;
    motion.type = physics::MotionType::Dynamic;
    motion.mass = body.mass;
    const Quatd r = geometry::decompose(boneWorld).trs.rotation;
    const Vec3d offset = geometry::rotate(
        geometry::conjugate(r), body.centre - Vec3d{boneWorld(0, 3), boneWorld(1, 3), boneWorld(2, 3)});
    motion.centerOfMass = Vec3{offset.x, offset.y, offset.z};
    motion.inertiaDiagonal = Vec3{body.inertia.x, body.inertia.y, body.inertia.z};
    const Quatd axes = geometry::normalized(geometry::conjugate(r) * body.rotation);
    motion.inertiaOrientation = Quat{axes.x, axes.y, axes.z, axes.w};
    return motion;
}

std::string systemName(const RagdollPlan& plan, size_t body)
{
    return plan.input.bones[plan.bodies[body].bone].name + " ragdoll";
}

/// A collision filter for each body that must not touch some others (-1 for the rest): in a system of its
/// own, refusing theirs.
std::vector<int> pushFilters(Document& document, const RagdollPlan& plan)
{
    std::vector<int> out(plan.bodies.size(), -1);
    for (size_t i = 0; i < plan.bodies.size(); ++i) {
        if (plan.bodies[i].noCollide.empty())
            continue;
        physics::CollisionFilter filter;
        filter.collisionSystems = {systemName(plan, i)};
        for (size_t other : plan.bodies[i].noCollide)
            filter.notCollideWithSystems.push_back(systemName(plan, other));
        filter.source = {{"name", systemName(plan, i)}};
        auto* add = new AddFilter(&document, filter);
        document.push(add);
        out[i] = static_cast<int>(add->itemIndex());
    }
    return out;
}

/// Refuses (false) a plan whose bones already have a body or joint; warns of bones scaled unevenly.
bool checkBones(const Document& document, const RagdollPlan& plan, Diagnostics& diagnostics)
{
    const auto& bones = plan.input.bones;
    for (const RagdollBody& body : plan.bodies) {
        const physics::NodePhysics* existing = document.model().node(bones[body.bone].node);
        if (existing && (existing->motion || existing->joint)) {
            diagnostics.push_back(makeError("RAGDOLL_BODY_EXISTS",
                                            "bone '" + bones[body.bone].name +
                                                "' already has a body or joint; remove it to make a ragdoll",
                                            "/nodes/" + std::to_string(bones[body.bone].node)));
        }
    }
    if (hasErrors(diagnostics))
        return false;
    for (const RagdollBody& body : plan.bodies)
        if (!evenlyScaled(bones[body.bone].world))
            diagnostics.push_back(makeWarning("RAGDOLL_BONE_UNEVEN_SCALE",
                                              "bone '" + bones[body.bone].name +
                                                  "' is scaled unevenly: its shape is sized for its "
                                                  "mean scale and is stretched with the bone",
                                              "/nodes/" + std::to_string(bones[body.bone].node)));
    return true;
}

} // namespace

Diagnostics checkRagdoll(const Document& document, const RagdollPlan& plan)
{
    Diagnostics diagnostics;
    checkBones(document, plan, diagnostics);
    return diagnostics;
}

RagdollReport applyRagdoll(Document& document, const RagdollPlan& plan)
{
    RagdollReport report;
    report.preset = plan.humanoid ? "humanoid" : "generic";
    report.diagnostics = plan.diagnostics;
    if (hasErrors(plan.diagnostics))
        return report;
    if (plan.input.revision != document.revision()) {
        report.diagnostics.push_back(
            makeError("DOCUMENT_CHANGED", "the document changed since the ragdoll was planned"));
        return report;
    }
    if (!checkBones(document, plan, report.diagnostics))
        return report;
    const auto& bones = plan.input.bones;

    document.undoStack()->beginMacro(QStringLiteral("Add Ragdoll"));
    const std::vector<int> filters = pushFilters(document, plan);
    for (size_t i = 0; i < plan.bodies.size(); ++i) {
        const RagdollBody& body = plan.bodies[i];
        const RagdollBone& bone = bones[body.bone];
        document.push(addMotion(&document, bone.node, bodyMotion(body, bone.world)));
        const std::string name =
            bone.name + " Ragdoll " + (body.shape == RagdollShape::Box ? "Box" : "Capsule");
        auto* shape = new AddShape(&document, bodyShape(body, uniformScale(bone.world), name));
        document.push(shape);
        const size_t node = pushNode(document, bone.node,
                                     nodeJson(name, localPlacement(bone.world, body.centre, body.rotation)));
        physics::Collider collider;
        collider.shape = static_cast<int>(shape->itemIndex());
        collider.collisionFilter = filters[i];
        document.push(addCollider(&document, node, collider));
        report.bodyNodes.push_back(bone.node);
    }
    std::map<BoneRole, int> descriptions;
    for (const RagdollJoint& joint : plan.joints) {
        if (!descriptions.count(joint.role)) {
            auto* add = new AddJointDescription(
                &document, description(joint.ranges, std::string("Ragdoll ") + boneRoleName(joint.role)));
            document.push(add);
            descriptions[joint.role] = static_cast<int>(add->itemIndex());
        }
        const RagdollBone& parent = bones[plan.bodies[joint.parentBody].bone];
        const RagdollBone& child = bones[plan.bodies[joint.childBody].bone];
        const size_t jointNode =
            pushNode(document, parent.node,
                     nodeJson(child.name + " Ragdoll Joint",
                              localPlacement(parent.world, joint.anchor, joint.rotation)));
        const size_t connected =
            pushNode(document, child.node,
                     nodeJson(child.name + " Ragdoll Joint Anchor",
                              localPlacement(child.world, joint.anchor, joint.rotation)));
        NodeJointFields fields;
        fields.connectedNode = static_cast<int>(connected);
        fields.joint = descriptions[joint.role];
        fields.enableCollision = false;
        document.push(setNodeJoint(&document, jointNode, fields));
        report.jointNodes.push_back(jointNode);
    }
    document.undoStack()->endMacro();
    report.bodies = plan.bodies.size();
    report.joints = plan.joints.size();
    report.pushed = true;
    return report;
}

RagdollReport addRagdoll(Document& document, const RagdollOptions& options)
{
    auto input = gatherRagdoll(document, options);
    if (!input) {
        RagdollReport report;
        report.diagnostics = input.diagnostics;
        return report;
    }
    RagdollPlan plan = planRagdoll(std::move(*input));
    plan.diagnostics.insert(plan.diagnostics.begin(), input.diagnostics.begin(), input.diagnostics.end());
    return applyRagdoll(document, plan);
}

} // namespace cs::document
