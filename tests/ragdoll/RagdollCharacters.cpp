#include "RagdollCharacters.h"

#include "TestSupport.h"

#include <array>
#include <cmath>

namespace cs::test {

namespace {

using geometry::Vec3d;

struct Spec
{
    const char* mixamo;
    const char* common;
    int parent;
    Vec3d head;
    Vec3d tail;
    double radius;
    bool small;
};

/// Left side is +X (the character faces +Z). Mirrored entries follow their left ones.
const std::vector<Spec>& specs()
{
    static const std::vector<Spec> list = {
        {"Hips", "pelvis", -1, {0, 1.0, 0}, {0, 1.0, 0}, 0.11, false},      // 0: a lateral block
        {"Spine", "spine_01", 0, {0, 1.1, 0}, {0, 1.3, 0}, 0.12, false},    // 1
        {"Spine1", "spine_02", 1, {0, 1.3, 0}, {0, 1.48, 0}, 0.13, false},  // 2
        {"Neck", "neck_01", 2, {0, 1.5, 0}, {0, 1.6, 0}, 0.05, false},      // 3
        {"Head", "head", 3, {0, 1.6, 0}, {0, 1.8, 0}, 0.09, false},         // 4
        {"HeadTop_End", "head_end", 4, {0, 1.8, 0}, {0, 1.8, 0}, 0, false}, // 5
        {"LeftShoulder", "clavicle_l", 2, {0.05, 1.44, 0}, {0.18, 1.44, 0}, 0.045, false},  // 6
        {"LeftArm", "upperarm_l", 6, {0.18, 1.44, 0}, {0.45, 1.44, 0}, 0.045, false},       // 7
        {"LeftForeArm", "lowerarm_l", 7, {0.45, 1.44, 0}, {0.70, 1.44, 0}, 0.038, false},   // 8
        {"LeftHand", "hand_l", 8, {0.70, 1.44, 0}, {0.79, 1.44, 0}, 0.035, false},          // 9
        {"LeftHandIndex1", "index_01_l", 9, {0.79, 1.44, 0}, {0.87, 1.44, 0}, 0.012, true}, // 10
        {"LeftUpLeg", "thigh_l", 0, {0.1, 0.95, 0}, {0.1, 0.52, 0}, 0.07, false},           // 11
        {"LeftLeg", "calf_l", 11, {0.1, 0.52, 0}, {0.1, 0.1, 0}, 0.05, false},              // 12
        {"LeftFoot", "foot_l", 12, {0.1, 0.1, 0}, {0.1, 0.04, 0.13}, 0.04, false},          // 13
        {"LeftToeBase", "ball_l", 13, {0.1, 0.04, 0.13}, {0.1, 0.03, 0.2}, 0.03, true},     // 14
    };
    return list;
}

std::string mirrored(std::string name)
{
    for (auto [from, to] : {std::pair<const char*, const char*>{"Left", "Right"}, {"_l", "_r"}}) {
        const size_t at = name.find(from);
        if (at != std::string::npos)
            return name.replace(at, std::string(from).size(), to);
    }
    return name;
}

/// Four corners of a square around `axis` at distance r.
std::array<Vec3d, 4> ring(const Vec3d& centre, const Vec3d& axis, double r)
{
    const Vec3d a = std::abs(axis.x) > 0.6 ? Vec3d{0, 1, 0} : Vec3d{1, 0, 0};
    const Vec3d b1 = geometry::normalized(geometry::cross(axis, a));
    const Vec3d b2 = geometry::cross(axis, b1);
    return {centre + b1 * r, centre + b2 * r, centre - b1 * r, centre - b2 * r};
}

} // namespace

std::vector<CharacterBone> characterBones(RigNaming naming)
{
    std::vector<CharacterBone> out;
    std::vector<int> indexOf;
    auto add = [&](const Spec& s, bool mirror) {
        CharacterBone b;
        std::string name = naming == RigNaming::Mixamo ? std::string("mixamorig:") + s.mixamo : s.common;
        b.name = mirror ? mirrored(name) : name;
        const double sx = mirror ? -1 : 1;
        b.head = {s.head.x * sx, s.head.y, s.head.z};
        b.tail = {s.tail.x * sx, s.tail.y, s.tail.z};
        b.radius = s.radius;
        b.fingerOrToe = s.small;
        return b;
    };
    // Left bones first (with their indices), then the right copies of the side bones (head.x != 0).
    for (const Spec& s : specs()) {
        CharacterBone b = add(s, false);
        b.parent = s.parent;
        out.push_back(b);
    }
    const size_t left = out.size();
    std::vector<int> rightOf(left, -1);
    for (size_t i = 0; i < left; ++i) {
        const Spec& s = specs()[i];
        if (s.head.x == 0)
            continue;
        CharacterBone b = add(s, true);
        b.parent = s.parent >= 0 && rightOf[size_t(s.parent)] >= 0 ? rightOf[size_t(s.parent)] : s.parent;
        rightOf[i] = static_cast<int>(out.size());
        out.push_back(b);
    }
    if (naming == RigNaming::Plain)
        for (size_t i = 0; i < out.size(); ++i)
            out[i].name = "Bone" + std::to_string(i);
    return out;
}

gltf::Json characterGltf(RigNaming naming, double armatureScale, double lift)
{
    const std::vector<CharacterBone> bones = characterBones(naming);
    const Vec3d up{0, lift, 0};
    gltf::Json nodes = gltf::Json::array();
    const size_t armature = bones.size();
    std::vector<std::vector<size_t>> children(bones.size());
    for (size_t i = 0; i < bones.size(); ++i)
        if (bones[i].parent >= 0)
            children[size_t(bones[i].parent)].push_back(i);
    gltf::Bytes bytes;
    for (size_t i = 0; i < bones.size(); ++i) {
        const Vec3d parentHead =
            bones[i].parent >= 0 ? bones[size_t(bones[i].parent)].head : Vec3d{0, 0, 0} - up;
        const Vec3d t = (bones[i].head - parentHead) / armatureScale;
        gltf::Json node = {{"name", bones[i].name}, {"translation", {t.x, t.y, t.z}}};
        if (!children[i].empty())
            node["children"] = children[i];
        nodes.push_back(node);
        // Inverse bind matrix: world of the bone is scale s, then its head: inverse = (p - head) / s.
        const Vec3d h = bones[i].head + up;
        const float s = float(1 / armatureScale);
        appendFloats(bytes, {s, 0, 0, 0, 0, s, 0, 0, 0, 0, s, 0, float(-h.x * s), float(-h.y * s),
                             float(-h.z * s), 1});
    }
    nodes.push_back(
        {{"name", "Armature"}, {"scale", {armatureScale, armatureScale, armatureScale}}, {"children", {0}}});
    nodes.push_back({{"name", "Body"}, {"mesh", 0}, {"skin", 0}});

    // The tubes: five rings of four corners per bone, its first ring shared with the parent bone.
    std::vector<float> positions;
    std::vector<std::uint16_t> joints;
    std::vector<float> weights;
    std::vector<std::uint16_t> indices;
    for (size_t i = 0; i < bones.size(); ++i) {
        const CharacterBone& b = bones[i];
        if (b.radius <= 0)
            continue;
        Vec3d from = b.head + up, to = b.tail + up;
        if (i == 0) { // the hips: a lateral block
            from = Vec3d{-0.12, 1.0, 0} + up;
            to = Vec3d{0.12, 1.0, 0} + up;
        }
        const Vec3d axis = geometry::normalized(to - from);
        const auto base = static_cast<std::uint16_t>(positions.size() / 3);
        for (int r = 0; r < 5; ++r) {
            for (const Vec3d& p : ring(from + (to - from) * (r / 4.0), axis, b.radius)) {
                positions.insert(positions.end(), {float(p.x), float(p.y), float(p.z)});
                const bool shared = r == 0 && b.parent >= 0;
                joints.insert(joints.end(), {std::uint16_t(i), std::uint16_t(shared ? b.parent : 0), 0, 0});
                weights.insert(weights.end(), {shared ? 0.65f : 1.0f, shared ? 0.35f : 0.0f, 0, 0});
            }
            if (r == 0)
                continue;
            for (int k = 0; k < 4; ++k) {
                const auto a = std::uint16_t(base + (r - 1) * 4 + k),
                           c = std::uint16_t(base + (r - 1) * 4 + (k + 1) % 4);
                indices.insert(indices.end(),
                               {a, c, std::uint16_t(c + 4), a, std::uint16_t(c + 4), std::uint16_t(a + 4)});
            }
        }
    }
    const size_t count = positions.size() / 3;
    const size_t ibmLength = bytes.size();
    const size_t positionsAt = bytes.size();
    for (float f : positions)
        appendValues<float>(bytes, {f});
    const size_t jointsAt = bytes.size();
    for (std::uint16_t j : joints)
        appendValues<std::uint16_t>(bytes, {j});
    const size_t weightsAt = bytes.size();
    for (float w : weights)
        appendValues<float>(bytes, {w});
    const size_t indicesAt = bytes.size();
    for (std::uint16_t v : indices)
        appendValues<std::uint16_t>(bytes, {v});

    Vec3d lo{1e9, 1e9, 1e9}, hi = -lo;
    for (size_t v = 0; v < count; ++v) {
        const Vec3d p{positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]};
        lo = geometry::minOf(lo, p);
        hi = geometry::maxOf(hi, p);
    }
    gltf::Json jointList = gltf::Json::array();
    for (size_t i = 0; i < bones.size(); ++i)
        jointList.push_back(i);
    gltf::Json doc = {
        {"asset", {{"version", "2.0"}}},
        {"scene", 0},
        {"scenes", {{{"nodes", {armature, armature + 1}}}}},
        {"nodes", nodes},
        {"skins", {{{"joints", jointList}, {"inverseBindMatrices", 0}, {"skeleton", 0}}}},
        {"buffers", {{{"byteLength", bytes.size()}, {"uri", base64DataUri(bytes)}}}},
        {"bufferViews",
         {{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", ibmLength}},
          {{"buffer", 0},
           {"byteOffset", positionsAt},
           {"byteLength", jointsAt - positionsAt},
           {"target", 34962}},
          {{"buffer", 0}, {"byteOffset", jointsAt}, {"byteLength", weightsAt - jointsAt}, {"target", 34962}},
          {{"buffer", 0},
           {"byteOffset", weightsAt},
           {"byteLength", indicesAt - weightsAt},
           {"target", 34962}},
          {{"buffer", 0},
           {"byteOffset", indicesAt},
           {"byteLength", bytes.size() - indicesAt},
           {"target", 34963}}}},
        {"accessors",
         {{{"bufferView", 0}, {"componentType", 5126}, {"count", bones.size()}, {"type", "MAT4"}},
          {{"bufferView", 1},
           {"componentType", 5126},
           {"count", count},
           {"type", "VEC3"},
           {"min", {lo.x, lo.y, lo.z}},
           {"max", {hi.x, hi.y, hi.z}}},
          {{"bufferView", 2}, {"componentType", 5123}, {"count", count}, {"type", "VEC4"}},
          {{"bufferView", 3}, {"componentType", 5126}, {"count", count}, {"type", "VEC4"}},
          {{"bufferView", 4}, {"componentType", 5123}, {"count", indices.size()}, {"type", "SCALAR"}}}},
        {"meshes",
         {{{"name", "Body"},
           {"primitives",
            {{{"attributes", {{"POSITION", 1}, {"JOINTS_0", 2}, {"WEIGHTS_0", 3}}},
              {"indices", 4},
              {"mode", 4}}}}}}},
    };
    return doc;
}

} // namespace cs::test
