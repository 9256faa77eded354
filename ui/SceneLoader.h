#pragma once

#include "Diagnostic.h"
#include "document/Document.h"
#include "document/SceneState.h"
#include "scene/Overlays.h"

#include <QString>
#include <atomic>
#include <memory>
#include <optional>

namespace cs::ui {

struct MeshPlan;

/// Everything the window needs of a newly opened file, computed off the GUI thread: the document, what the
/// views derive from it (SceneState: node graph, render scene, resolved physics, picking), and every
/// diagnostic (the file's path is in the messages where they need it).
struct LoadedScene : document::SceneState
{
    QString path; ///< the file, or a ":/..." resource for the bundled sample
    /// The file as an editable document, read, resolved and validated off the GUI thread and handed to the
    /// GUI thread; null when the file could not be read.
    std::unique_ptr<document::Document> document;
    Diagnostics fileDiagnostics; ///< the glTF loader's and the render scene's
    Diagnostics diagnostics;     ///< those, then the physics reader's and validator's
    bool cancelled = false;      ///< the reading stopped at a cancel (no document)
    /// How the viewport draws `render`, its batches filled while reading so that the GUI thread only makes
    /// the models; the viewport takes it (null once taken).
    std::shared_ptr<MeshPlan> meshPlan;
    /// The scene tree's rows as opened (SceneState::nodeRows), listed on the worker too; taken by the view.
    std::vector<document::NodeRow> rows;
    /// The overlays as opened (nothing selected), built on the worker too; taken by the view.
    std::optional<scene::Overlays> overlays;
};

/// Reads and prepares a file (or a Qt resource path). Safe to call from a worker thread: the document it
/// makes is moved to the application's main thread before it is returned. When `cancel` is set, it stops at
/// the next stage (after reading, after validation) with `cancelled` and no document.
std::shared_ptr<LoadedScene> loadScene(const QString& path, const std::atomic<bool>* cancel = nullptr);
/// What the window derives from a loaded scene beyond SceneState, made on the same worker so that the GUI
/// thread only hands it over: how the viewport draws it with its batches filled (LoadedScene::meshPlan; for a
/// big scene, hundreds of megabytes written), the tree's rows (LoadedScene::rows) and the overlays
/// (LoadedScene::overlays). Nothing for a scene without a document; a `cancel` set meanwhile stops the
/// writing and marks the scene cancelled.
void prepareView(LoadedScene& scene, const std::atomic<bool>* cancel = nullptr);

} // namespace cs::ui
