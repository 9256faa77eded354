// Every glTF 2.0 file we have (the OMI spec examples, Debian's assimp-testmodels, the bundled sample) is
// loaded, saved as .glb and as .gltf, and compared with the input: the same JSON (key order included) except
// where embedding resources requires a change, the same bytes in every buffer view and image, and no error
// from the Khronos glTF-Validator that the input did not have.
#include "TestSupport.h"
#include "gltf/GltfDocument.h"
#include "gltf/Uri.h"

#include <QTest>
#include <set>

using namespace cs;
using namespace cs::gltf;

namespace {

std::vector<std::string> keysOf(const Json& object)
{
    std::vector<std::string> out;
    for (auto it = object.begin(); it != object.end(); ++it)
        out.push_back(it.key());
    return out;
}

uint32_t u32(const Bytes& b, size_t at)
{
    return uint32_t(b[at]) | uint32_t(b[at + 1]) << 8 | uint32_t(b[at + 2]) << 16 | uint32_t(b[at + 3]) << 24;
}

/// The BIN chunk of a .glb file, read here without the code under test (empty when there is none).
Bytes rawBinChunk(const Bytes& file)
{
    if (file.size() < 20)
        return {};
    const size_t jsonLength = u32(file, 12);
    const size_t at = 20 + jsonLength;
    if (file.size() < at + 8 || u32(file, at + 4) != 0x004E4942)
        return {};
    return Bytes(file.begin() + at + 8, file.begin() + at + 8 + u32(file, at));
}

/// The bytes a buffer view covers in a document's buffers.
Bytes viewBytes(const GltfDocument& doc, const Json& view)
{
    const Bytes& buffer = doc.buffers().at(view["buffer"].get<size_t>()).data;
    const size_t offset = view.value("byteOffset", size_t(0));
    const size_t length = view["byteLength"].get<size_t>();
    if (offset + length > buffer.size())
        return {};
    return Bytes(buffer.begin() + offset, buffer.begin() + offset + length);
}

struct Pair
{
    std::filesystem::path input;
    std::filesystem::path output;
};

} // namespace

class TestRoundTrip : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;
    std::vector<Pair> m_saved;
    size_t m_rows = 0;

