// Textures arriving after the first frame (issue 34): the window shows a textured file in its base colours
// while its images are decoded, each texture is swapped in when ready with a "Loading textures n/m" line,
// capture() waits for them, and a file closed while its images decode leaves nothing in the next one
// (ui/viewport/TextureStream, MeshLayer).
#include "Prompter.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"
#include "gltf/RenderScene.h"
#include "viewport/TextureStream.h"
#include "viewport/Viewport.h"

#include <QBuffer>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace cs;

namespace {

/// Decodes wait here for a permit: the test hands them out (release) to let images through one by one.
QSemaphore& gate()
{
    static QSemaphore semaphore;
    return semaphore;
}

/// A quad facing the front view whose base colour texture is a 32 x 32 image of one colour, `colour`
/// (the quad, its texture coordinates and its white base colour factor from the test data's png-rgb.gltf).
QString writeQuad(const QTemporaryDir& dir, const QString& name, const QColor& colour)
{
    QFile source(QString::fromStdString(test::dataPath("textures/png-rgb.gltf").string()));
    if (!source.open(QIODevice::ReadOnly))
        return {};
    QString text = QString::fromUtf8(source.readAll());
    QImage pixels(32, 32, QImage::Format_RGB32);
    pixels.fill(colour);
    QBuffer png;
    png.open(QIODevice::WriteOnly);
    pixels.save(&png, "PNG");
    const QString prefix = QStringLiteral("data:image/png;base64,");
    const qsizetype from = text.indexOf(prefix);
    const qsizetype to = from < 0 ? -1 : text.indexOf(QLatin1Char('"'), from);
    if (to < 0)
        return {};
    text.replace(from, to - from, prefix + QString::fromLatin1(png.data().toBase64()));
    const QString path = dir.filePath(name);
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(text.toUtf8());
    return path;
}

/// The colour at the centre of a picture, where the quad is seen from the front.
QColor centre(const QImage& image)
{
    return image.pixelColor(image.width() / 2, image.height() / 2);
}

/// A point of the square of texturedSquare() seen from the front, away from the ground grid's axes.
QColor offAxes(const QImage& image)
{
    return image.pixelColor(image.width() * 5 / 8, image.height() / 3);
}

/// The quad drawn with its texture of one colour: that channel well above the other two, lit or not.
bool showsRed(const QColor& c)
{
    return c.red() > 90 && c.red() > 2 * c.green() && c.red() > 2 * c.blue();
}
bool showsBlue(const QColor& c)
{
    return c.blue() > 90 && c.blue() > 2 * c.red() && c.blue() > 2 * c.green();
}

/// The quad in its white base colour alone (the placeholder texel): a grey, brighter than the view's clear
/// colour #26282e.
bool showsBaseColour(const QColor& c)
{
    return std::abs(c.red() - c.green()) <= 12 && std::abs(c.green() - c.blue()) <= 12 &&
           c.green() > 0x28 + 30;
}

/// The next frame as drawn now, without waiting for textures.
QImage frameNow(ui::Viewport& view)
{
    QImage image;
    view.captureFrame([&](const QImage& i) { image = i; });
    (void)QTest::qWaitFor([&] { return !image.isNull(); }, 20000);
    return image;
}

/// A square facing the front view (the XY plane, normal +Z), textured with a 16 x 16 image of `colour`.
gltf::RenderScene texturedSquare(const QColor& colour)
{
    auto mesh = std::make_shared<gltf::TriangleMesh>();
    mesh->positions = {{-1, -1, 0}, {1, -1, 0}, {1, 1, 0}, {-1, 1, 0}};
    mesh->indices = {0, 1, 2, 0, 2, 3};
    gltf::RenderPrimitive p;
    p.triangles = mesh;
    p.normals.assign(4, QVector3D(0, 0, 1));
    p.uvs = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    p.image = 0;
    QImage pixels(16, 16, QImage::Format_RGB32);
    pixels.fill(colour);
    QBuffer png;
    png.open(QIODevice::WriteOnly);
    pixels.save(&png, "PNG");
    gltf::RenderScene scene;
    scene.images.push_back({png.data(), pixels.size()});
    scene.meshes.push_back({{p}});
    scene.instances.push_back({0, 0, QMatrix4x4()});
    scene.boundsMin = QVector3D(-1, -1, 0);
    scene.boundsMax = QVector3D(1, 1, 0);
    return scene;
}

QString describe(const QColor& c)
{
    return c.name();
}

} // namespace

