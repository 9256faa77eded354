#pragma once

#include <Qt3DCore/QEntity>

namespace cs::gltf {
struct RenderScene;
}

namespace cs::ui {

/// The document's meshes as Qt 3D entities: one geometry per primitive, shared by every node that draws it.
class MeshLayer : public Qt3DCore::QEntity
{
public:
    MeshLayer(const gltf::RenderScene& scene, Qt3DCore::QNode* parent);
};

} // namespace cs::ui
