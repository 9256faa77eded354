// Colliders from names in an FBX file (issue 50, item 1: "in any format Assimp reads (FBX and OBJ from DCC
// exports keep the names)"). The FBX here is written by Assimp's own exporter (ASCII FBX: Assimp 5.2 cannot
// read back the binary FBX it writes, "block offset is out of range") from a scene built in the test, the way
// a DCC export reaches a pipeline: a render mesh "Wall", its Unreal hull "UCX_Wall" and a Godot "Crate-col".
// Read back through the importer, the names give the colliders they document.
#include "NamedColliderChecks.h"
#include "TestSupport.h"
#include "import/AssetImporter.h"
#include "import/NamedColliders.h"
#include "physics/OmiReader.h"

#include <QTest>
#include <assimp/Exporter.hpp>
#include <assimp/scene.h>
#include <memory>

using namespace cs;
using namespace cs::import;
using namespace cs::test;

namespace {

/// A closed box from `lo` to `hi` as an Assimp mesh (12 triangles).
aiMesh* boxMesh(const char* name, aiVector3D lo, aiVector3D hi)
{
    auto* mesh = new aiMesh;
    mesh->mName = name;
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    mesh->mNumVertices = 8;
    mesh->mVertices = new aiVector3D[8];
    for (unsigned i = 0; i < 8; ++i)
        mesh->mVertices[i] = aiVector3D(i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z);
    const unsigned faces[12][3] = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6}, {0, 1, 4}, {1, 5, 4},
                                   {2, 6, 3}, {3, 6, 7}, {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
    mesh->mNumFaces = 12;
    mesh->mFaces = new aiFace[12];
    for (unsigned f = 0; f < 12; ++f) {
        mesh->mFaces[f].mNumIndices = 3;
        mesh->mFaces[f].mIndices = new unsigned[3]{faces[f][0], faces[f][1], faces[f][2]};
    }
    return mesh;
}

aiNode* meshNode(const char* name, unsigned mesh, aiNode* parent)
{
    auto* node = new aiNode(name);
    node->mParent = parent;
    node->mNumMeshes = 1;
    node->mMeshes = new unsigned[1]{mesh};
    return node;
}

/// The scene as a DCC tool would export it: the hull's box is a little larger than the wall's.
std::unique_ptr<aiScene> levelScene()
{
    auto scene = std::make_unique<aiScene>();
    scene->mNumMaterials = 1;
    scene->mMaterials = new aiMaterial* [1] { new aiMaterial };
    scene->mNumMeshes = 3;
    scene->mMeshes = new aiMesh* [3] {
        boxMesh("Wall", {0, 0, 0}, {4, 2, 0.5f}), boxMesh("UCX_Wall", {-0.1f, 0, -0.1f}, {4.1f, 2.1f, 0.6f}),
            boxMesh("Crate", {6, 0, 0}, {7, 1, 1})
    };
    scene->mRootNode = new aiNode("Root");
    scene->mRootNode->mNumChildren = 3;
    scene->mRootNode->mChildren = new aiNode* [3] {
        meshNode("Wall", 0, scene->mRootNode), meshNode("UCX_Wall", 1, scene->mRootNode),
            meshNode("Crate-col", 2, scene->mRootNode)
    };
    return scene;
}

} // namespace

class TestNamedCollidersFbx : public QObject
{
    Q_OBJECT

private slots:
    void unrealAndGodotNamesInAnFbx()
    {
        TempDir dir;
        const auto path = dir.path() / "level.fbx";
        const std::unique_ptr<aiScene> scene = levelScene();
        Assimp::Exporter exporter;
        QVERIFY2(exporter.Export(scene.get(), "fbxa", path.string()) == aiReturn_SUCCESS,
                 exporter.GetErrorString());
        auto imported = importAsset(path);
        QVERIFY2(imported, describe(imported.diagnostics).c_str());
        const NamedColliderReport report = readNamedColliders(*imported);
        QVERIFY2(report.colliders.size() == 2, describe(report.diagnostics).c_str());
        const auto model = physics::readPhysics(*imported);
        QVERIFY(model);
        const auto [ucx, col] = byConvention(report);
        QVERIFY(ucx && col);
        // UCX_Wall: a convex hull of its 8 corners, on the render mesh Wall's node, no longer drawn itself.
        QCOMPARE(ucx->hint, std::string("UCX_"));
        QCOMPARE(ucx->type, physics::ShapeType::Convex);
        QCOMPARE(ucx->hullPoints, size_t(8));
        QVERIFY(ucx->removedFromRendering);
        const gltf::Json& nodes = imported->json()["nodes"];
        QCOMPARE(nodes[ucx->colliderNode]["name"].get<std::string>().rfind("Wall", 0), size_t(0));
        QVERIFY(!nodes[ucx->node].contains("mesh"));
        // Crate-col: a static triangle mesh collider of its own mesh, which stays drawn.
        QCOMPARE(col->hint, std::string("-col"));
        const physics::Shape* trimesh = colliderShape(*model, col->node);
        QVERIFY(trimesh && trimesh->type == physics::ShapeType::Trimesh);
        QVERIFY(nodes[col->node].contains("mesh"));
        QVERIFY(!col->dynamic);
    }
};

QTEST_GUILESS_MAIN(TestNamedCollidersFbx)
#include "TestNamedCollidersFbx.moc"
