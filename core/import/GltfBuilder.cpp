#include "import/GltfBuilder.h"

#include "gltf/Accessors.h"

#include <cstring>
#include <limits>

namespace cs::import {

namespace {

constexpr int ArrayBuffer = 34962;
constexpr int ElementArrayBuffer = 34963;

const char* typeName(int components)
{
    switch (components) {
    case 1:
        return "SCALAR";
    case 2:
        return "VEC2";
    case 3:
        return "VEC3";
    default:
        return "VEC4";
    }
}

} // namespace

GltfBuilder::GltfBuilder(gltf::GltfDocument& doc) : m_doc(doc)
{
    auto& json = m_doc.json();
    if (!json.contains("bufferViews"))
        json["bufferViews"] = gltf::Json::array();
    if (!json.contains("accessors"))
        json["accessors"] = gltf::Json::array();
}

size_t GltfBuilder::addView(const void* data, size_t size, int target)
{
    m_bin.resize((m_bin.size() + 3) & ~size_t(3), 0);
    const size_t offset = m_bin.size();
    m_bin.resize(offset + size);
    if (size > 0)
        std::memcpy(m_bin.data() + offset, data, size);
    gltf::Json view = {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", size}};
    if (target != 0)
        view["target"] = target;
    auto& views = m_doc.json()["bufferViews"];
    views.push_back(std::move(view));
    return views.size() - 1;
}

size_t GltfBuilder::addFloatAccessor(const std::vector<float>& values, int components, bool withBounds)
{
    const size_t count = values.size() / size_t(components);
    const size_t view = addView(values.data(), values.size() * sizeof(float), ArrayBuffer);
    gltf::Json accessor = {{"bufferView", view},
                           {"componentType", gltf::Float},
                           {"count", count},
                           {"type", typeName(components)}};
    if (withBounds) {
        gltf::FloatArray array{values, components, count};
        const gltf::AccessorBounds bounds = gltf::computeBounds(array);
        // The bounds are written as the floats the buffer holds, so the validator's exact comparison passes.
        gltf::Json min = gltf::Json::array(), max = gltf::Json::array();
        for (int c = 0; c < components; ++c) {
            min.push_back(float(bounds.min[size_t(c)]));
            max.push_back(float(bounds.max[size_t(c)]));
        }
        accessor["min"] = std::move(min);
        accessor["max"] = std::move(max);
    }
    auto& accessors = m_doc.json()["accessors"];
    accessors.push_back(std::move(accessor));
    return accessors.size() - 1;
}

size_t GltfBuilder::addIndexAccessor(const std::vector<std::uint32_t>& indices)
{
    std::uint32_t largest = 0;
    for (std::uint32_t i : indices)
        largest = std::max(largest, i);
    size_t view = 0;
    int componentType = gltf::UnsignedInt;
    if (largest < std::numeric_limits<std::uint16_t>::max()) {
        std::vector<std::uint16_t> shorts(indices.begin(), indices.end());
        view = addView(shorts.data(), shorts.size() * sizeof(std::uint16_t), ElementArrayBuffer);
        componentType = gltf::UnsignedShort;
    } else {
        view = addView(indices.data(), indices.size() * sizeof(std::uint32_t), ElementArrayBuffer);
    }
    auto& accessors = m_doc.json()["accessors"];
    accessors.push_back({{"bufferView", view},
                         {"componentType", componentType},
                         {"count", indices.size()},
                         {"type", "SCALAR"}});
    return accessors.size() - 1;
}

size_t GltfBuilder::addJointAccessor(const std::vector<std::uint16_t>& joints)
{
    const size_t view = addView(joints.data(), joints.size() * sizeof(std::uint16_t), ArrayBuffer);
    auto& accessors = m_doc.json()["accessors"];
    accessors.push_back({{"bufferView", view},
                         {"componentType", gltf::UnsignedShort},
                         {"count", joints.size() / 4},
                         {"type", "VEC4"}});
    return accessors.size() - 1;
}

size_t GltfBuilder::addMatrixAccessor(const std::vector<float>& columnMajor)
{
    const size_t view = addView(columnMajor.data(), columnMajor.size() * sizeof(float), 0);
    auto& accessors = m_doc.json()["accessors"];
    accessors.push_back({{"bufferView", view},
                         {"componentType", gltf::Float},
                         {"count", columnMajor.size() / 16},
                         {"type", "MAT4"}});
    return accessors.size() - 1;
}

size_t GltfBuilder::addImageView(const gltf::Bytes& bytes)
{
    return addView(bytes.data(), bytes.size(), 0);
}

void GltfBuilder::finish()
{
    auto& json = m_doc.json();
    if (m_bin.empty()) {
        // A document without geometry has no buffer at all: empty arrays are not allowed by the schema.
        if (json["bufferViews"].empty())
            json.erase("bufferViews");
        if (json["accessors"].empty())
            json.erase("accessors");
        return;
    }
    m_bin.resize((m_bin.size() + 3) & ~size_t(3), 0);
    json["buffers"] = gltf::Json::array({{{"byteLength", m_bin.size()}}});
    gltf::Buffer buffer;
    buffer.data = std::move(m_bin);
    buffer.origin = gltf::ResourceOrigin::None;
    m_doc.buffers().clear();
    m_doc.buffers().push_back(std::move(buffer));
}

} // namespace cs::import
