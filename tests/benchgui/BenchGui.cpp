// cs_bench_gui [--runs N] [--quick] [--only first_frame|window_memory|fps|simulate_fps|scale_window]
// [--file NAME]: the window's figures (scale_window: ScaleWindow.h).
//   bench=first_frame: from asking the window to open a file to a settled rendered frame, against core's own
//     load of the file plus two frames of an empty scene, and against Assimp (aiProcess_Triangulate) and
//     tinygltf (images not decoded). Files: the largest of the test corpus, a generated 800-node scene of
//     about 27 MB, and a generated textured scene; for the textured scene, the first frame drawn (textures
//     still arriving) and the first with every texture in, each against core's load plus two empty frames.
//   bench=window_memory: peak resident memory of the program opening a large textured scene to its first
//     frame, against the same program opening an empty scene, each in a fresh process of its own (pids
//     printed; the bench fails when two figures share a process), and against the goal: empty + 1.5x the
//     images decoded + 2x the vertex bytes.
//   bench=fps: frames per second of the viewport with N colliders drawn, against the same window showing an
//     empty scene; the renderer in use is printed.
//   bench=simulate_fps: frames per second of the window while the simulation preview plays 1,000 falling
//     dynamic bodies (the worker steps, the view moves every body's lines each frame), against the same
//     window showing an empty scene; and how many simulated seconds passed per second meanwhile (1 = real
//     time); and where the time went: the CPU time per frame of the GUI thread, Qt Quick's render thread,
//     the rasterizer's threads (llvmpipe) and the simulation's worker, for both.
#include "BenchUtil.h"
#include "DocumentSession.h"
#include "EventWait.h"
#include "LargeScene.h"
#include "MainWindow.h"
#include "PeakMemory.h"
#include "Prompter.h"
#include "ScaleWindow.h"
#include "SceneLoader.h"
#include "SimulationController.h"
#include "SimulationMenu.h"
#include "ThreadTimes.h"
#include "WindowMemory.h"
#include "gltf/GltfDocument.h"
#include "viewport/Viewport.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QTest>
#include <QWindow>
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <tiny_gltf.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace cs;

