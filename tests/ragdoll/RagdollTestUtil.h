#pragma once

// Shared by the ragdoll tests: the test characters as Documents, and where things are in the world.

#include "RagdollCharacters.h"
#include "TestSupport.h"
#include "document/Document.h"
#include "document/Ragdoll.h"

#include <memory>

namespace cs::test {

inline std::unique_ptr<document::Document> characterDocument(RigNaming naming, double armatureScale = 1.0,
                                                             double lift = 0.0)
{
    return std::make_unique<document::Document>(loadJson(characterGltf(naming, armatureScale, lift).dump()));
}

/// The world position of a node's origin in the document.
inline geometry::Vec3d nodeOrigin(const document::Document& doc, size_t node)
{
    const QMatrix4x4& m = doc.sceneGraph().worldTransform(node);
    return {m(0, 3), m(1, 3), m(2, 3)};
}

/// The distance from p to the segment [a, b].
inline double segmentDistance(const geometry::Vec3d& p, const geometry::Vec3d& a, const geometry::Vec3d& b)
{
    const geometry::Vec3d ab = b - a;
    const double len2 = geometry::lengthSquared(ab);
    const double t = len2 > 0 ? std::clamp(geometry::dot(p - a, ab) / len2, 0.0, 1.0) : 0.0;
    return geometry::length(p - (a + ab * t));
}

} // namespace cs::test
