// glTF animations read and sampled (issue 51, item 2), against values worked by hand from the glTF 2.0
// spec's Appendix C: LINEAR (lerp; slerp for rotations along the shorter arc), STEP (the previous key's value
// until the next key) and CUBICSPLINE (the cubic Hermite spline
// p(u) = (2u^3 - 3u^2 + 1) v_k + td (u^3 - 2u^2 + u) b_k + (-2u^3 + 3u^2) v_k+1 + td (u^3 - u^2) a_k+1);
// times before the first key and after the last clamp; normalized integer outputs read as value / 32767;
// bad data gives an error naming the animation's sampler or channel.
#include "AnimatedGltf.h"
#include "gltf/Animation.h"

#include <QTest>
#include <cmath>

using namespace cs;
using cs::test::AnimatedGltf;

namespace {

bool near(const std::vector<double>& got, const std::vector<double>& want, double tol = 1e-6)
{
    if (got.size() != want.size())
        return false;
    for (size_t i = 0; i < got.size(); ++i) {
        if (!(std::fabs(got[i] - want[i]) <= tol))
            return false;
    }
    return true;
}

QString text(const std::vector<double>& v)
{
    QStringList parts;
    for (double x : v)
        parts << QString::number(x, 'g', 9);
    return parts.join(QLatin1Char(' '));
}

template <size_t N> std::vector<double> vec(const std::array<double, N>& a)
{
    return {a.begin(), a.end()};
}

/// A file of one node ("Mover", with `extra` members) and one animation of one channel on node `target`.
AnimatedGltf track(const std::string& path, const std::vector<float>& times, const std::vector<float>& values,
                   const std::string& type, const std::string& interpolation = "LINEAR", size_t target = 0,
                   const gltf::Json& extra = gltf::Json::object())
{
    AnimatedGltf g;
    g.node("Mover", extra);
    g.animation("a", {{target, path, g.floats(times, "SCALAR"), g.floats(values, type), interpolation}});
    return g;
}

/// The one animation of track(...), which must read.
gltf::Animation single(const std::string& path, const std::vector<float>& times,
                       const std::vector<float>& values, const std::string& type,
                       const std::string& interpolation)
{
    auto read = gltf::readAnimation(track(path, times, values, type, interpolation).document(), 0);
    if (!read)
        qFatal("animation not read: %s", test::describe(read.diagnostics).c_str());
    return *read;
}

/// The diagnostics of reading animation 0 of `g`, which must fail.
Diagnostics failures(const AnimatedGltf& g)
{
    auto read = gltf::readAnimation(g.document(), 0);
    return read ? Diagnostics{} : read.diagnostics;
}

bool has(const Diagnostics& d, const std::string& code, const std::string& pointer)
{
    for (const Diagnostic& x : d) {
        if (x.code == code && x.pointer == pointer)
            return true;
    }
    return false;
}

} // namespace

class TestAnimation : public QObject
{
    Q_OBJECT

private slots:
    void linearTranslation()
    {
        const auto a = single("translation", {0, 2}, {0, 0, 0, 4, 2, -2}, "VEC3", "LINEAR");
        QCOMPARE(a.end, 2.0);
        const auto& s = a.samplers[0];
        QVERIFY(near(gltf::sampleAt(s, 0.5, false), {1, 0.5, -0.5}));
        QVERIFY(near(gltf::sampleAt(s, -1, false), {0, 0, 0})); // before the first key: the first value
        QVERIFY(near(gltf::sampleAt(s, 7, false), {4, 2, -2})); // after the last: the last value
    }

    void stepHoldsThePreviousKey()
    {
        const auto a = single("scale", {0, 1, 2}, {1, 1, 1, 2, 2, 2, 3, 3, 3}, "VEC3", "STEP");
        const auto& s = a.samplers[0];
        QVERIFY(near(gltf::sampleAt(s, 0.99, false), {1, 1, 1}));
        QVERIFY(near(gltf::sampleAt(s, 1.0, false), {2, 2, 2}));
        QVERIFY(near(gltf::sampleAt(s, 1.5, false), {2, 2, 2}));
        QVERIFY(near(gltf::sampleAt(s, 2.5, false), {3, 3, 3}));
    }

