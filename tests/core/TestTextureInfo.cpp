// Base colour textures as the viewport gets them: sampler values, KHR_texture_transform, image bytes and the
// decode for display (formats, orientation, size limit), and what is reported when an image cannot be drawn.
#include "TestSupport.h"
#include "gltf/RenderScene.h"
#include "gltf/SceneGraph.h"
#include "gltf/TextureInfo.h"

#include <QBuffer>
#include <QTest>
#include <cmath>

using namespace cs;
using namespace cs::gltf;

namespace {

QByteArray encode(const QImage& image, const char* format)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, format);
    return bytes;
}

bool near(const QVector2D& a, const QVector2D& b)
{
    return (a - b).length() < 1e-5f;
}

std::string texturedDocument(const std::string& sampler, const std::string& infoExtras)
{
    return R"({"asset":{"version":"2.0"},"materials":[{"pbrMetallicRoughness":{"baseColorTexture":{"index":0)" +
           infoExtras + R"(}}}],"textures":[{"source":0,"sampler":0}],"samplers":[)" + sampler +
           R"(],"images":[{"uri":"x.png"}]})";
}

} // namespace

class TestTextureInfo : public QObject
{
    Q_OBJECT

private slots:
    void transformIsTranslationRotationScale()
    {
        // The extension's matrix: T * R * S with R = [cos sin; -sin cos]. Scale (2,3), rotation 90 degrees,
        // offset (0.5,0.25): (1,0) -> (2,0) -> (0,-2) -> (0.5,-1.75); (0,1) -> (0,3) -> (3,0) -> (3.5,0.25).
        const Json t = Json::parse(R"({"offset":[0.5,0.25],"rotation":1.5707963267948966,"scale":[2,3]})");
        const UvTransform m = uvTransform(t);
        QVERIFY(near(applyUvTransform(m, {1, 0}), {0.5f, -1.75f}));
        QVERIFY(near(applyUvTransform(m, {0, 1}), {3.5f, 0.25f}));
        QVERIFY(near(applyUvTransform(uvTransform(Json::object()), {0.3f, 0.7f}), {0.3f, 0.7f}));
        // Values of the wrong type are left at their defaults.
        QVERIFY(
            near(applyUvTransform(uvTransform(Json::parse(R"({"offset":"x","scale":[1]})")), {0.3f, 0.7f}),
                 {0.3f, 0.7f}));
    }

    void samplerValuesAreRead()
    {
        GltfDocument doc = test::loadJson(
            texturedDocument(R"({"magFilter":9728,"minFilter":9986,"wrapS":33071,"wrapT":33648})", ""));
        Diagnostics d;
        const BaseColorTexture t = readBaseColorTexture(doc, 0, d);
        QCOMPARE(t.image, 0);
        QCOMPARE(t.sampler.magFilter, 9728);
        QCOMPARE(t.sampler.minFilter, 9986);
        QCOMPARE(t.sampler.wrapS, 33071);
        QCOMPARE(t.sampler.wrapT, 33648);
        QVERIFY(d.empty());
    }

    void unknownSamplerValuesFallBackToDefaults()
    {
        GltfDocument doc =
            test::loadJson(texturedDocument(R"({"magFilter":1,"minFilter":9729.5,"wrapS":7})", ""));
        Diagnostics d;
        const BaseColorTexture t = readBaseColorTexture(doc, 0, d);
        QCOMPARE(t.sampler, TextureSampler{});
    }

    void transformMayChooseTheCoordinateSet()
    {
        GltfDocument doc = test::loadJson(texturedDocument(
            "{}", R"(,"texCoord":0,"extensions":{"KHR_texture_transform":{"offset":[1,0],"texCoord":1}})"));
        Diagnostics d;
        const BaseColorTexture t = readBaseColorTexture(doc, 0, d);
        QCOMPARE(t.texCoord, 1);
        QVERIFY(near(applyUvTransform(t.transform, {0, 0}), {1, 0}));
    }

