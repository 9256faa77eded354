#include "document/RagdollPresets.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>
#include <vector>

namespace cs::document {

namespace {

/// The name cut into lower-case words: at separators, between a lower-case letter and a capital, and
/// between letters and digits ("mixamorig:LeftUpLeg" -> left up leg, "spine_01" -> spine 01).
std::vector<std::string> words(const std::string& name)
{
    const size_t cut = name.find_last_of(":|");
    const std::string tail = cut == std::string::npos ? name : name.substr(cut + 1);
    std::vector<std::string> out;
    std::string word;
    auto flush = [&] {
        if (!word.empty())
            out.push_back(word);
        word.clear();
    };
    for (size_t i = 0; i < tail.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(tail[i]);
        if (!std::isalnum(c)) {
            flush();
            continue;
        }
        if (!word.empty()) {
            const unsigned char last = static_cast<unsigned char>(tail[i - 1]);
            if ((std::islower(last) && std::isupper(c)) ||
                (std::isdigit(last) != 0) != (std::isdigit(c) != 0))
                flush();
        }
        word += static_cast<char>(std::tolower(c));
    }
    flush();
    return out;
}

/// The words that name no part: sides, numbers and rigs' prefixes.
bool ignored(const std::string& word)
{
    static const std::array<const char*, 12> noise = {"left", "right",     "l",        "r",   "bip",  "def",
                                                      "j",    "mixamorig", "armature", "jnt", "bone", "b"};
    if (std::all_of(word.begin(), word.end(),
                    [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        return true;
    return std::any_of(noise.begin(), noise.end(), [&](const char* n) { return word == n; });
}

/// "lefthand" written without a capital: the side set aside.
std::string withoutSidePrefix(std::string core)
{
    for (const char* side : {"left", "right"}) {
        const std::string s = side;
        if (core.size() > s.size() && core.compare(0, s.size(), s) == 0)
            return core.substr(s.size());
    }
    return core;
}

bool contains(const std::string& text, const char* part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

const char* boneRoleName(BoneRole role)
{
    static const std::array<const char*, 15> names = {
        "hips", "spine",    "chest",    "neck", "head", "shoulder", "upperArm", "lowerArm",
        "hand", "upperLeg", "lowerLeg", "foot", "toes", "finger",   "other"};
    return names[static_cast<size_t>(role)];
}

BoneRole boneRoleFromName(const std::string& name)
{
    std::string core;
    for (const std::string& w : words(name))
        if (!ignored(w))
            core += w;
    core = withoutSidePrefix(core);
    for (const char* finger : {"thumb", "index", "middle", "ring", "pinky", "little", "finger"})
        if (contains(core, finger))
            return BoneRole::Finger;
    if (contains(core, "toe") || core == "ball")
        return BoneRole::Toes;
    static const std::vector<std::pair<BoneRole, std::vector<const char*>>> table = {
        {BoneRole::Hips, {"hips", "hip", "pelvis"}},
        {BoneRole::Spine, {"spine", "torso", "abdomen", "waist"}},
        {BoneRole::Chest, {"chest", "upperchest"}},
        {BoneRole::Neck, {"neck"}},
        {BoneRole::Head, {"head"}},
        {BoneRole::Shoulder, {"shoulder", "clavicle", "collar", "collarbone"}},
        {BoneRole::UpperArm, {"upperarm", "arm", "uparm"}},
        {BoneRole::LowerArm, {"lowerarm", "forearm", "elbow"}},
        {BoneRole::Hand, {"hand", "wrist"}},
        {BoneRole::UpperLeg, {"upperleg", "upleg", "thigh"}},
        {BoneRole::LowerLeg, {"lowerleg", "leg", "calf", "shin", "knee"}},
        {BoneRole::Foot, {"foot", "ankle"}},
    };
    for (const auto& [role, spellings] : table)
        for (const char* s : spellings)
            if (core == s)
                return role;
    return BoneRole::Other;
}

const char* ragdollPresetName(RagdollPreset preset)
{
    switch (preset) {
    case RagdollPreset::Auto:
        return "auto";
    case RagdollPreset::Humanoid:
        return "humanoid";
    case RagdollPreset::Generic:
        return "generic";
    }
    return "";
}

std::optional<RagdollPreset> ragdollPresetFromName(const std::string& name)
{
    for (RagdollPreset p : {RagdollPreset::Auto, RagdollPreset::Humanoid, RagdollPreset::Generic})
        if (name == ragdollPresetName(p))
            return p;
    return std::nullopt;
}

JointRanges jointRanges(BoneRole role, bool humanoid)
{
    // Degrees of the human range of motion, kept inside it (a ragdoll that bends as far as a gymnast looks
    // broken); the Y range stays under 90 degrees, where Euler angles about the middle axis are unique.
    auto deg = [](double twist, double swing, double bendMin, double bendMax, double direction = 1) {
        constexpr double r = 3.14159265358979323846 / 180.0;
        return JointRanges{-twist * r, twist * r, -swing * r, swing * r, bendMin * r, bendMax * r, direction};
    };
    if (!humanoid)
        return deg(30, 30, -30, 30);
    switch (role) {
    case BoneRole::Spine:
    case BoneRole::Chest:
        return deg(20, 15, -15, 30);
    case BoneRole::Neck:
    case BoneRole::Head:
        return deg(35, 25, -30, 35);
    case BoneRole::Shoulder:
        return deg(10, 15, -15, 15);
    case BoneRole::UpperArm:
        return deg(50, 75, -45, 85);
    case BoneRole::LowerArm:
        return deg(50, 3, 0, 140);
    case BoneRole::Hand:
        return deg(15, 25, -50, 50);
    case BoneRole::UpperLeg:
        return deg(30, 35, -20, 90);
    case BoneRole::LowerLeg:
        return deg(5, 3, 0, 135, -1);
    case BoneRole::Foot:
        return deg(10, 15, -30, 30);
    case BoneRole::Toes:
    case BoneRole::Finger:
        return deg(5, 10, -10, 60);
    case BoneRole::Hips:
    case BoneRole::Other:
        break;
    }
    return deg(30, 30, -30, 30);
}

} // namespace cs::document