private slots:
    void corpusIsThere()
    {
        // A vanished corpus must fail here, not make every later check pass vacuously.
        QVERIFY(test::filesBelow(test::dataPath("spec/omi"), {".gltf", ".glb"}).size() >= 39);
        QVERIFY(test::filesBelow(test::dataPath("spec/legacy"), {".gltf", ".glb"}).size() >= 40);
        QVERIFY2(test::filesBelow(CS_ASSIMP_GLTF2_DIR, {".gltf", ".glb"}).size() >= 30,
                 "Debian's assimp-testmodels is not installed: run scripts/setup.sh");
        QVERIFY(std::filesystem::exists(CS_SAMPLE_FILE));
    }

    void roundTrip_data()
    {
        QTest::addColumn<QString>("file");
        std::vector<std::filesystem::path> files =
            test::filesBelow(test::dataPath("spec"), {".gltf", ".glb"});
        for (const auto& f : test::filesBelow(CS_ASSIMP_GLTF2_DIR, {".gltf", ".glb"}))
            files.push_back(f);
        files.push_back(CS_SAMPLE_FILE);
        for (const auto& f : files)
            QTest::newRow(f.string().c_str()) << QString::fromStdString(f.string());
    }

    void roundTrip()
    {
        QFETCH(QString, file);
        const std::filesystem::path input = file.toStdString();
        auto loaded = loadGltf(input);
        QVERIFY2(loaded.value.has_value(), test::describe(loaded.diagnostics).c_str());
        const GltfDocument& in = *loaded;
        const size_t row = m_rows++;

        // The loader's bytes are the file's bytes.
        for (size_t i = 0; i < in.buffers().size(); ++i) {
            const Buffer& b = in.buffers()[i];
            if (b.origin == ResourceOrigin::ExternalFile)
                QVERIFY(b.data == test::readBytes(input.parent_path() / *percentDecode(b.uri)));
            if (b.origin == ResourceOrigin::GlbBinChunk)
                QVERIFY(b.data == rawBinChunk(test::readBytes(input)));
        }

        const bool missingData = std::any_of(in.buffers().begin(), in.buffers().end(), [](const Buffer& b) {
            return b.origin == ResourceOrigin::Missing;
        });
        const auto glbPath = m_dir / (std::to_string(row) + ".glb");
        const Diagnostics saved = saveGltf(in, glbPath);
        if (missingData) {
            // A file whose buffer cannot be read is not written as a broken .glb.
            QVERIFY(findDiagnostic(saved, "BUFFER_MISSING_DATA"));
            QVERIFY(!std::filesystem::exists(glbPath));
            return;
        }
        QVERIFY2(!hasErrors(saved), test::describe(saved).c_str());
        auto reloaded = loadGltf(glbPath);
        QVERIFY2(reloaded.value.has_value(), test::describe(reloaded.diagnostics).c_str());
        const GltfDocument& out = *reloaded;
        const Json& a = in.json();
        const Json& b = out.json();

        // Key order of the root: the same, plus buffers/bufferViews when embedding created them.
        std::vector<std::string> expectedKeys = keysOf(a);
        for (const char* added : {"bufferViews", "buffers"}) {
            if (!a.contains(added) && b.contains(added))
                expectedKeys.push_back(added);
        }
        QCOMPARE(keysOf(b), expectedKeys);
        for (auto it = a.begin(); it != a.end(); ++it) {
            if (it.key() == "buffers" || it.key() == "bufferViews" || it.key() == "images")
                continue;
            QVERIFY2(it.value() == b[it.key()] && it.value().dump() == b[it.key()].dump(), it.key().c_str());
        }

        // Buffer views: same properties but where they point, same bytes.
        const size_t views = in.count("bufferViews");
        for (size_t v = 0; v < views; ++v) {
            Json x = a["bufferViews"][v];
            Json y = b["bufferViews"][v];
            QVERIFY(viewBytes(in, x) == viewBytes(out, y));
            for (Json* j : {&x, &y}) {
                j->erase("buffer");
                j->erase("byteOffset");
            }
            QCOMPARE(QString::fromStdString(y.dump()), QString::fromStdString(x.dump()));
        }
        // Images: those with a uri now live in the BIN chunk with the same bytes; the rest are unchanged.
        for (size_t i = 0; i < in.count("images"); ++i) {
            const Json& x = a["images"][i];
            const Json& y = b["images"][i];
            if (!x.contains("uri") || in.images()[i].origin == ResourceOrigin::Missing) {
                QCOMPARE(QString::fromStdString(y.dump()), QString::fromStdString(x.dump()));
                continue;
            }
            QVERIFY(!y.contains("uri"));
            QVERIFY(y.contains("mimeType"));
            QVERIFY(viewBytes(out, b["bufferViews"][y["bufferView"].get<size_t>()]) == in.images()[i].data);
        }
        QVERIFY(b.value("buffers", Json::array()).size() <= 1);
        // A .glb with its data in the BIN chunk comes back exactly as it was.
        if (in.sourceFormat() == FileFormat::Glb && in.buffers().size() <= 1)
            QCOMPARE(QString::fromStdString(b.dump()), QString::fromStdString(a.dump()));

        // Saving the saved file again changes nothing.
        const auto again = m_dir / (std::to_string(row) + "-again.glb");
        QVERIFY(saveGltf(out, again).empty());
        QVERIFY(test::readBytes(again) == test::readBytes(glbPath));

        // As .gltf into a fresh folder: the JSON comes back as it was, key order included.
        if (in.sourceFormat() == FileFormat::Gltf) {
            const auto folder = m_dir / (std::to_string(row) + "-gltf");
            std::filesystem::create_directories(folder);
            const Diagnostics asGltf = saveGltf(in, folder / input.filename());
            QVERIFY2(!hasErrors(asGltf), test::describe(asGltf).c_str());
            auto back = loadGltf(folder / input.filename());
            QVERIFY(back.value.has_value());
            QCOMPARE(QString::fromStdString(back->json().dump()), QString::fromStdString(a.dump()));
            for (size_t i = 0; i < in.buffers().size(); ++i)
                QVERIFY(back->buffers()[i].data == in.buffers()[i].data);
        }
        m_saved.push_back({input, glbPath});
    }

    void validatorFindsNoNewErrors()
    {
        QVERIFY(m_saved.size() >= 100);
        std::vector<std::filesystem::path> files;
        for (const auto& p : m_saved) {
            files.push_back(p.input);
            files.push_back(p.output);
        }
        const auto reports = test::runValidator(files);
        QCOMPARE(reports.size(), files.size());
        for (size_t i = 0; i < m_saved.size(); ++i) {
            const auto& in = reports[2 * i];
            const auto& out = reports[2 * i + 1];
            QVERIFY2(in.ran, (m_saved[i].input.string() + ": " + in.failure).c_str());
            QVERIFY2(out.ran, (m_saved[i].input.string() + ": " + out.failure).c_str());
            std::set<std::string> inputCodes(in.errorCodes.begin(), in.errorCodes.end());
            for (const auto& code : out.errorCodes) {
                QVERIFY2(inputCodes.count(code),
                         (m_saved[i].input.string() + ": the saved .glb has the new error " + code + "\n" +
                          out.text)
                             .c_str());
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestRoundTrip)
#include "TestRoundTrip.moc"