namespace {

bool skipImage(tinygltf::Image*, const int, std::string*, std::string*, int, int, const unsigned char*, int,
               void*)
{
    return true;
}

/// The largest glTF file of the test corpus (by size on disk).
fs::path largestCorpusFile()
{
    fs::path best;
    std::uintmax_t size = 0;
    for (const fs::path& dir : {fs::path(CS_TEST_DATA_DIR), fs::path(CS_ASSIMP_GLTF2_DIR)}) {
        if (!fs::exists(dir))
            continue;
        for (const auto& e : fs::recursive_directory_iterator(dir)) {
            if ((e.path().extension() == ".glb" || e.path().extension() == ".gltf") && e.file_size() > size) {
                auto loaded = gltf::loadGltf(e.path());
                if (loaded && !hasErrors(loaded.diagnostics)) {
                    size = e.file_size();
                    best = e.path();
                }
            }
        }
    }
    return best;
}

/// Opens a file and waits for the first settled frame; milliseconds, or a negative number on failure.
double openToFirstFrame(ui::MainWindow& window, const fs::path& file)
{
    // The frames the window still owes (e.g. the one Qt Quick draws after a capture) are drawn first, so
    // that every timed open starts from an idle window, as when the user picks a file.
    QTest::qWait(300);
    QElapsedTimer timer;
    timer.start();
    bool opened = false, ok = false;
    double framed = -1;
    window.session().openFile(QString::fromStdString(file.string()), [&](bool result) {
        opened = true;
        ok = result;
        if (ok)
            window.viewport()->capture([&](const QImage&) { framed = double(timer.nsecsElapsed()) / 1e6; });
    });
    if (!bench::runUntil([&] { return opened && (!ok || framed >= 0); }, 120000) || !ok)
        return -1;
    return framed;
}

/// Opens a file and times two frames: the first one drawn (textures may still be arriving: their materials
/// show their base colours) and the first one with every texture in; milliseconds from asking the window to
/// open the file, negative on failure.
std::pair<double, double> openToTexturedFrame(ui::MainWindow& window, const fs::path& file)
{
    QTest::qWait(300); // as in openToFirstFrame
    QElapsedTimer timer;
    timer.start();
    bool opened = false, ok = false;
    double first = -1, textured = -1;
    window.session().openFile(QString::fromStdString(file.string()), [&](bool result) {
        opened = true;
        ok = result;
        if (!ok)
            return;
        window.viewport()->captureFrame([&](const QImage&) {
            first = double(timer.nsecsElapsed()) / 1e6;
            window.viewport()->capture([&](const QImage&) { textured = double(timer.nsecsElapsed()) / 1e6; });
        });
    });
    if (!bench::runUntil([&] { return opened && (!ok || (first >= 0 && textured >= 0)); }, 120000) || !ok)
        return {-1, -1};
    return {first, textured};
}

/// Frames per second: `frames` frames rendered one after another (each capture renders one); `cpu`, when
/// given, receives the CPU time each group of threads spent per frame meanwhile (see bench::cpuPerFrame).
double framesPerSecond(ui::MainWindow& window, int frames, std::string* cpu = nullptr)
{
    // The first capture waits for the scene to settle; the timed ones render one frame each.
    bool ready = false;
    window.viewport()->capture([&](const QImage&) { ready = true; });
    if (!bench::runUntil([&] { return ready; }, 60000))
        return 0;
    int done = 0;
    const auto threadsBefore = bench::threadTimes();
    QElapsedTimer timer;
    timer.start();
    qint64 elapsedNs = 0;
    std::function<void()> next = [&] {
        // A small turn per frame, as when the user orbits: every frame is a new view.
        window.viewport()->camera().orbit(0.01f, 0.0f);
        window.viewport()->captureFrame([&](const QImage&) {
            if (++done < frames)
                next();
            else
                elapsedNs = timer.nsecsElapsed();
        });
    };
    next();
    if (!bench::runUntil([&] { return done >= frames; }, 120000))
        return 0;
    const double fps = done * 1e9 / double(std::max<qint64>(1, elapsedNs));
    if (cpu)
        *cpu = bench::cpuPerFrame(threadsBefore, bench::threadTimes(), done);
    return fps;
}

/// The OpenGL driver's own name for itself (e.g. "llvmpipe (LLVM 15.0.6, 256 bits)"), from a context of our
/// own.
QString glRenderer()
{
    QOffscreenSurface surface;
    surface.create();
    QOpenGLContext context;
    if (!context.create() || !context.makeCurrent(&surface))
        return QStringLiteral("unknown");
    const auto* name = reinterpret_cast<const char*>(context.functions()->glGetString(GL_RENDERER));
    QString result = name ? QString::fromLatin1(name) : QStringLiteral("unknown");
    context.doneCurrent();
    return result;
}

/// bench=window_memory: the program's peak resident memory opening the textured scene, and opening an
/// empty scene, each in a fresh process of its own (the pid of each is printed); false when the figures
/// cannot be compared (same process, or a run failed).
bool windowMemory(const fs::path& dir, const fs::path& empty, const fs::path& textured, double decoded,
                  double vertexBytes)
{
    const std::string shot = (dir / "shot.png").string();
    const bench::PeakMeasurement emptyRun =
        bench::measurePeak(CS_PEAK_RSS, {CS_COLLIDOSCOPE, empty.string(), "--screenshot", shot});
    const bench::PeakMeasurement sceneRun =
        bench::measurePeak(CS_PEAK_RSS, {CS_COLLIDOSCOPE, textured.string(), "--screenshot", shot});
    const std::string error = bench::separateProcessesError({emptyRun, sceneRun}, long(::getpid()));
    if (!error.empty()) {
        std::printf("bench=window_memory error=\"%s\" empty_pid=%ld scene_pid=%ld\n", error.c_str(),
                    emptyRun.pid, sceneRun.pid);
        return false;
    }
    const double mib = 1024.0, emptyMb = double(emptyRun.peakKib) / mib,
                 peakMb = double(sceneRun.peakKib) / mib;
    const double decodedMb = decoded / (1 << 20), vertexMb = vertexBytes / (1 << 20);
    const double goalMb = emptyMb + 1.5 * decodedMb + 2 * vertexMb;
    std::printf("bench=window_memory file=textured-scene.gltf images=6x4096x4096 triangles=1M peak_mb=%s "
                "empty_scene_mb=%s decoded_images_mb=%s vertex_mb=%s goal_mb=%s ratio_goal=%s ratio_empty=%s "
                "added_per_decoded=%s scene_pid=%ld empty_pid=%ld\n",
                bench::fixed(peakMb, 0).c_str(), bench::fixed(emptyMb, 0).c_str(),
                bench::fixed(decodedMb, 0).c_str(), bench::fixed(vertexMb, 0).c_str(),
                bench::fixed(goalMb, 0).c_str(), bench::fixed(peakMb / goalMb, 2).c_str(),
                bench::fixed(peakMb / emptyMb, 2).c_str(),
                bench::fixed((peakMb - emptyMb) / decodedMb, 2).c_str(), sceneRun.pid, emptyRun.pid);
    std::fflush(stdout);
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const bench::Options options = bench::parseOptions(argc, argv, 5, {"--file"});
    const int runs = options.runs;
    const bool quick = options.quick;
    const std::string onlyFile = options.value("--file"); // first_frame opens only the file of that name
    auto run = [&](const char* name) { return options.run(name); };
    if (!run("first_frame") && !run("window_memory") && !run("fps") && !run("simulate_fps") &&
        !run("scale_window"))
        return 0;
    const fs::path dir = fs::temp_directory_path() / "collidoscope-bench-gui";
    fs::create_directories(dir);

    ui::MainWindow window(std::make_shared<cs::ui::UnattendedPrompter>());
    window.resize(1280, 800);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) {
        std::fprintf(stderr, "cs_bench_gui: the window was never shown (is there a display?)\n");
        return 1;
    }

