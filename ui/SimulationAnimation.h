#pragma once

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"
#include "gltf/SceneGraph.h"

#include <QObject>
#include <optional>

class QAction;
class QActionGroup;
class QMenu;

namespace cs::simulation {
struct SimulationInput;
}

namespace cs::ui {

class ActionTable;
class DocumentSession;

/// How the window names animation `index` of `doc` (which must exist): "2: walk", or "Animation 2" unnamed.
QString animationLabel(const gltf::GltfDocument& doc, size_t index);

/// Simulate > Animation: which of the file's animations the preview plays (none by default), and Loop. The
/// bodies it drives move along it as kinematic bodies and push the others (simulation::animateBodies, as
/// `simulate --animation` does). The list follows the open document; nothing of it is saved.
class SimulationAnimation : public QObject
{
    Q_OBJECT

public:
    SimulationAnimation(DocumentSession& session, ActionTable& actions, QMenu* menu);

    /// The animation chosen (an index into the document's animations), or none.
    std::optional<size_t> animation() const { return m_animation; }
    bool loop() const;
    /// Chooses an animation (none, or an index the document has); the menu follows.
    void choose(std::optional<size_t> index);
    /// Makes `input`, built from `doc`, play the chosen animation; its notes (errors: it cannot be played).
    Diagnostics apply(simulation::SimulationInput& input, const gltf::GltfDocument& doc,
                      const gltf::SceneGraph& graph) const;

signals:
    void changed();

private:
    /// Lists the open document's animations (a new document plays none).
    void rebuild();

    DocumentSession& m_session;
    QMenu* m_list = nullptr;
    QActionGroup* m_group = nullptr;
    QAction* m_loop = nullptr;
    std::optional<size_t> m_animation;
};

} // namespace cs::ui
