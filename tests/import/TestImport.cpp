// Import of OBJ, FBX, DAE, STL and PLY fixtures: counts, units and axes, materials. Every expected value is
// read from the fixture's own text or worked out by hand, never taken from the importer.
#include "ImportTestUtil.h"
#include "TestSupport.h"
#include "gltf/Accessors.h"
#include "import/AssetImporter.h"

#include <QRegularExpression>
#include <QTest>
#include <cstring>

using namespace cs;
using namespace cs::test;

namespace {

gltf::GltfDocument importOk(const std::filesystem::path& path, const import::ImportOptions& options = {})
{
    auto r = import::importAsset(path, options);
    if (!r || hasErrors(r.diagnostics))
        throw std::runtime_error(path.string() + ": " + describe(r.diagnostics));
    return std::move(*r.value);
}

bool has(const Diagnostics& d, const char* code)
{
    return findDiagnostic(d, code) != nullptr;
}

void compareVec(const QVector3D& actual, const QVector3D& expected, float tolerance, const char* what)
{
    for (int i = 0; i < 3; ++i) {
        if (std::abs(actual[i] - expected[i]) > tolerance) {
            QFAIL(qPrintable(QStringLiteral("%1: component %2 is %3, expected %4")
                                 .arg(what)
                                 .arg(i)
                                 .arg(actual[i])
                                 .arg(expected[i])));
        }
    }
}

} // namespace

