#pragma once

#include "gltf/AnimatedMeshes.h"
#include "viewport/MeshPlan.h"

#include <QByteArray>
#include <QMatrix4x4>
#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

class QQuick3DObject;
class QQuickWindow;

namespace cs::ui {

class InstanceTable;
class MeshBatch;
class MeshGeometry;
class MeshTextures;
class QuickScene;
class TextureStream;
struct DecodedTexture;

/// The document's meshes in the Qt Quick 3D scene. A mesh that several nodes use has one geometry and one
/// model per primitive, drawn once per node through an instance table (one draw call a primitive however many
/// nodes show it). Meshes drawn by one node each are placed in the world and merged into batches: one model
/// for the untextured ones (their colours in the vertices) and one per texture, each up to kBatchVertexLimit
/// vertices, so that a scene of many parts costs a few models. An instance that moves leaves its batches and
/// is drawn on its own from then on. Meshes whose material's alpha counts (MASK, BLEND) are drawn through
/// instance tables too, never merged with opaque ones. Base colour images are decoded once each, scaled down
/// for display and shared by every material that shows them; they arrive after the layer is made (see
/// TextureStream: textures() starts them), the materials showing their base colours meanwhile.
class MeshLayer
{
public:
    /// `known`: pixels decoded before, filled at once into the textures of the same images. `plan`: the
    /// drawing of `renderScene` planned (and its batches filled) beforehand, e.g. while the file was read;
    /// null, or made for another scene: planned here. The layer takes its batches.
    MeshLayer(QuickScene& scene, const gltf::RenderScene& renderScene, QQuick3DObject* parent,
              const std::vector<DecodedTexture>& known, std::shared_ptr<MeshPlan> plan = nullptr);
    /// Replaces `layer` (null: none yet) by a layer of `renderScene`; the images the old one had decoded
    /// are not decoded again.
    static void replace(std::unique_ptr<MeshLayer>& layer, QuickScene& scene,
                        const gltf::RenderScene& renderScene, QQuick3DObject* parent,
                        std::shared_ptr<MeshPlan> plan = nullptr);
    ~MeshLayer();
    MeshLayer(const MeshLayer&) = delete;
    MeshLayer& operator=(const MeshLayer&) = delete;

