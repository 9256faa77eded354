#pragma once

#include <QMatrix4x4>
#include <Qt3DCore/QEntity>
#include <vector>

namespace Qt3DCore {
class QTransform;
}

namespace cs::gltf {
struct RenderScene;
}

namespace cs::ui {

/// The document's meshes as Qt 3D entities: one geometry per primitive, shared by every node that draws it.
class MeshLayer : public Qt3DCore::QEntity
{
public:
    MeshLayer(const gltf::RenderScene& scene, Qt3DCore::QNode* parent);

    /// Moves the instances: one world matrix per instance of the scene, in its order; an empty list puts
    /// every instance back where the scene placed it.
    void setInstanceTransforms(const std::vector<QMatrix4x4>& world);
    size_t instanceCount() const { return m_transforms.size(); }

private:
    std::vector<Qt3DCore::QTransform*> m_transforms;
    std::vector<QMatrix4x4> m_placed;
};

} // namespace cs::ui
