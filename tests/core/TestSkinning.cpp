// Skin and morph deformation (core/gltf/Skinning.h) against vertices worked out by hand from glTF 2.0's
// formulas: a morphed position is base + sum(weight_i * delta_i) (spec 3.7.2.2), a skinned one is
// sum(weight_j * jointWorld_j * inverseBind_j * v) (spec 3.7.3), and the skinned mesh node's own transform
// does not move the skinned vertices. The physics geometry uses the deformed mesh: the KHR draft says a
// collider's mesh geometry includes "any mesh deformation due to use of the skin or weights properties on the
// node or the referenced meshes" (shared/spec/KHR-PHYSICS-DIGEST.md 2.1 and 2.3: "mesh geometry incl.
// skin/morph deformation"; its section 3 restates the geometry rules without mentioning deformation).
#include "TestSupport.h"
#include "document/Document.h"
#include "document/GeometryInputs.h"
#include "gltf/Accessors.h"
#include "gltf/MeshTriangles.h"
#include "gltf/RenderScene.h"
#include "gltf/SceneGraph.h"
#include "gltf/Skinning.h"
#include "physics/Validator.h"
#include "scene/ShapeGeometryCache.h"
#include "simulation/SimulationInput.h"

#include <QTest>
#include <cmath>
#include <meshoptimizer.h>

using namespace cs;
using namespace cs::gltf;

namespace {

/// Hand-built buffers: each accessor gets a buffer view of its own in one buffer.
struct Buffers
{
    Bytes data;
    Json views = Json::array();
    Json accessors = Json::array();

    template <class T>
    size_t add(const std::vector<T>& values, int componentType, const char* type, bool normalized = false)
    {
        while (data.size() % 4)
            data.push_back(0);
        const size_t offset = data.size();
        for (T v : values) {
            const auto* p = reinterpret_cast<const std::uint8_t*>(&v);
            data.insert(data.end(), p, p + sizeof(T));
        }
        views.push_back({{"buffer", 0}, {"byteOffset", offset}, {"byteLength", data.size() - offset}});
        Json a = {{"bufferView", views.size() - 1},
                  {"componentType", componentType},
                  {"count", values.size() / size_t(componentCount(type))},
                  {"type", type}};
        if (normalized)
            a["normalized"] = true;
        accessors.push_back(a);
        return accessors.size() - 1;
    }

