#pragma once

// How the viewport draws a render scene's meshes, worked out without any Qt Quick object: which meshes are
// drawn through instance tables, which primitives go into which batch, and the batches' vertices. Being free
// of the scene graph, it can be made and filled on the thread that reads a file, so that the GUI thread only
// makes the models (MeshLayer).

#include "gltf/RenderScene.h"

#include <array>
#include <atomic>
#include <memory>
#include <optional>
#include <vector>

namespace cs::ui {

class MeshBatch;

/// The texture a primitive shows: its image, how it is sampled, and whether its alpha counts (MASK, BLEND).
struct TextureKey
{
    int image = -1;
    gltf::TextureSampler sampler;
    bool alpha = false;

    bool operator==(const TextureKey&) const = default;
};

/// The texture primitive `p` of `scene` shows; none when it has no image, its image has no bytes, or it has
/// no texture coordinates for every vertex (it is then drawn in its base colour).
std::optional<TextureKey> textureKeyOf(const gltf::RenderScene& scene, const gltf::RenderPrimitive& p);

/// A mesh that several instances draw, or whose alpha counts (blended or masked: never merged with opaque
/// neighbours), is drawn through an instance table; the primitives of the others are placed in the world
/// and merged into batches, by texture, tint and culling, each up to kBatchVertexLimit vertices. A mesh with
/// a mirrored instance is not culled. Untextured primitives of a few colours (oneColourLimit) are batched by
/// colour, the model giving it; of more, together with each vertex carrying its colour (16 bytes more).
struct MeshPlan
{
    static constexpr size_t kBatched = size_t(-1);
    struct Slot
    {
        size_t table = kBatched; ///< the instance's table, or kBatched
        size_t index = 0;        ///< its row in the table
    };
    struct Batch
    {
        std::unique_ptr<MeshBatch> batch;
        std::optional<TextureKey> texture; ///< none: untextured
        std::array<float, 4> tint{1, 1, 1,
                                  1}; ///< the base colour factor (linear) of a textured or one-colour batch
        bool culled = false;          ///< back faces not drawn (materials that are not doubleSided)
    };

    /// Untextured colours up to which batches hold one colour each: a model per colour at least, against 16
    /// bytes a vertex for the colour in it.
    static inline size_t oneColourLimit = 16;

    /// Plans the drawing of `scene` (the batches not filled yet).
    explicit MeshPlan(const gltf::RenderScene& scene);
    ~MeshPlan();
    MeshPlan(MeshPlan&&) noexcept;
    MeshPlan& operator=(MeshPlan&&) noexcept;

    /// Writes every batch's vertices and indices (in parallel); reads the scene's draw data, so it comes
    /// before gltf::releaseDrawData. Batches not begun when `cancel` is set are left unwritten (the plan is
    /// then of no use).
    void fill(const std::atomic<bool>* cancel = nullptr);
    bool filled() const { return m_filled; }
    /// Whether this plan was made for `scene` (the same object, its instances and meshes unchanged in
    /// number).
    bool plans(const gltf::RenderScene& scene) const;

    std::vector<size_t> tableOfMesh; ///< per mesh: its instance table, or kBatched
    std::vector<bool> mirrored;      ///< per mesh: some instance mirrors it (its back faces are drawn)
    size_t tableCount = 0;
    std::vector<Slot> instanceSlots;            ///< per instance
    std::vector<Batch> batches;                 ///< in the order made
    std::vector<std::vector<size_t>> batchesOf; ///< per instance: the batches holding its primitives

private:
    void addToBatch(size_t instance, const gltf::RenderPrimitive& p, const std::optional<TextureKey>& texture,
                    const QMatrix4x4& world);

    const gltf::RenderScene* m_scene = nullptr;
    size_t m_instances = 0, m_meshes = 0;
    bool m_filled = false;
    bool m_oneColour = false; ///< untextured batches of one colour each
};

} // namespace cs::ui