    // Baselines: two frames of an empty scene (what any window pays to show something) and core's own
    // preparation of the file (read, physics, validation, render scene, picking: ui::loadScene, off the GUI
    // thread).
    const fs::path empty = dir / "empty.gltf";
    {
        const std::string text = R"({"asset":{"version":"2.0"},"scenes":[{"nodes":[]}],"scene":0})";
        std::FILE* f = std::fopen(empty.c_str(), "wb");
        std::fwrite(text.data(), 1, text.size(), f);
        std::fclose(f);
    }
    const int frames = quick ? 20 : 180;
    openToFirstFrame(window, empty);
    std::string emptyCpu;
    const double emptyFps = framesPerSecond(window, frames, &emptyCpu);
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    double decoded = 0, vertexBytes = 0;
    // The large scenes are made only for the figures that open them.
    const bool opensLarge = run("first_frame") || run("window_memory");
    const fs::path textured = opensLarge ? bench::makeTexturedScene(dir, decoded, vertexBytes) : fs::path();
    const fs::path manyNodes = run("first_frame") ? bench::makeManyNodeScene(dir) : fs::path();
    for (const fs::path& file : {largestCorpusFile(), manyNodes, textured}) {
        if (!run("first_frame"))
            break;
        if (!onlyFile.empty() && file.filename() != onlyFile)
            continue;
        // The median of the runs, and the first run on its own (first_open_ms): the first time the process
        // draws a scene this large, the renderer's buffers are fresh memory that the kernel has to hand over
        // page by page; later opens reuse what the allocator kept.
        std::vector<double> ours, texturedMs, coreMs, assimpMs, tinyMs;
        for (int r = 0; r < runs; ++r) {
            if (file == textured) {
                const auto [first, all] = openToTexturedFrame(window, file);
                ours.push_back(first);
                texturedMs.push_back(all);
            } else {
                ours.push_back(openToFirstFrame(window, file));
            }
            QElapsedTimer t;
            t.start();
            bench::keep(ui::loadScene(QString::fromStdString(file.string())).get());
            coreMs.push_back(double(t.nsecsElapsed()) / 1e6);
            t.restart();
            Assimp::Importer importer;
            const aiScene* scene = importer.ReadFile(file.string(), aiProcess_Triangulate);
            bench::keep(scene);
            assimpMs.push_back(double(t.nsecsElapsed()) / 1e6);
            t.restart();
            tinygltf::TinyGLTF loader;
            loader.SetImageLoader(skipImage, nullptr);
            tinygltf::Model model;
            std::string err, warn;
            if (file.extension() == ".glb")
                loader.LoadBinaryFromFile(&model, &err, &warn, file.string());
            else
                loader.LoadASCIIFromFile(&model, &err, &warn, file.string());
            tinyMs.push_back(double(t.nsecsElapsed()) / 1e6);
        }
        // One frame of the opened scene (a small orbit, so each is a new view): what llvmpipe pays to draw
        // it, which the first frame cannot avoid.
        const double frameMs = 1000.0 / std::max(framesPerSecond(window, quick ? 3 : 6), 1e-6);
        const double o = median(ours), c = median(coreMs), a = median(assimpMs), t = median(tinyMs);
        const double baseline = c + 2000.0 / std::max(emptyFps, 1e-6);
        // What the window adds to the least any viewer pays on this renderer: the load and one frame of the
        // scene (a later one, whose buffers already exist).
        const double floor = c + frameMs;
        if (file == textured) {
            const double all = median(texturedMs);
            std::printf(
                "bench=first_frame file=%s first_frame_ms=%s first_open_ms=%s textured_frame_ms=%s "
                "core_load_ms=%s two_empty_frames_ms=%s ratio_first_frame=%s ratio_first_open=%s "
                "ratio_textured_frame=%s ratio_core_plus_scene_frame=%s scene_frame_ms=%s mesh_models=%zu\n",
                file.filename().string().c_str(), bench::fixed(o).c_str(), bench::fixed(ours.front()).c_str(),
                bench::fixed(all).c_str(), bench::fixed(c).c_str(), bench::fixed(2000.0 / emptyFps).c_str(),
                bench::fixed(o / baseline, 2).c_str(), bench::fixed(ours.front() / baseline, 2).c_str(),
                bench::fixed(all / baseline, 2).c_str(), bench::fixed(o / floor, 2).c_str(),
                bench::fixed(frameMs).c_str(), window.viewport()->meshModelCount());
            continue;
        }
        std::printf(
            "bench=first_frame file=%s ours_ms=%s first_open_ms=%s core_load_ms=%s two_empty_frames_ms=%s "
            "assimp_ms=%s tinygltf_ms=%s ratio_core_plus_frames=%s ratio_first_open=%s ratio_assimp=%s "
            "ratio_tinygltf=%s ratio_core_plus_scene_frame=%s scene_frame_ms=%s mesh_models=%zu\n",
            file.filename().string().c_str(), bench::fixed(o).c_str(), bench::fixed(ours.front()).c_str(),
            bench::fixed(c).c_str(), bench::fixed(2000.0 / emptyFps).c_str(), bench::fixed(a).c_str(),
            bench::fixed(t).c_str(), bench::fixed(o / baseline, 2).c_str(),
            bench::fixed(ours.front() / baseline, 2).c_str(), bench::fixed(o / a, 2).c_str(),
            bench::fixed(o / t, 2).c_str(), bench::fixed(o / floor, 2).c_str(), bench::fixed(frameMs).c_str(),
            window.viewport()->meshModelCount());
    }
    std::fflush(stdout);