    GltfDocument document(Json rest)
    {
        rest["asset"] = {{"version", "2.0"}};
        rest["buffers"] = Json::array({{{"byteLength", data.size()}, {"uri", test::base64DataUri(data)}}});
        rest["bufferViews"] = views;
        rest["accessors"] = accessors;
        return test::loadJson(rest.dump());
    }
};

bool near(const QVector3D& got, const QVector3D& want, float tolerance = 1e-5f)
{
    return (got - want).length() <= tolerance;
}

std::string text(const QVector3D& v)
{
    return "(" + std::to_string(v.x()) + ", " + std::to_string(v.y()) + ", " + std::to_string(v.z()) + ")";
}

#define COMPARE_POINT(got, want) QVERIFY2(near(got, want), (text(got) + " != " + text(want)).c_str())

/// The two-bone bend: bone 0 at the origin, bone 1 one metre up the Y axis (its child), both bound straight
/// (inverse bind matrices: identity and a translation by -1 in Y); bone 1 is turned 90 degrees about +Z.
/// The skinned node 2 is moved by `skinnedNodeTranslation`, which the skin ignores.
GltfDocument twoBoneBend(const std::vector<float>& skinnedNodeTranslation)
{
    Buffers b;
    // A (1, 0.5, 0) all bone 0; B (1, 2, 0) all bone 1; C (1, 1, 0) half and half; then the same three at
    // z = 1 (a second triangle, so that the mesh has volume for a hull). Z is along the bend's axis.
    const size_t position =
        b.add<float>({1, 0.5f, 0, 1, 2, 0, 1, 1, 0, 1, 0.5f, 1, 1, 2, 1, 1, 1, 1}, Float, "VEC3");
    const size_t joints = b.add<std::uint8_t>(
        {0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0}, UnsignedByte, "VEC4");
    const size_t weights = b.add<float>(
        {1, 0, 0, 0, 1, 0, 0, 0, 0.5f, 0.5f, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0.5f, 0.5f, 0, 0}, Float, "VEC4");
    const size_t ibm = b.add<float>({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0,  0, 1, //
                                     1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1},
                                    Float, "MAT4");
    const float s = std::sqrt(0.5f);
    return b.document(
        {{"scenes", {{{"nodes", {0, 2}}}}},
         {"nodes",
          {{{"children", {1}}},
           {{"translation", {0, 1, 0}}, {"rotation", {0, 0, s, s}}},
           {{"mesh", 0}, {"skin", 0}, {"translation", skinnedNodeTranslation}}}},
         {"skins", {{{"joints", {0, 1}}, {"inverseBindMatrices", ibm}}}},
         {"meshes",
          {{{"primitives",
             {{{"attributes", {{"POSITION", position}, {"JOINTS_0", joints}, {"WEIGHTS_0", weights}}}}}}}}}});
}

/// Three vertices and one morph target; `meshWeights` and `nodeWeights` as JSON (null: absent).
GltfDocument morphed(const Json& meshWeights, const Json& nodeWeights)
{
    Buffers b;
    const size_t position = b.add<float>({0, 0, 0, 1, 0, 0, 0, 1, 0}, Float, "VEC3");
    const size_t delta = b.add<float>({0, 0, 2, 0, 0, 0, 4, -2, 0}, Float, "VEC3");
    Json mesh = {
        {"primitives", {{{"attributes", {{"POSITION", position}}}, {"targets", {{{"POSITION", delta}}}}}}}};
    if (!meshWeights.is_null())
        mesh["weights"] = meshWeights;
    Json node = {{"mesh", 0}};
    if (!nodeWeights.is_null())
        node["weights"] = nodeWeights;
    return b.document({{"nodes", {node}}, {"meshes", {mesh}}});
}

/// Bounds of positions mapped by `m`.
std::pair<QVector3D, QVector3D> bounds(const std::vector<QVector3D>& points, const QMatrix4x4& m = {})
{
    QVector3D lo(1e30f, 1e30f, 1e30f), hi = -lo;
    for (const QVector3D& p : points) {
        const QVector3D w = m.map(p);
        for (int c = 0; c < 3; ++c) {
            lo[c] = std::min(lo[c], w[c]);
            hi[c] = std::max(hi[c], w[c]);
        }
    }
    return {lo, hi};
}

/// The two-bone bend of twoBoneBend() (first three vertices, node at the origin) with POSITION, JOINTS_0 and
/// normalized unsigned byte WEIGHTS_0 each in an EXT_meshopt_compression buffer view, encoded here with
/// meshoptimizer's own encoder; the uncompressed buffer is a fallback without data.
GltfDocument meshoptBend()
{
    const std::vector<float> positions = {1, 0.5f, 0, 1, 2, 0, 1, 1, 0};
    const std::vector<std::uint8_t> joints = {0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0};
    const std::vector<std::uint8_t> weights = {255, 0, 0, 0, 255, 0, 0, 0, 128, 127, 0, 0};
    Buffers b;
    Json views = Json::array();
    size_t fallback = 0;
    auto compressed = [&](const void* data, size_t stride) {
        Bytes stream(meshopt_encodeVertexBufferBound(3, stride));
        stream.resize(meshopt_encodeVertexBuffer(stream.data(), stream.size(), data, 3, stride));
        while (b.data.size() % 4)
            b.data.push_back(0);
        const size_t offset = b.data.size();
        b.data.insert(b.data.end(), stream.begin(), stream.end());
        views.push_back({{"buffer", 1},
                         {"byteOffset", fallback},
                         {"byteLength", 3 * stride},
                         {"byteStride", stride},
                         {"extensions",
                          {{"EXT_meshopt_compression",
                            {{"buffer", 0},
                             {"byteOffset", offset},
                             {"byteLength", stream.size()},
                             {"byteStride", stride},
                             {"count", 3},
                             {"mode", "ATTRIBUTES"}}}}}});
        fallback += 3 * stride;
        return views.size() - 1;
    };
    const size_t pv = compressed(positions.data(), 12);
    const size_t jv = compressed(joints.data(), 4);
    const size_t wv = compressed(weights.data(), 4);
    const float s = std::sqrt(0.5f);
    const Json json = {
        {"asset", {{"version", "2.0"}}},
        {"extensionsUsed", {"EXT_meshopt_compression"}},
        {"extensionsRequired", {"EXT_meshopt_compression"}},
        {"buffers",
         {{{"byteLength", b.data.size()}, {"uri", test::base64DataUri(b.data)}},
          {{"byteLength", fallback}, {"extensions", {{"EXT_meshopt_compression", {{"fallback", true}}}}}}}},
        {"bufferViews", views},
        {"accessors",
         {{{"bufferView", pv}, {"componentType", Float}, {"count", 3}, {"type", "VEC3"}},
          {{"bufferView", jv}, {"componentType", UnsignedByte}, {"count", 3}, {"type", "VEC4"}},
          {{"bufferView", wv},
           {"componentType", UnsignedByte},
           {"normalized", true},
           {"count", 3},
           {"type", "VEC4"}}}},
        {"nodes",
         {{{"children", {1}}},
          {{"translation", {0, 1, 0}}, {"rotation", {0, 0, s, s}}},
          {{"mesh", 0}, {"skin", 0}}}},
        {"skins", {{{"joints", {0, 1}}}}},
        {"meshes",
         {{{"primitives", {{{"attributes", {{"POSITION", 0}, {"JOINTS_0", 1}, {"WEIGHTS_0", 2}}}}}}}}}};
    return test::loadJson(json.dump());
}

/// A glTF of Debian's assimp-testmodels; none when the package is not installed (a file there that does not
/// load fails the test).
std::optional<GltfDocument> assimpModel(const std::string& relative)
{
    const std::filesystem::path file = "/usr/share/assimp/models/glTF2/" + relative;
    if (!std::filesystem::exists(file))
        return std::nullopt;
    auto doc = loadGltf(file);
    if (!doc)
        qFatal("%s does not load: %s", file.c_str(), test::describe(doc.diagnostics).c_str());
    return std::move(*doc.value);
}

} // namespace

