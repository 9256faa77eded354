// Compressed and quantized geometry: Draco, meshopt (every mode and filter) and KHR_mesh_quantization files
// made with the libraries' own encoders (CompressedAssets), read through our loader and compared with the
// source mesh within the quantization error of each encoding; corrupt streams and unknown required extensions
// give diagnostics with JSON pointers; saving keeps the JSON and the bytes.
#include "CommandColliders.h"
#include "CompressedAssets.h"
#include "TestSupport.h"
#include "gltf/Accessors.h"
#include "gltf/Glb.h"
#include "gltf/MeshTriangles.h"
#include "gltf/MeshoptDecode.h"
#include "gltf/PrimitiveData.h"
#include "gltf/RenderScene.h"
#include "gltf/SceneGraph.h"
#include "import/AutoColliders.h"

#include <QTest>
#include <algorithm>
#include <array>
#include <cmath>

using namespace cs;
using namespace cs::gltf;

namespace {

GltfDocument load(const Bytes& bytes, Diagnostics* diagnostics = nullptr)
{
    auto r = loadGltfFromBytes(bytes, "memory.glb");
    if (diagnostics)
        *diagnostics = r.diagnostics;
    if (!r)
        qFatal("the test asset does not load: %s", test::describe(r.diagnostics).c_str());
    return std::move(*r.value);
}

FloatArray attribute(const GltfDocument& doc, size_t mesh, const std::string& name)
{
    auto r = readPrimitiveAttribute(doc, mesh, 0, name);
    if (!r)
        qWarning("%s", test::describe(r.diagnostics).c_str());
    return r ? *r.value : FloatArray{};
}

/// A triangle as three vertex numbers, rotated so that the smallest comes first (the winding is kept).
std::array<std::uint32_t, 3> canonical(std::uint32_t a, std::uint32_t b, std::uint32_t c)
{
    if (b < a && b < c)
        return {b, c, a};
    if (c < a && c < b)
        return {c, a, b};
    return {a, b, c};
}

std::vector<std::array<std::uint32_t, 3>> triangleSet(const std::vector<std::uint32_t>& indices,
                                                      const std::vector<std::uint32_t>& map = {})
{
    std::vector<std::array<std::uint32_t, 3>> out;
    for (size_t t = 0; t + 2 < indices.size(); t += 3) {
        auto m = [&](std::uint32_t i) { return map.empty() ? i : map[i]; };
        out.push_back(canonical(m(indices[t]), m(indices[t + 1]), m(indices[t + 2])));
    }
    std::sort(out.begin(), out.end());
    return out;
}

float distance(const float* a, const float* b, int n)
{
    float d = 0;
    for (int i = 0; i < n; ++i)
        d = std::max(d, std::abs(a[i] - b[i]));
    return d;
}

/// Every decoded vertex is some source vertex within the tolerances (position, normal, uv) and the decoded
/// triangles are the source triangles. Draco reorders vertices, so each is matched to its source first.
void compareWithSource(const FloatArray& p, const FloatArray& n, const FloatArray& uv,
                       const std::vector<std::uint32_t>& indices, const test::SourceMesh& src, float tolP,
                       float tolN, float tolUv)
{
    QCOMPARE(p.components, 3);
    QCOMPARE(n.count, p.count);
    QCOMPARE(uv.count, p.count);
    std::vector<std::uint32_t> map(p.count);
    for (size_t i = 0; i < p.count; ++i) {
        bool found = false;
        for (size_t s = 0; s < src.vertexCount() && !found; ++s) {
            if (distance(&p.values[3 * i], &src.positions[3 * s], 3) <= tolP &&
                distance(&n.values[3 * i], &src.normals[3 * s], 3) <= tolN &&
                distance(&uv.values[2 * i], &src.uvs[2 * s], 2) <= tolUv) {
                map[i] = std::uint32_t(s);
                found = true;
            }
        }
        QVERIFY2(found, ("decoded vertex " + std::to_string(i) + " matches no source vertex").c_str());
    }
    QCOMPARE(triangleSet(indices, map), triangleSet(src.indices));
}

std::vector<std::string> codes(const Diagnostics& diagnostics, Severity severity = Severity::Error)
{
    std::vector<std::string> out;
    for (const auto& d : diagnostics)
        if (d.severity == severity)
            out.push_back(d.code + " " + d.pointer);
    return out;
}

/// The JSON and BIN chunk of a .glb.
std::pair<Json, Bytes> chunks(const Bytes& glb)
{
    auto doc = loadGltfFromBytes(glb, "x.glb", LoadOptions{false, false});
    if (!doc)
        qFatal("not a glb: %s", test::describe(doc.diagnostics).c_str());
    return {doc->json(), doc->buffers().empty() ? Bytes() : doc->buffers()[0].data};
}

} // namespace

