#include "targets/FeatureScan.h"

#include "gltf/JsonIndex.h"
#include "physics/OmiWriter.h"
#include "physics/PhysicsModel.h"
#include "targets/FeatureScanner.h"
#include "targets/TargetNodeOrder.h"

#include <algorithm>
#include <set>

namespace cs::targets {

using gltf::Json;
namespace ext = physics::ext;

const Json* objectAt(const Json& root, const char* key)
{
    if (!root.is_object())
        return nullptr;
    const auto it = root.find(key);
    return it != root.end() && it->is_object() ? &*it : nullptr;
}

const Json& fieldOf(const Json& root, const char* key)
{
    static const Json null;
    if (!root.is_object())
        return null;
    const auto it = root.find(key);
    return it != root.end() ? *it : null;
}

const Json* arrayAt(const Json& root, const char* key)
{
    if (!root.is_object())
        return nullptr;
    const auto it = root.find(key);
    return it != root.end() && it->is_array() ? &*it : nullptr;
}

namespace {

double number(const Json& object, const char* key, double fallback)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_number() ? it->get<double>() : fallback;
}

bool listed(const Json& root, const std::string& name)
{
    const Json* used = arrayAt(root, "extensionsUsed");
    return used && std::find(used->begin(), used->end(), Json(name)) != used->end();
}

/// The first size parameter a box, sphere, capsule or cylinder leaves to its default, or nullptr. A legacy
/// OMI capsule or cylinder gives one `radius` for both.
const char* missingParameter(const std::string& type, const Json& params)
{
    if (type == "box")
        return params.contains("size") ? nullptr : "size";
    if (type == "sphere")
        return params.contains("radius") ? nullptr : "radius";
    if (type != "capsule" && type != "cylinder")
        return nullptr;
    if (!params.contains("height"))
        return "height";
    if (params.contains("radius"))
        return nullptr;
    for (const char* key : {"radiusTop", "radiusBottom"}) {
        if (!params.contains(key))
            return key;
    }
    return nullptr;
}

} // namespace

FeatureScanner::FeatureScanner(const gltf::GltfDocument& doc, const gltf::SceneGraph* graph)
    : m_doc(doc), m_root(doc.json()), m_graph(graph)
{}

void FeatureScanner::add(Feature f, std::string pointer, std::string detail, double amount)
{
    m_found.push_back({f, std::move(pointer), std::move(detail), amount, std::nullopt});
}

std::vector<Occurrence> FeatureScanner::run()
{
    m_khr = physics::extensionPresent(m_root, ext::KhrBodies) ||
            physics::extensionPresent(m_root, ext::KhrShapes);
    m_omi = physics::extensionPresent(m_root, ext::Body) || physics::extensionPresent(m_root, ext::Shape) ||
            physics::extensionPresent(m_root, ext::LegacyCollider);
    if (!m_khr && !m_omi)
        return {};
    m_bodyExtension = m_khr ? ext::KhrBodies : ext::Body;
    scanFamily();
    scanShapes();
    const Json* extensions = objectAt(m_root, "extensions");
    if (const Json* docBody = extensions ? objectAt(*extensions, m_bodyExtension.c_str()) : nullptr) {
        const std::string base = "/extensions/" + m_bodyExtension;
        if (const Json* list = arrayAt(*docBody, "physicsMaterials"))
            scanMaterials(*list, base + "/physicsMaterials");
        if (const Json* list = arrayAt(*docBody, "collisionFilters"))
            scanFilters(*list, base + "/collisionFilters");
        if (const Json* list = arrayAt(*docBody, "physicsJoints"))
            scanJoints(*list, base + "/physicsJoints");
    }
    if (const Json* docJoint = extensions ? objectAt(*extensions, ext::Joint) : nullptr) {
        if (const Json* list = arrayAt(*docJoint, "physicsJoints"))
            scanJoints(*list, std::string("/extensions/") + ext::Joint + "/physicsJoints");
    }
    scanNodes();
    scanNodeOrder();
    return std::move(m_found);
}