class TestSkinning : public QObject
{
    Q_OBJECT

private slots:
    void twoBoneBendAtNinetyDegrees()
    {
        // Joint matrices: bone 0: world I * inverse bind I = I. Bone 1: world T(0,1,0) R_z(90) times inverse
        // bind T(0,-1,0): a vertex v goes to R_z(90)(v - (0,1,0)) + (0,1,0), where R_z(90)(x, y) = (-y, x).
        //   A (1, 0.5, 0), weight 1 to bone 0: stays (1, 0.5, 0).
        //   B (1, 2, 0), weight 1 to bone 1: v - (0,1,0) = (1, 1, 0) -> (-1, 1, 0) -> (-1, 2, 0).
        //   C (1, 1, 0), 0.5 / 0.5: bone 0 gives (1, 1, 0); bone 1: (1, 0, 0) -> (0, 1, 0) -> (0, 2, 0);
        //     the blend is 0.5 (1, 1, 0) + 0.5 (0, 2, 0) = (0.5, 1.5, 0).
        // The skinned node 2 sits at (5, 0, 0): the skin ignores it, so in its frame (where every reader of
        // mesh geometry puts a mesh before applying the node's world transform) the vertices are 5 less in X.
        const GltfDocument doc = twoBoneBend({5, 0, 0});
        auto mesh = meshTriangles(doc, 0);
        QVERIFY2(mesh, test::describe(mesh.diagnostics).c_str());
        QCOMPARE(mesh->positions.size(), size_t(6));
        const QMatrix4x4 world = SceneGraph::build(doc)->worldTransform(2);
        COMPARE_POINT(world.map(mesh->positions[0]), QVector3D(1, 0.5f, 0));
        COMPARE_POINT(world.map(mesh->positions[1]), QVector3D(-1, 2, 0));
        COMPARE_POINT(world.map(mesh->positions[2]), QVector3D(0.5f, 1.5f, 0));
        COMPARE_POINT(mesh->positions[1], QVector3D(-6, 2, 0));
        COMPARE_POINT(world.map(mesh->positions[5]), QVector3D(0.5f, 1.5f, 1)); // C at z = 1
        // The rest geometry is the accessor's.
        auto rest = restMeshTriangles(doc, 0);
        COMPARE_POINT(rest->positions[1], QVector3D(1, 2, 0));
    }