class TestCompressedMeshes : public QObject
{
    Q_OBJECT

private slots:
    void dracoDecodesWithinQuantization()
    {
        const std::vector<test::SourceMesh> sources = {test::makeBox(2, 1, 0.5f, {1, 2, 3}),
                                                       test::makeTorus(1, 0.25f, 24, 12)};
        Diagnostics diagnostics;
        const GltfDocument doc = load(test::dracoGlb(sources), &diagnostics);
        QVERIFY2(!hasErrors(diagnostics), test::describe(diagnostics).c_str());
        for (size_t m = 0; m < sources.size(); ++m) {
            const auto& src = sources[m];
            const auto extent = src.extent();
            const double range = *std::max_element(extent.begin(), extent.end());
            // Draco quantizes each attribute on a grid of 2^bits - 1 steps over its largest extent.
            const float tolP = float(range / ((1 << test::kDracoPositionBits) - 1));
            auto tri = primitiveTriangles(doc, m, 0);
            QVERIFY2(tri, test::describe(tri.diagnostics).c_str());
            QCOMPARE(tri->triangleCount(), src.indices.size() / 3);
            const FloatArray p = attribute(doc, m, "POSITION");
            compareWithSource(p, attribute(doc, m, "NORMAL"), attribute(doc, m, "TEXCOORD_0"), tri->indices,
                              src, tolP, 4.0f / (1 << test::kDracoNormalBits),
                              1.0f / ((1 << test::kDracoUvBits) - 1));
            if (QTest::currentTestFailed())
                return;
            // Readers that go by accessor (the NORMAL accessor has no bufferView) see the decoded data too.
            const size_t normalAccessor = doc.json()["meshes"][m]["primitives"][0]["attributes"]["NORMAL"];
            auto normals = readAccessorFloats(doc, normalAccessor);
            QVERIFY(normals);
            QCOMPARE(normals->values, attribute(doc, m, "NORMAL").values);
            auto indices = readAccessorIndices(doc, doc.json()["meshes"][m]["primitives"][0]["indices"]);
            QVERIFY(indices);
            QCOMPARE(*indices, tri->indices);
        }
    }

    void dracoCorruptStreamIsReported()
    {
        Diagnostics diagnostics;
        const GltfDocument doc =
            load(test::dracoGlb({test::makeBox(1, 1, 1), test::makeBox(2, 2, 2)}, true), &diagnostics);
        const std::string pointer = "/meshes/0/primitives/0/extensions/KHR_draco_mesh_compression";
        QCOMPARE(codes(diagnostics), std::vector<std::string>{"DRACO_DECODE_FAILED " + pointer});
        auto broken = meshTriangles(doc, 0);
        QVERIFY(!broken);
        QCOMPARE(codes(broken.diagnostics), std::vector<std::string>{"DRACO_DECODE_FAILED " + pointer});
        // The accessor path refuses too instead of reading zeros.
        QVERIFY(!readAccessorFloats(doc, doc.json()["meshes"][0]["primitives"][0]["attributes"]["POSITION"]));
        auto healthy = meshTriangles(doc, 1);
        QVERIFY(healthy);
        QCOMPARE(healthy->triangleCount(), size_t(12));
    }