    void slerpAlongTheShorterArc()
    {
        // Identity to 90 degrees about Y, the second key written as -q (the same rotation): halfway is
        // 45 degrees about Y, (0, sin 22.5, 0, cos 22.5), not the long way round.
        const float s45 = float(std::sin(M_PI / 4)), c45 = float(std::cos(M_PI / 4));
        const auto a = single("rotation", {0, 1}, {0, 0, 0, 1, 0, -s45, 0, -c45}, "VEC4", "LINEAR");
        const auto q = gltf::sampleAt(a.samplers[0], 0.5, true);
        QVERIFY2(near(q, {0, std::sin(M_PI / 8), 0, std::cos(M_PI / 8)}, 1e-6), qPrintable(text(q)));
        // A quarter of the way: 22.5 degrees.
        const auto q4 = gltf::sampleAt(a.samplers[0], 0.25, true);
        QVERIFY2(near(q4, {0, std::sin(M_PI / 16), 0, std::cos(M_PI / 16)}, 1e-6), qPrintable(text(q4)));
    }

    void cubicHermiteByHand()
    {
        // Keys at 0 and 2 s (td = 2). Key 0: in-tangent (9, 9, 9) (unused), value (0, 0, 0), out-tangent
        // (3, 0, 0). Key 1: in-tangent (-1, 0, 0), value (1, 2, 0), out-tangent (9, 9, 9) (unused).
        // At t = 1, u = 0.5: the basis is 0.5, td * 0.125 = 0.25, 0.5, td * -0.125 = -0.25, so
        // x = 0.5 * 0 + 0.25 * 3 + 0.5 * 1 - 0.25 * -1 = 1.5, y = 0.5 * 2 = 1, z = 0.
        const auto a = single("translation", {0, 2}, {9, 9, 9, 0, 0, 0, 3, 0, 0, -1, 0, 0, 1, 2, 0, 9, 9, 9},
                              "VEC3", "CUBICSPLINE");
        const auto& s = a.samplers[0];
        QCOMPARE(s.components, 3);
        QVERIFY2(near(gltf::sampleAt(s, 1, false), {1.5, 1, 0}),
                 qPrintable(text(gltf::sampleAt(s, 1, false))));
        QVERIFY(near(gltf::sampleAt(s, 0, false), {0, 0, 0}));
        QVERIFY(near(gltf::sampleAt(s, 2, false), {1, 2, 0}));
        // u = 0.25 (t = 0.5): basis 27/32, td * 9/64, 5/32, td * -3/64:
        // x = 18/64 * 3 + 5/32 * 1 + 6/64 * 1 = 70/64, y = 5/32 * 2.
        QVERIFY(near(gltf::sampleAt(s, 0.5, false), {70.0 / 64, 2 * 5.0 / 32, 0}));
    }

    void normalizedShortRotation()
    {
        // Identity to 90 degrees about Z as normalized shorts: 23170 / 32767 = 0.70711 (cos 45 within 2e-5).
        AnimatedGltf g;
        g.node("Mover");
        g.animation("q", {{0, "rotation", g.floats({0, 1}, "SCALAR"),
                           g.normalizedShorts({0, 0, 0, 32767, 0, 0, 23170, 23170}, "VEC4")}});
        auto read = gltf::readAnimation(g.document(), 0);
        QVERIFY2(read, test::describe(read.diagnostics).c_str());
        const auto q = gltf::sampleAt(read->samplers[0], 0.5, true);
        QVERIFY2(near(q, {0, 0, std::sin(M_PI / 8), std::cos(M_PI / 8)}, 1e-4), qPrintable(text(q)));
    }

    void morphWeights()
    {
        const auto a = single("weights", {0, 1}, {0, 1, 1, 0}, "SCALAR", "LINEAR");
        QCOMPARE(a.samplers[0].components, 2); // two morph targets: four outputs over two keys
        gltf::NodeTrs rest;
        const auto trs = gltf::animatedTrs(a, 0, rest, 0.25);
        QVERIFY(near(trs.weights, {0.25, 0.75}));
    }

    void nodePoseKeepsWhatIsNotAnimated()
    {
        AnimatedGltf g;
        g.node("Door", {{"translation", {1, 2, 3}}, {"scale", {2, 2, 2}}, {"rotation", {0, 0, 0, 1}}});
        const float s = float(std::sin(M_PI / 4)), c = float(std::cos(M_PI / 4));
        g.animation("open", {{0, "rotation", g.floats({0, 2}, "SCALAR"),
                              g.floats({0, 0, 0, 1, 0, s, 0, c}, "VEC4")}});
        const auto doc = g.document();
        const auto a = *gltf::readAnimation(doc, 0);
        const gltf::NodeTrs rest = gltf::restTrs(doc.json()["nodes"][0]);
        const auto trs = gltf::animatedTrs(a, 0, rest, 1);
        QVERIFY(near(vec(trs.translation), {1, 2, 3}));
        QVERIFY(near(vec(trs.scale), {2, 2, 2}));
        QVERIFY(near(vec(trs.rotation), {0, std::sin(M_PI / 8), 0, std::cos(M_PI / 8)}));
        QCOMPARE(gltf::animatedNodes(a), std::vector<size_t>{0});
        // Another node is not driven.
        const auto other = gltf::animatedTrs(a, 5, rest, 1);
        QVERIFY(near(vec(other.rotation), {0, 0, 0, 1}));
    }

