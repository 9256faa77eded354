// Every glTF/GLB under /usr/share/assimp/models (Debian's assimp-testmodels) and tests/data (but its engine
// scenes) opened in the real window: `collidoscope FILE --screenshot OUT --viewport` in a child process
// bounded in time and address space. A file fails on a crash, a hang, or a capture with no mesh pixels where
// the file has meshes to draw (core's render scene says which). A file the program refuses must say so and
// exit with status 2.
#include "ChildProcess.h"
#include "TestSupport.h"
#include "gltf/GltfDocument.h"
#include "gltf/RenderScene.h"
#include "gltf/SceneGraph.h"

#include <QImage>
#include <QTest>
#include <array>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

const fs::path kAssimpModels = "/usr/share/assimp/models";

/// What the view draws besides the meshes: the background, the ground grid and its axes.
bool isViewDecoration(QRgb p, QRgb background)
{
    static const std::array<QRgb, 4> lines{qRgb(90, 92, 104), qRgb(220, 70, 70), qRgb(90, 200, 90),
                                           qRgb(80, 120, 230)};
    auto near = [p](QRgb c, int tolerance) {
        return std::abs(qRed(p) - qRed(c)) <= tolerance && std::abs(qGreen(p) - qGreen(c)) <= tolerance &&
               std::abs(qBlue(p) - qBlue(c)) <= tolerance;
    };
    if (near(background, 12))
        return true;
    return std::any_of(lines.begin(), lines.end(), [&](QRgb c) { return near(c, 24); });
}

/// Pixels of the capture that are neither background nor grid: meshes and collider wireframes.
int drawnPixels(const QImage& capture)
{
    const QImage image = capture.convertToFormat(QImage::Format_RGB32);
    const QRgb background = image.pixel(2, 2); // the top-left corner is sky in every view the test uses
    int count = 0;
    for (int y = 0; y < image.height(); ++y) {
        const QRgb* row = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x)
            count += isViewDecoration(row[x], background) ? 0 : 1;
    }
    return count;
}

/// True when core's render scene has something to draw for this file (the loader's verdict, independent of
/// the window).
bool hasMeshesToDraw(const fs::path& file)
{
    auto doc = cs::gltf::loadGltf(file);
    if (!doc)
        return false;
    auto graph = cs::gltf::SceneGraph::build(*doc);
    if (!graph)
        return false;
    auto render = cs::gltf::buildRenderScene(*doc, *graph);
    return render && !render->empty() && render->boundsMin != render->boundsMax;
}

/// CS_CORPUS=0 or CS_CORPUS=1 takes every other file, from the first or the second (ctest runs the halves
/// side by side); unset, every file.
std::vector<fs::path> corpus()
{
    std::vector<fs::path> files = cs::test::filesBelow(kAssimpModels, {".gltf", ".glb"});
    // The engine scenes (tests/data/engine-scenes) are left out: a few primitives each, written by
    // tests/engines/make_engine_scenes.py for `make engine-check`, they draw nothing the other files do not,
    // and each file here costs a window of its own.
    for (const fs::path& f : cs::test::filesBelow(cs::test::dataPath(""), {".gltf", ".glb"}))
        if (f.parent_path().filename() != "engine-scenes")
            files.push_back(f);
    const QByteArray part = qgetenv("CS_CORPUS");
    if (part != "0" && part != "1")
        return files;
    std::vector<fs::path> half;
    for (size_t i = part == "0" ? 0 : 1; i < files.size(); i += 2)
        half.push_back(files[i]);
    return half;
}

} // namespace

class TestOpenCorpus : public QObject
{
    Q_OBJECT

    cs::test::TempDir m_out;

private slots:
    void assimpModelsAreInstalled()
    {
        // scripts/setup.sh installs assimp-testmodels; without it this test would cover only our own files.
        QVERIFY2(cs::test::filesBelow(kAssimpModels, {".gltf", ".glb"}).size() >= 40,
                 "assimp-testmodels is not installed (run scripts/setup.sh)");
    }

    void opensInTheWindow_data()
    {
        QTest::addColumn<QString>("file");
        for (const fs::path& f : corpus())
            QTest::newRow(f.string().c_str()) << QString::fromStdString(f.string());
    }

    void opensInTheWindow()
    {
        QFETCH(QString, file);
        const fs::path path = file.toStdString();
        const std::string out = (m_out / "capture.png").string();
        fs::remove(out);
        const std::string app = CS_COLLIDOSCOPE;
        cs::reliability::ChildLimits limits;
        limits.addressSpace = std::uint64_t(6) << 30; // Mesa and Qt reserve address space for every thread
        limits.seconds = 60;
        const auto outcome = cs::reliability::runInChild(
            [&]() -> std::string {
                const std::string f = path.string();
                std::vector<char*> argv{const_cast<char*>(app.c_str()),    const_cast<char*>(f.c_str()),
                                        const_cast<char*>("--screenshot"), const_cast<char*>(out.c_str()),
                                        const_cast<char*>("--viewport"),   const_cast<char*>("--size"),
                                        const_cast<char*>("640x480"),      nullptr};
                // Quiet: the child's output would interleave with the test log.
                if (!std::freopen("/dev/null", "w", stdout))
                    return "cannot send the child's output to /dev/null";
                ::execv(app.c_str(), argv.data());
                return "exec failed";
            },
            limits);
        QVERIFY2(outcome.exited, ("the window did not survive: " + outcome.describe()).c_str());
        QVERIFY2(outcome.exitCode == 0 || outcome.exitCode == 2, outcome.describe().c_str());
        if (outcome.exitCode == 2) {
            // Refused: only a file the core loader also refuses may be refused by the window.
            QVERIFY2(!cs::gltf::loadGltf(path), "the window refused a file that loads");
            return;
        }
        QImage capture(QString::fromStdString(out));
        QVERIFY2(!capture.isNull(), "no capture was written");
        QVERIFY(capture.width() > 100 && capture.height() > 100);
        if (hasMeshesToDraw(path)) {
            const int drawn = drawnPixels(capture);
            QVERIFY2(drawn >= 40, ("a file with meshes gave an empty picture (" + std::to_string(drawn) +
                                   " drawn pixels, " + outcome.describe() + ")")
                                      .c_str());
        }
    }

    void emptyPictureIsNoticed()
    {
        // The picture check itself: a view of nothing but sky and grid has no drawn pixels, one mesh pixel
        // counts.
        QImage image(200, 150, QImage::Format_RGB32);
        image.fill(qRgb(38, 40, 46));
        for (int x = 0; x < 200; ++x)
            image.setPixel(x, 100, qRgb(90, 92, 104));
        QCOMPARE(drawnPixels(image), 0);
        image.setPixel(50, 50, qRgb(180, 150, 120));
        QCOMPARE(drawnPixels(image), 1);
    }
};

QTEST_GUILESS_MAIN(TestOpenCorpus)
#include "TestOpenCorpus.moc"