    void meshoptDecodesEveryModeAndFilter()
    {
        const test::SourceMesh src = test::makeTorus(1, 0.25f, 24, 12);
        const std::vector<float> rotations = test::makeRotations(src.vertexCount());
        Diagnostics diagnostics;
        const GltfDocument doc = load(test::meshoptGlb(src, rotations), &diagnostics);
        // The fallback buffer has no data by design: no BUFFER_MISSING_DATA.
        QVERIFY2(diagnostics.empty(), test::describe(diagnostics).c_str());
        QCOMPARE(doc.buffers()[1].origin, ResourceOrigin::MeshoptFallback);
        const size_t n = src.vertexCount();

        // EXPONENTIAL keeps kExpBits of mantissa: a relative error of 2^-kExpBits of the largest component.
        const FloatArray p = attribute(doc, 0, "POSITION");
        QCOMPARE(p.count, n);
        for (size_t i = 0; i < 3 * n; ++i)
            QVERIFY(std::abs(p.values[i] - src.positions[i]) <=
                    1.25f * std::ldexp(1.0f, -test::kExpBits + 1));
        // OCTAHEDRAL with 8 bits, stored in normalized bytes: within 2/127 per component, unit length kept.
        const FloatArray normals = attribute(doc, 0, "NORMAL");
        QCOMPARE(normals.components, 3);
        for (size_t i = 0; i < n; ++i) {
            QVERIFY(distance(&normals.values[3 * i], &src.normals[3 * i], 3) <= 4.0f / 127);
            const float* v = &normals.values[3 * i];
            QVERIFY(std::abs(std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) - 1) < 0.02f);
        }
        // Normalized unsigned shorts (KHR_mesh_quantization), no filter: within one step.
        const FloatArray uvs = attribute(doc, 0, "TEXCOORD_0");
        for (size_t i = 0; i < 2 * n; ++i)
            QVERIFY(std::abs(uvs.values[i] - src.uvs[i]) <= 1.0f / 65535);
        // QUATERNION with 12 bits: within a few steps, up to the sign (q and -q are one rotation).
        const FloatArray q = attribute(doc, 0, "_ROTATION");
        QCOMPARE(q.components, 4);
        for (size_t i = 0; i < n; ++i) {
            const float* a = &q.values[4 * i];
            const float* b = &rotations[4 * i];
            const float dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
            QVERIFY2(std::abs(dot) > 1 - 1e-4f, std::to_string(dot).c_str());
        }
        // TRIANGLES mode keeps every triangle (the codec may rotate a triangle's vertices, never its
        // winding).
        auto triangles = readPrimitiveIndices(doc, 0, 0);
        QVERIFY(triangles && *triangles);
        QCOMPARE(triangleSet(**triangles), triangleSet(src.indices));
        // INDICES mode keeps the sequence exactly; integer positions read as their integers.
        auto sequence = readPrimitiveIndices(doc, 1, 0);
        QVERIFY(sequence && *sequence);
        QCOMPARE(**sequence, src.indices);
        const FloatArray quantized = attribute(doc, 1, "POSITION");
        QCOMPARE(quantized.count, n);
        for (size_t i = 0; i < 3 * n; ++i)
            QCOMPARE(quantized.values[i], float(std::lround(src.positions[i] * test::kQuantizedScale)));
    }

    void meshoptCorruptStreamIsReported()
    {
        const test::SourceMesh src = test::makeTorus(1, 0.25f, 8, 6);
        Diagnostics diagnostics;
        const GltfDocument doc =
            load(test::meshoptGlb(src, test::makeRotations(src.vertexCount()), true), &diagnostics);
        const std::string pointer = "/bufferViews/0/extensions/EXT_meshopt_compression";
        QCOMPARE(codes(diagnostics), std::vector<std::string>{"MESHOPT_DECODE_FAILED " + pointer});
        auto broken = meshTriangles(doc, 0);
        QVERIFY(!broken);
        QCOMPARE(codes(broken.diagnostics), std::vector<std::string>{"MESHOPT_DECODE_FAILED " + pointer});
        QVERIFY(meshTriangles(doc, 1));
    }

    void unknownRequiredExtensionIsReported()
    {
        const Bytes positions = [] {
            Bytes b;
            test::appendFloats(b, {0, 0, 0, 1, 0, 0, 0, 1, 0});
            return b;
        }();
        Json root = {
            {"asset", {{"version", "2.0"}}},
            {"extensionsUsed", {"FOO_mesh_compression"}},
            {"extensionsRequired", {"FOO_mesh_compression"}},
            {"buffers", {{{"byteLength", 36}, {"uri", test::base64DataUri(positions)}}}},
            {"bufferViews", {{{"buffer", 0}, {"byteLength", 36}}}},
            {"accessors", {{{"bufferView", 0}, {"componentType", 5126}, {"count", 3}, {"type", "VEC3"}}}}};
        Json primitive = {{"attributes", {{"POSITION", 0}}},
                          {"extensions", {{"FOO_mesh_compression", {{"data", 1}}}}}};
        root["meshes"] = Json::array({Json{{"primitives", Json::array({primitive})}}});
        const std::string json = root.dump();
        auto r = loadGltfFromBytes(Bytes(json.begin(), json.end()), "x.gltf");
        QVERIFY(r);
        const std::string pointer = "/meshes/0/primitives/0/extensions/FOO_mesh_compression";
        QCOMPARE(codes(r.diagnostics), std::vector<std::string>{"MESH_EXTENSION_UNSUPPORTED " + pointer});
        auto tri = meshTriangles(*r, 0);
        QVERIFY(!tri);
        QCOMPARE(codes(tri.diagnostics), std::vector<std::string>{"MESH_EXTENSION_UNSUPPORTED " + pointer});
    }

    void viewportDrawsEveryCompressedMesh()
    {
        const test::SourceMesh src = test::makeTorus(1, 0.25f, 16, 8);
        for (const Bytes& bytes : {test::dracoGlb({src, test::makeBox(1, 2, 3)}),
                                   test::meshoptGlb(src, test::makeRotations(src.vertexCount()))}) {
            const GltfDocument doc = load(bytes);
            auto graph = SceneGraph::build(doc);
            QVERIFY(graph);
            auto scene = buildRenderScene(doc, *graph);
            QVERIFY2(scene && scene.diagnostics.empty(), test::describe(scene.diagnostics).c_str());
            QCOMPARE(scene->instances.size(), size_t(2));
            for (size_t m = 0; m < 2; ++m) {
                QCOMPARE(scene->meshes[m].primitives.size(), size_t(1));
                const RenderPrimitive& p = scene->meshes[m].primitives[0];
                QCOMPARE(p.normals.size(), primitiveTriangles(doc, m, 0)->positions.size());
                if (m == 0) {
                    // The decoded normals, not ones computed from the faces.
                    const FloatArray normals = attribute(doc, 0, "NORMAL");
                    QCOMPARE(p.normals.size(), normals.count);
                    for (size_t i = 0; i < normals.count; ++i)
                        QCOMPARE(p.normals[i], QVector3D(normals.values[3 * i], normals.values[3 * i + 1],
                                                         normals.values[3 * i + 2]));
                }
            }
        }
    }

    void savingKeepsJsonAndBytes_data()
    {
        QTest::addColumn<bool>("draco");
        QTest::newRow("draco") << true;
        QTest::newRow("meshopt") << false;
    }

    void savingKeepsJsonAndBytes()
    {
        QFETCH(bool, draco);
        const test::SourceMesh src = test::makeTorus(1, 0.25f, 16, 8);
        const Bytes input =
            draco ? test::dracoGlb({src}) : test::meshoptGlb(src, test::makeRotations(src.vertexCount()));
        const GltfDocument doc = load(input);
        QVERIFY(primitiveTriangles(doc, 0, 0)); // decoding must not change what is written
        auto glb = encodeGlb(doc);
        QVERIFY2(glb, test::describe(glb.diagnostics).c_str());
        const auto [inJson, inBin] = chunks(input);
        const auto [outJson, outBin] = chunks(*glb);
        QCOMPARE(QString::fromStdString(outJson.dump()), QString::fromStdString(inJson.dump()));
        QVERIFY(outBin == inBin);

        // .gltf: the chunk becomes a file, the fallback buffer stays without uri; reading it back decodes
        // alike.
        test::TempDir dir;
        const Diagnostics saved = saveGltf(doc, dir / "out.gltf");
        QVERIFY2(!hasErrors(saved), test::describe(saved).c_str());
        auto again = loadGltf(dir / "out.gltf");
        QVERIFY2(again && !hasErrors(again.diagnostics), test::describe(again.diagnostics).c_str());
        QCOMPARE(again->buffers()[0].data, inBin);
        if (!draco)
            QVERIFY(!again->json()["buffers"][1].contains("uri"));
        QCOMPARE(primitiveTriangles(*again, 0, 0)->positions, primitiveTriangles(doc, 0, 0)->positions);
    }

    void khronosValidatorFindsNoNewError()
    {
        if (!test::validatorAvailable())
            QFAIL("the Khronos glTF-Validator is not installed (run scripts/setup.sh)");
        test::TempDir dir;
        const test::SourceMesh src = test::makeTorus(1, 0.25f, 16, 8);
        const std::vector<std::pair<std::string, Bytes>> inputs = {
            {"draco", test::dracoGlb({test::makeBox(2, 1, 0.5f), src})},
            {"meshopt", test::meshoptGlb(src, test::makeRotations(src.vertexCount()))}};
        std::vector<std::filesystem::path> files;
        for (const auto& [name, bytes] : inputs) {
            test::writeBytes(dir / (name + ".glb"), bytes);
            // With hull colliders added: the new meshes are written uncompressed next to the compressed ones.
            GltfDocument doc = load(bytes);
            import::ColliderOptions hulls;
            hulls.strategy = import::ColliderStrategy::Hull;
            const auto report = test::addCollidersAsTheCommand(doc, hulls);
            QCOMPARE(report.added.size(), size_t(2));
            QVERIFY(!meshoptExtension(doc.json()["bufferViews"].back()));
            const Diagnostics saved = saveGltf(doc, dir / (name + "-saved.glb"));
            QVERIFY2(!hasErrors(saved), test::describe(saved).c_str());
            files.push_back(dir / (name + ".glb"));
            files.push_back(dir / (name + "-saved.glb"));
        }
        const auto reports = test::runValidator(files);
        QCOMPARE(reports.size(), files.size());
        for (size_t i = 0; i < files.size(); i += 2) {
            QVERIFY2(reports[i].ran && reports[i + 1].ran,
                     (reports[i].failure + reports[i + 1].failure).c_str());
            // Our own test files are valid to begin with, so "no new error" is "no error".
            QVERIFY2(reports[i].errors == 0, reports[i].text.c_str());
            QVERIFY2(reports[i + 1].errors == 0, reports[i + 1].text.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestCompressedMeshes)
#include "TestCompressedMeshes.moc"
