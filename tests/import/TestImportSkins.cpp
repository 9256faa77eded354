// Skinned meshes of FBX, DirectX .x and the other formats Assimp reads come in as glTF skins (issue 51: the
// ragdoll generator and the skinned collider geometry work "on Debian's skinned models"). What is checked:
// - the joints are the bones the source names, counted from the .x file's own text (its SkinWeights blocks);
// - every vertex's weights sum to 1, as glTF asks, and the file passes the Khronos validator;
// - posed by its skin in the pose the file stores, the mesh lies where the source draws it: with its
//   skeleton inside it, and where its node puts it when the source's skin agrees (these files are saved in
//   their bind pose), else moved as the source's skinning rule says (COLLADA's bind shape);
// - a skinned humanoid imported from .x gets a ragdoll, one body per bone it can fit, valid in both families.
#include "ImportTestUtil.h"
#include "TestSupport.h"
#include "document/Document.h"
#include "document/Ragdoll.h"
#include "document/SaveFamily.h"
#include "gltf/MeshTriangles.h"
#include "gltf/SceneGraph.h"
#include "gltf/Skinning.h"
#include "import/AssetImporter.h"
#include "physics/Validator.h"

#include <QTest>
#include <regex>
#include <set>

using namespace cs;
using namespace cs::test;

namespace {

/// The bone names of each `Mesh NAME {` block of a text .x file, read from its `SkinWeights { "bone";`.
std::map<std::string, std::set<std::string>> xBonesPerMesh(const std::string& text)
{
    std::map<std::string, std::set<std::string>> out;
    const std::regex token(R"(\bMesh\s+(\w+)\s*\{|SkinWeights\s*\{\s*\"([^\"]*)\")");
    std::string mesh;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), token); it != std::sregex_iterator();
         ++it) {
        if ((*it)[1].matched)
            mesh = (*it)[1].str();
        else
            out[mesh].insert((*it)[2].str());
    }
    return out;
}

/// The least and largest distance between a vertex of the mesh posed by `node`'s skin and the same vertex as
/// the mesh's positions hold it.
std::pair<double, double> skinMovement(const gltf::GltfDocument& doc, size_t mesh, size_t node)
{
    auto posed = gltf::posedMeshTriangles(doc, mesh, node);
    auto rest = gltf::restMeshTriangles(doc, mesh);
    if (!posed || !rest || posed->positions.size() != rest->positions.size())
        return {1e9, 1e9};
    double least = 1e9, most = 0;
    for (size_t i = 0; i < rest->positions.size(); ++i) {
        const double d = (posed->positions[i] - rest->positions[i]).length();
        least = std::min(least, d);
        most = std::max(most, d);
    }
    return {least, most};
}

/// The size of the mesh's box (its diagonal).
double meshSize(const gltf::GltfDocument& doc, size_t mesh)
{
    auto rest = gltf::restMeshTriangles(doc, mesh);
    QVector3D lo(1e30f, 1e30f, 1e30f), hi(-1e30f, -1e30f, -1e30f);
    for (const QVector3D& p : rest->positions) {
        lo = QVector3D(std::min(lo.x(), p.x()), std::min(lo.y(), p.y()), std::min(lo.z(), p.z()));
        hi = QVector3D(std::max(hi.x(), p.x()), std::max(hi.y(), p.y()), std::max(hi.z(), p.z()));
    }
    return double((hi - lo).length());
}

} // namespace

