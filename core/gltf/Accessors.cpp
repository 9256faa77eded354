#include "gltf/Accessors.h"

#include "gltf/AccessorScan.h"
#include "gltf/DracoDecode.h"
#include "gltf/JsonIndex.h"
#include "gltf/MeshoptDecode.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace cs::gltf {

size_t componentSize(int componentType)
{
    switch (componentType) {
    case Byte:
    case UnsignedByte:
        return 1;
    case Short:
    case UnsignedShort:
        return 2;
    case UnsignedInt:
    case Float:
        return 4;
    default:
        return 0;
    }
}

int componentCount(std::string_view type)
{
    if (type == "SCALAR")
        return 1;
    if (type == "VEC2")
        return 2;
    if (type == "VEC3")
        return 3;
    if (type == "VEC4" || type == "MAT2")
        return 4;
    if (type == "MAT3")
        return 9;
    if (type == "MAT4")
        return 16;
    return 0;
}

namespace {

// Reads of accessor properties that never throw: value(key, typed default) throws when the property has
// another type (input: an accessor with "type": 5 ended the program while the file was being opened).
constexpr std::uint64_t kInvalidUnsigned = ~std::uint64_t(0);

/// object[key] when present, else `fallback`; neither is copied (value(key, fallback) copies both).
const Json& memberOr(const Json& object, std::string_view key, const Json& fallback)
{
    auto it = object.find(key);
    return it == object.end() ? fallback : *it;
}

const Json kNoValue;
const Json kZeroOffset(0u);

/// A non-negative integer property: `fallback` when absent, kInvalidUnsigned when present but not one.
std::uint64_t unsignedOr(const Json& object, const char* key, std::uint64_t fallback)
{
    auto it = object.find(std::string_view(key));
    if (it == object.end())
        return fallback;
    return isJsonIndex(*it) ? it->get<std::uint64_t>() : kInvalidUnsigned;
}

/// componentType, or 0 (no component type) when absent, not an integer or beyond int (1e300 overflowed it).
int componentTypeOf(const Json& object)
{
    const std::uint64_t v = unsignedOr(object, "componentType", 0);
    return v <= 0xFFFF ? static_cast<int>(v) : 0;
}

/// type, or "" when absent or not a string (a view of the JSON's own string).
std::string_view typeOf(const Json& object)
{
    auto it = object.find(std::string_view("type"));
    return it != object.end() && it->is_string() ? std::string_view(it->get_ref<const std::string&>())
                                                 : std::string_view();
}

/// "/accessors/N" followed by `suffix`: made only for a finding, not for every accessor read.
std::string accessorPointer(size_t index, std::string_view suffix = {})
{
    std::string pointer = jsonPointerAppend("/accessors", index);
    pointer += suffix;
    return pointer;
}

/// Rows of a matrix type (its columns have this many components), or 0 for vectors and scalars.
int matrixRows(std::string_view type)
{
    if (type == "MAT2")
        return 2;
    if (type == "MAT3")
        return 3;
    if (type == "MAT4")
        return 4;
    return 0;
}

/// Byte offset of component c within an element.
size_t componentOffset(int c, int componentType, int rows)
{
    const size_t size = componentSize(componentType);
    if (rows == 0)
        return c * size;
    const size_t columnStride = (rows * size + 3) & ~size_t(3);
    return (c / rows) * columnStride + (c % rows) * size;
}

/// A contiguous byte range [data, data + size) known to be inside a buffer.
struct Span
{
    const std::uint8_t* data = nullptr;
    size_t size = 0;
    std::shared_ptr<const void> keepAlive; ///< decoded meshopt bytes the span points into
};

/// The bytes of a buffer view, or an error naming why they cannot be had; a bad index is reported at
/// accessorPointer(accessor, suffix).
Result<Span> bufferViewBytes(const GltfDocument& doc, const Json& viewIndex, size_t accessor,
                             std::string_view suffix)
{
    using R = Result<Span>;
    if (!isJsonIndex(viewIndex))
        return R::failure(makeError("INVALID_INDEX", "bufferView must be a non-negative integer",
                                    accessorPointer(accessor, suffix)));
    const size_t v = viewIndex.get<size_t>();
    const Json* view = doc.element("bufferViews", v);
    if (!view)
        return R::failure(makeError("INDEX_OUT_OF_RANGE",
                                    "bufferView " + std::to_string(v) + " does not exist",
                                    accessorPointer(accessor, suffix)));
    const auto viewPointer = [v] { return jsonPointerAppend("/bufferViews", v); };
    const Json& b = memberOr(*view, "buffer", kNoValue);
    if (!isJsonIndex(b) || b.get<size_t>() >= doc.buffers().size())
        return R::failure(makeError("INDEX_OUT_OF_RANGE", "the buffer view's buffer does not exist",
                                    viewPointer() + "/buffer"));
    if (const std::string unsupported = unsupportedRequiredExtension(doc, *view); !unsupported.empty())
        return R::failure(makeError("EXTENSION_UNSUPPORTED",
                                    "the buffer view is encoded with " + unsupported +
                                        ", a required extension Collidoscope cannot decode",
                                    viewPointer() + "/extensions/" + unsupported));
    if (meshoptExtension(*view)) {
        auto decoded = decodeMeshoptView(doc, v);
        if (!decoded)
            return R{std::nullopt, decoded.diagnostics};
        const Bytes& bytes = **decoded;
        return R{Span{bytes.data(), bytes.size(), *decoded}, {}};
    }
    const Buffer& buffer = doc.buffers()[b.get<size_t>()];
    if (buffer.origin == ResourceOrigin::MeshoptFallback)
        return R::failure(
            makeError("BUFFER_MISSING_DATA",
                      "the buffer view reads a meshopt fallback buffer, which has no data, and has no "
                      "compressed stream of its own",
                      viewPointer()));
    if (buffer.origin == ResourceOrigin::Missing)
        return R::failure(
            makeError("BUFFER_MISSING_DATA", "the buffer view's buffer has no data", viewPointer()));
    const Json& off = memberOr(*view, "byteOffset", kZeroOffset);
    const Json& len = memberOr(*view, "byteLength", kNoValue);
    if (!isJsonIndex(off) || !isJsonIndex(len))
        return R::failure(makeError("INVALID_TYPE", "byteOffset and byteLength must be non-negative integers",
                                    viewPointer()));
    const std::uint64_t offset = off.get<std::uint64_t>();
    const std::uint64_t length = len.get<std::uint64_t>();
    if (offset > buffer.data.size() || length > buffer.data.size() - offset)
        return R::failure(makeError("BUFFER_VIEW_OUT_OF_BOUNDS",
                                    "the buffer view spans bytes " + std::to_string(offset) + " to " +
                                        std::to_string(offset + length) + " but its buffer has " +
                                        std::to_string(buffer.data.size()),
                                    viewPointer()));
    R r;
    r.value = Span{buffer.data.data() + offset, static_cast<size_t>(length), nullptr};
    return r;
}

float decodeComponent(const std::uint8_t* p, int componentType, bool normalized)
{
    switch (componentType) {
    case Byte: {
        const auto v = static_cast<std::int8_t>(*p);
        return normalized ? std::max(v / 127.0f, -1.0f) : float(v);
    }
    case UnsignedByte:
        return normalized ? *p / 255.0f : float(*p);
    case Short: {
        std::int16_t v;
        std::memcpy(&v, p, 2);
        return normalized ? std::max(v / 32767.0f, -1.0f) : float(v);
    }
    case UnsignedShort: {
        std::uint16_t v;
        std::memcpy(&v, p, 2);
        return normalized ? v / 65535.0f : float(v);
    }
    case UnsignedInt: {
        std::uint32_t v;
        std::memcpy(&v, p, 4);
        return float(v);
    }
    default: {
        float v;
        std::memcpy(&v, p, 4);
        return v;
    }
    }
}

std::uint32_t decodeIndex(const std::uint8_t* p, int componentType)
{
    switch (componentType) {
    case UnsignedByte:
        return *p;
    case UnsignedShort: {
        std::uint16_t v;
        std::memcpy(&v, p, 2);
        return v;
    }
    default: {
        std::uint32_t v;
        std::memcpy(&v, p, 4);
        return v;
    }
    }
}

/// Everything needed to read an accessor's elements, after every bounds check has passed.
struct Layout
{
    int componentType = 0;
    int components = 0;
    int rows = 0;
    size_t count = 0;
    bool normalized = false;
    const std::uint8_t* base = nullptr; ///< null: no bufferView, the data is zeros
    size_t stride = 0;
    std::shared_ptr<const void> keepAlive; ///< what `base` points into when it is decoded data
    size_t index = 0;                      ///< the accessor's own (accessorPointer for a finding)
};

Result<Layout> layoutOf(const GltfDocument& doc, size_t index)
{
    using R = Result<Layout>;
    Layout l;
    l.index = index;
    const Json* a = doc.element("accessors", index);
    if (!a)
        return R::failure(makeError("INDEX_OUT_OF_RANGE",
                                    "accessor " + std::to_string(index) + " does not exist",
                                    accessorPointer(index)));
    l.componentType = componentTypeOf(*a);
    const std::string_view type = typeOf(*a);
    l.components = componentCount(type);
    l.rows = matrixRows(type);
    if (componentSize(l.componentType) == 0)
        return R::failure(
            makeError("ACCESSOR_INVALID_COMPONENT_TYPE",
                      "componentType " + std::to_string(l.componentType) + " is not a glTF component type",
                      accessorPointer(index, "/componentType")));
    if (l.components == 0)
        return R::failure(makeError("ACCESSOR_INVALID_TYPE",
                                    "type '" + std::string(type) + "' is not a glTF accessor type",
                                    accessorPointer(index, "/type")));
    const Json& count = memberOr(*a, "count", kNoValue);
    if (!isJsonIndex(count) || count.get<std::uint64_t>() == 0)
        return R::failure(makeError("ACCESSOR_INVALID_COUNT", "count must be a positive integer",
                                    accessorPointer(index, "/count")));
    l.count = count.get<size_t>();
    const auto normalized = a->find(std::string_view("normalized"));
    l.normalized = normalized != a->end() && normalized->is_boolean() && normalized->get<bool>();
    const size_t elemSize = elementSize(l.componentType, type);

    if (auto view = a->find(std::string_view("bufferView")); view != a->end()) {
        auto span = bufferViewBytes(doc, *view, index, "/bufferView");
        if (!span)
            return R{std::nullopt, span.diagnostics};
        const Json* viewJson = doc.element("bufferViews", view->get<size_t>());
        l.stride = elemSize;
        if (auto s = viewJson->find(std::string_view("byteStride"));
            s != viewJson->end() && isJsonIndex(*s) && s->get<size_t>() > 0)
            l.stride = s->get<size_t>();
        if (l.stride < elemSize)
            return R::failure(makeError("ACCESSOR_STRIDE_TOO_SMALL",
                                        "buffer view " + view->dump() + " has a byteStride of " +
                                            std::to_string(l.stride) +
                                            " bytes, less than the accessor's element of " +
                                            std::to_string(elemSize) + " bytes (elements would overlap)",
                                        accessorPointer(index, "/bufferView")));
        const Json& off = memberOr(*a, "byteOffset", kZeroOffset);
        if (!isJsonIndex(off))
            return R::failure(makeError("INVALID_TYPE", "byteOffset must be a non-negative integer",
                                        accessorPointer(index, "/byteOffset")));
        const std::uint64_t offset = off.get<std::uint64_t>();
        // The last element ends at offset + stride * (count - 1) + elementSize; check without overflowing.
        const std::uint64_t needed = offset + elemSize;
        const std::uint64_t maxCount = span->size >= needed ? (span->size - needed) / l.stride + 1 : 0;
        if (span->size < needed || l.count > maxCount)
            return R::failure(makeError(
                "ACCESSOR_OUT_OF_BOUNDS",
                "the accessor needs " + std::to_string(l.count) + " elements of " + std::to_string(elemSize) +
                    " bytes (stride " + std::to_string(l.stride) + ") from byte " + std::to_string(offset) +
                    " but its buffer view has " + std::to_string(span->size) + " bytes",
                accessorPointer(index)));
        l.base = span->data + offset;
        l.keepAlive = span->keepAlive;
    } else if (l.count > kMaxUnbackedAccessorCount) {
        return R::failure(makeError("ACCESSOR_TOO_LARGE",
                                    "the accessor has no bufferView and a count of " +
                                        std::to_string(l.count) +
                                        "; reading it would make that many elements of zeros (at most " +
                                        std::to_string(kMaxUnbackedAccessorCount) + " are read)",
                                    accessorPointer(index, "/count")));
    }
    return R{l, {}};
}

/// Whether a layout can hold vertex indices: SCALAR unsigned bytes, shorts or ints.
bool isIndexLayout(const Layout& l)
{
    return l.components == 1 && (l.componentType == UnsignedByte || l.componentType == UnsignedShort ||
                                 l.componentType == UnsignedInt);
}

/// The layout of an accessor that must hold vertex indices.
Result<Layout> indexLayoutOf(const GltfDocument& doc, size_t index)
{
    auto layout = layoutOf(doc, index);
    if (layout && !isIndexLayout(*layout))
        return Result<Layout>::failure(makeError(
            "ACCESSOR_INVALID_INDICES", "indices must be a SCALAR accessor of unsigned bytes, shorts or ints",
            accessorPointer(index)));
    return layout;
}

/// Applies an accessor's `sparse` substitution to `out` (offsets: each component's byte offset in an
/// element); the problems found, none when it applied.
Diagnostics applySparse(const GltfDocument& doc, const Layout& l, const Json& a, const Json& sparseJson,
                        const size_t* offsets, FloatArray& out)
{
    const Json* sparse = &sparseJson;
    const auto fail = [](Diagnostic d) { return Diagnostics{std::move(d)}; };
    const std::string sp = accessorPointer(l.index, "/sparse");
    if (!sparse->is_object())
        return fail(makeError("INVALID_TYPE", "sparse must be an object", sp));
    const Json& countJson = sparse->value("count", Json());
    const Json& indices = sparse->value("indices", Json());
    const Json& values = sparse->value("values", Json());
    if (!isJsonIndex(countJson) || !indices.is_object() || !values.is_object())
        return fail(makeError("ACCESSOR_SPARSE_INVALID", "sparse needs count, indices and values", sp));
    const size_t n = countJson.get<size_t>();
    if (n > l.count)
        return fail(
            makeError("ACCESSOR_SPARSE_INVALID", "sparse count exceeds the accessor's count", sp + "/count"));
    const int indexType = componentTypeOf(indices);
    if (indexType != UnsignedByte && indexType != UnsignedShort && indexType != UnsignedInt)
        return fail(makeError("ACCESSOR_SPARSE_INVALID", "sparse indices must be unsigned integers",
                              sp + "/indices/componentType"));
    auto indexSpan =
        bufferViewBytes(doc, indices.value("bufferView", Json()), l.index, "/sparse/indices/bufferView");
    auto valueSpan =
        bufferViewBytes(doc, values.value("bufferView", Json()), l.index, "/sparse/values/bufferView");
    if (!indexSpan || !valueSpan) {
        Diagnostics d = indexSpan.diagnostics;
        d.insert(d.end(), valueSpan.diagnostics.begin(), valueSpan.diagnostics.end());
        return d;
    }
    const std::uint64_t indexOffset = unsignedOr(indices, "byteOffset", 0);
    const std::uint64_t valueOffset = unsignedOr(values, "byteOffset", 0);
    if (indexOffset == kInvalidUnsigned || valueOffset == kInvalidUnsigned)
        return fail(makeError("INVALID_TYPE", "sparse byteOffset must be a non-negative integer", sp));
    const size_t indexSize = componentSize(indexType);
    const size_t valueSize = elementSize(l.componentType, typeOf(a));
    if (indexOffset > indexSpan->size || n * indexSize > indexSpan->size - indexOffset)
        return fail(makeError("ACCESSOR_OUT_OF_BOUNDS", "sparse indices run past their buffer view",
                              sp + "/indices"));
    if (valueOffset > valueSpan->size || n * valueSize > valueSpan->size - valueOffset)
        return fail(
            makeError("ACCESSOR_OUT_OF_BOUNDS", "sparse values run past their buffer view", sp + "/values"));
    for (size_t k = 0; k < n; ++k) {
        const std::uint32_t target = decodeIndex(indexSpan->data + indexOffset + k * indexSize, indexType);
        if (target >= l.count)
            return fail(makeError("ACCESSOR_SPARSE_INDEX_OUT_OF_RANGE",
                                  "sparse index " + std::to_string(target) + " is not below count " +
                                      std::to_string(l.count),
                                  sp + "/indices"));
        const std::uint8_t* e = valueSpan->data + valueOffset + k * valueSize;
        for (int c = 0; c < l.components; ++c)
            out.values[target * l.components + c] =
                decodeComponent(e + offsets[c], l.componentType, l.normalized);
    }
    return {};
}

/// The largest index of an accessor whose layout holds indices (isIndexLayout).
Result<std::uint32_t> maxIndexOf(const GltfDocument& doc, const Layout& l)
{
    using R = Result<std::uint32_t>;
    const size_t index = l.index;
    const Json& a = *doc.element("accessors", index);
    if (a.find(std::string_view("sparse")) != a.end() || (!l.base && dracoSourceOf(doc, index))) {
        auto all = readAccessorIndices(doc, index);
        if (!all)
            return R{std::nullopt, all.diagnostics};
        return R{all->empty() ? 0u : *std::max_element(all->begin(), all->end()), {}};
    }
    if (!l.base)
        return R{0u, {}};
    return R{largestIndex(l.base, l.count, l.stride, l.componentType), {}};
}

} // namespace

