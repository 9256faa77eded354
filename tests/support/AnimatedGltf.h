#pragma once

// Hand-built glTF JSON with animation data: accessors appended to one buffer (a data: URI), each in a buffer
// view of its own, for the animation tests and the animated simulation scenes.
#include "TestSupport.h"
#include "gltf/Accessors.h"

#include <string>
#include <vector>

namespace cs::test {

class AnimatedGltf
{
public:
    gltf::Json root = gltf::Json::parse(R"({"asset": {"version": "2.0"}, "nodes": [], "animations": []})");

    /// A FLOAT accessor of `type` ("SCALAR", "VEC3", "VEC4") holding `values`.
    size_t floats(const std::vector<float>& values, const std::string& type)
    {
        const size_t n = size_t(gltf::componentCount(type));
        for (float v : values)
            appendFloats(m_bin, {v});
        return add(5126, false, values.size() / n, type, values.size() * 4);
    }
    /// A normalized SHORT accessor (a quantized rotation or weight): value / 32767 as glTF maps it.
    size_t normalizedShorts(const std::vector<std::int16_t>& values, const std::string& type)
    {
        for (std::int16_t v : values)
            appendValues<std::int16_t>(m_bin, {v});
        const size_t bytes = values.size() * 2;
        while (m_bin.size() % 4)
            m_bin.push_back(0);
        return add(5122, true, values.size() / size_t(gltf::componentCount(type)), type, bytes);
    }
    /// An UNSIGNED_BYTE accessor of `type` (a skin's JOINTS_n), not normalized.
    size_t unsignedBytes(const std::vector<std::uint8_t>& values, const std::string& type)
    {
        for (std::uint8_t v : values)
            m_bin.push_back(v);
        const size_t bytes = values.size();
        while (m_bin.size() % 4)
            m_bin.push_back(0);
        return add(5121, false, values.size() / size_t(gltf::componentCount(type)), type, bytes);
    }
    /// A node named `name` with `extra` members (translation, extensions...); returns its index.
    size_t node(const std::string& name, const gltf::Json& extra = gltf::Json::object())
    {
        gltf::Json n = extra;
        n["name"] = name;
        root["nodes"].push_back(n);
        return root["nodes"].size() - 1;
    }
    /// An animation of one sampler per channel: {node, path, input accessor, output accessor, interpolation}.
    struct Track
    {
        size_t node;
        std::string path;
        size_t input;
        size_t output;
        std::string interpolation = "LINEAR";
    };
    size_t animation(const std::string& name, const std::vector<Track>& tracks)
    {
        gltf::Json a = {{"name", name}, {"channels", gltf::Json::array()}, {"samplers", gltf::Json::array()}};
        for (const Track& t : tracks) {
            a["channels"].push_back(
                {{"sampler", a["samplers"].size()}, {"target", {{"node", t.node}, {"path", t.path}}}});
            a["samplers"].push_back(
                {{"input", t.input}, {"output", t.output}, {"interpolation", t.interpolation}});
        }
        root["animations"].push_back(a);
        return root["animations"].size() - 1;
    }
    std::string text() const
    {
        gltf::Json out = root;
        out["buffers"] = gltf::Json::array({{{"byteLength", m_bin.size()}, {"uri", base64DataUri(m_bin)}}});
        out["bufferViews"] = m_views;
        out["accessors"] = m_accessors;
        return out.dump();
    }
    gltf::GltfDocument document() const { return loadJson(text()); }

private:
    size_t add(int componentType, bool normalized, size_t count, const std::string& type, size_t bytes)
    {
        m_views.push_back(
            {{"buffer", 0}, {"byteOffset", m_bin.size() - roundUp(bytes)}, {"byteLength", bytes}});
        gltf::Json a = {{"bufferView", m_views.size() - 1},
                        {"componentType", componentType},
                        {"count", count},
                        {"type", type}};
        if (normalized)
            a["normalized"] = true;
        m_accessors.push_back(a);
        return m_accessors.size() - 1;
    }
    static size_t roundUp(size_t bytes) { return (bytes + 3) / 4 * 4; }

    gltf::Bytes m_bin;
    gltf::Json m_views = gltf::Json::array();
    gltf::Json m_accessors = gltf::Json::array();
};

} // namespace cs::test