class TestTextureLoading : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        test::useTestSettings(m_dir.path().toStdString());
        // Every decode waits for a permit from the test.
        ui::TextureStream::setDecodeHook([] { gate().acquire(); });
    }

    void cleanupTestCase()
    {
        // Whatever still waits goes through (the hook stays: a decode may be running it).
        gate().release(1000);
    }

    void texelsKeepOrDropTheirAlpha()
    {
        // A 3 x 2 image, half transparent: an OPAQUE material's texture gets alpha 255 everywhere, the
        // others keep the image's, and the rows keep their order and their colour.
        QImage image(3, 2, QImage::Format_RGBA8888);
        image.fill(QColor(10, 20, 30, 100));
        image.setPixelColor(0, 1, QColor(200, 150, 100, 0));
        for (bool alpha : {false, true}) {
            const ui::TexturePixels pixels = ui::texturePixels(image, alpha);
            QCOMPARE(pixels.size, QSize(3, 2));
            QCOMPARE(pixels.bytes.size(), qsizetype(3 * 2 * 4));
            const auto* b = reinterpret_cast<const uchar*>(pixels.bytes.constData());
            QCOMPARE(int(b[0]), 10);
            QCOMPARE(int(b[3]), alpha ? 100 : 255);
            QCOMPARE(int(b[12]), 200); // row 1, pixel 0
            QCOMPARE(int(b[13]), 150);
            QCOMPARE(int(b[15]), alpha ? 0 : 255);
        }
    }

    void firstFrameComesBeforeTheTextures()
    {
        const QString red = writeQuad(m_dir, QStringLiteral("red.gltf"), QColor(230, 30, 30));
        QVERIFY(!red.isEmpty());
        ui::MainWindow w(std::make_shared<ui::UnattendedPrompter>());
        QVERIFY(test::showAndOpen(w, red));
        ui::Viewport& view = *w.viewport();
        view.setView(ui::OrbitCamera::View::Front);
        // The file is open and drawn while its one image is held back: the quad in its base colour.
        QCOMPARE(view.texturesPending(), 1);
        const QImage first = frameNow(view);
        QVERIFY(!first.isNull());
        QVERIFY2(showsBaseColour(centre(first)), qPrintable(describe(centre(first))));
        auto* status = w.findChild<QLabel*>(QStringLiteral("textureStatus"));
        QVERIFY(status);
        QVERIFY(status->isVisible());
        QCOMPARE(status->text(), QStringLiteral("Loading textures 0/1"));

        // capture() waits for the textures: asked now, it answers only after the image is let through.
        QImage settled;
        view.capture([&](const QImage& i) { settled = i; });
        QVERIFY(!frameNow(view).isNull()); // a later frame came and went
        QVERIFY(settled.isNull());
        gate().release(1);
        QVERIFY(QTest::qWaitFor([&] { return !settled.isNull(); }, 20000));
        QCOMPARE(view.texturesPending(), 0);
        QVERIFY2(showsRed(centre(settled)), qPrintable(describe(centre(settled))));
        QVERIFY(!status->isVisible());
    }

    void aRebuiltSceneKeepsItsDecodedImages()
    {
        // An edit that rebuilds the meshes gives the viewport a new render scene with the same images: they
        // are not decoded again (no permit is given for a second decode), and the texture stays drawn.
        const gltf::RenderScene scene = texturedSquare(QColor(30, 30, 230));
        ui::Viewport view;
        QVERIFY(test::showView(view, 400, 300));
        view.setRenderScene(scene);
        view.setView(ui::OrbitCamera::View::Front);
        view.frameAll();
        QCOMPARE(view.texturesPending(), 1);
        gate().release(1);
        QVERIFY(QTest::qWaitFor([&] { return view.texturesPending() == 0; }, 20000));
        const QImage first = test::captured(view);
        QVERIFY2(showsBlue(offAxes(first)), qPrintable(describe(offAxes(first))));
        view.setRenderScene(scene);
        QCOMPARE(view.texturesPending(), 0);
        const QImage again = frameNow(view);
        QVERIFY2(showsBlue(offAxes(again)), qPrintable(describe(offAxes(again))));
        // Another image is decoded as usual.
        view.setRenderScene(texturedSquare(QColor(230, 30, 30)));
        QCOMPARE(view.texturesPending(), 1);
        gate().release(1);
        QVERIFY(QTest::qWaitFor([&] { return view.texturesPending() == 0; }, 20000));
        const QImage other = test::captured(view);
        QVERIFY2(showsRed(offAxes(other)), qPrintable(describe(offAxes(other))));
    }

    void closingWhileDecodingLeavesNothingBehind()
    {
        const QString red = writeQuad(m_dir, QStringLiteral("red2.gltf"), QColor(230, 30, 30));
        const QString blue = writeQuad(m_dir, QStringLiteral("blue.gltf"), QColor(30, 30, 230));
        QVERIFY(!red.isEmpty() && !blue.isEmpty());
        ui::MainWindow w(std::make_shared<ui::UnattendedPrompter>());
        QVERIFY(test::showAndOpen(w, red));
        ui::Viewport& view = *w.viewport();
        QCOMPARE(view.texturesPending(), 1);
        // The red image is still held back when the blue file replaces it.
        QSignalSpy loading(&view, &ui::Viewport::texturesLoading);
        QVERIFY(test::openAndWait(w, blue));
        view.setView(ui::OrbitCamera::View::Front);
        QCOMPARE(view.texturesPending(), 1);
        gate().release(2); // the red decode (dropped) and the blue one
        QVERIFY(QTest::qWaitFor([&] { return view.texturesPending() == 0; }, 20000));
        const QImage image = test::captured(view);
        QVERIFY(!image.isNull());
        QVERIFY2(showsBlue(centre(image)), qPrintable(describe(centre(image))));
        // Only the blue file's progress was reported: shown (0 of 1), then its image in (1 of 1).
        QCOMPARE(loading.count(), 2);
        QCOMPARE(loading.at(0).at(0).toInt(), 0);
        QCOMPARE(loading.at(1).at(0).toInt(), 1);
        QCOMPARE(loading.at(1).at(1).toInt(), 1);
        // A third file opens as usual afterwards: the red file again, its image let through.
        gate().release(1);
        QVERIFY(test::openAndWait(w, red));
        QVERIFY(QTest::qWaitFor([&] { return view.texturesPending() == 0; }, 20000));
        QVERIFY2(showsRed(centre(test::captured(view))), "the red file after the blue one");
    }
};

QTEST_MAIN(TestTextureLoading)
#include "TestTextureLoading.moc"
