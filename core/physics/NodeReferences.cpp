#include "physics/NodeReferences.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <string>

namespace cs::physics {

namespace {

using gltf::Json;

constexpr const char* kAnimationPointer = "KHR_animation_pointer";
constexpr const char* kLod = "MSFT_lod";

int mapped(const NodeMap& map, long long index)
{
    if (index < 0 || static_cast<unsigned long long>(index) >= map.size())
        return static_cast<int>(index);
    return map[static_cast<size_t>(index)];
}

// The object at obj[key] when it is one, else nullptr.
Json* child(Json& obj, const char* key)
{
    if (!obj.is_object())
        return nullptr;
    const auto it = obj.find(key);
    return it != obj.end() && it->is_object() ? &*it : nullptr;
}
const Json* child(const Json& obj, const char* key)
{
    return child(const_cast<Json&>(obj), key);
}

void remapList(Json* owner, const char* key, const NodeMap& map)
{
    if (!owner || !owner->is_object() || !owner->contains(key) || !(*owner)[key].is_array())
        return;
    Json kept = Json::array();
    for (const Json& v : (*owner)[key]) {
        if (!v.is_number_integer()) {
            kept.push_back(v);
            continue;
        }
        const int m = mapped(map, v.get<long long>());
        if (m >= 0)
            kept.push_back(m);
    }
    (*owner)[key] = std::move(kept);
}

// obj[key] renumbered; false when it names a node that goes (the key is left for the caller to drop).
bool remapKey(Json* owner, const char* key, const NodeMap& map)
{
    if (!owner || !owner->is_object() || !owner->contains(key) || !(*owner)[key].is_number_integer())
        return true;
    const int m = mapped(map, (*owner)[key].get<long long>());
    if (m < 0)
        return false;
    (*owner)[key] = m;
    return true;
}

int referenced(const Json& owner, const char* key)
{
    if (!owner.is_object() || !owner.contains(key) || !owner[key].is_number_integer())
        return -1;
    return owner[key].get<int>();
}

// "/nodes/N/..." of KHR_animation_pointer: N, else -1.
int pointerNode(const std::string& pointer, size_t& end)
{
    static const std::string prefix = "/nodes/";
    if (pointer.rfind(prefix, 0) != 0)
        return -1;
    end = prefix.size();
    while (end < pointer.size() && std::isdigit(static_cast<unsigned char>(pointer[end])))
        ++end;
    if (end == prefix.size() || end - prefix.size() > 9)
        return -1;
    return std::stoi(pointer.substr(prefix.size(), end - prefix.size()));
}

// The node a channel animates (target.node or an animation pointer into /nodes), or -1.
int channelNode(const Json& channel)
{
    const Json* target = child(channel, "target");
    if (!target)
        return -1;
    if (const int node = referenced(*target, "node"); node >= 0)
        return node;
    if (const Json* ext = child(*target, "extensions")) {
        if (const Json* pointer = child(*ext, kAnimationPointer);
            pointer && pointer->contains("pointer") && (*pointer)["pointer"].is_string()) {
            size_t end = 0;
            return pointerNode((*pointer)["pointer"].get<std::string>(), end);
        }
    }
    return -1;
}

void remapChannel(Json& channel, const NodeMap& map)
{
    Json* target = child(channel, "target");
    if (!target)
        return;
    remapKey(target, "node", map);
    Json* ext = child(*target, "extensions");
    Json* pointer = ext ? child(*ext, kAnimationPointer) : nullptr;
    if (!pointer || !pointer->contains("pointer") || !(*pointer)["pointer"].is_string())
        return;
    const std::string text = (*pointer)["pointer"].get<std::string>();
    size_t end = 0;
    const int node = pointerNode(text, end);
    if (node >= 0 && mapped(map, node) >= 0)
        (*pointer)["pointer"] = "/nodes/" + std::to_string(mapped(map, node)) + text.substr(end);
}

bool goes(const NodeMap& map, int index)
{
    return index >= 0 && mapped(map, index) < 0;
}
bool moves(const NodeMap& map, long long index)
{
    return index >= 0 && mapped(map, index) != index;
}

// Extensions whose node references are carried over, or which hold none.
bool knownExtension(const std::string& name)
{
    static const std::set<std::string> known = {physics::ext::Body,
                                                physics::ext::Shape,
                                                physics::ext::LegacyCollider,
                                                physics::ext::KhrBodies,
                                                physics::ext::KhrShapes,
                                                physics::ext::KhrLegacyShapes,
                                                physics::ext::Joint,
                                                kAnimationPointer,
                                                kLod,
                                                "KHR_lights_punctual",
                                                "KHR_draco_mesh_compression",
                                                "EXT_meshopt_compression",
                                                "KHR_mesh_quantization",
                                                "EXT_mesh_gpu_instancing",
                                                "KHR_texture_transform",
                                                "KHR_texture_basisu",
                                                "EXT_texture_webp",
                                                "EXT_texture_avif",
                                                "KHR_materials_variants",
                                                "KHR_xmp_json_ld",
                                                "KHR_materials_unlit"};
    return known.count(name) > 0 || name.rfind("KHR_materials_", 0) == 0;
}

bool namesNode(const std::string& key)
{
    std::string lower = key;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    return lower.find("node") != std::string::npos;
}

// Integer values under keys naming "node" inside an unknown extension that the map would move.
void findUnremapped(const Json& value, const std::string& pointer, const NodeMap& map, Diagnostics& out)
{
    if (value.is_array()) {
        for (size_t i = 0; i < value.size(); ++i)
            findUnremapped(value[i], jsonPointerAppend(pointer, i), map, out);
        return;
    }
    if (!value.is_object())
        return;
    for (auto it = value.begin(); it != value.end(); ++it) {
        const std::string at = jsonPointerAppend(pointer, it.key());
        bool affected = false;
        if (namesNode(it.key())) {
            if (it->is_number_integer())
                affected = moves(map, it->get<long long>());
            else if (it->is_array())
                affected = std::any_of(it->begin(), it->end(), [&](const Json& v) {
                    return v.is_number_integer() && moves(map, v.get<long long>());
                });
        }
        if (affected)
            out.push_back(
                makeWarning("NODE_REFERENCE_UNREMAPPED",
                            "'" + it.key() +
                                "' in an extension this tool does not know may name a "
                                "node; it is kept as it is, so it may point at another node afterwards",
                            at));
        else
            findUnremapped(*it, at, map, out);
    }
}

// Every unknown extension anywhere in the document, searched for node references.
void scanExtensions(const Json& value, const std::string& pointer, const NodeMap& map, Diagnostics& out)
{
    if (value.is_array()) {
        for (size_t i = 0; i < value.size(); ++i)
            scanExtensions(value[i], jsonPointerAppend(pointer, i), map, out);
        return;
    }
    if (!value.is_object())
        return;
    for (auto it = value.begin(); it != value.end(); ++it) {
        const std::string at = jsonPointerAppend(pointer, it.key());
        if (it.key() == "extensions" && it->is_object()) {
            for (auto e = it->begin(); e != it->end(); ++e) {
                if (knownExtension(e.key()))
                    scanExtensions(*e, jsonPointerAppend(at, e.key()), map, out);
                else
                    findUnremapped(*e, jsonPointerAppend(at, e.key()), map, out);
            }
        } else if (it->is_structured() && it.key() != "accessors" && it.key() != "bufferViews") {
            scanExtensions(*it, at, map, out);
        }
    }
}

} // namespace

NodeMap identityMap(size_t count)
{
    NodeMap map(count);
    for (size_t i = 0; i < count; ++i)
        map[i] = static_cast<int>(i);
    return map;
}

Diagnostics nodeMapProblems(const Json& root, const physics::PhysicsModel& model, const NodeMap& map)
{
    Diagnostics out;
    if (const auto skins = root.find("skins"); skins != root.end() && skins->is_array()) {
        for (size_t s = 0; s < skins->size(); ++s) {
            const Json& skin = (*skins)[s];
            const std::string base = jsonPointer({"skins", std::to_string(s)});
            if (goes(map, referenced(skin, "skeleton")))
                out.push_back(makeError("NODE_SKIN_JOINT_REMOVED",
                                        "the skin's skeleton root would be deleted",
                                        jsonPointerAppend(base, "skeleton")));
            if (!skin.is_object() || !skin.contains("joints") || !skin["joints"].is_array())
                continue;
            for (size_t j = 0; j < skin["joints"].size(); ++j) {
                const Json& joint = skin["joints"][j];
                if (joint.is_number_integer() && goes(map, joint.get<int>()))
                    out.push_back(
                        makeError("NODE_SKIN_JOINT_REMOVED",
                                  "a joint of the skin would be deleted; a skin cannot lose a joint",
                                  jsonPointerAppend(jsonPointerAppend(base, "joints"), j)));
            }
        }
    }
    if (const auto animations = root.find("animations"); animations != root.end() && animations->is_array()) {
        for (size_t a = 0; a < animations->size(); ++a) {
            const Json* channels = nullptr;
            if ((*animations)[a].is_object() && (*animations)[a].contains("channels"))
                channels = &(*animations)[a]["channels"];
            if (!channels || !channels->is_array())
                continue;
            const std::string base = jsonPointer({"animations", std::to_string(a), "channels"});
            size_t removed = 0;
            for (size_t c = 0; c < channels->size(); ++c) {
                if (!goes(map, channelNode((*channels)[c])))
                    continue;
                ++removed;
                out.push_back(makeWarning("NODE_ANIMATION_CHANNEL_REMOVED",
                                          "the channel animates a node that is deleted; it is removed",
                                          jsonPointerAppend(base, c)));
            }
            if (removed > 0 && removed == channels->size())
                out.push_back(makeError("NODE_ANIMATION_EMPTIED",
                                        "the animation would lose every channel (glTF requires one)", base));
        }
    }
    for (const auto& [node, physics] : model.nodes) {
        if (goes(map, int(node)) || !physics.joint || !goes(map, physics.joint->connectedNode))
            continue;
        out.push_back(makeWarning("NODE_JOINT_REMOVED",
                                  "the joint's connected node is deleted; the joint is removed",
                                  jsonPointer({"nodes", std::to_string(node), "extensions"})));
    }
    scanExtensions(root, "", map, out);
    return out;
}

void remapNodeObject(Json& node, const NodeMap& map)
{
    remapList(&node, "children", map);
    Json* ext = child(node, "extensions");
    if (!ext)
        return;
    if (Json* body = child(*ext, physics::ext::Body))
        remapList(child(*body, "trigger"), "nodes", map);
    if (Json* khr = child(*ext, physics::ext::KhrBodies)) {
        for (const char* part : {"collider", "trigger"}) {
            Json* p = child(*khr, part);
            Json* geometry = p ? child(*p, "geometry") : nullptr;
            if (!remapKey(geometry, "node", map))
                geometry->erase("node");
        }
        remapList(child(*khr, "trigger"), "nodes", map);
        if (!remapKey(child(*khr, "joint"), "connectedNode", map))
            khr->erase("joint");
    }
    if (Json* joint = child(*ext, physics::ext::Joint)) {
        bool keep = true;
        for (const char* key : {"connectedNode", "nodeA", "nodeB"})
            keep = remapKey(joint, key, map) && keep;
        if (!keep)
            ext->erase(physics::ext::Joint);
    }
    if (Json* lod = child(*ext, kLod))
        remapList(lod, "ids", map);
}

void remapDocument(Json& root, const NodeMap& map)
{
    if (auto scenes = root.find("scenes"); scenes != root.end() && scenes->is_array()) {
        for (Json& scene : *scenes)
            remapList(&scene, "nodes", map);
    }
    if (auto skins = root.find("skins"); skins != root.end() && skins->is_array()) {
        for (Json& skin : *skins) {
            remapList(&skin, "joints", map);
            if (!remapKey(&skin, "skeleton", map))
                skin.erase("skeleton");
        }
    }
    if (auto animations = root.find("animations"); animations != root.end() && animations->is_array()) {
        for (Json& animation : *animations) {
            if (!animation.is_object() || !animation.contains("channels") ||
                !animation["channels"].is_array())
                continue;
            Json kept = Json::array();
            for (Json& channel : animation["channels"]) {
                if (goes(map, channelNode(channel)))
                    continue;
                remapChannel(channel, map);
                kept.push_back(std::move(channel));
            }
            animation["channels"] = std::move(kept);
        }
    }
    if (auto nodes = root.find("nodes"); nodes != root.end() && nodes->is_array()) {
        for (Json& node : *nodes)
            remapNodeObject(node, map);
    }
}

void remapNodePhysics(physics::NodePhysics& node, const NodeMap& map)
{
    auto remapGeometry = [&](int& geometryNode) {
        if (geometryNode >= 0)
            geometryNode = std::max(-1, mapped(map, geometryNode));
    };
    if (node.collider)
        remapGeometry(node.collider->geometryNode);
    if (node.trigger) {
        remapGeometry(node.trigger->geometryNode);
        const bool compound = node.trigger->isCompound();
        std::vector<int> members;
        for (int m : node.trigger->nodes) {
            if (mapped(map, m) >= 0)
                members.push_back(mapped(map, m));
        }
        node.trigger->nodes = std::move(members);
        if (compound && node.trigger->nodes.empty())
            node.trigger.reset();
    }
    if (node.joint && node.joint->connectedNode >= 0) {
        const int m = mapped(map, node.joint->connectedNode);
        if (m < 0)
            node.joint.reset();
        else
            node.joint->connectedNode = m;
    }
}

bool isDisposable(const NodePhysics& node)
{
    if (!node.empty())
        return false;
    for (auto it = node.source.begin(); it != node.source.end(); ++it) {
        if (it.key() != "motion" && it.key() != "collider" && it.key() != "trigger")
            return false;
    }
    return true;
}

std::map<size_t, physics::NodePhysics> remapPhysicsNodes(const std::map<size_t, physics::NodePhysics>& nodes,
                                                         const NodeMap& map)
{
    std::map<size_t, physics::NodePhysics> out;
    for (const auto& [index, node] : nodes) {
        const int to = mapped(map, static_cast<long long>(index));
        if (to < 0)
            continue;
        physics::NodePhysics copy = node;
        remapNodePhysics(copy, map);
        if (!node.empty() && isDisposable(copy))
            continue; // its only component referred to nodes that went
        out.emplace(static_cast<size_t>(to), std::move(copy));
    }
    return out;
}

} // namespace cs::physics
