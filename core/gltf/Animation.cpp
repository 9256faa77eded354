#include "gltf/Animation.h"

#include "gltf/Accessors.h"
#include "gltf/JsonIndex.h"

#include <algorithm>
#include <cmath>

namespace cs::gltf {

namespace {

const Json& member(const Json& object, const char* key)
{
    static const Json null;
    if (!object.is_object())
        return null;
    const auto it = object.find(std::string_view(key));
    return it == object.end() ? null : *it;
}

std::optional<size_t> indexOf(const Json& value)
{
    return isJsonIndex(value) ? std::optional<size_t>(value.get<size_t>()) : std::nullopt;
}

std::optional<AnimationPath> pathOf(const Json& value)
{
    const std::string path = value.is_string() ? value.get<std::string>() : std::string();
    if (path == "translation")
        return AnimationPath::Translation;
    if (path == "rotation")
        return AnimationPath::Rotation;
    if (path == "scale")
        return AnimationPath::Scale;
    if (path == "weights")
        return AnimationPath::Weights;
    return std::nullopt;
}

std::optional<Interpolation> interpolationOf(const Json& value)
{
    if (value.is_null())
        return Interpolation::Linear; // the schema's default
    const std::string name = value.is_string() ? value.get<std::string>() : std::string();
    if (name == "LINEAR")
        return Interpolation::Linear;
    if (name == "STEP")
        return Interpolation::Step;
    if (name == "CUBICSPLINE")
        return Interpolation::CubicSpline;
    return std::nullopt;
}

/// The accessor at `object[key]` as doubles, or the diagnostics saying why not.
Result<FloatArray> readSamplerAccessor(const GltfDocument& doc, const Json& object, const char* key,
                                       const std::string& pointer)
{
    const auto index = indexOf(member(object, key));
    if (!index)
        return Result<FloatArray>::failure(
            makeError("ANIMATION_SAMPLER_ACCESSOR",
                      std::string("the sampler has no valid `") + key + "` accessor", pointer + "/" + key));
    auto read = readAccessorFloats(doc, *index);
    if (!read)
        read.diagnostics.push_back(makeError(
            "ANIMATION_SAMPLER_ACCESSOR", std::string("the sampler's `") + key + "` accessor cannot be read",
            pointer + "/" + key));
    return read;
}

Result<AnimationSampler> readSampler(const GltfDocument& doc, const Json& json, const std::string& pointer)
{
    auto fail = [&](std::string code, std::string message, const std::string& at = {}) {
        return Result<AnimationSampler>::failure(
            makeError(std::move(code), std::move(message), pointer + at));
    };
    AnimationSampler s;
    const auto interpolation = interpolationOf(member(json, "interpolation"));
    if (!interpolation)
        return fail("ANIMATION_INTERPOLATION", "unknown interpolation (LINEAR, STEP or CUBICSPLINE)",
                    "/interpolation");
    s.interpolation = *interpolation;
    auto input = readSamplerAccessor(doc, json, "input", pointer);
    auto output = readSamplerAccessor(doc, json, "output", pointer);
    if (!input || !output) {
        Result<AnimationSampler> r;
        r.diagnostics = input.diagnostics;
        r.diagnostics.insert(r.diagnostics.end(), output.diagnostics.begin(), output.diagnostics.end());
        return r;
    }
    if (input->components != 1 || input->count == 0)
        return fail("ANIMATION_INPUT", "the input accessor must hold at least one SCALAR time", "/input");
    s.times.assign(input->values.begin(), input->values.end());
    for (size_t i = 0; i < s.times.size(); ++i) {
        if (!std::isfinite(s.times[i]) || (i > 0 && !(s.times[i] > s.times[i - 1])))
            return fail("ANIMATION_INPUT_NOT_INCREASING",
                        "input times must be finite and strictly increasing (key " + std::to_string(i) + ")",
                        "/input");
    }
    const size_t perKey = s.interpolation == Interpolation::CubicSpline ? 3 : 1;
    if (s.interpolation == Interpolation::CubicSpline && s.times.size() < 2)
        return fail("ANIMATION_CUBIC_KEYS", "a CUBICSPLINE sampler needs at least two keys", "/input");
    // One element per key (three for CUBICSPLINE); morph weights are SCALAR, one per target per key.
    const size_t keys = s.times.size() * perKey;
    const bool scalar = output->components == 1;
    if (output->count == 0 || (scalar ? output->count % keys != 0 : output->count != keys))
        return fail("ANIMATION_OUTPUT_COUNT",
                    "the output holds " + std::to_string(output->count) + " elements for " +
                        std::to_string(s.times.size()) + " keys" + (perKey == 3 ? " (three per key)" : ""),
                    "/output");
    s.components = scalar ? int(output->count / keys) : output->components;
    s.values.assign(output->values.begin(), output->values.end());
    return {std::move(s), {}};
}

int expectedComponents(AnimationPath path)
{
    switch (path) {
    case AnimationPath::Translation:
    case AnimationPath::Scale:
        return 3;
    case AnimationPath::Rotation:
        return 4;
    case AnimationPath::Weights:
        return 0; // as many as the morph targets
    }
    return 0;
}

const char* pathName(AnimationPath path)
{
    switch (path) {
    case AnimationPath::Translation:
        return "translation";
    case AnimationPath::Rotation:
        return "rotation";
    case AnimationPath::Scale:
        return "scale";
    case AnimationPath::Weights:
        return "weights";
    }
    return "";
}

/// Checks one channel and adds it (errors and warnings into `diagnostics`).
void readChannel(const GltfDocument& doc, const Json& json, const std::string& pointer, Animation& a,
                 Diagnostics& diagnostics)
{
    const Json& target = member(json, "target");
    const auto node = indexOf(member(target, "node"));
    const auto path = pathOf(member(target, "path"));
    const auto sampler = indexOf(member(json, "sampler"));
    if (!sampler || *sampler >= a.samplers.size()) {
        diagnostics.push_back(makeError("ANIMATION_CHANNEL_SAMPLER", "the channel's sampler does not exist",
                                        pointer + "/sampler"));
        return;
    }
    if (a.samplers[*sampler].times.empty()) {
        diagnostics.push_back(makeError(
            "ANIMATION_CHANNEL_SAMPLER",
            "the channel's sampler " + std::to_string(*sampler) + " cannot be read", pointer + "/sampler"));
        return;
    }
    if (!node || !path) {
        diagnostics.push_back(makeWarning("ANIMATION_CHANNEL_IGNORED",
                                          "a channel without a node or with a path other than translation, "
                                          "rotation, scale or weights is not played",
                                          pointer + "/target"));
        return;
    }
    const Json& nodes = member(doc.json(), "nodes");
    if (!nodes.is_array() || *node >= nodes.size()) {
        diagnostics.push_back(makeError("ANIMATION_CHANNEL_NODE", "the channel's node does not exist",
                                        pointer + "/target/node"));
        return;
    }
    if (member(nodes[*node], "matrix").is_array()) {
        diagnostics.push_back(makeError("ANIMATION_TARGET_MATRIX",
                                        "the animated node has a matrix; glTF animates TRS properties only",
                                        pointer + "/target/node"));
        return;
    }
    const int want = expectedComponents(*path);
    const int has = a.samplers[*sampler].components;
    if (want != 0 && has != want) {
        diagnostics.push_back(makeError("ANIMATION_OUTPUT_TYPE",
                                        std::string("a ") + pathName(*path) + " channel needs " +
                                            std::to_string(want) + " components per key, its sampler has " +
                                            std::to_string(has),
                                        pointer));
        return;
    }
    a.channels.push_back({*node, *path, *sampler, pointer});
}

double dot4(const double* a, const double* b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}

void normalize(std::vector<double>& q)
{
    double n = 0;
    for (double v : q)
        n += v * v;
    n = std::sqrt(n);
    if (n > 0)
        for (double& v : q)
            v /= n;
}

/// Appendix C's spherical linear interpolation, along the shorter arc.
std::vector<double> slerp(const double* a, const double* bIn, double s)
{
    double b[4] = {bIn[0], bIn[1], bIn[2], bIn[3]};
    double d = dot4(a, b);
    if (d < 0) {
        for (double& v : b)
            v = -v;
        d = -d;
    }
    std::vector<double> out(4);
    if (d > 0.9995) {
        for (size_t i = 0; i < 4; ++i)
            out[i] = (1 - s) * a[i] + s * b[i];
        normalize(out);
        return out;
    }
    const double theta0 = std::acos(d), theta = s * theta0;
    const double scaleB = std::sin(theta) / std::sin(theta0);
    const double scaleA = std::cos(theta) - d * scaleB;
    for (size_t i = 0; i < 4; ++i)
        out[i] = scaleA * a[i] + scaleB * b[i];
    return out;
}

} // namespace

size_t animationCount(const GltfDocument& doc)
{
    const Json& list = member(doc.json(), "animations");
    return list.is_array() ? list.size() : 0;
}

Result<Animation> readAnimation(const GltfDocument& doc, size_t index)
{
    const std::string pointer = jsonPointerAppend("/animations", index);
    if (index >= animationCount(doc))
        return Result<Animation>::failure(makeError("ANIMATION_MISSING", "no such animation", pointer));
    const Json& json = doc.json()["animations"][index];
    Animation a;
    a.name = member(json, "name").is_string() ? member(json, "name").get<std::string>() : std::string();
    Diagnostics diagnostics;
    const Json& samplers = member(json, "samplers");
    for (size_t i = 0; samplers.is_array() && i < samplers.size(); ++i) {
        auto s = readSampler(doc, samplers[i], pointer + "/samplers/" + std::to_string(i));
        diagnostics.insert(diagnostics.end(), s.diagnostics.begin(), s.diagnostics.end());
        a.samplers.push_back(s ? std::move(*s) : AnimationSampler{});
        if (s)
            a.end = std::max(a.end, a.samplers.back().times.back());
    }
    const Json& channels = member(json, "channels");
    for (size_t i = 0; channels.is_array() && i < channels.size(); ++i) {
        readChannel(doc, channels[i], pointer + "/channels/" + std::to_string(i), a, diagnostics);
    }
    if (hasErrors(diagnostics)) {
        Result<Animation> r;
        r.diagnostics = std::move(diagnostics);
        return r;
    }
    return {std::move(a), std::move(diagnostics)};
}

std::optional<size_t> findAnimation(const GltfDocument& doc, const std::string& nameOrIndex)
{
    const Json& list = member(doc.json(), "animations");
    for (size_t i = 0; list.is_array() && i < list.size(); ++i) {
        const Json& name = member(list[i], "name");
        if (name.is_string() && name.get<std::string>() == nameOrIndex)
            return i;
    }
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    if (nameOrIndex.empty() || nameOrIndex.size() > 9 ||
        !std::all_of(nameOrIndex.begin(), nameOrIndex.end(), digit))
        return std::nullopt;
    const size_t index = std::stoul(nameOrIndex);
    return index < animationCount(doc) ? std::optional<size_t>(index) : std::nullopt;
}

std::vector<double> sampleAt(const AnimationSampler& s, double time, bool rotation)
{
    const size_t n = size_t(s.components);
    const bool cubic = s.interpolation == Interpolation::CubicSpline;
    // The value of key k (the middle element of a cubic key's three).
    auto value = [&](size_t k) { return s.values.data() + (cubic ? (3 * k + 1) : k) * n; };
    auto copy = [&](const double* v) {
        std::vector<double> out(v, v + n);
        if (rotation)
            normalize(out);
        return out;
    };
    if (s.times.empty() || n == 0)
        return {};
    if (time <= s.times.front())
        return copy(value(0));
    if (time >= s.times.back())
        return copy(value(s.times.size() - 1));
    const size_t k = size_t(std::upper_bound(s.times.begin(), s.times.end(), time) - s.times.begin()) - 1;
    const double t0 = s.times[k], td = s.times[k + 1] - t0, u = (time - t0) / td;
    if (s.interpolation == Interpolation::Step)
        return copy(value(k));
    if (!cubic) {
        if (rotation)
            return slerp(value(k), value(k + 1), u);
        std::vector<double> out(n);
        for (size_t i = 0; i < n; ++i)
            out[i] = (1 - u) * value(k)[i] + u * value(k + 1)[i];
        return out;
    }
    // Appendix C: p(u) = (2u^3 - 3u^2 + 1) v_k + td (u^3 - 2u^2 + u) b_k + (-2u^3 + 3u^2) v_k+1
    //                    + td (u^3 - u^2) a_k+1, b_k the out-tangent of key k, a_k+1 the in-tangent of k+1.
    const double u2 = u * u, u3 = u2 * u;
    const double* outTangent = s.values.data() + (3 * k + 2) * n;
    const double* inTangent = s.values.data() + (3 * (k + 1)) * n;
    std::vector<double> out(n);
    for (size_t i = 0; i < n; ++i)
        out[i] = (2 * u3 - 3 * u2 + 1) * value(k)[i] + td * (u3 - 2 * u2 + u) * outTangent[i] +
                 (-2 * u3 + 3 * u2) * value(k + 1)[i] + td * (u3 - u2) * inTangent[i];
    if (rotation)
        normalize(out);
    return out;
}

NodeTrs restTrs(const Json& node)
{
    NodeTrs trs;
    auto read = [&](const char* key, auto& out) {
        const Json& a = member(node, key);
        if (!a.is_array() || a.size() != out.size() ||
            !std::all_of(a.begin(), a.end(), [](const Json& v) { return v.is_number(); }))
            return;
        for (size_t i = 0; i < out.size(); ++i)
            out[i] = a[i].get<double>();
    };
    read("translation", trs.translation);
    read("rotation", trs.rotation);
    read("scale", trs.scale);
    const Json& weights = member(node, "weights");
    for (size_t i = 0; weights.is_array() && i < weights.size(); ++i)
        trs.weights.push_back(weights[i].is_number() ? weights[i].get<double>() : 0.0);
    return trs;
}

NodeTrs animatedTrs(const Animation& animation, size_t node, const NodeTrs& rest, double time)
{
    NodeTrs trs = rest;
    for (const AnimationChannel& c : animation.channels) {
        if (c.node != node)
            continue;
        const std::vector<double> v =
            sampleAt(animation.samplers[c.sampler], time, c.path == AnimationPath::Rotation);
        switch (c.path) {
        case AnimationPath::Translation:
            std::copy_n(v.begin(), 3, trs.translation.begin());
            break;
        case AnimationPath::Rotation:
            std::copy_n(v.begin(), 4, trs.rotation.begin());
            break;
        case AnimationPath::Scale:
            std::copy_n(v.begin(), 3, trs.scale.begin());
            break;
        case AnimationPath::Weights:
            trs.weights = v;
            break;
        }
    }
    return trs;
}

std::vector<size_t> animatedNodes(const Animation& animation)
{
    std::vector<size_t> nodes;
    for (const AnimationChannel& c : animation.channels)
        nodes.push_back(c.node);
    std::sort(nodes.begin(), nodes.end());
    nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
    return nodes;
}

double animationTime(const Animation& animation, double seconds, bool loop)
{
    if (!(animation.end > 0))
        return 0;
    if (!loop)
        return std::clamp(seconds, 0.0, animation.end);
    const double t = std::fmod(seconds, animation.end);
    return t < 0 ? t + animation.end : t;
}

} // namespace cs::gltf
