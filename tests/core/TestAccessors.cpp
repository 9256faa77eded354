// Accessors (component types, normalization, stride, matrix padding, sparse) and primitives to triangles.
// Expected values follow the glTF 2.0 specification's formulas (§3.11 for normalized integers).
#include "TestSupport.h"
#include "gltf/AccessorScan.h"
#include "gltf/Accessors.h"
#include "gltf/MeshTriangles.h"

#include <QTest>
#include <cmath>
#include <limits>
#include <random>

using namespace cs;
using namespace cs::gltf;
using cs::test::appendFloats;
using cs::test::appendValues;

namespace {

/// A document with one buffer holding `data`, and the given JSON arrays (bufferViews, accessors, meshes...).
GltfDocument documentWith(const Bytes& data, const std::string& arrays)
{
    return test::loadJson(R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":)" +
                          std::to_string(data.size()) + R"(,"uri":")" + test::base64DataUri(data) +
                          R"("}],)" + arrays + "}");
}

std::vector<float> floats(const GltfDocument& doc, size_t accessor)
{
    auto r = readAccessorFloats(doc, accessor);
    if (!r)
        qWarning("%s", test::describe(r.diagnostics).c_str());
    return r ? r->values : std::vector<float>{};
}

} // namespace

class TestAccessors : public QObject
{
    Q_OBJECT

private slots:
    void sizes()
    {
        QCOMPARE(componentSize(Byte), size_t(1));
        QCOMPARE(componentSize(UnsignedShort), size_t(2));
        QCOMPARE(componentSize(Float), size_t(4));
        QCOMPARE(componentSize(5124), size_t(0)); // INT is not a glTF 2.0 component type
        QCOMPARE(componentCount("MAT3"), 9);
        QCOMPARE(componentCount("VEC5"), 0);
        QCOMPARE(elementSize(UnsignedByte, "VEC3"), size_t(3));
        // Matrix columns start on 4-byte boundaries: MAT2 of bytes is 2 columns x 4, MAT3 of shorts 3 x 8.
        QCOMPARE(elementSize(UnsignedByte, "MAT2"), size_t(8));
        QCOMPARE(elementSize(UnsignedByte, "MAT3"), size_t(12));
        QCOMPARE(elementSize(Short, "MAT3"), size_t(24));
        QCOMPARE(elementSize(Float, "MAT4"), size_t(64));
    }