    if (run("window_memory") && !windowMemory(dir, empty, textured, decoded, vertexBytes))
        return 1;
    if (run("scale_window") && !bench::scaleWindow(window, quick, dir))
        return 1;

    if (run("simulate_fps")) {
        constexpr size_t Bodies = 1000;
        const double openMs = openToFirstFrame(window, bench::makeFallingScene(dir, Bodies));
        auto* sim = window.findChild<ui::SimulationMenu*>();
        sim->play();
        if (!QTest::qWaitFor([&] { return sim->controller()->frame().step > 0; }, 60000)) {
            std::fprintf(stderr, "cs_bench_gui: the simulation never started\n");
            return 1;
        }
        const double simStart = sim->controller()->frame().time;
        QElapsedTimer wall;
        wall.start();
        std::string cpu;
        const double fps = framesPerSecond(window, frames, &cpu);
        const double simRate =
            (sim->controller()->frame().time - simStart) / (double(wall.elapsed()) / 1000.0);
        sim->controller()->pause();
        if (!QTest::qWaitFor([&] { return sim->controller()->settled(); }, 60000))
            std::fprintf(stderr, "cs_bench_gui: the simulation did not pause\n");
        std::printf("bench=simulate_fps bodies=%zu open_ms=%s fps=%s empty_scene_fps=%s ratio_empty=%s "
                    "simulated_s_per_s=%s step_s=1/60 cpu_ms_per_frame=%s empty_cpu_ms_per_frame=%s\n",
                    Bodies, bench::fixed(openMs, 1).c_str(), bench::fixed(fps, 1).c_str(),
                    bench::fixed(emptyFps, 1).c_str(), bench::fixed(fps / emptyFps, 2).c_str(),
                    bench::fixed(simRate, 2).c_str(), cpu.c_str(), emptyCpu.c_str());
        std::fflush(stdout);
    }