size_t elementSize(int componentType, std::string_view type)
{
    const int rows = matrixRows(type);
    const int components = componentCount(type);
    if (components == 0 || componentSize(componentType) == 0)
        return 0;
    if (rows == 0)
        return components * componentSize(componentType);
    // Every column, the last one included, is padded to a 4-byte boundary.
    const size_t columnStride = (rows * componentSize(componentType) + 3) & ~size_t(3);
    return (components / rows) * columnStride;
}

Result<FloatArray> readAccessorFloats(const GltfDocument& doc, size_t index)
{
    using R = Result<FloatArray>;
    auto layout = layoutOf(doc, index);
    if (!layout)
        return R{std::nullopt, layout.diagnostics};
    const Layout& l = *layout;
    const Json& a = *doc.element("accessors", index);
    if (!l.base && !a.contains("sparse")) {
        // No bufferView: zeros, unless a Draco-compressed primitive fills the accessor.
        if (auto draco = dracoSourceOf(doc, index); draco && !draco->attribute.empty()) {
            auto decoded = decodeDracoPrimitive(doc, draco->mesh, draco->primitive);
            if (!decoded)
                return R{std::nullopt, decoded.diagnostics};
            return R{(*decoded)->attributes.at(draco->attribute), {}};
        }
    }
    FloatArray out;
    out.components = l.components;
    out.count = l.count;
    out.values.assign(l.count * l.components, 0.0f);
    size_t offsets[16];
    for (int c = 0; c < l.components; ++c)
        offsets[c] = componentOffset(c, l.componentType, l.rows);
    if (l.base) {
        for (size_t i = 0; i < l.count; ++i) {
            const std::uint8_t* e = l.base + i * l.stride;
            for (int c = 0; c < l.components; ++c)
                out.values[i * l.components + c] =
                    decodeComponent(e + offsets[c], l.componentType, l.normalized);
        }
    }

    auto sparse = a.find(std::string_view("sparse"));
    if (sparse == a.end())
        return R{std::move(out), {}};
    Diagnostics problems = applySparse(doc, l, a, *sparse, offsets, out);
    if (!problems.empty())
        return R{std::nullopt, std::move(problems)};
    return R{std::move(out), {}};
}