void FeatureScanner::scanFamily()
{
    if (m_omi)
        add(Feature::FamilyOmi, "", "the file carries OMI physics");
    if (m_khr)
        add(Feature::FamilyKhr, "", "the file carries KHR physics");
    for (const char* name :
         {ext::Body, ext::Shape, ext::LegacyCollider, ext::Joint, ext::KhrBodies, ext::KhrShapes}) {
        if (physics::extensionPresent(m_root, name) && !listed(m_root, name))
            add(Feature::NotListedInUsed, "/extensionsUsed", std::string(name) + " is not listed");
    }
    if (physics::extensionPresent(m_root, ext::LegacyCollider))
        add(Feature::OmiLegacyForm, "", "OMI_collider is used");
    if (!m_khr)
        return;
    const Json* extensions = objectAt(m_root, "extensions");
    if (!extensions)
        add(Feature::NoTopLevelExtensions, "", "the document has no `extensions` object");
    if (!extensions || !objectAt(*extensions, ext::KhrBodies))
        add(Feature::NoDocumentBodyObject, extensions ? "/extensions" : "",
            "no document-level KHR_physics_rigid_bodies object");
}

void FeatureScanner::scanShapes()
{
    const Json* extensions = objectAt(m_root, "extensions");
    const char* name = m_khr ? ext::KhrShapes : ext::Shape;
    const Json* shapeExt = extensions ? objectAt(*extensions, name) : nullptr;
    const Json* list = shapeExt ? arrayAt(*shapeExt, "shapes") : nullptr;
    if (!list)
        return;
    m_shapes = *list;
    for (size_t i = 0; i < list->size(); ++i)
        scanShape((*list)[i], std::string("/extensions/") + name + "/shapes/" + std::to_string(i));
}

void FeatureScanner::scanShape(const Json& shape, const std::string& pointer)
{
    if (!shape.is_object() || !shape.contains("type") || !shape["type"].is_string())
        return;
    const std::string type = shape["type"].get<std::string>();
    const Json* params = objectAt(shape, type.c_str());
    if (!params) {
        add(Feature::ShapeWithoutParameters, pointer, "a " + type + " without its `" + type + "` object");
        static const Json empty = Json::object();
        params = &empty;
    }
    if (const char* missing = missingParameter(type, *params))
        add(Feature::ShapeDefaults, pointer, "a " + type + " without `" + missing + "`");
    if (type == "plane")
        add(Feature::Plane, pointer, "a plane");
    if (type == "capsule" && m_omi) {
        const bool legacy =
            params->contains("radius") && !params->contains("radiusTop") && !params->contains("radiusBottom");
        add(legacy ? Feature::CapsuleLegacy : Feature::CapsuleMidHeight, pointer,
            legacy ? "a capsule with `radius` and a full `height`" : "a capsule with a mid `height`");
    }
    const double radius = m_khr ? 0.25 : 0.5; // each family's default radii (KHR-PHYSICS-DIGEST 3.3)
    if ((type == "capsule" || type == "cylinder") &&
        number(*params, "radiusTop", radius) != number(*params, "radiusBottom", radius))
        add(Feature::Tapered, pointer, "a " + type + " whose radiusTop and radiusBottom differ");
    if (type == "cylinder")
        add(Feature::Cylinder, pointer, "a cylinder");
    if (type == "convex" || type == "hull")
        add(Feature::ConvexShape, pointer, "a convex hull"); // its size: per collider (scanCollider)
    if (type == "trimesh")
        add(Feature::TrimeshShape, pointer, "a triangle mesh");
}

double FeatureScanner::meshPoints(const Json& meshIndex) const
{
    const Json* meshes = arrayAt(m_root, "meshes");
    const Json* accessors = arrayAt(m_root, "accessors");
    if (!gltf::isJsonIndex(meshIndex) || !meshes || !accessors || meshIndex.get<size_t>() >= meshes->size())
        return 0;
    double points = 0;
    const Json* primitives = arrayAt((*meshes)[meshIndex.get<size_t>()], "primitives");
    for (size_t i = 0; primitives && i < primitives->size(); ++i) {
        const Json& position = fieldOf(fieldOf((*primitives)[i], "attributes"), "POSITION");
        if (gltf::isJsonIndex(position) && position.get<size_t>() < accessors->size())
            points += number((*accessors)[position.get<size_t>()], "count", 0);
    }
    return points;
}