class TestImportSkins : public QObject
{
    Q_OBJECT

private slots:
    void skinsCarriedOver_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("skinnedNodes");
        QTest::addColumn<double>("shift");
        QTest::addColumn<bool>("skeletonInside");
        // skinnedNodes -1: at least one (the count is not read from the source's own text). shift: how far
        // the skin moves every vertex from where the mesh's node alone would put it, in metres (-1: not
        // checked). skeletonInside: every joint stands within the posed mesh's box (a character's skeleton is
        // inside it). A DirectX .x file's skinned vertices already hold the axes its frames convert, so the
        // skin puts the mesh with its skeleton, not where its frame would (the humanoid would lie on its
        // back, its bones standing): only the skeleton is checked there.
        QTest::newRow("x text cube") << "X/test_cube_text.x" << 1 << -1.0 << true;
        QTest::newRow("x binary cube") << "X/test_cube_binary.x" << 1 << -1.0 << true;
        QTest::newRow("x humanoid") << "X/BCN_Epileptic.X" << 3 << -1.0 << true;
        QTest::newRow("x wuson") << "X/Testwuson.X" << 1 << -1.0 << true;
        QTest::newRow("fbx bones") << "FBX/huesitos.fbx" << -1 << 0.0 << true;
        // Stored in an animated pose, not its bind pose (Bone.005 turned 37 degrees): the skin bends the
        // mesh, so only the structure is checked (eight weights per vertex: it has vertices of more than
        // four).
        QTest::newRow("fbx skeleton") << "FBX/animation_with_skeleton.fbx" << -1 << -1.0 << false;
        // COLLADA skins ignore the instancing node: vertex = joint world x INV_BIND_MATRIX x
        // bind_shape_matrix x vertex. The file's bind shape translates by (-1, 1, 1) and its Armature node,
        // which holds the Cube node, by (1, -1, 0): skinned, the cube sits (-2, 2, 1) from where its node
        // puts it, 3 m. Its one bone stands outside the cube.
        QTest::newRow("collada") << "Collada/box_nested_animation.dae" << -1 << 3.0 << false;
        QTest::newRow("md5") << "MD5/SimpleCube.md5mesh" << -1 << 0.0 << false;
        QTest::newRow("smd") << "SMD/WusonSMD.smd" << -1 << 0.0 << false;
    }
    void skinsCarriedOver()
    {
        if (!modelsAvailable())
            QSKIP("assimp-testmodels is not installed (scripts/setup.sh installs it)");
        QFETCH(QString, file);
        QFETCH(int, skinnedNodes);
        QFETCH(double, shift);
        QFETCH(bool, skeletonInside);
        const auto source = model(file.toStdString());
        auto doc = import::importAsset(source);
        QVERIFY2(doc, describe(doc.diagnostics).c_str());
        for (const Diagnostic& d : doc.diagnostics)
            QVERIFY2(d.code != "IMPORT_SKINS", d.message.c_str());
        const auto& json = doc->json();
        QVERIFY(json.contains("skins"));
        const auto bonesPerMesh = source.extension() == ".fbx"
                                      ? std::map<std::string, std::set<std::string>>{}
                                      : xBonesPerMesh(readText(source));
        int skinned = 0;
        for (size_t n = 0; n < json["nodes"].size(); ++n) {
            const auto& node = json["nodes"][n];
            if (!node.contains("skin"))
                continue;
            ++skinned;
            const size_t mesh = node["mesh"].get<size_t>();
            auto skin = gltf::readSkin(*doc, node["skin"].get<size_t>());
            QVERIFY2(skin, describe(skin.diagnostics).c_str());
            // The joints are the bones the source names for this mesh (.x: "mesh_NAME" holds NAME's bones).
            const std::string meshName = json["meshes"][mesh].value("name", std::string());
            for (const auto& [xMesh, bones] : bonesPerMesh) {
                if (xMesh == meshName || xMesh == "mesh_" + meshName) {
                    QCOMPARE(json["skins"][node["skin"].get<size_t>()]["joints"].size(), bones.size());
                    for (const auto& joint : json["skins"][node["skin"].get<size_t>()]["joints"])
                        QVERIFY(bones.count(json["nodes"][joint.get<size_t>()].value("name", "")) == 1);
                }
            }
            // Every vertex is weighed in full.
            for (size_t p = 0; p < json["meshes"][mesh]["primitives"].size(); ++p) {
                const auto& primitive = json["meshes"][mesh]["primitives"][p];
                const size_t count =
                    json["accessors"][primitive["attributes"]["POSITION"].get<size_t>()]["count"]
                        .get<size_t>();
                auto influences = gltf::readInfluences(*doc, mesh, p, count);
                QVERIFY2(influences, describe(influences.diagnostics).c_str());
                const size_t per = influences->perVertex;
                QVERIFY(per == 4 || per == 8);
                for (size_t v = 0; v < influences->vertexCount; ++v) {
                    double sum = 0;
                    for (size_t k = 0; k < per; ++k) {
                        sum += influences->weight[v * per + k];
                        QVERIFY(influences->joint[v * per + k] < skin->joints.size());
                    }
                    QVERIFY(std::abs(sum - 1.0) < 1e-5);
                }
            }
            // Posed as the file stores it, the mesh stays where the source draws it, or moves by what the
            // source's own skinning rule says.
            if (skeletonInside) {
                const auto graph = gltf::SceneGraph::build(*doc);
                QVERIFY(graph);
                auto posed = gltf::posedMeshTriangles(*doc, mesh, n);
                QVERIFY(posed);
                QVector3D lo(1e30f, 1e30f, 1e30f), hi(-1e30f, -1e30f, -1e30f);
                for (const QVector3D& local : posed->positions) {
                    const QVector3D p = graph->worldTransform(n).map(local);
                    lo = QVector3D(std::min(lo.x(), p.x()), std::min(lo.y(), p.y()), std::min(lo.z(), p.z()));
                    hi = QVector3D(std::max(hi.x(), p.x()), std::max(hi.y(), p.y()), std::max(hi.z(), p.z()));
                }
                const float margin = 0.1f * (hi - lo).length();
                for (size_t joint : skin->joints) {
                    const QVector3D at = graph->worldTransform(joint).map(QVector3D());
                    const bool inside = at.x() >= lo.x() - margin && at.x() <= hi.x() + margin &&
                                        at.y() >= lo.y() - margin && at.y() <= hi.y() + margin &&
                                        at.z() >= lo.z() - margin && at.z() <= hi.z() + margin;
                    QVERIFY2(inside, (file.toStdString() + ": joint " +
                                      json["nodes"][joint].value("name", std::string()) + " outside its skin")
                                         .c_str());
                }
            }
            if (shift < 0)
                continue;
            const auto [least, most] = skinMovement(*doc, mesh, n);
            const double tolerance = 1e-3 * meshSize(*doc, mesh);
            QVERIFY2(std::abs(most - shift) <= tolerance && std::abs(least - shift) <= tolerance,
                     (file.toStdString() + ": the skin moves the mesh by " + std::to_string(least) + " to " +
                      std::to_string(most))
                         .c_str());
        }
        if (skinnedNodes < 0)
            QVERIFY(skinned >= 1);
        else
            QCOMPARE(skinned, skinnedNodes);

        TempDir dir;
        QVERIFY(!hasErrors(gltf::saveGltf(*doc, dir / "skinned.glb")));
        if (!validatorAvailable())
            QFAIL("node or the gltf-validator npm package is not installed: scripts/setup.sh installs both");
        const auto reports = runValidator({dir / "skinned.glb"});
        QCOMPARE(reports.size(), size_t(1));
        QVERIFY2(reports[0].ran, reports[0].failure.c_str());
        QVERIFY2(reports[0].errors == 0, reports[0].text.c_str());
    }

    void bonesThatAreNoNodesAreReported()
    {
        // anim_test.x weighs its cylinder by joint1..joint4, but its frames hold only joint1 and joint2: the
        // skin cannot be placed as the file means it, so the mesh stays unskinned and the warning names it.
        if (!modelsAvailable())
            QSKIP("assimp-testmodels is not installed (scripts/setup.sh installs it)");
        const auto source = model("X/anim_test.x");
        const std::string text = readText(source);
        QVERIFY(text.find("Frame joint3") == std::string::npos &&
                text.find("\"joint3\"") != std::string::npos);
        auto doc = import::importAsset(source);
        QVERIFY(doc);
        QVERIFY(!doc->json().contains("skins"));
        QVERIFY(doc->json().contains("meshes"));
        bool named = false;
        for (const Diagnostic& d : doc.diagnostics)
            named = named || (d.code == "IMPORT_SKINS" && d.severity == Severity::Warning &&
                              d.message.find("pCylinder1") != std::string::npos);
        QVERIFY2(named, describe(doc.diagnostics).c_str());
    }

    void importedHumanoidGetsARagdoll()
    {
        if (!modelsAvailable())
            QSKIP("assimp-testmodels is not installed (scripts/setup.sh installs it)");
        auto imported = import::importAsset(model("X/BCN_Epileptic.X"));
        QVERIFY(imported);
        document::Document doc(std::move(*imported));
        const auto report = document::addRagdoll(doc, {});
        QVERIFY2(report.pushed, describe(report.diagnostics).c_str());
        QVERIFY(report.bodies >= 10); // torso, head, arms and legs at least
        QCOMPARE(report.joints, report.bodies - 1);
        // What it writes is valid physics in both families (its near-round bones' capsules have a positive
        // mid-height, as both ask).
        for (const physics::Family family : {physics::Family::Omi, physics::Family::Khr}) {
            TempDir dir;
            const auto path = dir / "ragdoll.glb";
            QVERIFY(!hasErrors(document::writeInFamily(doc, path, family)));
            auto loaded = gltf::loadGltf(path);
            QVERIFY(loaded);
            const Diagnostics findings = physics::validatePhysics(*loaded);
            QVERIFY2(!hasErrors(findings), describe(findings).c_str());
        }
    }
};

QTEST_MAIN(TestImportSkins)
#include "TestImportSkins.moc"
