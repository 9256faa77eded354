#include "SceneLoader.h"

#include "import/AssetImporter.h"
#include "viewport/MeshPlan.h"

#include <QCoreApplication>
#include <QFile>

namespace cs::ui {

std::shared_ptr<LoadedScene> loadScene(const QString& path, const std::atomic<bool>* cancel)
{
    auto scene = std::make_shared<LoadedScene>();
    auto stopped = [&] {
        scene->cancelled = cancel && cancel->load();
        return scene->cancelled;
    };
    scene->path = path;
    Result<gltf::GltfDocument> loaded;
    if (path.startsWith(QLatin1String(":/"))) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            scene->diagnostics.push_back(
                makeError("FILE_NOT_FOUND",
                          "the bundled resource " + path.toStdString() + " is missing from this build"));
            return scene;
        }
        const QByteArray bytes = file.readAll();
        loaded = gltf::loadGltfFromBytes(gltf::Bytes(bytes.begin(), bytes.end()), path.mid(2).toStdString());
    } else {
        // glTF opens as it is, losslessly; any other format Assimp reads is imported into a new glTF
        // document. Colliders spelled by names (Godot's suffixes, Unreal's prefixes) are read as the
        // command line reads them.
        import::ImportOptions options;
        options.fromNames = true;
        loaded = import::openAnyAsset(path.toStdString(), options);
    }
    scene->diagnostics = std::move(loaded.diagnostics);
    if (!loaded || stopped())
        return scene;
    // The document reads the physics model; validating here keeps that work off the GUI thread too.
    auto doc = std::make_unique<document::Document>(std::move(*loaded.value));
    doc->validateNow();
    if (stopped())
        return scene;
    const Diagnostics built = scene->rebuild(*doc);
    scene->diagnostics.insert(scene->diagnostics.end(), built.begin(), built.end());
    scene->fileDiagnostics = scene->diagnostics;
    const Diagnostics& read = doc->loadDiagnostics();
    scene->diagnostics.insert(scene->diagnostics.end(), read.begin(), read.end());
    const Diagnostics& rules = doc->diagnostics();
    scene->diagnostics.insert(scene->diagnostics.end(), rules.begin(), rules.end());
    if (QCoreApplication::instance())
        doc->moveToThread(QCoreApplication::instance()->thread());
    scene->document = std::move(doc);
    return scene;
}

void prepareView(LoadedScene& scene, const std::atomic<bool>* cancel)
{
    if (!scene.document || scene.cancelled)
        return;
    scene.meshPlan = std::make_shared<MeshPlan>(scene.render);
    scene.meshPlan->fill(cancel);
    if (cancel && cancel->load()) {
        // Some batches may be left unwritten: the plan goes with the cancelled open.
        scene.meshPlan.reset();
        scene.cancelled = true;
        return;
    }
    scene.rows = scene.nodeRows(*scene.document);
    const document::Document& doc = *scene.document;
    scene.overlays = scene::buildOverlays(
        doc.gltf(), doc.model(), scene.resolved, scene.graph,
        scene::windowOverlayOptions(scene.resolved.instances.size(), doc.selectedNodes()));
}

} // namespace cs::ui
