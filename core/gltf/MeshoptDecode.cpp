#include "gltf/MeshoptDecode.h"

#include "gltf/DecodeCache.h"
#include "gltf/JsonIndex.h"

#include <algorithm>
#include <meshoptimizer.h>

namespace cs::gltf {

namespace {

constexpr std::string_view kMeshoptNames[] = {"EXT_meshopt_compression", "KHR_meshopt_compression"};

Result<Bytes> invalid(std::string message, const std::string& pointer)
{
    return Result<Bytes>::failure(makeError("MESHOPT_INVALID", std::move(message), pointer));
}

/// A non-negative integer property (`fallback` when absent), or nullopt when present with another type.
std::optional<std::uint64_t> unsignedProperty(const Json& object, const char* key,
                                              std::optional<std::uint64_t> fallback)
{
    auto it = object.find(key);
    if (it == object.end())
        return fallback;
    if (!isJsonIndex(*it))
        return std::nullopt;
    return it->get<std::uint64_t>();
}

std::string stringProperty(const Json& object, const char* key, const char* fallback)
{
    auto it = object.find(key);
    if (it == object.end())
        return fallback;
    return it->is_string() ? it->get<std::string>() : std::string("(not a string)");
}

} // namespace

const Json* meshoptExtension(const Json& bufferView, std::string* name)
{
    auto ext = bufferView.find(std::string_view("extensions"));
    if (ext == bufferView.end() || !ext->is_object())
        return nullptr;
    for (std::string_view n : kMeshoptNames) {
        auto it = ext->find(n);
        if (it != ext->end() && it->is_object()) {
            if (name)
                *name = n;
            return &*it;
        }
    }
    return nullptr;
}

bool isMeshoptFallbackBuffer(const Json& buffer)
{
    if (!buffer.is_object() || buffer.contains("uri"))
        return false;
    const Json* ext = meshoptExtension(buffer);
    if (!ext)
        return false;
    auto fallback = ext->find("fallback");
    return fallback != ext->end() && fallback->is_boolean() && fallback->get<bool>();
}

Result<Bytes> decodeMeshoptStream(const std::uint8_t* data, size_t size, size_t count, size_t stride,
                                  std::string_view mode, std::string_view filter, const std::string& pointer)
{
    // Every check the library would assert on is made here first: a bad file must not end the program.
    const bool attributes = mode == "ATTRIBUTES";
    if (!attributes && mode != "TRIANGLES" && mode != "INDICES")
        return invalid("mode '" + std::string(mode) + "' is not ATTRIBUTES, TRIANGLES or INDICES",
                       pointer + "/mode");
    if (attributes && (stride == 0 || stride % 4 != 0 || stride > 256))
        return invalid("ATTRIBUTES need a byteStride that is a multiple of 4 up to 256, not " +
                           std::to_string(stride),
                       pointer + "/byteStride");
    if (!attributes && stride != 2 && stride != 4)
        return invalid("TRIANGLES and INDICES need a byteStride of 2 or 4, not " + std::to_string(stride),
                       pointer + "/byteStride");
    if (mode == "TRIANGLES" && count % 3 != 0)
        return invalid("TRIANGLES need a count that is a multiple of 3, not " + std::to_string(count),
                       pointer + "/count");
    const bool oct = filter == "OCTAHEDRAL", quat = filter == "QUATERNION", exp = filter == "EXPONENTIAL";
    if (!oct && !quat && !exp && filter != "NONE")
        return invalid("filter '" + std::string(filter) +
                           "' is not NONE, OCTAHEDRAL, QUATERNION or EXPONENTIAL",
                       pointer + "/filter");
    if (!attributes && filter != "NONE")
        return invalid("filters apply to ATTRIBUTES only", pointer + "/filter");
    if ((oct && stride != 4 && stride != 8) || (quat && stride != 8))
        return invalid("filter " + std::string(filter) + " does not allow a byteStride of " +
                           std::to_string(stride),
                       pointer + "/byteStride");
    if (count > (std::uint64_t(1) << 32) / stride)
        return invalid("count " + std::to_string(count) + " x byteStride " + std::to_string(stride) +
                           " is beyond 4 GiB",
                       pointer + "/count");

    Bytes out(count * stride);
    int status = 0;
    if (attributes)
        status = meshopt_decodeVertexBuffer(out.data(), count, stride, data, size);
    else if (mode == "TRIANGLES")
        status = meshopt_decodeIndexBuffer(out.data(), count, stride, data, size);
    else
        status = meshopt_decodeIndexSequence(out.data(), count, stride, data, size);
    if (status != 0)
        return Result<Bytes>::failure(
            makeError("MESHOPT_DECODE_FAILED",
                      "the " + std::string(mode) + " stream of " + std::to_string(size) +
                          " bytes does not decode to " + std::to_string(count) + " elements of " +
                          std::to_string(stride) + " bytes (corrupt data or an unknown codec version)",
                      pointer));
    if (oct)
        meshopt_decodeFilterOct(out.data(), count, stride);
    else if (quat)
        meshopt_decodeFilterQuat(out.data(), count, stride);
    else if (exp)
        meshopt_decodeFilterExp(out.data(), count, stride);
    return Result<Bytes>{std::move(out), {}};
}

Result<std::shared_ptr<const Bytes>> decodeMeshoptView(const GltfDocument& doc, size_t view)
{
    using R = Result<std::shared_ptr<const Bytes>>;
    const Json* v = doc.element("bufferViews", view);
    std::string name;
    const Json* ext = v ? meshoptExtension(*v, &name) : nullptr;
    if (!ext)
        return R::failure(makeError("INDEX_OUT_OF_RANGE",
                                    "buffer view " + std::to_string(view) + " has no meshopt compression",
                                    jsonPointerAppend("/bufferViews", view)));
    const std::string pointer = jsonPointerAppend("/bufferViews", view) + "/extensions/" + name;
    const auto buffer = unsignedProperty(*ext, "buffer", std::nullopt);
    const auto offset = unsignedProperty(*ext, "byteOffset", 0);
    const auto length = unsignedProperty(*ext, "byteLength", std::nullopt);
    const auto stride = unsignedProperty(*ext, "byteStride", std::nullopt);
    const auto count = unsignedProperty(*ext, "count", std::nullopt);
    if (!buffer || !offset || !length || !stride || !count)
        return R::failure(
            makeError("MESHOPT_INVALID",
                      "buffer, byteLength, byteStride and count are required non-negative integers "
                      "(byteOffset too, when present)",
                      pointer));
    if (*buffer >= doc.buffers().size() || doc.buffers()[*buffer].origin == ResourceOrigin::Missing ||
        doc.buffers()[*buffer].origin == ResourceOrigin::MeshoptFallback)
        return R::failure(makeError("MESHOPT_INVALID",
                                    "the compressed stream's buffer " + std::to_string(*buffer) +
                                        " does not exist or has no data",
                                    pointer + "/buffer"));
    const Bytes& data = doc.buffers()[*buffer].data;
    if (*offset > data.size() || *length > data.size() - *offset)
        return R::failure(makeError("MESHOPT_INVALID",
                                    "the compressed stream (bytes " + std::to_string(*offset) + " to " +
                                        std::to_string(*offset + *length) + ") runs past its buffer of " +
                                        std::to_string(data.size()) + " bytes",
                                    pointer));
    const Json& viewLength = v->value("byteLength", Json());
    if (!isJsonIndex(viewLength) || viewLength.get<std::uint64_t>() != *count * *stride)
        return R::failure(makeError("MESHOPT_INVALID",
                                    "the buffer view's byteLength " + viewLength.dump() +
                                        " is not count x byteStride (" + std::to_string(*count * *stride) +
                                        ")",
                                    pointer));
    const std::uint8_t* source = data.data() + *offset;
    const std::string mode = stringProperty(*ext, "mode", "");
    const std::string filter = stringProperty(*ext, "filter", "NONE");
    return doc.decodeCache().typed<Bytes>("meshopt/" + std::to_string(view), *ext, source, *length, [&] {
        return decodeMeshoptStream(source, *length, *count, *stride, mode, filter, pointer);
    });
}

std::string unsupportedRequiredExtension(const GltfDocument& doc, const Json& object,
                                         std::initializer_list<std::string_view> harmless)
{
    auto ext = object.find(std::string_view("extensions"));
    if (ext == object.end())
        return {}; // most objects have no extensions: the root is not searched
    auto required = doc.json().find(std::string_view("extensionsRequired"));
    if (ext == object.end() || !ext->is_object() || required == doc.json().end() || !required->is_array())
        return {};
    for (auto it = ext->begin(); it != ext->end(); ++it) {
        const std::string& name = it.key();
        const bool known =
            name == "KHR_draco_mesh_compression" ||
            std::find(std::begin(kMeshoptNames), std::end(kMeshoptNames), name) != std::end(kMeshoptNames) ||
            std::find(harmless.begin(), harmless.end(), name) != harmless.end();
        if (!known && std::find(required->begin(), required->end(), Json(name)) != required->end())
            return name;
    }
    return {};
}

} // namespace cs::gltf