    void setVisible(bool visible);
    /// For a layer of more than heldTriangles triangles: keeps it hidden until `window` has presented a
    /// frame synchronised after this call. Qt Quick 3D asks for one more frame whenever it first meets a
    /// geometry, and Qt Quick's render loop holds the GUI thread until the frame being drawn is done before
    /// it starts that one: drawn at once, a scene that takes llvmpipe seconds to draw froze the window that
    /// long. Held, the geometries are met in a frame that does not draw them, and the long frame follows with
    /// the GUI thread free. False when the layer is not held (small enough, or the window not on screen).
    bool holdUntilSynced(QQuickWindow* window);
    /// About a third of a second of llvmpipe's drawing; tests lower it.
    static inline size_t heldTriangles = 4'000'000;
    bool held() const { return m_held; }
    /// Calls `done` once the layer is no longer held (at once when it is not). A layer replaced while held
    /// hands `done` to the next one.
    void whenShown(std::function<void()> done);
    /// Moves the instances: one world matrix per instance of the scene, in its order, and gives the
    /// primitives in `shapes` their vertices (setPrimitiveVertices); an empty list puts every instance back
    /// where the scene placed it, and every primitive reshaped back as it was (restorePrimitiveVertices).
    void setInstanceTransforms(const std::vector<QMatrix4x4>& world,
                               const std::vector<gltf::PosedPrimitive>& shapes = {});
    /// Hides the instances of one node (collapsed to a point: moved out of their batches), e.g. while the fit
    /// heat map draws that node's mesh in its colours; nothing puts every instance back as placed before.
    void setHiddenNode(std::optional<size_t> node);
    /// Replaces the vertices of primitive `primitive` (its index in the file's mesh) of mesh `mesh` wherever
    /// it is drawn (an animation's pose of a skinned mesh): positions and normals in the mesh's own space,
    /// one per vertex. Its instances leave their batches first. False when it is not drawn or the counts
    /// differ.
    bool setPrimitiveVertices(size_t mesh, size_t primitive, const std::vector<QVector3D>& positions,
                              const std::vector<QVector3D>& normals);
    /// Every primitive setPrimitiveVertices changed back to the vertices it had before (its instances stay
    /// out of their batches, drawn the same).
    void restorePrimitiveVertices();
    size_t instanceCount() const { return m_placed.size(); }
    /// The models drawing the meshes (instanced primitives, batches still drawing something, and the
    /// primitives of instances that left their batches).
    size_t modelCount() const { return m_models; }
    /// The batches still drawing something.
    size_t batchCount() const;
    /// The decoding of the base colour images, not started when the layer is made.
    TextureStream& textures() const { return *m_textures; }

private:
    /// Calls those waiting for the layer to be shown.
    void showWaiting();
    /// Draws `instance` on its own (its own instance table), out of the batches that held it; the batches
    /// left are added to `changed`.
    void leaveBatches(size_t instance, std::vector<bool>& changed);
    /// One model per primitive of each mesh drawn through an instance table.
    void addTableModels(const gltf::RenderScene& renderScene, const MeshPlan& plan, MeshTextures& textures);
    /// Takes the plan's filled batches and makes their models.
    void addBatchModels(MeshPlan& plan, MeshTextures& textures);
    /// Gives every instance its matrix: hidden, moved (m_moved) or as placed.
    void applyTransforms();
    /// Rewrites the batches flagged, hiding those left empty.
    void rebuildBatches(const std::vector<bool>& changed);
    /// Names `geometry`, drawing `key` outside batches, and lists it for setPrimitiveVertices.
    void addReshapable(MeshGeometry* geometry, std::pair<size_t, size_t> key);

    QuickScene& m_scene;
    QQuick3DObject* m_node = nullptr;
    /// Instance tables: one per mesh that several instances draw, then one per instance that left its
    /// batches.
    std::vector<InstanceTable*> m_tables;
    std::vector<MeshPlan::Slot> m_slots; ///< where each instance sits
    std::vector<QMatrix4x4> m_placed;
    std::vector<QMatrix4x4> m_moved;                ///< the last setInstanceTransforms() (empty: as placed)
    std::vector<size_t> m_nodeOf;                   ///< the node of each instance
    std::vector<size_t> m_meshOf;                   ///< the mesh of each instance
    using PrimitiveKey = std::pair<size_t, size_t>; ///< mesh, primitive index in the file's mesh
    std::map<const gltf::TriangleMesh*, PrimitiveKey> m_primitiveOf;
    /// The geometries drawing a primitive outside batches (an instance table's, or an instance's own).
    std::map<PrimitiveKey, std::vector<MeshGeometry*>> m_geometriesOf;
    std::map<MeshGeometry*, QByteArray> m_replaced; ///< vertices before setPrimitiveVertices, to restore
    std::optional<size_t> m_hiddenNode;
    struct Batch
    {
        std::unique_ptr<MeshBatch> batch;
        QQuick3DObject* model = nullptr;
        QQuick3DObject* map = nullptr; ///< the texture of a textured batch
        bool drawing = true;
        std::array<float, 4> tint{1, 1, 1, 1}; ///< the base colour factor of a textured or one-colour batch
        bool culled = false;                   ///< back faces not drawn (materials that are not doubleSided)
    };
    std::vector<Batch> m_batches;
    std::vector<std::vector<size_t>> m_batchesOf; ///< per instance: the batches holding its primitives
    size_t m_models = 0;
    size_t m_triangles = 0;
    bool m_visible = true, m_held = false;
    std::vector<std::function<void()>> m_whenShown;
    std::unique_ptr<TextureStream> m_textures;
};

} // namespace cs::ui