class TestImport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (!modelsAvailable())
            QFAIL("assimp-testmodels is not installed: scripts/setup.sh installs it (scripts/packages.txt)");
    }

    void objBoxCountsAndBounds()
    {
        const auto path = model("OBJ/box.obj");
        const SourceCounts source = objCounts(readText(path));
        QCOMPARE(source.vertices, size_t(8)); // the fixture itself: 8 "v", 6 quads
        QCOMPARE(source.triangles, size_t(12));
        auto r = import::importAsset(path);
        QVERIFY(r);
        QVERIFY(has(r.diagnostics, "IMPORT_UNIT_ASSUMED")); // OBJ has no unit
        const auto g = worldGeometry(*r);
        QCOMPARE(g.vertices, source.vertices); // no normals or UVs: identical corners are joined
        QCOMPARE(g.triangles, source.triangles);
        compareVec(g.min, source.min, 1e-6f, "min");
        compareVec(g.max, source.max, 1e-6f, "max");
        QCOMPARE(r->count("meshes"), size_t(1));
        QVERIFY(nodeNamed(*r, "1") >= 0); // "o 1"
        // POSITION carries min/max, as glTF requires.
        const auto& position =
            r->json()["accessors"]
                     [r->json()["meshes"][0]["primitives"][0]["attributes"]["POSITION"].get<size_t>()];
        QCOMPARE(position["min"][0].get<double>(), -0.5);
        QCOMPARE(position["max"][2].get<double>(), 0.5);
        QVERIFY(r->json()["asset"]["generator"].get<std::string>().find("Collidoscope") == 0);
    }

    void objMaterialBaseColour()
    {
        // space_in_material_name.mtl: "Kd 0.141176 0.184314 0.411765".
        const auto mtl = readText(model("OBJ/space_in_material_name.mtl"));
        const auto m = QRegularExpression(QStringLiteral("Kd\\s+([0-9.]+)\\s+([0-9.]+)\\s+([0-9.]+)"))
                           .match(QString::fromStdString(mtl));
        QVERIFY(m.hasMatch());
        const auto doc = importOk(model("OBJ/space_in_material_name.obj"));
        bool found = false;
        for (const auto& material : doc.json()["materials"]) {
            if (material.value("name", std::string()) != "Hard Shiny Plastic White")
                continue;
            found = true;
            const auto& factor = material["pbrMetallicRoughness"]["baseColorFactor"];
            for (int i = 0; i < 3; ++i)
                QVERIFY(std::abs(factor[size_t(i)].get<double>() - m.captured(i + 1).toDouble()) < 1e-6);
            QCOMPARE(factor[3].get<double>(), 1.0);
            QCOMPARE(material["pbrMetallicRoughness"]["metallicFactor"].get<double>(), 0.0);
        }
        QVERIFY(found);
    }

    void objExternalTextures()
    {
        // spider.mtl names its textures with Windows separators: ".\wal67ar_small.jpg".
        const auto doc = importOk(model("OBJ/spider.obj"));
        QVERIFY(doc.count("images") >= 1);
        bool found = false;
        for (size_t i = 0; i < doc.count("images"); ++i) {
            if (doc.json()["images"][i].value("uri", std::string()) == "wal67ar_small.jpg") {
                found = true;
                QCOMPARE(doc.images()[i].data, readBytes(model("OBJ/wal67ar_small.jpg")));
                QCOMPARE(doc.images()[i].mimeType, std::string("image/jpeg"));
            }
        }
        QVERIFY(found);
    }

    void fbxEmbeddedTexture()
    {
        // box_embedded_texture_fragmented.fbx embeds "paper.png" (Video "Map #2", RelativeFilename
        // "paper.png") and no such file lies next to it: the image can only come from the embedded bytes.
        const auto path = model("FBX/embedded_ascii/box_embedded_texture_fragmented.fbx");
        QVERIFY(readText(path).find("RelativeFilename: \"paper.png\"") != std::string::npos);
        QVERIFY(!std::filesystem::exists(path.parent_path() / "paper.png"));
        const auto doc = importOk(path);
        QCOMPARE(doc.count("images"), size_t(1));
        const auto& image = doc.json()["images"][0];
        QVERIFY(image.contains("bufferView") && !image.contains("uri"));
        QCOMPARE(image["mimeType"].get<std::string>(), std::string("image/png"));
        const auto& view = doc.json()["bufferViews"][image["bufferView"].get<size_t>()];
        const auto& bin = doc.buffers()[0].data;
        const size_t offset = view.value("byteOffset", size_t(0));
        const unsigned char png[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
        QVERIFY(offset + 8 <= bin.size() && std::memcmp(bin.data() + offset, png, 8) == 0);
        QVERIFY(doc.json()["materials"][0]["pbrMetallicRoughness"].contains("baseColorTexture"));
    }

    void rawGroupsAllKept()
    {
        // Assimp 5.2 reads these RAW files into a node tree with empty child slots and meshes no node
        // refers to: every group's triangles must still be there, and the repair is reported.
        struct Case
        {
            const char* file;
            size_t triangles; // counted by hand in the fixture
        };
        for (const Case& c : {Case{"RAW/WithColor.raw", 4}, Case{"RAW/WithTexture.raw", 7}}) {
            const auto path = model(c.file);
            const RawCounts source = rawCounts(readText(path));
            QCOMPARE(source.geometry.triangles, c.triangles);
            auto r = import::importAsset(path);
            QVERIFY2(r, describe(r.diagnostics).c_str());
            QVERIFY2(!hasErrors(r.diagnostics), describe(r.diagnostics).c_str());
            const auto* repaired = findDiagnostic(r.diagnostics, "IMPORT_NODE_TREE_REPAIRED");
            QVERIFY2(repaired, c.file);
            QVERIFY(repaired->message.find(path.string()) != std::string::npos);
            const auto g = worldGeometry(*r);
            QCOMPARE(g.triangles, source.geometry.triangles);
            // RAW has no unit: metres are assumed, so the bounds are the file's numbers (a few metres).
            compareVec(g.min, source.geometry.min, 1e-6f, "min");
            compareVec(g.max, source.geometry.max, 1e-6f, "max");
            size_t primitives = 0;
            for (const auto& mesh : r->json()["meshes"])
                primitives += mesh["primitives"].size();
            QCOMPARE(primitives, source.groupTextures);
            QVERIFY(r->count("meshes") >= source.groups);
        }
        // WithColor: two groups of one colour-only mesh each.
        const auto colour = importOk(model("RAW/WithColor.raw"));
        QCOMPARE(colour.count("meshes"), size_t(2));
    }

    void offHeaderBeyondSizeRefused()
    {
        // invalid/OutOfMemory.off declares 353535235358 vertices in a file of a few hundred bytes: Assimp
        // would reserve memory for them, so the import refuses it first, naming the file and the count.
        const auto path = model("invalid/OutOfMemory.off");
        QVERIFY(readText(path).find("353535235358 6 0") != std::string::npos);
        QVERIFY(std::filesystem::file_size(path) < 1000);
        auto r = import::importAsset(path);
        QVERIFY(!r);
        const auto* error = findDiagnostic(r.diagnostics, "IMPORT_FAILED");
        QVERIFY(error);
        QCOMPARE(error->severity, Severity::Error);
        QVERIFY(error->message.find(path.string()) != std::string::npos);
        QVERIFY(error->message.find("353535235358 vertices") != std::string::npos);
        // A sound OFF file still imports: Cube.off, "8 6 0", six quads.
        const std::string cube = readText(model("OFF/Cube.off"));
        QVERIFY(cube.find("8 6 0") != std::string::npos);
        QCOMPARE(worldGeometry(importOk(model("OFF/Cube.off"))).triangles, size_t(12));
    }

    void plyHeaderBeyondSizeRefused()
    {
        // A PLY header declares its element counts; Assimp reserves memory for them, so a 2-billion-vertex
        // header over a few bytes of data would take tens of gigabytes. Refused first, naming the file and
        // the element lines; ASCII entries take at least 2 bytes a property, binary ones their types' sizes.
        TempDir dir;
        const std::string elements =
            "element vertex 2000000000\nproperty float x\nproperty float y\n"
            "property float z\nelement face 1\nproperty list uchar int vertex_indices\n"
            "end_header\n";
        writeText(dir / "ascii.ply", "ply\nformat ascii 1.0\n" + elements + "0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n");
        writeText(dir / "binary.ply", "ply\nformat binary_little_endian 1.0\n" + elements);
        for (const char* name : {"ascii.ply", "binary.ply"}) {
            const auto path = dir / name;
            auto r = import::importAsset(path);
            QVERIFY2(!r, name);
            const auto* error = findDiagnostic(r.diagnostics, "IMPORT_FAILED");
            QVERIFY2(error, name);
            QVERIFY2(error->message.find(path.string()) != std::string::npos, error->message.c_str());
            QVERIFY2(error->message.find("'element vertex 2000000000'") != std::string::npos,
                     error->message.c_str());
        }
        // The same triangle with its true counts, in binary down to the last byte (3 x 12 bytes of vertices,
        // 1 + 3 x 4 of the face), imports.
        gltf::Bytes binary;
        const std::string header =
            "ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty float x\n"
            "property float y\nproperty float z\nelement face 1\n"
            "property list uchar int vertex_indices\nend_header\n";
        binary.insert(binary.end(), header.begin(), header.end());
        appendFloats(binary, {0, 0, 0, 1, 0, 0, 0, 1, 0});
        binary.push_back(3);
        appendValues<std::int32_t>(binary, {0, 1, 2});
        writeBytes(dir / "triangle.ply", binary);
        QCOMPARE(worldGeometry(importOk(dir / "triangle.ply")).triangles, size_t(1));
    }

    void plyCube()
    {
        const auto path = model("PLY/cube.ply");
        const SourceCounts source = plyAsciiCounts(readText(path));
        QCOMPARE(source.vertices, size_t(8));
        QCOMPARE(source.triangles, size_t(12));
        const auto g = worldGeometry(importOk(path));
        QCOMPARE(g.vertices, source.vertices);
        QCOMPARE(g.triangles, source.triangles);
        compareVec(g.min, source.min, 1e-6f, "min");
        compareVec(g.max, source.max, 1e-6f, "max");
    }

    void stlAsciiAndBinary()
    {
        const size_t ascii = stlAsciiTriangles(readText(model("STL/Spider_ascii.stl")));
        QCOMPARE(worldGeometry(importOk(model("STL/Spider_ascii.stl"))).triangles, ascii);
        // Binary STL: the triangle count is the little-endian uint32 after the 80-byte header.
        const auto bytes = readBytes(model("STL/Spider_binary.stl"));
        std::uint32_t count = 0;
        std::memcpy(&count, bytes.data() + 80, 4);
        QCOMPARE(bytes.size(), size_t(84 + 50 * count)); // the fixture is a plain binary STL
        QCOMPARE(worldGeometry(importOk(model("STL/Spider_binary.stl"))).triangles, size_t(count));
    }

    void stlUnitAndAxisOverride()
    {
        // triangle.stl: (1,1,0) (-1,1,0) (0,-1,0). Taken as millimetres and Z up, (x, y, z) -> (x, z, -y) /
        // 1000.
        import::ImportOptions options;
        options.unitScale = 0.001;
        options.upAxis = import::UpAxis::Z;
        auto r = import::importAsset(model("STL/triangle.stl"), options);
        QVERIFY(r);
        QVERIFY(has(r.diagnostics, "IMPORT_UNIT_CONVERTED"));
        QVERIFY(has(r.diagnostics, "IMPORT_AXIS_CONVERTED"));
        const auto g = worldGeometry(*r);
        QCOMPARE(g.triangles, size_t(1));
        compareVec(g.min, QVector3D(-0.001f, 0, -0.001f), 1e-9f, "min");
        compareVec(g.max, QVector3D(0.001f, 0, 0.001f), 1e-9f, "max");
        // The unit is baked into the positions, not left as a node scale.
        for (const auto& node : r->json()["nodes"])
            QVERIFY(!node.contains("scale"));
    }

    void colladaInchesZUp()
    {
        // cube_with_2UVs.DAE: <unit meter="0.0254"/>, <up_axis>Z_UP</up_axis>, no node transforms, and the
        // positions below. glTF (Y up): (x, y, z) -> (x, z, -y) * 0.0254.
        const auto path = model("Collada/cube_with_2UVs.DAE");
        const QString text = QString::fromStdString(readText(path));
        QVERIFY(text.contains(QStringLiteral("meter=\"0.0254\"")));
        QVERIFY(text.contains(QStringLiteral("<up_axis>Z_UP</up_axis>")));
        const auto m =
            QRegularExpression(QStringLiteral("positions-array\" count=\"24\">([^<]*)<")).match(text);
        QVERIFY(m.hasMatch());
        const QStringList numbers = m.captured(1).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        QCOMPARE(numbers.size(), 24);
        QVector3D lo(1e30f, 1e30f, 1e30f), hi(-1e30f, -1e30f, -1e30f);
        for (int i = 0; i < 24; i += 3) {
            const float s = 0.0254f;
            const QVector3D p(numbers[i].toFloat() * s, numbers[i + 2].toFloat() * s,
                              -numbers[i + 1].toFloat() * s);
            for (int k = 0; k < 3; ++k) {
                lo[k] = std::min(lo[k], p[k]);
                hi[k] = std::max(hi[k], p[k]);
            }
        }
        auto r = import::importAsset(path);
        QVERIFY(r);
        QVERIFY(has(r.diagnostics, "IMPORT_UNIT_CONVERTED"));
        QVERIFY(has(r.diagnostics, "IMPORT_AXIS_CONVERTED"));
        QVERIFY(has(r.diagnostics, "IMPORT_EXTRA_UV_SETS")); // map-channel1 and map-channel2
        const auto g = worldGeometry(*r);
        QCOMPARE(g.triangles, size_t(12));
        compareVec(g.min, lo, 1e-6f, "min");
        compareVec(g.max, hi, 1e-6f, "max");
    }

    void fbxCentimetresAndMaterials()
    {
        // cubes_with_names.fbx (ASCII): UnitScaleFactor 1 (cm), Cube2's Lcl Translation, Mat_Green on Cube2.
        const auto path = model("FBX/cubes_with_names.fbx");
        const QString text = QString::fromStdString(readText(path));
        QVERIFY(text.contains(QStringLiteral("\"UnitScaleFactor\", \"double\", \"Number\", \"\",1\n")));
        const auto t = QRegularExpression(
                           QStringLiteral("Model::Cube2\", \"Mesh\" \\{[^}]*?\"Lcl Translation\", \"Lcl "
                                          "Translation\", \"\", \"A\",([-0-9.e]+),([-0-9.e]+),([-0-9.e]+)"))
                           .match(text);
        QVERIFY(t.hasMatch());
        QVERIFY(text.contains(QStringLiteral(";Material::Mat_Green, Model::Cube2")));
        // Mat_Green: DiffuseColor (0, 1, 0) scaled by DiffuseFactor 0.8 (the file's own "Diffuse" agrees).
        const int green = int(text.indexOf(QStringLiteral("\"Material::Mat_Green\"")));
        QVERIFY(green > 0);
        QCOMPARE(text.indexOf(QStringLiteral("\"DiffuseColor\", \"Color\", \"\", \"A\",0,1,0"), green),
                 text.indexOf(QStringLiteral("\"DiffuseColor\""), green));
        QCOMPARE(text.indexOf(QStringLiteral("\"DiffuseFactor\", \"Number\", \"\", \"A\",0.800000011920929"),
                              green),
                 text.indexOf(QStringLiteral("\"DiffuseFactor\""), green));

        auto r = import::importAsset(path);
        QVERIFY(r);
        QVERIFY(has(r.diagnostics, "IMPORT_UNIT_CONVERTED"));
        const int cube2 = nodeNamed(*r, "Cube2");
        QVERIFY(cube2 >= 0);
        const auto& node = r->json()["nodes"][size_t(cube2)];
        for (int i = 0; i < 3; ++i)
            QVERIFY(std::abs(node["translation"][size_t(i)].get<double>() -
                             0.01 * t.captured(i + 1).toDouble()) < 1e-6);
        QCOMPARE(node["children"].size(), size_t(1)); // ;Model::Куб1, Model::Cube2
        const auto& primitive = r->json()["meshes"][node["mesh"].get<size_t>()]["primitives"][0];
        const auto& material = r->json()["materials"][primitive["material"].get<size_t>()];
        QCOMPARE(material["name"].get<std::string>(), std::string("Mat_Green"));
        const auto& factor = material["pbrMetallicRoughness"]["baseColorFactor"];
        const double expected[4] = {0.0, 1.0 * 0.800000011920929, 0.0, 1.0};
        for (size_t i = 0; i < 4; ++i)
            QVERIFY(std::abs(factor[i].get<double>() - expected[i]) < 1e-6);
    }

    void reportsWhatIsNotCarriedOver()
    {
        // duck.dae has a camera and a light; box.fbx has vertex colours (LayerElementColor).
        auto duck = import::importAsset(model("Collada/duck.dae"));
        QVERIFY(duck);
        QVERIFY(has(duck.diagnostics, "IMPORT_CAMERAS"));
        QVERIFY(has(duck.diagnostics, "IMPORT_LIGHTS"));
        QCOMPARE(findDiagnostic(duck.diagnostics, "IMPORT_CAMERAS")->severity, Severity::Warning);
        auto box = import::importAsset(model("FBX/box.fbx"));
        QVERIFY(box);
        QVERIFY(has(box.diagnostics, "IMPORT_VERTEX_COLORS"));
        // Points are not triangles: testpoints.obj has only "p" elements.
        auto points = import::importAsset(model("OBJ/testpoints.obj"));
        if (points)
            QVERIFY(has(points.diagnostics, "IMPORT_NOT_TRIANGLES") ||
                    has(points.diagnostics, "IMPORT_NO_MESHES"));
    }

    void unusableInput()
    {
        TempDir dir;
        auto missing = import::importAsset(dir / "nothing.obj");
        QVERIFY(!missing);
        QCOMPARE(missing.diagnostics.front().code, std::string("IMPORT_FAILED"));
        QVERIFY(missing.diagnostics.front().message.find("nothing.obj") != std::string::npos);
        writeText(dir / "garbage.xyz", "this is not a model\n");
        auto garbage = import::importAsset(dir / "garbage.xyz");
        QVERIFY(!garbage);
        QVERIFY(hasErrors(garbage.diagnostics));
    }

    void openAnyAssetDispatches()
    {
        // A glTF file is opened losslessly (same JSON as loadGltf), anything else imported.
        TempDir dir;
        auto doc = importOk(model("OBJ/box.obj"));
        QVERIFY(!hasErrors(gltf::saveGltf(doc, dir / "box.glb")));
        // A .glb under a misleading name is still glTF by content.
        std::filesystem::copy_file(dir / "box.glb", dir / "box.bin");
        QVERIFY(import::isGltfFile(dir / "box.bin"));
        QVERIFY(!import::isGltfFile(model("OBJ/box.obj")));
        auto direct = gltf::loadGltf(dir / "box.glb");
        auto opened = import::openAnyAsset(dir / "box.glb");
        QVERIFY(direct && opened);
        QVERIFY(opened->json() == direct->json());
        auto imported = import::openAnyAsset(model("PLY/cube.ply"));
        QVERIFY(imported);
        QVERIFY(findDiagnostic(imported.diagnostics, "IMPORT_UNIT_ASSUMED"));
        const auto exts = import::importableExtensions();
        for (const char* e : {"fbx", "obj", "dae", "stl", "ply"})
            QVERIFY(std::find(exts.begin(), exts.end(), e) != exts.end());
    }
};

QTEST_GUILESS_MAIN(TestImport)
#include "TestImport.moc"