    void imageOnlyThroughAnExtensionIsReported()
    {
        GltfDocument doc = test::loadJson(R"({"asset":{"version":"2.0"},
            "materials":[{"pbrMetallicRoughness":{"baseColorTexture":{"index":0}}}],
            "textures":[{"extensions":{"EXT_texture_webp":{"source":0}}}],"images":[{"uri":"x.webp"}]})");
        Diagnostics d;
        QCOMPARE(readBaseColorTexture(doc, 0, d).image, -1);
        const Diagnostic* w = findDiagnostic(d, "TEXTURE_SOURCE_UNSUPPORTED");
        QVERIFY(w);
        QCOMPARE(w->pointer, std::string("/textures/0"));
        QVERIFY(w->message.find("EXT_texture_webp") != std::string::npos);
    }

    void everyFormatDecodesToRgbaBottomUp()
    {
        // Top row red, the rest blue: after decoding, the first row in memory is the bottom (blue) one.
        QImage rgb(4, 4, QImage::Format_RGB888);
        rgb.fill(QColor(0, 0, 255));
        for (int x = 0; x < 4; ++x)
            rgb.setPixelColor(x, 0, QColor(255, 0, 0));
        const std::vector<QImage> inputs{rgb, rgb.convertToFormat(QImage::Format_RGBA64),
                                         rgb.convertToFormat(QImage::Format_Indexed8)};
        for (const QImage& input : inputs) {
            const QImage out = decodeForDisplay(encode(input, "PNG"));
            QCOMPARE(out.format(), QImage::Format_RGBA8888);
            QCOMPARE(out.size(), QSize(4, 4));
            QCOMPARE(out.pixelColor(0, 0), QColor(0, 0, 255));
            QCOMPARE(out.pixelColor(0, 3), QColor(255, 0, 0));
        }
        QImage grey(4, 4, QImage::Format_Grayscale8);
        grey.fill(200);
        const QImage g = decodeForDisplay(encode(grey, "PNG"));
        QCOMPARE(g.format(), QImage::Format_RGBA8888);
        QCOMPARE(g.pixelColor(1, 1), QColor(200, 200, 200));
        const QImage j = decodeForDisplay(encode(rgb.scaled(64, 64), "JPG"));
        QCOMPARE(j.size(), QSize(64, 64));
        QVERIFY(j.pixelColor(32, 2).blue() > 200); // JPEG is lossy: the colour, not the exact value
    }

    void largeImagesAreScaledDownForDisplay()
    {
        QImage wide(5000, 100, QImage::Format_RGB888);
        wide.fill(Qt::green);
        const QByteArray bytes = encode(wide, "PNG");
        QCOMPARE(imageHeaderSize(bytes), QSize(5000, 100));
        const QImage out = decodeForDisplay(bytes);
        QCOMPARE(out.width(), kMaxDisplayTextureSide);
        QCOMPARE(out.height(), 40); // 100 * 2048 / 5000 = 40.96, whole pixels
        QCOMPARE(decodeForDisplay(bytes, 500).size(), QSize(500, 10));
    }

    void unreadableBytesDecodeToNothing()
    {
        QVERIFY(decodeForDisplay(QByteArray("not an image")).isNull());
        QVERIFY(!imageHeaderSize(QByteArray("not an image")).isValid());
        QVERIFY(decodeForDisplay(QByteArray()).isNull());
    }

    void truncatedImagesAreFoundByTheirMissingEnd()
    {
        QImage image(16, 16, QImage::Format_RGB888);
        image.fill(Qt::red);
        for (const char* format : {"PNG", "JPG"}) {
            const QByteArray whole = encode(image, format);
            QVERIFY(imageEndsComplete(whole));
            QVERIFY(!imageEndsComplete(whole.left(whole.size() - 20)));
            // Padding after the end is accepted.
            QVERIFY(imageEndsComplete(whole + QByteArray(16, '\0')));
        }
        QVERIFY(imageEndsComplete(QByteArray("not an image")));
        auto doc = loadGltf(test::dataPath("textures/image-broken.gltf")); // a PNG cut after 60 bytes
        QVERIFY(doc);
        auto render = buildRenderScene(*doc, *SceneGraph::build(*doc));
        QVERIFY(render);
        const Diagnostic* w = findDiagnostic(render.diagnostics, "IMAGE_TRUNCATED");
        QVERIFY(w);
        QCOMPARE(w->pointer, std::string("/images/0"));
        QVERIFY(w->message.find("60 bytes") != std::string::npos);
        auto whole = loadGltf(test::dataPath("textures/png-rgb.gltf"));
        QVERIFY(whole);
        QVERIFY(!findDiagnostic(buildRenderScene(*whole, *SceneGraph::build(*whole)).diagnostics,
                                "IMAGE_TRUNCATED"));
    }

    void renderSceneKeepsImagesEncodedAndReportsBrokenOnes()
    {
        for (const char* name : {"png-rgba", "image-not-an-image", "texture-transform"}) {
            auto doc = loadGltf(test::dataPath(std::string("textures/") + name + ".gltf"));
            QVERIFY(doc);
            auto graph = SceneGraph::build(*doc);
            auto render = buildRenderScene(*doc, *graph);
            QVERIFY(render);
            QCOMPARE(render->instances.size(), size_t(1));
            const RenderPrimitive& p = render->meshes[0].primitives[0];
            if (std::string(name) == "image-not-an-image") {
                QCOMPARE(p.image, -1);
                const Diagnostic* w = findDiagnostic(render.diagnostics, "IMAGE_UNREADABLE");
                QVERIFY(w);
                QCOMPARE(w->pointer, std::string("/images/0"));
                continue;
            }
            QCOMPARE(p.image, 0);
            QCOMPARE(render->images[0].size, QSize(32, 32));
            QVERIFY(!render->images[0].encoded.isEmpty());
            if (std::string(name) == "texture-transform") {
                // TEXCOORD_1's (1,1) through offset (0.5,0), 90 degrees, scale 2: (2,2) -> (2,-2) ->
                // (2.5,-2).
                QCOMPARE(p.uvs.size(), size_t(4));
                QVERIFY(near(p.uvs[1], {2.5f, -2.0f}));
            }
        }
    }

    void alphaModeCutoffAndSidesAreRead()
    {
        // The spec's defaults: OPAQUE, cutoff 0.5, not doubleSided; the fixtures set each of them.
        struct Case
        {
            const char* file;
            AlphaMode mode;
            float cutoff;
            bool doubleSided;
        };
        for (const Case& c : {Case{"alpha-opaque", AlphaMode::Opaque, 0.5f, false},
                              Case{"alpha-mask", AlphaMode::Mask, 0.5f, false},
                              Case{"alpha-blend", AlphaMode::Blend, 0.5f, false},
                              Case{"single-sided", AlphaMode::Opaque, 0.5f, false},
                              Case{"double-sided", AlphaMode::Opaque, 0.5f, true}}) {
            auto doc = loadGltf(test::dataPath(std::string("textures/") + c.file + ".gltf"));
            QVERIFY(doc);
            auto render = buildRenderScene(*doc, *SceneGraph::build(*doc));
            QVERIFY(render);
            const RenderPrimitive& p = render->meshes[0].primitives[0];
            QVERIFY2(p.alphaMode == c.mode, c.file);
            QCOMPARE(p.alphaCutoff, c.cutoff);
            QCOMPARE(p.doubleSided, c.doubleSided);
        }
        // Another cutoff, and values of the wrong kind left at the defaults.
        auto doc = loadGltf(test::dataPath("textures/alpha-mask.gltf"));
        QVERIFY(doc);
        doc->json()["materials"][0]["alphaCutoff"] = 0.25;
        auto render = buildRenderScene(*doc, *SceneGraph::build(*doc));
        QCOMPARE(render->meshes[0].primitives[0].alphaCutoff, 0.25f);
        doc->json()["materials"][0]["alphaCutoff"] = "high";
        doc->json()["materials"][0]["alphaMode"] = 3;
        render = buildRenderScene(*doc, *SceneGraph::build(*doc));
        QCOMPARE(render->meshes[0].primitives[0].alphaCutoff, 0.5f);
        QVERIFY(render->meshes[0].primitives[0].alphaMode == AlphaMode::Opaque);
    }
};

QTEST_GUILESS_MAIN(TestTextureInfo)
#include "TestTextureInfo.moc"
