#pragma once

#include "simulation/SimulationInput.h"

#include <memory>
#include <vector>

class btCollisionShape;

namespace cs::simulation {

/// Internal to the simulation library (World.cpp): Bullet collision shapes made from ShapeGeometry, owned by
/// the store. Declares Bullet types only by name.
class EngineShapes
{
public:
    EngineShapes();
    ~EngineShapes();
    EngineShapes(const EngineShapes&) = delete;
    EngineShapes& operator=(const EngineShapes&) = delete;

    /// The shape of one geometry in its own frame, tagged with `material` and `filter` (read back by the
    /// contact and shape-pair callbacks through the shape's first and second user index). Box, sphere,
    /// capsule and cylinder map to Bullet's primitives; a tapered capsule to the hull of its two spheres
    /// (exact); a tapered cylinder or cone to the hull of its two circles; convex to the hull of the mesh
    /// positions, shrunk by its collision margin so that the margin puts the surface back where the mesh has
    /// it; trimesh to a BVH triangle mesh, or on a `moving` body to a concave moving mesh (GImpact).
    btCollisionShape* make(const geometry::ShapeGeometry& geometry, int material, int filter, bool moving);
    /// A static half-space below the XZ plane (normal +Y).
    btCollisionShape* makeInfinitePlane(int material, int filter);

    /// One shape for several placed parts (poses in the frame the object is placed by, after `frame`'s
    /// inverse is applied): a part alone at the frame's origin is returned as it is, else a compound.
    struct Part
    {
        btCollisionShape* shape = nullptr;
        Pose pose;
    };
    btCollisionShape* combine(const std::vector<Part>& parts, const Pose& frame);

private:
    struct Store;
    std::unique_ptr<Store> m;
};

} // namespace cs::simulation
