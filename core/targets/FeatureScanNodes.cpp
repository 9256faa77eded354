// What each node carries: motion, collider, trigger and joint, and where the collider sits.
#include "geometry/ScaleRule.h"
#include "gltf/JsonIndex.h"
#include "gltf/MeshTriangles.h"
#include "gltf/NodeLabel.h"
#include "physics/PhysicsModel.h"
#include "targets/FeatureScanner.h"
#include "targets/FeatureShapes.h"

#include <cmath>

namespace cs::targets {

using gltf::Json;
namespace ext = physics::ext;

namespace {

bool nonZeroVector(const Json& object, const char* key)
{
    const auto it = object.find(key);
    if (it == object.end() || !it->is_array())
        return false;
    for (const Json& v : *it) {
        if (v.is_number() && v.get<double>() != 0)
            return true;
    }
    return false;
}

bool identityQuaternion(const Json& q)
{
    if (!q.is_array() || q.size() != 4)
        return true;
    for (size_t i = 0; i < 4; ++i) {
        if (!q[i].is_number() || q[i].get<double>() != (i == 3 ? 1.0 : 0.0))
            return false;
    }
    return true;
}

} // namespace

const Json* FeatureScanner::bodyObject(size_t node) const
{
    const Json* nodes = arrayAt(m_root, "nodes");
    if (!nodes || node >= nodes->size())
        return nullptr;
    const Json* extensions = objectAt((*nodes)[node], "extensions");
    return extensions ? objectAt(*extensions, m_bodyExtension.c_str()) : nullptr;
}

std::optional<size_t> FeatureScanner::bodyOf(size_t node) const
{
    if (!m_graph)
        return std::nullopt;
    return m_graph->findUp(node, [&](size_t n) {
        const Json* body = bodyObject(n);
        return body && objectAt(*body, "motion");
    });
}

bool FeatureScanner::inDynamicBody(size_t node) const
{
    const auto body = bodyOf(node);
    if (!body)
        return false;
    const Json& motion = (*bodyObject(*body))["motion"];
    if (m_khr)
        return fieldOf(motion, "isKinematic") != Json(true);
    const Json& type = fieldOf(motion, "type");
    return type.is_null() || type == Json("dynamic");
}

void FeatureScanner::scanNodes()
{
    const Json* nodes = arrayAt(m_root, "nodes");
    for (size_t i = 0; nodes && i < nodes->size(); ++i) {
        const std::string base = "/nodes/" + std::to_string(i) + "/extensions/";
        const Json* extensions = objectAt((*nodes)[i], "extensions");
        if (m_omi && extensions &&
            (objectAt(*extensions, ext::Shape) || objectAt(*extensions, ext::LegacyCollider)))
            add(Feature::OmiLegacyForm,
                base + (objectAt(*extensions, ext::Shape) ? ext::Shape : ext::LegacyCollider),
                "a node-level legacy shape");
        if (m_omi && extensions && objectAt(*extensions, ext::Joint))
            add(Feature::Joint, base + ext::Joint, "a joint");
        const Json* body = bodyObject(i);
        if (!body)
            continue;
        const std::string at = base + m_bodyExtension;
        if (m_omi && body->contains("type"))
            add(Feature::OmiLegacyForm, at + "/type", "a flat body `type`");
        if (m_omi && (*nodes)[i].contains("mesh") &&
            (objectAt(*body, "motion") || objectAt(*body, "collider")))
            add(Feature::MeshOnPhysicsNode, "/nodes/" + std::to_string(i) + "/mesh",
                "a mesh on a physics node");
        if (const Json* motion = objectAt(*body, "motion"))
            scanMotion(i, *motion, at + "/motion");
        if (objectAt(*body, "motion") && objectAt(*body, "collider"))
            add(Feature::MotionWithCollider, at + "/collider", "a collider on the body's node");
        if (const Json* trigger = objectAt(*body, "trigger");
            trigger && objectAt(*body, "motion") && !trigger->contains("nodes"))
            add(Feature::MotionWithCollider, at + "/trigger", "a trigger shape on the body's node");
        if (const Json* collider = objectAt(*body, "collider"))
            scanCollider(i, *collider, at + "/collider");
        if (const Json* trigger = objectAt(*body, "trigger")) {
            if (trigger->contains("nodes")) {
                add(Feature::CompoundTrigger, at + "/trigger", "a compound trigger");
            } else {
                add(Feature::Trigger, at + "/trigger", "a trigger");
                scanTriggerHull(i, *trigger, at + "/trigger");
            }
        }
        if (objectAt(*body, "joint")) {
            add(Feature::Joint, at + "/joint", "a joint");
            if (!bodyOf(i))
                add(Feature::JointWithoutBody, at + "/joint", "no body at or above the joint node");
        }
    }
}

void FeatureScanner::scanMotion(size_t node, const Json& motion, const std::string& pointer)
{
    const auto mass = motion.find("mass");
    if (mass == motion.end())
        add(Feature::MassAbsent, pointer, "no `mass`");
    else if (mass->is_number() && mass->get<double>() == 0)
        add(Feature::MassZero, pointer + "/mass", "mass 0");
    if (motion.contains("inertiaDiagonal")) {
        add(Feature::InertiaDiagonal, pointer + "/inertiaDiagonal", "an inertia diagonal");
        if (mass == motion.end())
            add(Feature::InertiaWithoutMass, pointer + "/inertiaDiagonal",
                "an inertia diagonal without `mass`");
    }
    if (motion.contains("inertiaOrientation") && !identityQuaternion(motion["inertiaOrientation"]))
        add(Feature::InertiaOrientation, pointer + "/inertiaOrientation",
            "a non-identity inertia orientation");
    if (!motion.contains("centerOfMass"))
        add(Feature::CenterOfMassAbsent, pointer, "no `centerOfMass`");
    const bool moving = nonZeroVector(motion, "linearVelocity") || nonZeroVector(motion, "angularVelocity");
    const bool kinematic =
        fieldOf(motion, "isKinematic") == Json(true) || fieldOf(motion, "type") == Json("kinematic");
    if (moving)
        add(kinematic ? Feature::KinematicVelocity : Feature::InitialVelocity, pointer,
            "a non-zero initial velocity");
    if (motion.contains("gravityFactor") && motion["gravityFactor"] != Json(1) &&
        motion["gravityFactor"] != Json(1.0))
        add(Feature::GravityFactor, pointer + "/gravityFactor", "gravityFactor other than 1");
    if (m_graph) {
        if (const auto parent = m_graph->parent(node); parent && bodyOf(*parent))
            add(Feature::NestedMotion, pointer,
                "a body inside body node " + std::to_string(*bodyOf(*parent)));
    }
}

void FeatureScanner::scanCollider(size_t node, const Json& collider, const std::string& pointer)
{
    if (!collider.contains("physicsMaterial"))
        add(Feature::ColliderWithoutMaterial, pointer, "no `physicsMaterial`");
    const Json* geometry = objectAt(collider, "geometry");
    if (geometry)
        scanGeometry(node, *geometry, pointer + "/geometry");
    const Json& shape = shapeNamed(collider, m_shapes);
    if (fieldOf(shape, "type") == Json("trimesh") && inDynamicBody(node))
        add(Feature::TrimeshOnDynamic, pointer, "a triangle mesh in a dynamic body");
    if (const Json* mesh = convexMesh(shape))
        addHull(node, *mesh, pointer);
    scanColliderPlacement(node, pointer);
}

// An engine builds a trigger's hull as it builds a collider's, under the same budget.
void FeatureScanner::scanTriggerHull(size_t node, const Json& trigger, const std::string& pointer)
{
    if (const Json* geometry = objectAt(trigger, "geometry");
        geometry && geometry->contains("mesh") && fieldOf(*geometry, "convexHull") == Json(true))
        addHull(node, (*geometry)["mesh"], pointer + "/geometry");
    if (const Json* mesh = convexMesh(shapeNamed(trigger, m_shapes)))
        addHull(node, *mesh, pointer);
}

void FeatureScanner::scanGeometry(size_t node, const Json& geometry, const std::string& pointer)
{
    if (geometry.contains("node"))
        add(Feature::GeometryNode, pointer + "/node", "`geometry.node`");
    if (geometry.contains("mesh")) {
        add(Feature::GeometryMesh, pointer + "/mesh", "`geometry.mesh`");
        if (fieldOf(geometry, "convexHull") == Json(true)) {
            add(Feature::ConvexShape, pointer, "a convex hull of a mesh");
            addHull(node, geometry["mesh"], pointer);
            return;
        }
        add(Feature::TrimeshShape, pointer, "a triangle mesh");
        if (inDynamicBody(node))
            add(Feature::TrimeshOnDynamic, pointer, "a triangle mesh in a dynamic body");
    }
}

void FeatureScanner::addHull(size_t node, const Json& meshIndex, const std::string& pointer)
{
    Occurrence o{Feature::HullPoints, pointer, {}, meshPoints(meshIndex), std::nullopt};
    if (gltf::isJsonIndex(meshIndex)) {
        const size_t mesh = meshIndex.get<size_t>();
        auto known = m_hullCounts.find(mesh);
        if (known == m_hullCounts.end()) {
            const auto triangles = gltf::meshTriangles(m_doc, mesh);
            known =
                m_hullCounts.emplace(mesh, triangles ? geometry::hullCounts(*triangles) : std::nullopt).first;
        }
        o.hull = known->second;
    }
    const std::string where = gltf::nodeReference(gltf::nodeName(m_doc, node), node);
    if (o.hull) {
        o.amount = o.hull->vertices;
        o.detail = where + ": a hull of " + std::to_string(o.hull->vertices) + " vertices, " +
                   std::to_string(o.hull->polygons) + " polygons, " + std::to_string(o.hull->triangles) +
                   " triangles";
    } else {
        o.detail = where + ": a hull of up to " + std::to_string(int(o.amount)) + " points";
    }
    m_found.push_back(std::move(o));
}

void FeatureScanner::scanColliderPlacement(size_t node, const std::string& pointer)
{
    if (!m_graph || node >= m_graph->nodeCount())
        return;
    const QMatrix4x4& world = m_graph->worldTransform(node);
    if (geometry::nonUniformScale(world))
        add(Feature::NonUniformScale, pointer, "a world scale that differs per axis");
    const auto body = bodyOf(node);
    if (body && *body != node && m_graph->parent(node) != body)
        add(Feature::ColliderNotChildOfBody, pointer,
            "the collider is below body node " + std::to_string(*body) + " but not a direct child");
}

} // namespace cs::targets
