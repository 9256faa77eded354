#pragma once

#include <QMatrix4x4>
#include <vector>

class QQuick3DObject;

namespace cs::gltf {
struct RenderScene;
}

namespace cs::ui {

class InstanceTable;
class QuickScene;

/// The document's meshes in the Qt Quick 3D scene: one geometry and one model per primitive, drawn once per
/// node that uses its mesh through an instance table (one draw call a primitive however many nodes show it).
/// Base colour images are decoded once, in parallel, scaled down for display, and shared by every material
/// that shows them.
class MeshLayer
{
public:
    MeshLayer(QuickScene& scene, const gltf::RenderScene& renderScene, QQuick3DObject* parent);
    ~MeshLayer();
    MeshLayer(const MeshLayer&) = delete;
    MeshLayer& operator=(const MeshLayer&) = delete;

    void setVisible(bool visible);
    /// Moves the instances: one world matrix per instance of the scene, in its order; an empty list puts
    /// every instance back where the scene placed it.
    void setInstanceTransforms(const std::vector<QMatrix4x4>& world);
    size_t instanceCount() const { return m_placed.size(); }

private:
    QQuick3DObject* m_node = nullptr;
    std::vector<InstanceTable*> m_tables; ///< one per mesh (null: not drawn)
    struct Slot
    {
        size_t table = 0;
        size_t index = 0;
    };
    std::vector<Slot> m_slots; ///< where each instance sits
    std::vector<QMatrix4x4> m_placed;
};

} // namespace cs::ui
