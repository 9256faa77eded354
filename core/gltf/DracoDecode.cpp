#include "gltf/DracoDecode.h"

#include "gltf/DecodeCache.h"
#include "gltf/JsonIndex.h"
#include "gltf/PrimitiveData.h"

#include <algorithm>
#include <cstring>
#include <draco/compression/decode.h>

namespace cs::gltf {

namespace {

constexpr const char* kDraco = "KHR_draco_mesh_compression";

/// glTF's mapping of a normalized integer to a float ([0,1] unsigned, [-1,1] signed).
float normalize(float raw, int componentType)
{
    switch (componentType) {
    case Byte:
        return std::max(raw / 127.0f, -1.0f);
    case UnsignedByte:
        return raw / 255.0f;
    case Short:
        return std::max(raw / 32767.0f, -1.0f);
    case UnsignedShort:
        return raw / 65535.0f;
    default:
        return raw;
    }
}

Diagnostic mismatch(const std::string& what, const std::string& pointer)
{
    return makeError("DRACO_ATTRIBUTE_MISMATCH", what, pointer);
}

/// Copies one decoded attribute into `out`, point by point in the decoded point order.
bool convertAttribute(const draco::PointAttribute& att, const DracoAttributeRequest& request, size_t points,
                      FloatArray& out)
{
    const int n = request.components;
    out.components = n;
    out.count = points;
    if (att.data_type() == draco::DT_FLOAT32 && att.is_mapping_identity() &&
        att.byte_stride() == std::int64_t(n * sizeof(float)) && att.size() >= points) {
        // One pass from libdraco's buffer (resizing first would write every value twice).
        const auto* first = reinterpret_cast<const float*>(att.GetAddress(draco::AttributeValueIndex(0)));
        out.values.assign(first, first + points * size_t(n));
        return true;
    }
    out.values.resize(points * size_t(n));
    float* dst = out.values.data();
    if (att.data_type() == draco::DT_FLOAT32) {
        const std::uint8_t* base = att.GetAddress(draco::AttributeValueIndex(0));
        const size_t stride = size_t(att.byte_stride());
        for (size_t i = 0; i < points; ++i)
            std::memcpy(dst + i * n,
                        base + att.mapped_index(draco::PointIndex(std::uint32_t(i))).value() * stride,
                        n * sizeof(float));
        return true;
    }
    // Integer data: draco converts (and normalizes when its own flag says so); the accessor decides
    // otherwise.
    const bool normalizeHere = request.normalized && !att.normalized();
    for (size_t i = 0; i < points; ++i) {
        float* v = dst + i * n;
        if (!att.ConvertValue<float>(att.mapped_index(draco::PointIndex(std::uint32_t(i))), std::int8_t(n),
                                     v))
            return false;
        if (normalizeHere)
            for (int c = 0; c < n; ++c)
                v[c] = normalize(v[c], request.componentType);
    }
    return true;
}

} // namespace

const Json* dracoExtension(const Json& primitive)
{
    auto ext = primitive.find("extensions");
    if (ext == primitive.end() || !ext->is_object())
        return nullptr;
    auto it = ext->find(kDraco);
    return it != ext->end() && it->is_object() ? &*it : nullptr;
}

Result<DecodedPrimitive> decodeDracoStream(const std::uint8_t* data, size_t size,
                                           const std::vector<DracoAttributeRequest>& attributes,
                                           const std::string& pointer)
{
    using R = Result<DecodedPrimitive>;
    draco::DecoderBuffer buffer;
    buffer.Init(reinterpret_cast<const char*>(data), size);
    draco::Decoder decoder;
    auto decoded = decoder.DecodeMeshFromBuffer(&buffer);
    if (!decoded.ok())
        return R::failure(makeError("DRACO_DECODE_FAILED",
                                    "the Draco stream of " + std::to_string(size) +
                                        " bytes does not decode: " + decoded.status().error_msg_string(),
                                    pointer));
    const draco::Mesh& mesh = *decoded.value();
    DecodedPrimitive out;
    out.vertexCount = mesh.num_points();
    for (const auto& request : attributes) {
        const draco::PointAttribute* att =
            request.uniqueId >= 0 ? mesh.GetAttributeByUniqueId(request.uniqueId) : nullptr;
        const std::string where = pointer + "/attributes/" + request.name;
        if (!att)
            return R::failure(mismatch(
                "the Draco stream has no attribute with id " + std::to_string(request.uniqueId), where));
        if (att->num_components() != request.components)
            return R::failure(mismatch("the Draco attribute has " + std::to_string(att->num_components()) +
                                           " components but its accessor " +
                                           std::to_string(request.components),
                                       where));
        if (request.count != 0 && request.count != out.vertexCount)
            return R::failure(mismatch("the accessor's count is " + std::to_string(request.count) +
                                           " but the Draco stream decodes to " +
                                           std::to_string(out.vertexCount) + " vertices",
                                       where));
        FloatArray values;
        if (!convertAttribute(*att, request, out.vertexCount, values))
            return R::failure(mismatch("the Draco attribute's values cannot be read as numbers", where));
        out.attributes[request.name] = std::move(values);
    }
    // A face is three 32-bit point indices in a row; the faces are one array.
    static_assert(sizeof(draco::Mesh::Face) == 3 * sizeof(std::uint32_t));
    if (mesh.num_faces() > 0) {
        const auto* first = reinterpret_cast<const std::uint32_t*>(&mesh.face(draco::FaceIndex(0))[0]);
        out.indices.assign(first, first + size_t(mesh.num_faces()) * 3);
    }
    std::uint32_t largest = 0;
    for (std::uint32_t v : out.indices)
        largest = std::max(largest, v);
    if (!out.indices.empty() && largest >= out.vertexCount)
        return R::failure(makeError("DRACO_DECODE_FAILED",
                                    "a decoded triangle names vertex " + std::to_string(largest) + " of " +
                                        std::to_string(out.vertexCount),
                                    pointer));
    return R{std::move(out), {}};
}

Result<std::shared_ptr<const DecodedPrimitive>> decodeDracoPrimitive(const GltfDocument& doc, size_t mesh,
                                                                     size_t primitive)
{
    using R = Result<std::shared_ptr<const DecodedPrimitive>>;
    const std::string primPointer =
        jsonPointerAppend(jsonPointerAppend("/meshes", mesh) + "/primitives", primitive);
    const std::string pointer = primPointer + "/extensions/" + kDraco;
    const Json* p = findPrimitive(doc, mesh, primitive);
    const Json* ext = p ? dracoExtension(*p) : nullptr;
    if (!ext)
        return R::failure(makeError("DRACO_INVALID", "the primitive has no Draco compression", primPointer));
    const Json& viewIndex = ext->value("bufferView", Json());
    const Json* view = isJsonIndex(viewIndex) ? doc.element("bufferViews", viewIndex.get<size_t>()) : nullptr;
    const Json& dracoAttributes = ext->value("attributes", Json());
    if (!view || !dracoAttributes.is_object())
        return R::failure(
            makeError("DRACO_INVALID", "the extension needs a bufferView and an attributes object", pointer));
    const Json& b = view->value("buffer", Json());
    const Json& off = view->value("byteOffset", Json(0u));
    const Json& len = view->value("byteLength", Json());
    if (!isJsonIndex(b) || b.get<size_t>() >= doc.buffers().size() || !isJsonIndex(off) || !isJsonIndex(len))
        return R::failure(
            makeError("DRACO_INVALID", "the Draco buffer view is malformed", pointer + "/bufferView"));
    const Buffer& buffer = doc.buffers()[b.get<size_t>()];
    const std::uint64_t offset = off.get<std::uint64_t>(), length = len.get<std::uint64_t>();
    if (offset > buffer.data.size() || length > buffer.data.size() - offset)
        return R::failure(makeError("DRACO_INVALID", "the Draco buffer view lies outside its buffer's data",
                                    pointer + "/bufferView"));

    // Each named attribute is converted as the primitive's accessor for it describes.
    const Json& primAttributes = p->value("attributes", Json());
    std::vector<DracoAttributeRequest> requests;
    Json key = Json::array({*ext, *view});
    for (auto it = dracoAttributes.begin(); it != dracoAttributes.end(); ++it) {
        DracoAttributeRequest r;
        r.name = it.key();
        r.uniqueId = isJsonIndex(it.value()) && it.value().get<std::uint64_t>() < (1u << 31)
                         ? it.value().get<int>()
                         : -1;
        const Json& acc = primAttributes.is_object() ? primAttributes.value(r.name, Json()) : Json();
        const Json* a = isJsonIndex(acc) ? doc.element("accessors", acc.get<size_t>()) : nullptr;
        if (!a)
            return R::failure(mismatch("attribute " + r.name +
                                           " is compressed but the primitive has no accessor "
                                           "for it",
                                       pointer + "/attributes/" + r.name));
        const Json& type = a->value("type", Json());
        const Json& componentType = a->value("componentType", Json());
        r.components = type.is_string() ? componentCount(type.get<std::string>()) : 0;
        r.componentType = isJsonIndex(componentType) && componentType.get<std::uint64_t>() < 0x10000
                              ? componentType.get<int>()
                              : 0;
        const Json& count = a->value("count", Json());
        r.count = isJsonIndex(count) ? count.get<size_t>() : 0;
        const Json& normalized = a->value("normalized", Json());
        r.normalized = normalized.is_boolean() && normalized.get<bool>();
        key.push_back(*a);
        requests.push_back(std::move(r));
    }

    const std::uint8_t* source = buffer.data.data() + offset;
    return doc.decodeCache().typed<DecodedPrimitive>("draco/" + primPointer, key, source, length, [&] {
        return decodeDracoStream(source, length, requests, pointer);
    });
}

std::optional<DracoSource> dracoSourceOf(const GltfDocument& doc, size_t accessor)
{
    const Json& root = doc.json();
    auto used = root.find("extensionsUsed");
    if (used == root.end() || !used->is_array() ||
        std::find(used->begin(), used->end(), Json(kDraco)) == used->end())
        return std::nullopt;
    // The map from accessor to primitive is built once per meshes array (rebuilt when meshes are added or
    // removed) and each hit is checked against the JSON, so a stale map cannot name the wrong primitive.
    using Map = std::map<size_t, DracoSource>;
    const Json key = Json::array({doc.count("meshes"), doc.count("accessors")});
    auto map = std::static_pointer_cast<const Map>(doc.decodeCache().derived("draco-accessors", key, [&] {
        auto built = std::make_shared<Map>();
        for (size_t m = 0; m < doc.count("meshes"); ++m) {
            for (size_t p = 0; const Json* prim = findPrimitive(doc, m, p); ++p) {
                const Json* ext = dracoExtension(*prim);
                auto attributes = prim->find("attributes");
                if (!ext || attributes == prim->end() || !attributes->is_object())
                    continue;
                const Json& compressed = ext->value("attributes", Json());
                for (auto it = attributes->begin(); it != attributes->end(); ++it) {
                    if (isJsonIndex(it.value()) && compressed.is_object() && compressed.contains(it.key()))
                        built->emplace(it.value().get<size_t>(), DracoSource{m, p, it.key()});
                }
                if (auto indices = prim->find("indices"); indices != prim->end() && isJsonIndex(*indices))
                    built->emplace(indices->get<size_t>(), DracoSource{m, p, ""});
            }
        }
        return std::shared_ptr<const void>(built);
    }));
    auto it = map->find(accessor);
    if (it == map->end())
        return std::nullopt;
    const DracoSource& s = it->second;
    const Json* prim = findPrimitive(doc, s.mesh, s.primitive);
    if (!prim || !dracoExtension(*prim))
        return std::nullopt;
    const Json& p = *prim;
    const Json& attributes = p.value("attributes", Json());
    const Json& ref = s.attribute.empty()      ? p.value("indices", Json())
                      : attributes.is_object() ? attributes.value(s.attribute, Json())
                                               : Json();
    if (!isJsonIndex(ref) || ref.get<size_t>() != accessor)
        return std::nullopt;
    return s;
}

} // namespace cs::gltf