    void morphAtHalfWeight()
    {
        // base + 0.5 * delta: (0,0,0) + 0.5 (0,0,2) = (0,0,1); (1,0,0) unchanged; (0,1,0) + 0.5 (4,-2,0) =
        // (2,0,0). The node's weights, when it has them, replace the mesh's: weight 1 gives (0,0,2),
        // (4,-1,0).
        auto half = meshTriangles(morphed(Json::array({0.5}), Json()), 0);
        QVERIFY2(half, test::describe(half.diagnostics).c_str());
        COMPARE_POINT(half->positions[0], QVector3D(0, 0, 1));
        COMPARE_POINT(half->positions[1], QVector3D(1, 0, 0));
        COMPARE_POINT(half->positions[2], QVector3D(2, 0, 0));
        auto node = meshTriangles(morphed(Json::array({0.5}), Json::array({1.0})), 0);
        COMPARE_POINT(node->positions[0], QVector3D(0, 0, 2));
        COMPARE_POINT(node->positions[2], QVector3D(4, -1, 0));
        auto none = meshTriangles(morphed(Json(), Json()), 0); // no weights: all 0
        COMPARE_POINT(none->positions[2], QVector3D(0, 1, 0));
    }

    void eightInfluences()
    {
        // One vertex at the origin weighted 1/8 to each of eight joints (JOINTS_0/WEIGHTS_0 and
        // JOINTS_1/WEIGHTS_1), joint j translated by (j, 0, 2^j), inverse binds identity: the vertex lands on
        // the mean, x = (0+...+7)/8 = 3.5 and z = (2^8 - 1)/8 = 31.875; a set read twice or left out would
        // change z.
        Buffers b;
        const size_t position = b.add<float>({0, 0, 0, 0, 0, 0, 0, 0, 0}, Float, "VEC3");
        const size_t j0 = b.add<std::uint16_t>({0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3}, UnsignedShort, "VEC4");
        const size_t j1 = b.add<std::uint16_t>({4, 5, 6, 7, 4, 5, 6, 7, 4, 5, 6, 7}, UnsignedShort, "VEC4");
        const std::vector<float> eighth(12, 0.125f);
        const size_t w0 = b.add<float>(eighth, Float, "VEC4");
        const size_t w1 = b.add<float>(eighth, Float, "VEC4");
        Json nodes = Json::array({{{"mesh", 0}, {"skin", 0}}});
        Json joints = Json::array();
        for (int j = 0; j < 8; ++j) {
            nodes.push_back({{"translation", {j, 0, std::pow(2.0, j)}}});
            joints.push_back(j + 1);
        }
        const GltfDocument doc = b.document({{"nodes", nodes},
                                             {"skins", {{{"joints", joints}}}},
                                             {"meshes",
                                              {{{"primitives",
                                                 {{{"attributes",
                                                    {{"POSITION", position},
                                                     {"JOINTS_0", j0},
                                                     {"WEIGHTS_0", w0},
                                                     {"JOINTS_1", j1},
                                                     {"WEIGHTS_1", w1}}}}}}}}}});
        auto mesh = meshTriangles(doc, 0);
        QVERIFY2(mesh, test::describe(mesh.diagnostics).c_str());
        COMPARE_POINT(mesh->positions[0], QVector3D(3.5f, 0, 31.875f));
    }

