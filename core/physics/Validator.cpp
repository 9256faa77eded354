#include "physics/Validator.h"

#include "geometry/ScaleRule.h"
#include "physics/DiagnosticCodes.h"
#include "physics/FieldLimits.h"
#include "physics/OmiReader.h"
#include "physics/OmiWriter.h"
#include "physics/ResolvedScene.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace cs::physics {

namespace {

std::string num(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

constexpr double kDegenerateSize = kDegenerateShapeSize;

std::string at(const std::string& base, const char* key)
{
    return base.empty() ? base : jsonPointerAppend(base, key);
}

class ModelValidator
{
public:
    ModelValidator(const gltf::GltfDocument& doc, const PhysicsModel& model, const gltf::SceneGraph& graph)
        : m_doc(doc), m_model(model), m_graph(graph)
    {}

    Diagnostics run()
    {
        for (size_t i = 0; i < m_model.shapes.size(); ++i)
            checkShape(i, m_model.shapes[i]);
        for (size_t i = 0; i < m_model.materials.size(); ++i)
            checkMaterial(m_model.materials[i]);
        for (const auto& f : m_model.filters)
            checkFilter(f);
        m_scene = resolveScene(m_model, m_graph);
        for (const auto& [index, n] : m_model.nodes)
            checkNode(index, n);
        checkBodies();
        checkScale();
        checkExtensionLists();
        Diagnostics meshes = validateShapeMeshes(m_doc, m_model);
        m_out.insert(m_out.end(), meshes.begin(), meshes.end());
        Diagnostics family = validateFamilyRules(m_doc, m_model, m_graph, m_scene);
        m_out.insert(m_out.end(), family.begin(), family.end());
        return std::move(m_out);
    }

private:
    void error(const char* c, std::string message, std::string pointer)
    {
        m_out.push_back(makeError(c, std::move(message), std::move(pointer)));
    }
    void warning(const char* c, std::string message, std::string pointer)
    {
        m_out.push_back(makeWarning(c, std::move(message), std::move(pointer)));
    }
    void info(const char* c, std::string message, std::string pointer)
    {
        m_out.push_back(makeInfo(c, std::move(message), std::move(pointer)));
    }

    void checkShape(size_t index, const Shape& s)
    {
        if (s.opaque)
            return;
        const std::string label = "shape " + std::to_string(index) + " (" + shapeTypeName(s.type) + ")";
        const std::string p = at(s.pointer, shapeTypeName(s.type));
        switch (s.type) {
        // Positive sizes below kDegenerateSize collide with nothing in practice (add-colliders once wrote
        // 1e-9 m boxes for meshes it could not read): they are errors too.
        case ShapeType::Box:
            if (!limits::BoxSize.accepts(s.size[0]) || !limits::BoxSize.accepts(s.size[1]) ||
                !limits::BoxSize.accepts(s.size[2]))
                error(code::ShapeSizeInvalid, label + ": every size must be greater than 0", at(p, "size"));
            else if (std::min({s.size[0], s.size[1], s.size[2]}) < kDegenerateSize)
                error(code::ShapeDegenerate,
                      label + ": size " + num(s.size[0]) + " x " + num(s.size[1]) + " x " + num(s.size[2]) +
                          " m has a side below " + num(kDegenerateSize) + " m",
                      at(p, "size"));
            break;
        case ShapeType::Sphere:
            if (!limits::Radius.accepts(s.radius))
                error(code::ShapeSizeInvalid, label + ": radius " + num(s.radius) + " is negative",
                      at(p, "radius"));
            else if (s.radius < kDegenerateSize)
                error(code::ShapeDegenerate,
                      label + ": radius " + num(s.radius) + " m is below " + num(kDegenerateSize) +
                          " m (a point)",
                      at(p, "radius"));
            break;
        case ShapeType::Capsule:
        case ShapeType::Cylinder:
            if (!limits::ShapeHeight.accepts(s.height))
                error(code::ShapeSizeInvalid, label + ": height must be greater than 0", at(p, "height"));
            else if (s.height < kDegenerateSize)
                error(code::ShapeDegenerate,
                      label + ": height " + num(s.height) + " m is below " + num(kDegenerateSize) + " m",
                      at(p, "height"));
            if (!limits::Radius.accepts(s.radiusTop) || !limits::Radius.accepts(s.radiusBottom))
                error(code::ShapeSizeInvalid, label + ": radii must not be negative", p);
            else if (std::max(s.radiusTop, s.radiusBottom) < kDegenerateSize)
                error(code::ShapeDegenerate,
                      label + ": both radii are below " + num(kDegenerateSize) +
                          " m (a line; KHR prohibits this)",
                      p);
            break;
        case ShapeType::Convex:
        case ShapeType::Trimesh:
            break; // validateShapeMeshes
        }
    }

    void checkMaterial(const PhysicsMaterial& m)
    {
        struct Value
        {
            const char* key;
            double value;
            const FieldLimits& range;
        };
        const Value values[] = {{"staticFriction", m.staticFriction, limits::Friction},
                                {"dynamicFriction", m.dynamicFriction, limits::Friction},
                                {"restitution", m.restitution, limits::Restitution}};
        for (const auto& [key, v, range] : values) {
            if (!range.accepts(v))
                error(code::MaterialValueNegative, std::string(key) + " " + num(v) + " must not be negative",
                      at(m.pointer, key));
        }
    }

    void checkFilter(const CollisionFilter& f)
    {
        if (!f.collideWithSystems.empty() && !f.notCollideWithSystems.empty()) {
            error(code::FilterBothMasks,
                  "a collision filter may have collideWithSystems or notCollideWithSystems, not both",
                  f.pointer);
        }
    }

    void checkIndex(int value, size_t count, const char* c, const char* what, const std::string& pointer)
    {
        if (value >= 0 && static_cast<size_t>(value) >= count) {
            error(c,
                  std::string(what) + " " + std::to_string(value) + " does not exist (" +
                      std::to_string(count) + " defined)",
                  pointer);
        }
    }

    const Shape* shapeAt(int index) const
    {
        return index >= 0 && static_cast<size_t>(index) < m_model.shapes.size() ? &m_model.shapes[index]
                                                                                : nullptr;
    }

    void checkNode(size_t index, const NodePhysics& n)
    {
        const std::string nodeLabel = "node " + std::to_string(index);
        if (n.motion) {
            const Motion& m = *n.motion;
            if (m.mass && !limits::Mass.accepts(*m.mass))
                error(code::MassNegative, nodeLabel + ": mass " + num(*m.mass) + " is negative",
                      at(m.pointer, "mass"));
            const auto& q = m.inertiaOrientation;
            const double length = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
            if (std::fabs(length - 1.0) > 1e-3) {
                warning(code::InertiaOrientationNotUnit,
                        nodeLabel + ": inertiaOrientation has length " + num(length) + ", not 1",
                        at(m.pointer, "inertiaOrientation"));
            }
            if (index < m_graph.nodeCount() && m_graph.parent(index)) {
                const int outer = m_scene.bodyOfNode(*m_graph.parent(index));
                if (outer >= 0) {
                    info(code::NestedMotion,
                         nodeLabel + " has motion inside the body of node " +
                             std::to_string(m_scene.bodies[outer].node) + "; it moves as an independent body",
                         m.pointer);
                }
            }
        }
        const int body = m_scene.bodyOfNode(index);
        const bool dynamic = body >= 0 && m_scene.bodies[body].motion.type == MotionType::Dynamic;
        if (n.collider) {
            const Collider& c = *n.collider;
            checkIndex(c.shape, m_model.shapes.size(), code::ShapeIndexInvalid, "shape",
                       at(c.pointer, "shape"));
            checkIndex(c.physicsMaterial, m_model.materials.size(), code::MaterialIndexInvalid,
                       "physics material", at(c.pointer, "physicsMaterial"));
            checkIndex(c.collisionFilter, m_model.filters.size(), code::FilterIndexInvalid,
                       "collision filter", at(c.pointer, "collisionFilter"));
            const Shape* s = shapeAt(c.shape);
            if (s && s->type == ShapeType::Trimesh && dynamic) {
                warning(code::TrimeshOnDynamic,
                        nodeLabel + ": a trimesh collider on a dynamic body; engines need convex shapes for "
                                    "moving bodies",
                        at(c.pointer, "shape"));
            }
        }
        if (n.trigger)
            checkTrigger(index, *n.trigger);
    }

    void checkTrigger(size_t index, const Trigger& t)
    {
        const std::string nodeLabel = "node " + std::to_string(index);
        checkIndex(t.shape, m_model.shapes.size(), code::ShapeIndexInvalid, "shape", at(t.pointer, "shape"));
        checkIndex(t.collisionFilter, m_model.filters.size(), code::FilterIndexInvalid, "collision filter",
                   at(t.pointer, "collisionFilter"));
        if (t.shape >= 0 && !t.nodes.empty() && !t.implicitCompound)
            error(code::TriggerShapeAndNodes,
                  nodeLabel + ": a trigger has either 'shape' or 'nodes', not both", t.pointer);
        if (t.shape < 0 && t.nodes.empty())
            warning(code::TriggerEmpty, nodeLabel + ": a trigger with no shape and no trigger nodes",
                    t.pointer);
        if (const Shape* s = shapeAt(t.shape); s && s->type == ShapeType::Trimesh) {
            warning(code::TrimeshTrigger, nodeLabel + ": a trimesh trigger only has a surface, no inside",
                    at(t.pointer, "shape"));
        }
        if (t.shape >= 0 || t.nodes.empty())
            return;
        if (t.collisionFilter >= 0 && !t.implicitCompound) {
            error(code::CompoundTriggerFilter,
                  nodeLabel + ": a compound trigger may not have a collision filter (set it on its members)",
                  at(t.pointer, "collisionFilter"));
        }
        for (size_t i = 0; i < t.nodes.size(); ++i) {
            const int member = t.nodes[i];
            const std::string p = jsonPointerAppend(at(t.pointer, "nodes"), i);
            if (member < 0 || static_cast<size_t>(member) >= m_graph.nodeCount()) {
                error(code::TriggerNodeIndexInvalid,
                      nodeLabel + ": compound trigger member " + std::to_string(member) + " does not exist",
                      p);
                continue;
            }
            if (!m_graph.isDescendantOf(static_cast<size_t>(member), index)) {
                error(code::CompoundTriggerNotDescendant,
                      nodeLabel + ": compound trigger member " + std::to_string(member) +
                          " is not a descendant",
                      p);
            }
            const NodePhysics* mn = m_model.node(static_cast<size_t>(member));
            if (!mn || !mn->trigger || mn->trigger->shape < 0) {
                error(code::CompoundTriggerMemberNotTrigger,
                      nodeLabel + ": compound trigger member " + std::to_string(member) +
                          " has no trigger shape",
                      p);
            }
        }
    }

    void checkBodies()
    {
        for (const auto& body : m_scene.bodies) {
            if (body.colliders.empty() && body.triggers.empty()) {
                warning(code::BodyWithoutShapes,
                        "node " + std::to_string(body.node) +
                            " has motion but no collider or trigger shape at or "
                            "below it",
                        body.motion.pointer);
            }
        }
    }

    /// What a non-uniform scale does to the instance's shape: a round shape cannot hold it; a box, hull or
    /// mesh keeps its scaled form, but Godot warns on any such collision shape (ENGINE-TARGETS, Godot).
    std::string nonUniformScaleEffect(int shape) const
    {
        const bool round = shape >= 0 && size_t(shape) < m_model.shapes.size() &&
                           (m_model.shapes[size_t(shape)].type == ShapeType::Sphere ||
                            m_model.shapes[size_t(shape)].type == ShapeType::Capsule ||
                            m_model.shapes[size_t(shape)].type == ShapeType::Cylinder);
        return round ? "; a non-uniform scale distorts spheres, capsules and cylinders, which most engines "
                       "cannot stretch"
                     : "; the shape keeps its stretched form in most engines, but Godot warns that a "
                       "non-uniformly scaled collision shape will probably not work as expected";
    }

    void checkScale()
    {
        std::set<size_t> seen;
        for (const auto& s : m_scene.instances) {
            if (!seen.insert(s.node).second)
                continue;
            const geometry::Vec3d scale = geometry::columnScale(s.world);
            const double hi = std::max({scale.x, scale.y, scale.z});
            const bool nonUniform = geometry::nonUniformScale(scale, geometry::kWorldScaleTolerance);
            // The common case (and a NaN scale, as before) says nothing: no message is formatted.
            if (!nonUniform && !(std::fabs(hi - 1.0) > 1e-4))
                continue;
            const std::string p = jsonPointerAppend("/nodes", s.node);
            const std::string text = "node " + std::to_string(s.node) + " carries a shape and is scaled (" +
                                     num(scale[0]) + ", " + num(scale[1]) + ", " + num(scale[2]) + ")";
            if (nonUniform)
                warning(code::ShapeNodeNonUniformScale, text + nonUniformScaleEffect(s.shape), p);
            else
                info(code::ShapeNodeScaled, text + "; the spec discourages scaling shape nodes", p);
        }
    }

    static bool isKhrExtension(const char* name)
    {
        return std::string_view(name) == ext::KhrBodies || std::string_view(name) == ext::KhrShapes ||
               std::string_view(name) == ext::KhrLegacyShapes;
    }

    void checkExtensionLists()
    {
        const Json& root = m_doc.json();
        auto listed = [&](const char* key, const char* name) {
            if (!root.contains(key) || !root[key].is_array())
                return false;
            const Json& list = root[key];
            return std::find(list.begin(), list.end(), Json(name)) != list.end();
        };
        auto present = [&](const char* name) { return extensionPresent(root, name); };
        for (const char* name : {ext::Shape, ext::Body, ext::LegacyCollider, ext::KhrBodies, ext::KhrShapes,
                                 ext::KhrLegacyShapes, ext::Joint}) {
            if (present(name) && !listed("extensionsUsed", name)) {
                error(code::ExtensionNotDeclared,
                      std::string(name) + " is used but not listed in extensionsUsed", "/extensionsUsed");
            }
            if (!listed("extensionsRequired", name))
                continue;
            // OMI: "because it is optional, it does not need to be added to the extensionsRequired array".
            // The KHR drafts say nothing either way (the Khronos samples require them): only what it does.
            if (isKhrExtension(name))
                info(code::ExtensionRequired,
                     std::string(name) + " is in extensionsRequired: viewers without physics support refuse "
                                         "the file instead of showing it without physics",
                     "/extensionsRequired");
            else
                warning(code::ExtensionRequired,
                        std::string(name) + " is optional and should not be in extensionsRequired",
                        "/extensionsRequired");
        }
    }

    const gltf::GltfDocument& m_doc;
    const PhysicsModel& m_model;
    const gltf::SceneGraph& m_graph;
    ResolvedScene m_scene;
    Diagnostics m_out;
};

} // namespace

Diagnostics validateModel(const gltf::GltfDocument& doc, const PhysicsModel& model,
                          const gltf::SceneGraph& graph)
{
    return ModelValidator(doc, model, graph).run();
}

Diagnostics validatePhysics(const gltf::GltfDocument& doc)
{
    Result<PhysicsModel> read = readPhysics(doc);
    Diagnostics out = read.diagnostics;
    auto graph = gltf::SceneGraph::build(doc);
    if (!graph)
        return out;
    Diagnostics rules = validateModel(doc, *read, *graph);
    out.insert(out.end(), rules.begin(), rules.end());
    return out;
}

} // namespace cs::physics
