#pragma once

// glTF 2.0 animations (spec 3.11 and Appendix C): channels that drive a node's translation, rotation, scale
// or morph weights from samplers of keyframes (LINEAR, with spherical interpolation for rotations; STEP;
// CUBICSPLINE, a cubic Hermite spline through in-tangent, value and out-tangent per key). Times in seconds;
// translations in metres; rotations unit quaternions x, y, z, w.

#include "gltf/GltfDocument.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace cs::gltf {

enum class AnimationPath
{
    Translation,
    Rotation,
    Scale,
    Weights
};

enum class Interpolation
{
    Linear,
    Step,
    CubicSpline
};

/// One sampler's keyframes, read through the accessor readers (normalized integers mapped as glTF says).
struct AnimationSampler
{
    std::vector<double> times; ///< strictly increasing, at least one
    /// `components` numbers per element, one element per key (three for CUBICSPLINE: in-tangent, value,
    /// out-tangent).
    std::vector<double> values;
    int components = 0;
    Interpolation interpolation = Interpolation::Linear;
};

struct AnimationChannel
{
    size_t node = 0;
    AnimationPath path = AnimationPath::Translation;
    size_t sampler = 0;
    std::string pointer; ///< "/animations/a/channels/c", for messages
};

struct Animation
{
    std::string name; ///< "" when unnamed
    std::vector<AnimationChannel> channels;
    std::vector<AnimationSampler> samplers;
    double end = 0; ///< the last key time over every sampler: one pass of the animation lasts [0, end]
};

/// A node's local transform as glTF's three properties, and its morph weights.
struct NodeTrs
{
    std::array<double, 3> translation{0, 0, 0};
    std::array<double, 4> rotation{0, 0, 0, 1};
    std::array<double, 3> scale{1, 1, 1};
    std::vector<double> weights; ///< empty when the node has none and no channel drives them
};

size_t animationCount(const GltfDocument& doc);
/// Reads animation `index`. Errors (ANIMATION_*, the pointer of the channel or sampler, or the accessor's own
/// diagnostics) for a channel whose sampler or node does not exist, a node with a `matrix` (glTF: an animated
/// node has TRS only), an unknown interpolation, input times that do not increase, an output of the wrong
/// element type or count, a CUBICSPLINE sampler with fewer than two keys. A channel with no node or a path
/// this reader does not know (KHR_animation_pointer's "pointer") is left out with a warning.
Result<Animation> readAnimation(const GltfDocument& doc, size_t index);
/// The animation named `nameOrIndex`, or at that index when it is a number and no animation has that name.
std::optional<size_t> findAnimation(const GltfDocument& doc, const std::string& nameOrIndex);

/// The sampler's value at `time` (seconds): the first key's before it, the last's after it (glTF clamps).
/// `rotation` normalises the result and takes the shorter arc between two keys (LINEAR), as Appendix C says.
std::vector<double> sampleAt(const AnimationSampler& sampler, double time, bool rotation);

/// The node's own TRS and weights from its JSON (defaults where absent; a malformed array is ignored).
NodeTrs restTrs(const Json& node);
/// The local transform of `node` at `time`: `rest` with each channel of `animation` on that node applied.
NodeTrs animatedTrs(const Animation& animation, size_t node, const NodeTrs& rest, double time);
/// The nodes a channel of `animation` drives, ascending, each once.
std::vector<size_t> animatedNodes(const Animation& animation);
/// The time within the animation of `seconds` played from its start: clamped to [0, end], or wrapped when
/// `loop` (an animation of zero length stays at 0).
double animationTime(const Animation& animation, double seconds, bool loop);

} // namespace cs::gltf