    void quantizedWeights()
    {
        // Normalized unsigned byte weights 128 and 127 read as 128/255 and 127/255 (sum 1, spec 3.11);
        // joint 0 at the origin, joint 1 at (255, 0, 0): the vertex at the origin lands at 127/255 * 255 =
        // (127, 0, 0).
        Buffers b;
        const size_t position = b.add<float>({0, 0, 0, 0, 0, 0, 0, 0, 0}, Float, "VEC3");
        const size_t joints = b.add<std::uint8_t>({0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0}, UnsignedByte, "VEC4");
        const size_t weights =
            b.add<std::uint8_t>({128, 127, 0, 0, 128, 127, 0, 0, 128, 127, 0, 0}, UnsignedByte, "VEC4", true);
        const GltfDocument doc = b.document(
            {{"nodes", {{{"mesh", 0}, {"skin", 0}}, Json::object(), {{"translation", {255, 0, 0}}}}},
             {"skins", {{{"joints", {1, 2}}}}},
             {"meshes",
              {{{"primitives",
                 {{{"attributes",
                    {{"POSITION", position}, {"JOINTS_0", joints}, {"WEIGHTS_0", weights}}}}}}}}}});
        auto mesh = meshTriangles(doc, 0);
        QVERIFY2(mesh, test::describe(mesh.diagnostics).c_str());
        QVERIFY2(!findDiagnostic(mesh.diagnostics, "SKIN_WEIGHTS_NOT_NORMALIZED"),
                 test::describe(mesh.diagnostics).c_str());
        COMPARE_POINT(mesh->positions[0], QVector3D(127, 0, 0));
    }

    void meshoptCompressedSkin()
    {
        // The bend with its attributes meshopt-compressed and its weights normalized unsigned bytes, inverse
        // binds absent (identity; bone 1's world is T(0,1,0) R_z(90), so its joint matrix is that alone:
        // v goes to R_z(90) v + (0, 1, 0)). A (1, 0.5, 0), all bone 0: stays. B (1, 2, 0), all bone 1:
        // (-2, 1, 0) + (0, 1, 0) = (-2, 2, 0). C (1, 1, 0) with 128/255 to bone 0 and 127/255 to bone 1
        // (bone 1 gives (-1, 1, 0) + (0, 1, 0) = (-1, 2, 0)): (128 - 127, 128 + 254, 0) / 255 =
        // (1/255, 382/255, 0).
        const GltfDocument doc = meshoptBend();
        auto mesh = meshTriangles(doc, 0);
        QVERIFY2(mesh, test::describe(mesh.diagnostics).c_str());
        COMPARE_POINT(mesh->positions[0], QVector3D(1, 0.5f, 0));
        COMPARE_POINT(mesh->positions[1], QVector3D(-2, 2, 0));
        COMPARE_POINT(mesh->positions[2], QVector3D(1.0f / 255, 382.0f / 255, 0));
    }

