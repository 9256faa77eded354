#pragma once

// The scan behind scanFeatures(), split over FeatureScan.cpp (document, shapes, materials, filters, joints)
// and FeatureScanNodes.cpp (what each node carries). Internal to core/targets.

#include "gltf/SceneGraph.h"
#include "targets/FeatureScan.h"

#include <map>
#include <optional>

namespace cs::targets {

class FeatureScanner
{
public:
    /// `graph`: the document's node graph, as the caller built it (null: none could be built).
    FeatureScanner(const gltf::GltfDocument& doc, const gltf::SceneGraph* graph);
    std::vector<Occurrence> run();

private:
    void add(Feature f, std::string pointer, std::string detail, double amount = 0);
    void scanFamily();
    void scanShapes();
    void scanShape(const gltf::Json& shape, const std::string& pointer);
    void scanMaterials(const gltf::Json& list, const std::string& pointer);
    void scanFilters(const gltf::Json& list, const std::string& pointer);
    void scanJoints(const gltf::Json& list, const std::string& pointer);
    void scanNodeOrder();
    // FeatureScanNodes.cpp
    void scanNodes();
    void scanMotion(size_t node, const gltf::Json& motion, const std::string& pointer);
    void scanCollider(size_t node, const gltf::Json& collider, const std::string& pointer);
    void scanGeometry(size_t node, const gltf::Json& geometry, const std::string& pointer);
    /// A single trigger's convex hull, counted against the budget as a collider's.
    void scanTriggerHull(size_t node, const gltf::Json& trigger, const std::string& pointer);
    void scanColliderPlacement(size_t node, const std::string& pointer);
    /// The node's OMI_physics_body or KHR_physics_rigid_bodies object, or nullptr.
    const gltf::Json* bodyObject(size_t node) const;
    /// The nearest of the node and its ancestors that carries `motion`.
    std::optional<size_t> bodyOf(size_t node) const;
    /// True when the nearest body at or above the node is dynamic (KHR: not kinematic).
    bool inDynamicBody(size_t node) const;
    /// Points of the POSITION accessors of a mesh's primitives (0 when unreadable).
    double meshPoints(const gltf::Json& meshIndex) const;
    /// A HullPoints occurrence for the convex hull of mesh `meshIndex` that node `node` collides with.
    void addHull(size_t node, const gltf::Json& meshIndex, const std::string& pointer);

    const gltf::GltfDocument& m_doc;
    const gltf::Json& m_root;
    std::map<size_t, std::optional<geometry::HullCounts>> m_hullCounts; ///< per mesh, counted once
    const gltf::SceneGraph* m_graph = nullptr;
    bool m_khr = false;
    bool m_omi = false;
    std::string m_bodyExtension; ///< the node extension holding motion/collider/trigger
    gltf::Json m_shapes = gltf::Json::array();
    std::vector<Occurrence> m_found;
};

/// The object at root[key] when it is an object, else nullptr.
const gltf::Json* objectAt(const gltf::Json& root, const char* key);
/// root[key], or null when root is not an object or has no such key (never throws).
const gltf::Json& fieldOf(const gltf::Json& root, const char* key);
/// The array at root[key] when it is an array, else nullptr.
const gltf::Json* arrayAt(const gltf::Json& root, const char* key);

} // namespace cs::targets
