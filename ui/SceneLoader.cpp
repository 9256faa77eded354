#include "SceneLoader.h"

#include "import/AssetImporter.h"
#include "physics/OmiReader.h"
#include "physics/Validator.h"

#include <QFile>

namespace cs::ui {

std::shared_ptr<LoadedScene> loadScene(const QString& path)
{
    auto scene = std::make_shared<LoadedScene>();
    scene->path = path;
    Result<gltf::GltfDocument> loaded;
    if (path.startsWith(QLatin1String(":/"))) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            scene->diagnostics.push_back(makeError("FILE_NOT_FOUND", "the bundled resource " + path.toStdString() +
                                                                         " is missing from this build"));
            return scene;
        }
        const QByteArray bytes = file.readAll();
        loaded = gltf::loadGltfFromBytes(gltf::Bytes(bytes.begin(), bytes.end()), path.mid(2).toStdString());
    } else {
        // glTF opens as it is, losslessly; any other format Assimp reads is imported into a new glTF document.
        loaded = import::openAnyAsset(path.toStdString());
    }
    scene->diagnostics = std::move(loaded.diagnostics);
    if (!loaded)
        return scene;
    scene->document = std::move(*loaded.value);
    auto graph = gltf::SceneGraph::build(*scene->document);
    scene->graph = std::move(*graph.value); // structure problems were reported by the loader already
    auto render = gltf::buildRenderScene(*scene->document, scene->graph);
    scene->diagnostics.insert(scene->diagnostics.end(), render.diagnostics.begin(), render.diagnostics.end());
    scene->render = std::move(*render.value);
    scene->fileDiagnostics = scene->diagnostics;
    auto physics = physics::readPhysics(*scene->document);
    scene->diagnostics.insert(scene->diagnostics.end(), physics.diagnostics.begin(), physics.diagnostics.end());
    scene->physics = std::move(*physics.value);
    const Diagnostics rules = physics::validateModel(*scene->document, scene->physics, scene->graph);
    scene->diagnostics.insert(scene->diagnostics.end(), rules.begin(), rules.end());
    scene->resolved = physics::resolveScene(scene->physics, scene->graph);
    scene->picking = scene::PickScene(*scene->document, scene->physics, scene->resolved, scene->render);
    return scene;
}

} // namespace cs::ui