    void integerTypesPlainAndNormalized()
    {
        Bytes d;
        appendValues<int8_t>(d, {-128, -127, 0, 127}); // 0..3
        appendValues<uint8_t>(d, {0, 51, 255, 0});     // 4..7
        appendValues<int16_t>(d, {-32768, 16384});     // 8..11
        appendValues<uint16_t>(d, {65535, 13107});     // 12..15
        appendValues<uint32_t>(d, {4000000000u});      // 16..19
        const std::string views = R"("bufferViews":[{"buffer":0,"byteLength":20}],)";
        GltfDocument doc = documentWith(d, views + R"("accessors":[
            {"bufferView":0,"componentType":5120,"count":4,"type":"SCALAR"},
            {"bufferView":0,"componentType":5120,"count":4,"type":"SCALAR","normalized":true},
            {"bufferView":0,"byteOffset":4,"componentType":5121,"count":3,"type":"SCALAR","normalized":true},
            {"bufferView":0,"byteOffset":8,"componentType":5122,"count":2,"type":"SCALAR","normalized":true},
            {"bufferView":0,"byteOffset":12,"componentType":5123,"count":2,"type":"SCALAR","normalized":true},
            {"bufferView":0,"byteOffset":16,"componentType":5125,"count":1,"type":"SCALAR"},
            {"bufferView":0,"byteOffset":12,"componentType":5123,"count":2,"type":"SCALAR"}])");
        QCOMPARE(floats(doc, 0), (std::vector<float>{-128, -127, 0, 127}));
        // signed normalized: max(c / (2^(n-1) - 1), -1)
        QCOMPARE(floats(doc, 1), (std::vector<float>{-1.0f, -1.0f, 0.0f, 1.0f}));
        QCOMPARE(floats(doc, 2), (std::vector<float>{0.0f, 0.2f, 1.0f}));
        const auto s = floats(doc, 3);
        QCOMPARE(s.size(), size_t(2));
        QCOMPARE(s[0], -1.0f);
        QVERIFY(std::abs(s[1] - 16384.0f / 32767.0f) < 1e-7f);
        QCOMPARE(floats(doc, 4), (std::vector<float>{1.0f, 0.2f}));
        QCOMPARE(floats(doc, 5), (std::vector<float>{4000000000.0f}));
        QCOMPARE(floats(doc, 6), (std::vector<float>{65535.0f, 13107.0f}));
    }

    void interleavedStride()
    {
        // position (3 floats) + normal (3 floats) per vertex: stride 24.
        Bytes d;
        appendFloats(d, {1, 2, 3, 0, 1, 0, 4, 5, 6, 0, 0, 1});
        GltfDocument doc = documentWith(d, R"("bufferViews":[{"buffer":0,"byteLength":48,"byteStride":24}],
            "accessors":[{"bufferView":0,"componentType":5126,"count":2,"type":"VEC3"},
                         {"bufferView":0,"byteOffset":12,"componentType":5126,"count":2,"type":"VEC3"}])");
        QCOMPARE(floats(doc, 0), (std::vector<float>{1, 2, 3, 4, 5, 6}));
        QCOMPARE(floats(doc, 1), (std::vector<float>{0, 1, 0, 0, 0, 1}));
    }

    void matrixColumnPadding()
    {
        Bytes d;
        // MAT2 of unsigned bytes: column 0 = (1,2) + 2 pad bytes, column 1 = (3,4) + 2 pad bytes.
        appendValues<uint8_t>(d, {1, 2, 99, 99, 3, 4, 99, 99});
        // MAT3 of shorts: three columns of 3 shorts + 2 pad bytes.
        appendValues<int16_t>(d, {1, 2, 3, 77, 4, 5, 6, 77, 7, 8, 9, 77});
        GltfDocument doc = documentWith(
            d, R"("bufferViews":[{"buffer":0,"byteLength":8},{"buffer":0,"byteOffset":8,"byteLength":24}],
            "accessors":[{"bufferView":0,"componentType":5121,"count":1,"type":"MAT2"},
                         {"bufferView":1,"componentType":5122,"count":1,"type":"MAT3"}])");
        QCOMPARE(floats(doc, 0), (std::vector<float>{1, 2, 3, 4}));
        QCOMPARE(floats(doc, 1), (std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9}));
    }

    void sparseWithoutBufferView()
    {
        Bytes d;
        appendValues<uint16_t>(d, {1, 3});
        appendFloats(d, {10, 11, 12, 30, 31, 32});
        GltfDocument doc = documentWith(
            d, R"("bufferViews":[{"buffer":0,"byteLength":4},{"buffer":0,"byteOffset":4,"byteLength":24}],
            "accessors":[{"componentType":5126,"count":4,"type":"VEC3","sparse":{"count":2,
              "indices":{"bufferView":0,"componentType":5123},"values":{"bufferView":1}}}])");
        QCOMPARE(floats(doc, 0), (std::vector<float>{0, 0, 0, 10, 11, 12, 0, 0, 0, 30, 31, 32}));
    }

    void sparseOverBufferView()
    {
        Bytes d;
        appendFloats(d, {1, 2, 3, 4});
        appendValues<uint8_t>(d, {2, 0, 0, 0});
        appendFloats(d, {-5});
        GltfDocument doc = documentWith(
            d, R"("bufferViews":[{"buffer":0,"byteLength":16},{"buffer":0,"byteOffset":16,"byteLength":4},
              {"buffer":0,"byteOffset":20,"byteLength":4}],
            "accessors":[{"bufferView":0,"componentType":5126,"count":4,"type":"SCALAR","sparse":{"count":1,
              "indices":{"bufferView":1,"componentType":5121},"values":{"bufferView":2}}}])");
        QCOMPARE(floats(doc, 0), (std::vector<float>{1, 2, -5, 4}));
    }

    void sparseIndexOutOfRange()
    {
        Bytes d;
        appendValues<uint8_t>(d, {9, 0, 0, 0});
        appendFloats(d, {1});
        GltfDocument doc = documentWith(
            d, R"("bufferViews":[{"buffer":0,"byteLength":4},{"buffer":0,"byteOffset":4,"byteLength":4}],
            "accessors":[{"componentType":5126,"count":4,"type":"SCALAR","sparse":{"count":1,
              "indices":{"bufferView":0,"componentType":5121},"values":{"bufferView":1}}}])");
        auto r = readAccessorFloats(doc, 0);
        QVERIFY(!r);
        QCOMPARE(QString::fromStdString(r.diagnostics.at(0).code),
                 QStringLiteral("ACCESSOR_SPARSE_INDEX_OUT_OF_RANGE"));
        QCOMPARE(QString::fromStdString(r.diagnostics.at(0).pointer),
                 QStringLiteral("/accessors/0/sparse/indices"));
    }

    void indices()
    {
        Bytes d;
        appendValues<uint8_t>(d, {0, 1, 2, 0});
        appendValues<uint16_t>(d, {60000, 2});
        appendValues<uint32_t>(d, {70000});
        GltfDocument doc = documentWith(d, R"("bufferViews":[{"buffer":0,"byteLength":12}],
            "accessors":[{"bufferView":0,"componentType":5121,"count":3,"type":"SCALAR"},
                         {"bufferView":0,"byteOffset":4,"componentType":5123,"count":2,"type":"SCALAR"},
                         {"bufferView":0,"byteOffset":8,"componentType":5125,"count":1,"type":"SCALAR"},
                         {"bufferView":0,"componentType":5126,"count":1,"type":"SCALAR"}])");
        QCOMPARE(*readAccessorIndices(doc, 0), (std::vector<uint32_t>{0, 1, 2}));
        QCOMPARE(*readAccessorIndices(doc, 1), (std::vector<uint32_t>{60000, 2}));
        QCOMPARE(*readAccessorIndices(doc, 2), (std::vector<uint32_t>{70000}));
        auto bad = readAccessorIndices(doc, 3);
        QVERIFY(!bad);
        QCOMPARE(QString::fromStdString(bad.diagnostics.at(0).code),
                 QStringLiteral("ACCESSOR_INVALID_INDICES"));
    }

    void accessorErrors()
    {
        GltfDocument doc = documentWith(Bytes(16, 0), R"("bufferViews":[{"buffer":0,"byteLength":16},
                                                            {"buffer":0,"byteLength":16,"byteStride":8}],
            "accessors":[{"bufferView":0,"componentType":5124,"count":1,"type":"SCALAR"},
                         {"bufferView":0,"componentType":5126,"count":1,"type":"VEC7"},
                         {"bufferView":0,"byteOffset":8,"componentType":5126,"count":1,"type":"VEC3"},
                         {"bufferView":4,"componentType":5126,"count":1,"type":"SCALAR"},
                         {"bufferView":1,"componentType":5126,"count":1,"type":"VEC3"}])");
        const std::vector<std::pair<size_t, std::string>> expected = {{0, "ACCESSOR_INVALID_COMPONENT_TYPE"},
                                                                      {1, "ACCESSOR_INVALID_TYPE"},
                                                                      {2, "ACCESSOR_OUT_OF_BOUNDS"},
                                                                      {3, "INDEX_OUT_OF_RANGE"},
                                                                      {4, "ACCESSOR_STRIDE_TOO_SMALL"}};
        for (const auto& [index, code] : expected) {
            auto r = readAccessorFloats(doc, index);
            QVERIFY(!r);
            QCOMPARE(QString::fromStdString(r.diagnostics.at(0).code), QString::fromStdString(code));
            QVERIFY(r.diagnostics.at(0).pointer.rfind("/accessors/" + std::to_string(index), 0) == 0);
        }
        QVERIFY(!readAccessorFloats(doc, 99));
    }

    void bounds()
    {
        Bytes d;
        appendFloats(d, {1, -2, 3, -4, 5, 0.5f});
        GltfDocument doc = documentWith(d, R"("bufferViews":[{"buffer":0,"byteLength":24}],
            "accessors":[{"bufferView":0,"componentType":5126,"count":2,"type":"VEC3","min":[-4,-2,0.5],"max":[1,5,3]},
                         {"bufferView":0,"componentType":5126,"count":2,"type":"VEC3","min":[0,0],"max":[1,1,1]},
                         {"bufferView":0,"componentType":5126,"count":2,"type":"VEC3"}])");
        auto declared = declaredBounds(doc, 0);
        QVERIFY(declared.has_value());
        QCOMPARE(declared->min, (std::vector<double>{-4, -2, 0.5}));
        QCOMPARE(declared->max, (std::vector<double>{1, 5, 3}));
        QVERIFY(!declaredBounds(doc, 1).has_value()); // min has 2 of 3 components
        QVERIFY(!declaredBounds(doc, 2).has_value());
        const AccessorBounds computed = computeBounds(*readAccessorFloats(doc, 2));
        QCOMPARE(computed.min, declared->min);
        QCOMPARE(computed.max, declared->max);
    }

    void triangleModes_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QList<uint32_t>>("expected");
        // Five vertices 0..4. TRIANGLES uses whole triples; a strip alternates winding (glTF §3.7.2.1:
        // triangle i is (v_i, v_i+1+i%2, v_i+2-i%2)); a fan pivots on vertex 0.
        QTest::newRow("triangles") << 4 << QList<uint32_t>{0, 1, 2};
        QTest::newRow("strip") << 5 << QList<uint32_t>{0, 1, 2, 1, 3, 2, 2, 3, 4};
        QTest::newRow("fan") << 6 << QList<uint32_t>{0, 1, 2, 0, 2, 3, 0, 3, 4};
    }

    void triangleModes()
    {
        QFETCH(int, mode);
        QFETCH(QList<uint32_t>, expected);
        Bytes d;
        appendFloats(d, {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0.5f, 2, 0});
        GltfDocument doc = documentWith(d, R"("bufferViews":[{"buffer":0,"byteLength":60}],
            "accessors":[{"bufferView":0,"componentType":5126,"count":5,"type":"VEC3"}],
            "meshes":[{"primitives":[{"attributes":{"POSITION":0},"mode":)" +
                                               std::to_string(mode) + "}]}]");
        auto r = primitiveTriangles(doc, 0, 0);
        QVERIFY2(r.value.has_value(), test::describe(r.diagnostics).c_str());
        QCOMPARE(QList<uint32_t>(r->indices.begin(), r->indices.end()), expected);
        QCOMPARE(r->positions.size(), size_t(5));
        QCOMPARE(r->positions[4], QVector3D(0.5f, 2, 0));
    }

    void indexedAndMerged()
    {
        Bytes d;
        appendFloats(d, {0, 0, 0, 1, 0, 0, 0, 1, 0});
        appendValues<uint16_t>(d, {2, 1, 0, 0});
        GltfDocument doc = documentWith(
            d, R"("bufferViews":[{"buffer":0,"byteLength":36},{"buffer":0,"byteOffset":36,"byteLength":6}],
            "accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3"},
                         {"bufferView":1,"componentType":5123,"count":3,"type":"SCALAR"}],
            "meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1},
                                     {"attributes":{"POSITION":0},"mode":1},
                                     {"attributes":{"POSITION":0}}]}])");
        auto r = meshTriangles(doc, 0);
        QVERIFY(r.value.has_value());
        // primitive 0 (indexed) then primitive 2 (plain, offset by 3 vertices); the LINES primitive is
        // skipped.
        QCOMPARE(r->indices, (std::vector<uint32_t>{2, 1, 0, 3, 4, 5}));
        QCOMPARE(r->positions.size(), size_t(6));
        QCOMPARE(r->triangleCount(), size_t(2));
        QCOMPARE(r.diagnostics.size(), size_t(1));
        QCOMPARE(r.diagnostics[0].severity, Severity::Warning);
        QCOMPARE(QString::fromStdString(r.diagnostics[0].pointer),
                 QStringLiteral("/meshes/0/primitives/1/mode"));

        auto lines = primitiveTriangles(doc, 0, 1);
        QVERIFY(!lines);
        QVERIFY(lines.diagnostics[0].message.find("LINES") != std::string::npos);
    }

    void largestIndexEveryLayout()
    {
        // The scan's fast path (packed, aligned, blocks of 256) and its fallback (strided or misaligned) both
        // give the brute-force maximum, wherever it sits: first, last, inside a block or in the tail.
        std::mt19937 random(11);
        for (const int type : {5121, 5123, 5125}) {
            const size_t size = type == 5121 ? 1 : type == 5123 ? 2 : 4;
            const std::uint32_t top = type == 5121 ? 0xffu : type == 5123 ? 0xffffu : 0xffffffffu;
            for (const size_t count :
                 {size_t(0), size_t(1), size_t(255), size_t(256), size_t(257), size_t(1000), size_t(70001)}) {
                for (const size_t shift : {size_t(0), size_t(1), size_t(3)}) {
                    for (const size_t stride : {size, size + 4}) {
                        std::vector<std::uint8_t> bytes(shift + count * stride + 8, 0xee);
                        std::vector<std::uint32_t> values(count);
                        for (auto& v : values)
                            v = std::uniform_int_distribution<std::uint32_t>(0, top / 2)(random);
                        if (count > 0)
                            values[std::uniform_int_distribution<size_t>(0, count - 1)(random)] = top - 1;
                        std::uint32_t expected = 0;
                        for (size_t i = 0; i < count; ++i) {
                            expected = std::max(expected, values[i]);
                            for (size_t b = 0; b < size; ++b)
                                bytes[shift + i * stride + b] = std::uint8_t(values[i] >> (8 * b));
                        }
                        const std::uint32_t got =
                            gltf::largestIndex(bytes.data() + shift, count, stride, type);
                        QVERIFY2(got == expected,
                                 qPrintable(QStringLiteral("type %1 count %2 shift %3 stride %4: "
                                                           "%5, expected %6")
                                                .arg(type)
                                                .arg(count)
                                                .arg(shift)
                                                .arg(stride)
                                                .arg(got)
                                                .arg(expected)));
                    }
                }
            }
        }
    }

    void nonFinitePositionIsAnError()
    {
        Bytes d;
        appendFloats(d, {0, 0, 0, std::numeric_limits<float>::quiet_NaN(), 0, 0, 0,
                         std::numeric_limits<float>::infinity(), 0});
        GltfDocument doc = documentWith(d, R"("bufferViews":[{"buffer":0,"byteLength":36}],
            "accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3"}],
            "meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}])");
        auto r = primitiveTriangles(doc, 0, 0);
        QVERIFY(!r);
        QCOMPARE(QString::fromStdString(r.diagnostics[0].code), QStringLiteral("ACCESSOR_NON_FINITE"));
        QCOMPARE(QString::fromStdString(r.diagnostics[0].pointer), QStringLiteral("/accessors/0"));
        QVERIFY(r.diagnostics[0].message.find("position 1") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestAccessors)
#include "TestAccessors.moc"