    if (!run("fps")) {
        fs::remove_all(dir);
        return 0;
    }
    const size_t count = quick ? 1000 : 10000;
    const fs::path colliders = bench::makeColliderScene(dir, count);
    const double openMs = openToFirstFrame(window, colliders);
    std::string cpu;
    const double fps = framesPerSecond(window, frames, &cpu);
    size_t given = 0, drawn = 0;
    std::string perLayer;
    for (int layer = 0; layer < int(ui::OverlayLayer::Count); ++layer) {
        given += window.viewport()->overlayPointCount(ui::OverlayLayer(layer));
        const size_t n = window.viewport()->drawnOverlayPointCount(ui::OverlayLayer(layer));
        drawn += n;
        perLayer += (perLayer.empty() ? "" : ",") + std::to_string(n);
    }
    std::printf("bench=fps colliders=%zu open_ms=%s fps=%s empty_scene_fps=%s ratio_empty=%s line_points=%zu "
                "drawn_points=%zu drawn_per_layer=%s cpu_ms_per_frame=%s empty_cpu_ms_per_frame=%s "
                "renderer=\"%s; %s\" platform=%s size=%dx%d\n",
                count, bench::fixed(openMs, 1).c_str(), bench::fixed(fps, 1).c_str(),
                bench::fixed(emptyFps, 1).c_str(), bench::fixed(fps / emptyFps, 2).c_str(), given, drawn,
                perLayer.c_str(), cpu.c_str(), emptyCpu.c_str(),
                qPrintable(window.viewport()->rendererDescription()), qPrintable(glRenderer()),
                qPrintable(QGuiApplication::platformName()), window.viewport()->renderWindow()->width(),
                window.viewport()->renderWindow()->height());
    fs::remove_all(dir);
    return 0;
}