    void findByNameOrIndex()
    {
        AnimatedGltf g;
        g.node("N");
        const size_t t = g.floats({0, 1}, "SCALAR");
        const size_t v = g.floats({0, 0, 0, 1, 1, 1}, "VEC3");
        g.animation("Walk", {{0, "translation", t, v}});
        g.animation("1", {{0, "translation", t, v}});
        g.animation("Run", {{0, "translation", t, v}});
        const auto doc = g.document();
        QCOMPARE(gltf::findAnimation(doc, "Run"), std::optional<size_t>(2));
        QCOMPARE(gltf::findAnimation(doc, "0"), std::optional<size_t>(0));
        QCOMPARE(gltf::findAnimation(doc, "1"), std::optional<size_t>(1)); // the name comes first
        QCOMPARE(gltf::findAnimation(doc, "3"), std::optional<size_t>());
        QCOMPARE(gltf::findAnimation(doc, "Jump"), std::optional<size_t>());
    }

    void timeClampsOrLoops()
    {
        gltf::Animation a;
        a.end = 2;
        QCOMPARE(gltf::animationTime(a, 3, false), 2.0);
        QCOMPARE(gltf::animationTime(a, -1, false), 0.0);
        QCOMPARE(gltf::animationTime(a, 5, true), 1.0);
        QCOMPARE(gltf::animationTime(a, 4, true), 0.0);
    }

    void badDataNamesWhere()
    {
        const std::vector<float> two = {0, 1}, moves = {0, 0, 0, 1, 1, 1};
        QVERIFY(has(failures(track("translation", two, moves, "VEC3", "SMOOTH")), "ANIMATION_INTERPOLATION",
                    "/animations/0/samplers/0/interpolation"));
        QVERIFY(has(failures(track("translation", {1, 0}, moves, "VEC3")), "ANIMATION_INPUT_NOT_INCREASING",
                    "/animations/0/samplers/0/input"));
        QVERIFY(has(failures(track("translation", {0, 1, 2}, moves, "VEC3")), "ANIMATION_OUTPUT_COUNT",
                    "/animations/0/samplers/0/output"));
        QVERIFY(has(failures(track("rotation", two, moves, "VEC3")), "ANIMATION_OUTPUT_TYPE",
                    "/animations/0/channels/0"));
        QVERIFY(has(failures(track("translation", two, moves, "VEC3", "LINEAR", 4)), "ANIMATION_CHANNEL_NODE",
                    "/animations/0/channels/0/target/node"));
        QVERIFY(has(failures(track("translation", two, moves, "VEC3", "LINEAR", 0,
                                   {{"matrix", {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}}})),
                    "ANIMATION_TARGET_MATRIX", "/animations/0/channels/0/target/node"));
        QVERIFY(has(failures(track("translation", {0}, {0, 0, 0, 1, 1, 1, 2, 2, 2}, "VEC3", "CUBICSPLINE")),
                    "ANIMATION_CUBIC_KEYS", "/animations/0/samplers/0/input"));
        AnimatedGltf noSampler = track("translation", two, moves, "VEC3");
        noSampler.root["animations"][0]["channels"][0]["sampler"] = 3;
        QVERIFY(has(failures(noSampler), "ANIMATION_CHANNEL_SAMPLER", "/animations/0/channels/0/sampler"));
        // KHR_animation_pointer's channels are left out with a warning, not an error.
        auto read = gltf::readAnimation(track("pointer", two, {0, 1}, "SCALAR").document(), 0);
        QVERIFY(read);
        QVERIFY(read->channels.empty());
        QVERIFY(has(read.diagnostics, "ANIMATION_CHANNEL_IGNORED", "/animations/0/channels/0/target"));
    }
};

QTEST_GUILESS_MAIN(TestAnimation)
#include "TestAnimation.moc"