void FeatureScanner::scanMaterials(const Json& list, const std::string& pointer)
{
    std::set<std::string> modes;
    for (size_t i = 0; i < list.size(); ++i) {
        const Json& m = list[i];
        const std::string at = pointer + "/" + std::to_string(i);
        add(Feature::Material, at, "physics material " + std::to_string(i));
        for (const char* key :
             {"staticFriction", "dynamicFriction", "restitution", "frictionCombine", "restitutionCombine"}) {
            if (!m.contains(key)) {
                add(Feature::MaterialDefaults, at, std::string("`") + key + "` left to the default");
                break;
            }
        }
        if (number(m, "staticFriction", 0.6) != number(m, "dynamicFriction", 0.6))
            add(Feature::FrictionPair, at, "staticFriction differs from dynamicFriction");
        for (const char* key : {"frictionCombine", "restitutionCombine"}) {
            if (m.contains(key) && m[key].is_string())
                modes.insert(std::string(key) + "=" + m[key].get<std::string>());
        }
    }
    // Two explicit modes for the same quantity: pairs of those materials resolve by the precedence rule.
    for (const char* key : {"frictionCombine", "restitutionCombine"}) {
        const auto count = std::count_if(modes.begin(), modes.end(),
                                         [&](const std::string& m) { return m.rfind(key, 0) == 0; });
        if (count > 1)
            add(Feature::MixedCombineModes, pointer,
                std::string("materials give different ") + key + " modes");
    }
}

void FeatureScanner::scanFilters(const Json& list, const std::string& pointer)
{
    std::set<std::string> systems;
    for (size_t i = 0; i < list.size(); ++i) {
        const Json& f = list[i];
        const std::string at = pointer + "/" + std::to_string(i);
        add(Feature::Filter, at, "collision filter " + std::to_string(i));
        if (!arrayAt(f, "collisionSystems"))
            add(Feature::FilterWithoutSystems, at, "no `collisionSystems`");
        for (const char* key : {"collisionSystems", "collideWithSystems", "notCollideWithSystems"}) {
            const Json* names = arrayAt(f, key);
            for (size_t n = 0; names && n < names->size(); ++n) {
                if ((*names)[n].is_string())
                    systems.insert((*names)[n].get<std::string>());
            }
        }
    }
    add(Feature::FilterCount, pointer, std::to_string(list.size()) + " filters", double(list.size()));
    add(Feature::SystemCount, pointer, std::to_string(systems.size()) + " systems", double(systems.size()));
}

void FeatureScanner::scanJoints(const Json& list, const std::string& pointer)
{
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string at = pointer + "/" + std::to_string(i);
        const Json* limits = arrayAt(list[i], "limits");
        for (size_t l = 0; limits && l < limits->size(); ++l) {
            const Json& limit = (*limits)[l];
            const std::string limitAt = at + "/limits/" + std::to_string(l);
            const Json* linear = arrayAt(limit, "linearAxes");
            const Json* angular = arrayAt(limit, "angularAxes");
            if ((linear && linear->size() == 2) || (angular && angular->size() == 2))
                add(Feature::RadialOrConeLimit, limitAt, "a limit over two axes");
            if (linear && linear->size() == 3 && limit.contains("stiffness"))
                add(Feature::LinearLimitSpring, limitAt, "a three-axis linear limit with a stiffness");
        }
        const Json* drives = arrayAt(list[i], "drives");
        for (size_t d = 0; drives && d < drives->size(); ++d) {
            const Json& drive = (*drives)[d];
            const std::string driveAt = at + "/drives/" + std::to_string(d);
            if (fieldOf(drive, "mode") == Json("acceleration"))
                add(Feature::DriveAcceleration, driveAt, "a drive in acceleration mode");
            if (drive.contains("maxForce") && number(drive, "maxForce", 1) == 0)
                add(Feature::MaxForceZero, driveAt, "maxForce 0");
        }
    }
}

void FeatureScanner::scanNodeOrder()
{
    if (!m_graph)
        return;
    const std::vector<size_t> order = depthFirstNodes(*m_graph);
    for (size_t i = 0; i < order.size(); ++i) {
        if (order[i] != i) {
            add(Feature::NodeOrder, "/nodes/" + std::to_string(order[i]),
                "node " + std::to_string(order[i]) + " is number " + std::to_string(i) +
                    " in depth-first order from the scene's first root");
            return;
        }
    }
}

std::vector<Occurrence> scanFeatures(const gltf::GltfDocument& doc)
{
    try {
        const auto graph = gltf::SceneGraph::build(doc);
        return FeatureScanner(doc, graph ? &*graph : nullptr).run();
    } catch (const Json::exception&) {
        return {}; // a JSON shape no reader expects; the validator reports it
    }
}

std::vector<Occurrence> scanFeatures(const gltf::GltfDocument& doc, const gltf::SceneGraph& graph)
{
    try {
        return FeatureScanner(doc, &graph).run();
    } catch (const Json::exception&) {
        return {}; // as above
    }
}

} // namespace cs::targets