Diagnostics checkAccessorBounds(const GltfDocument& doc, size_t index, std::optional<std::uint32_t>* maxIndex)
{
    auto layout = layoutOf(doc, index);
    if (!layout)
        return layout.diagnostics;
    if (maxIndex && isIndexLayout(*layout)) {
        // The same layout serves the index range check (maxAccessorIndex would work it out again).
        auto maximum = maxIndexOf(doc, *layout);
        *maxIndex = maximum ? std::optional<std::uint32_t>(*maximum) : std::nullopt;
    }
    const Json& a = *doc.element("accessors", index);
    auto sparse = a.find(std::string_view("sparse"));
    if (sparse == a.end() || !sparse->is_object())
        return {};
    Diagnostics out;
    const std::string sp = accessorPointer(index, "/sparse");
    const size_t n = static_cast<size_t>(unsignedOr(*sparse, "count", 0)); // an invalid one runs past the end
    const size_t valueSize = elementSize(layout->componentType, typeOf(a));
    for (const char* part : {"indices", "values"}) {
        const Json& j = sparse->value(part, Json());
        if (!j.is_object()) {
            out.push_back(makeError("ACCESSOR_SPARSE_INVALID", std::string("sparse.") + part + " is missing",
                                    sp + "/" + part));
            continue;
        }
        auto span = bufferViewBytes(doc, j.value("bufferView", Json()), index,
                                    "/sparse/" + std::string(part) + "/bufferView");
        if (!span) {
            out.insert(out.end(), span.diagnostics.begin(), span.diagnostics.end());
            continue;
        }
        const std::uint64_t offset = unsignedOr(j, "byteOffset", 0); // an invalid one is past the end
        const size_t size =
            std::string_view(part) == "indices" ? componentSize(componentTypeOf(j)) : valueSize;
        if (offset > span->size || (size > 0 && n > (span->size - offset) / size))
            out.push_back(makeError("ACCESSOR_OUT_OF_BOUNDS",
                                    std::string("sparse ") + part + " run past the end of their buffer view",
                                    sp + "/" + part));
    }
    return out;
}