    void defectsAreNamedWithTheirPointer()
    {
        Buffers b;
        const size_t position = b.add<float>({0, 0, 0, 0, 0, 0, 0, 0, 0}, Float, "VEC3");
        const size_t badJoint =
            b.add<std::uint8_t>({5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, UnsignedByte, "VEC4");
        const size_t half = b.add<float>({0.5f, 0, 0, 0, 0.5f, 0, 0, 0, 0.5f, 0, 0, 0}, Float, "VEC4");
        const size_t oneJoint =
            b.add<std::uint8_t>({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, UnsignedByte, "VEC4");
        const size_t oneIbm = b.add<float>({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, Float, "MAT4");
        auto docWith = [&](size_t joints, const Json& skin) {
            return b.document(
                {{"nodes", {{{"mesh", 0}, {"skin", 0}}, {{"translation", {0, 3, 0}}}, Json::object()}},
                 {"skins", {skin}},
                 {"meshes",
                  {{{"primitives",
                     {{{"attributes",
                        {{"POSITION", position}, {"JOINTS_0", joints}, {"WEIGHTS_0", half}}}}}}}}}});
        };
        // Joint 5 of a two-joint skin: an error at the JOINTS_0 accessor.
        auto bad = meshTriangles(docWith(badJoint, {{"joints", {1, 2}}}), 0);
        QVERIFY(!bad);
        const Diagnostic* d = findDiagnostic(bad.diagnostics, "SKIN_JOINT_OUT_OF_RANGE");
        QVERIFY2(d && d->pointer == "/accessors/" + std::to_string(badJoint),
                 test::describe(bad.diagnostics).c_str());
        // Weights adding up to 0.5: a warning at WEIGHTS_0, and each vertex divided by its sum (so at joint
        // 0, (0, 3, 0)) rather than pulled halfway to the origin.
        auto unnormalized = meshTriangles(docWith(oneJoint, {{"joints", {1, 2}}}), 0);
        QVERIFY2(unnormalized, test::describe(unnormalized.diagnostics).c_str());
        d = findDiagnostic(unnormalized.diagnostics, "SKIN_WEIGHTS_NOT_NORMALIZED");
        QVERIFY(d && d->severity == Severity::Warning && d->pointer == "/accessors/" + std::to_string(half));
        COMPARE_POINT(unnormalized->positions[0], QVector3D(0, 3, 0));
        // One inverse bind matrix for two joints: an error at the matrices' accessor.
        auto shortIbm =
            meshTriangles(docWith(oneJoint, {{"joints", {1, 2}}, {"inverseBindMatrices", oneIbm}}), 0);
        QVERIFY(!shortIbm);
        d = findDiagnostic(shortIbm.diagnostics, "SKIN_INVALID");
        QVERIFY2(d && d->pointer == "/accessors/" + std::to_string(oneIbm),
                 test::describe(shortIbm.diagnostics).c_str());
    }

    void collidersHullsAndFitsUseThePose()
    {
        // A KHR collider on the skinned node (geometry.node 2, at the origin here) and a hull of its mesh:
        // their extents are the bent vertices' (x in [-1, 1], y in [0.5, 2], z in [0, 1]), not the straight
        // ones' (x = 1).
        GltfDocument gltf = twoBoneBend({0, 0, 0});
        gltf.json()["extensionsUsed"] = {"KHR_physics_rigid_bodies"};
        gltf.json()["nodes"][2]["extensions"] = {
            {"KHR_physics_rigid_bodies",
             {{"collider", {{"geometry", {{"node", 2}, {"convexHull", true}}}}}}}};
        document::Document document(std::move(gltf));
        const Diagnostic* info = findDiagnostic(document.loadDiagnostics(), "KHR_GEOMETRY_DEFORMED");
        QVERIFY2(info && info->severity == Severity::Info,
                 test::describe(document.loadDiagnostics()).c_str());

        const physics::Shape& shape = document.model().shapes.at(0);
        auto geometry = document::shapeGeometry(document, shape);
        QVERIFY2(geometry && geometry->mesh, test::describe(geometry.diagnostics).c_str());
        auto [lo, hi] = bounds(geometry->mesh->positions);
        COMPARE_POINT(lo, QVector3D(-1, 0.5f, 0));
        COMPARE_POINT(hi, QVector3D(1, 2, 1));
        // The overlays, picking and the preview read shapes through the cache.
        scene::ShapeGeometryCache cache(document.gltf(), document.model().format);
        auto cached = cache.geometryOf(shape);
        QVERIFY(cached && cached->mesh);
        std::tie(lo, hi) = bounds(cached->mesh->positions);
        COMPARE_POINT(lo, QVector3D(-1, 0.5f, 0));
        // The simulation preview's static shape: the hull of the bent mesh.
        auto sim = simulation::buildSimulationInput(document.gltf(), document.model(), document.sceneGraph());
        QVERIFY2(sim && sim->statics.size() == 1 && sim->statics[0].shape.geometry.mesh,
                 test::describe(sim.diagnostics).c_str());
        std::tie(lo, hi) = bounds(sim->statics[0].shape.geometry.mesh->positions);
        COMPARE_POINT(lo, QVector3D(-1, 0.5f, 0));
        COMPARE_POINT(hi, QVector3D(1, 2, 1));
        // Hulls and fits made from the node's mesh.
        auto hull = document::hullOfNodeMesh(document, 2);
        QVERIFY2(hull, test::describe(hull.diagnostics).c_str());
        std::tie(lo, hi) = bounds(hull->positions);
        COMPARE_POINT(lo, QVector3D(-1, 0.5f, 0));
        COMPARE_POINT(hi, QVector3D(1, 2, 1));
    }

    void validationNamesADeformationThatFails()
    {
        // The bend's skin cut to one joint: vertices weighted to bone 1 name a joint the skin does not have,
        // and `validate` (and so `inspect`) says so at the JOINTS_0 accessor (1) for the collider's mesh.
        GltfDocument gltf = twoBoneBend({0, 0, 0});
        gltf.json()["extensionsUsed"] = {"KHR_physics_rigid_bodies"};
        gltf.json()["skins"][0] = {{"joints", {0}}};
        gltf.json()["nodes"][2]["extensions"] = {
            {"KHR_physics_rigid_bodies", {{"collider", {{"geometry", {{"node", 2}}}}}}}};
        const Diagnostics found = physics::validatePhysics(gltf);
        const Diagnostic* d = findDiagnostic(found, "SKIN_JOINT_OUT_OF_RANGE");
        QVERIFY2(d && d->severity == Severity::Error && d->pointer == "/accessors/1",
                 test::describe(found).c_str());
    }

    void omiShapesUseTheMeshAsItIs()
    {
        // OMI_physics_shape names "the glTF mesh" and says "physics shapes inherit the transform of the glTF
        // node they are attached to" (shared/spec/OMI-SPEC-DIGEST.md 2.4), with no word on skins or morph
        // targets: an OMI trimesh of the bent mesh is the straight mesh of the accessors, x = 1 for every
        // vertex, y in [0.5, 2], while the viewport draws it bent.
        GltfDocument gltf = twoBoneBend({0, 0, 0});
        gltf.json()["extensionsUsed"] = {"OMI_physics_shape", "OMI_physics_body"};
        gltf.json()["extensions"] = {
            {"OMI_physics_shape", {{"shapes", {{{"type", "trimesh"}, {"trimesh", {{"mesh", 0}}}}}}}}};
        gltf.json()["nodes"][2]["extensions"] = {{"OMI_physics_body", {{"collider", {{"shape", 0}}}}}};
        document::Document document(std::move(gltf));
        QCOMPARE(document.model().format, physics::SourceFormat::Omi);
        auto geometry = document::shapeGeometry(document, document.model().shapes.at(0));
        QVERIFY2(geometry && geometry->mesh, test::describe(geometry.diagnostics).c_str());
        auto [lo, hi] = bounds(geometry->mesh->positions);
        COMPARE_POINT(lo, QVector3D(1, 0.5f, 0));
        COMPARE_POINT(hi, QVector3D(1, 2, 1));
        scene::ShapeGeometryCache cache(document.gltf(), document.model().format);
        std::tie(lo, hi) = bounds(cache.geometryOf(document.model().shapes.at(0))->mesh->positions);
        COMPARE_POINT(lo, QVector3D(1, 0.5f, 0));
    }

    void viewportDrawsThePose()
    {
        // The render scene's world bounds are the bent vertices' too, wherever the skinned node is.
        const GltfDocument doc = twoBoneBend({5, 0, 0});
        auto scene = buildRenderScene(doc, *SceneGraph::build(doc));
        QVERIFY2(scene, test::describe(scene.diagnostics).c_str());
        COMPARE_POINT(scene->boundsMin, QVector3D(-1, 0.5f, 0));
        COMPARE_POINT(scene->boundsMax, QVector3D(1, 2, 1));
    }

    void simpleSkinFromAssimp()
    {
        // simple_skin.gltf: joints nodes 1 (translation (0, 1, 0), child of the skinned node 0 which has no
        // transform) and 2 (its child, rotation identity); both inverse bind matrices translate by
        // (-0.5, -1, 0) (the second buffer: last column -0.5, -1, 0, 1). Each joint matrix is then
        // T(0,1,0) T(-0.5,-1,0) = T(-0.5, 0, 0): the whole strip, at rest x in [0, 1], y in [0, 2], is drawn
        // half a metre to the left, x in [-0.5, 0.5].
        auto doc = assimpModel("simple_skin/simple_skin.gltf");
        if (!doc)
            QSKIP("assimp's test models (assimp-testmodels) are not installed");
        auto mesh = meshTriangles(*doc, 0);
        QVERIFY2(mesh, test::describe(mesh.diagnostics).c_str());
        auto [lo, hi] = bounds(mesh->positions);
        COMPARE_POINT(lo, QVector3D(-0.5f, 0, 0));
        COMPARE_POINT(hi, QVector3D(0.5f, 2, 0));
        auto scene = buildRenderScene(*doc, *SceneGraph::build(*doc));
        COMPARE_POINT(scene->boundsMin, QVector3D(-0.5f, 0, 0));
        COMPARE_POINT(scene->boundsMax, QVector3D(0.5f, 2, 0));
    }

    void animatedMorphCube()
    {
        // AnimatedMorphCube: the mesh's weights are [0, 0], so the file's pose is the rest cube (POSITION min
        // and max +-0.01). Target 0 ("thin") moves the bottom face up by its accessor's max delta 0.01893253
        // and leaves the top, so at weight 0.5 the mesh spans y in [-0.01 + 0.5 * 0.01893253, 0.01] =
        // [-0.000533735, 0.01] (checked against the .bin with a separate script). The node (scale 100,
        // rotation 180 degrees about (0, 1, -1)/sqrt 2, which sends mesh y to world -z and mesh z to world
        // -y) puts that at world z in [-1, 0.0533735].
        auto doc = assimpModel("glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf");
        if (!doc)
            QSKIP("assimp's test models (assimp-testmodels) are not installed");
        auto rest = meshTriangles(*doc, 0);
        QVERIFY2(rest, test::describe(rest.diagnostics).c_str());
        auto [lo, hi] = bounds(rest->positions);
        QVERIFY(std::abs(lo.y() + 0.01f) < 1e-6f && std::abs(hi.y() - 0.01f) < 1e-6f);
        doc->json()["meshes"][0]["weights"] = {0.5, 0.0};
        auto half = meshTriangles(*doc, 0);
        QVERIFY2(half, test::describe(half.diagnostics).c_str());
        std::tie(lo, hi) = bounds(half->positions);
        QVERIFY2(std::abs(lo.y() + 0.000533735f) < 1e-7f, text(lo).c_str());
        QVERIFY(std::abs(hi.y() - 0.01f) < 1e-6f);
        auto scene = buildRenderScene(*doc, *SceneGraph::build(*doc));
        QVERIFY(scene);
        QVERIFY2(std::abs(scene->boundsMin.z() + 1.0f) < 1e-4f, text(scene->boundsMin).c_str());
        QVERIFY2(std::abs(scene->boundsMax.z() - 0.0533735f) < 1e-4f, text(scene->boundsMax).c_str());
        QVERIFY(std::abs(scene->boundsMin.x() + 1.0f) < 1e-4f &&
                std::abs(scene->boundsMax.y() - 1.0f) < 1e-4f);
    }
};

QTEST_MAIN(TestSkinning)
#include "TestSkinning.moc"