std::optional<AccessorBounds> declaredBounds(const GltfDocument& doc, size_t index)
{
    const Json* a = doc.element("accessors", index);
    if (!a)
        return std::nullopt;
    const size_t components = static_cast<size_t>(componentCount(typeOf(*a)));
    AccessorBounds out;
    for (auto [key, target] : {std::pair{"min", &out.min}, std::pair{"max", &out.max}}) {
        auto it = a->find(key);
        if (it == a->end() || !it->is_array() || it->size() != components || components == 0)
            return std::nullopt;
        for (const Json& v : *it) {
            if (!v.is_number())
                return std::nullopt;
            target->push_back(v.get<double>());
        }
    }
    return out;
}

Result<std::uint32_t> maxAccessorIndex(const GltfDocument& doc, size_t index)
{
    auto layout = indexLayoutOf(doc, index);
    if (!layout)
        return Result<std::uint32_t>{std::nullopt, layout.diagnostics};
    return maxIndexOf(doc, *layout);
}

Result<std::vector<std::uint32_t>> readAccessorIndices(const GltfDocument& doc, size_t index)
{
    using R = Result<std::vector<std::uint32_t>>;
    auto layout = indexLayoutOf(doc, index);
    if (!layout)
        return R{std::nullopt, layout.diagnostics};
    const Layout& l = *layout;
    const Json& a = *doc.element("accessors", index);
    if (!l.base && !a.contains("sparse")) {
        if (auto draco = dracoSourceOf(doc, index); draco && draco->attribute.empty()) {
            auto decoded = decodeDracoPrimitive(doc, draco->mesh, draco->primitive);
            if (!decoded)
                return R{std::nullopt, decoded.diagnostics};
            return R{(*decoded)->indices, {}};
        }
    }
    std::vector<std::uint32_t> out(l.count, 0);
    if (a.contains("sparse")) {
        // Rare for indices; go through the general path, which applies the substitution. Float holds every
        // value up to 2^24 exactly; larger sparse indices are beyond any real mesh.
        auto floats = readAccessorFloats(doc, index);
        if (!floats)
            return R{std::nullopt, floats.diagnostics};
        for (size_t i = 0; i < l.count; ++i)
            out[i] = static_cast<std::uint32_t>(floats->values[i]);
        return R{std::move(out), {}};
    }
    if (l.base) {
        for (size_t i = 0; i < l.count; ++i)
            out[i] = decodeIndex(l.base + i * l.stride, l.componentType);
    }
    return R{std::move(out), {}};
}

} // namespace cs::gltf
