#include "gltf/StructureCheck.h"

#include "gltf/Accessors.h"
#include "gltf/JsonIndex.h"
#include "gltf/JsonText.h"
#include "gltf/PrimitiveData.h"
#include "gltf/SceneGraph.h"

namespace cs::gltf {

namespace {

class Checker
{
public:
    explicit Checker(const GltfDocument& doc) : m_doc(doc), m_root(doc.json()) {}

    Diagnostics run()
    {
        checkAsset();
        for (const char* name : {"accessors", "animations", "buffers", "bufferViews", "cameras", "images",
                                 "materials", "meshes", "nodes", "samplers", "scenes", "skins", "textures"}) {
            auto it = m_root.find(std::string_view(name));
            if (it != m_root.end() && !it->is_array())
                error("INVALID_TYPE", std::string("'") + name + "' must be an array",
                      std::string("/") + name);
        }
        index(m_root, "scene", "scenes", "");
        forEach("scenes", [&](const Json& s, const std::string& p) { indexList(s, "nodes", "nodes", p); });
        forEach("nodes", [&](const Json& n, const std::string& p) { checkNode(n, p); });
        forEach("meshes", [&](const Json& m, const std::string& p) { checkMesh(m, p); });
        forEach("bufferViews", [&](const Json& v, const std::string& p) { checkBufferView(v, p); });
        forEach("accessors", [&](const Json& a, const std::string& p) {
            index(a, "bufferView", "bufferViews", p);
            if (!a.contains("componentType") || !a.contains("count") || !a.contains("type"))
                error("MISSING_PROPERTY", "an accessor needs componentType, count and type", p);
        });
        checkAccessors();
        checkPrimitiveIndices();
        const Diagnostics compressed = checkCompressedGeometry(m_doc);
        m_out.insert(m_out.end(), compressed.begin(), compressed.end());
        forEach("images", [&](const Json& im, const std::string& p) {
            index(im, "bufferView", "bufferViews", p);
            if (im.contains("bufferView") && !im.contains("mimeType"))
                error("MISSING_PROPERTY", "an image in a bufferView needs a mimeType", p);
        });
        forEach("textures", [&](const Json& t, const std::string& p) {
            index(t, "source", "images", p);
            index(t, "sampler", "samplers", p);
        });
        forEach("materials", [&](const Json& m, const std::string& p) { checkMaterial(m, p); });
        forEach("skins", [&](const Json& s, const std::string& p) {
            index(s, "inverseBindMatrices", "accessors", p);
            index(s, "skeleton", "nodes", p);
            indexList(s, "joints", "nodes", p);
        });
        forEach("animations", [&](const Json& a, const std::string& p) { checkAnimation(a, p); });

        auto graph = SceneGraph::build(m_doc);
        m_out.insert(m_out.end(), graph.diagnostics.begin(), graph.diagnostics.end());
        return std::move(m_out);
    }

private:
    void error(std::string code, std::string message, std::string pointer)
    {
        m_out.push_back(makeError(std::move(code), std::move(message), std::move(pointer)));
    }

    template <class F> void forEach(const char* array, F&& f)
    {
        // The array is looked up once, not once an element.
        const Json& list = jsonMember(m_root, array);
        const size_t n = list.is_array() ? list.size() : 0;
        // One pointer string for all elements: "/nodes/" then each index (no allocation per element).
        std::string p = std::string("/") + array + "/";
        const size_t prefix = p.size();
        for (size_t i = 0; i < n; ++i) {
            p.resize(prefix);
            p += std::to_string(i);
            const Json& e = list[i];
            if (!e.is_object()) {
                error("INVALID_TYPE", "each element of '" + std::string(array) + "' must be an object", p);
                continue;
            }
            f(e, p);
        }
    }

    /// obj[key], when present, must be an index into the top-level array `target`.
    void index(const Json& obj, const char* key, const char* target, const std::string& pointer)
    {
        auto it = obj.find(std::string_view(key));
        if (it != obj.end() && !isIndexInto(*it, target)) // the pointer is made only for a finding
            indexValue(*it, target, jsonPointerAppend(pointer, key));
    }

    bool isIndexInto(const Json& v, const char* target) const
    {
        return isJsonIndex(v) && v.get<std::uint64_t>() < m_doc.count(target);
    }

    void indexValue(const Json& v, const char* target, const std::string& pointer)
    {
        if (!isJsonIndex(v)) {
            error("INVALID_INDEX", "expected an index into '" + std::string(target) + "', found " + v.dump(),
                  pointer);
            return;
        }
        const size_t count = m_doc.count(target);
        if (v.get<std::uint64_t>() >= count)
            error("INDEX_OUT_OF_RANGE",
                  "index " + v.dump() + " is out of range: '" + target + "' has " + std::to_string(count) +
                      (count == 1 ? " element" : " elements"),
                  pointer);
    }

    void indexList(const Json& obj, const char* key, const char* target, const std::string& pointer)
    {
        auto it = obj.find(std::string_view(key));
        if (it == obj.end())
            return;
        const std::string p = jsonPointerAppend(pointer, key);
        if (!it->is_array()) {
            error("INVALID_TYPE", std::string("'") + key + "' must be an array", p);
            return;
        }
        const size_t count = m_doc.count(target);
        for (size_t k = 0; k < it->size(); ++k) {
            const Json& v = (*it)[k];
            if (!isJsonIndex(v) || v.get<std::uint64_t>() >= count)
                indexValue(v, target, jsonPointerAppend(p, k));
        }
    }

    /// obj[key], when present, must be an array of `length` numbers. Returns whether it is present.
    bool numberArray(const Json& obj, const char* key, size_t length, const std::string& pointer)
    {
        auto it = obj.find(std::string_view(key));
        if (it == obj.end())
            return false;
        bool ok = it->is_array() && it->size() == length;
        for (size_t k = 0; ok && k < it->size(); ++k)
            ok = (*it)[k].is_number();
        if (!ok)
            error("INVALID_ARRAY",
                  std::string("'") + key + "' must be an array of " + std::to_string(length) + " numbers",
                  jsonPointerAppend(pointer, key));
        return true;
    }

    void checkAsset()
    {
        auto asset = m_root.find(std::string_view("asset"));
        if (asset == m_root.end() || !asset->is_object()) {
            error("ASSET_MISSING", "the required 'asset' object is missing", "/asset");
            return;
        }
        auto version = asset->find("version");
        if (version == asset->end() || !version->is_string())
            error("ASSET_VERSION_MISSING", "asset.version (a string such as \"2.0\") is missing",
                  "/asset/version");
    }

    void checkNode(const Json& n, const std::string& p)
    {
        index(n, "mesh", "meshes", p);
        index(n, "camera", "cameras", p);
        index(n, "skin", "skins", p);
        const bool matrix = numberArray(n, "matrix", 16, p);
        const bool translation = numberArray(n, "translation", 3, p);
        const bool rotation = numberArray(n, "rotation", 4, p);
        const bool scale = numberArray(n, "scale", 3, p);
        if (matrix && (translation || rotation || scale))
            error("NODE_MATRIX_TRS", "a node has either a matrix or translation/rotation/scale, not both", p);
    }

    void checkMesh(const Json& m, const std::string& p)
    {
        auto prims = m.find(std::string_view("primitives"));
        if (prims == m.end() || !prims->is_array() || prims->empty()) {
            error("MISSING_PROPERTY", "a mesh needs a non-empty 'primitives' array", p + "/primitives");
            return;
        }
        for (size_t k = 0; k < prims->size(); ++k) {
            const Json& prim = (*prims)[k];
            const std::string pp = jsonPointerAppend(p + "/primitives", k);
            if (!prim.is_object()) {
                error("INVALID_TYPE", "a primitive must be an object", pp);
                continue;
            }
            auto attributes = prim.find(std::string_view("attributes"));
            if (attributes == prim.end() || !attributes->is_object()) {
                error("MISSING_PROPERTY", "a primitive needs an 'attributes' object", pp + "/attributes");
            } else {
                for (auto it = attributes->begin(); it != attributes->end(); ++it) {
                    if (!isIndexInto(it.value(), "accessors")) // the pointer is made only for a finding
                        indexValue(it.value(), "accessors", jsonPointerAppend(pp + "/attributes", it.key()));
                }
            }
            index(prim, "indices", "accessors", pp);
            index(prim, "material", "materials", pp);
            auto mode = prim.find(std::string_view("mode"));
            if (mode != prim.end() && (!isJsonIndex(*mode) || mode->get<std::uint64_t>() > 6))
                error("INVALID_VALUE", "mode must be 0 to 6", pp + "/mode");
            auto targets = prim.find(std::string_view("targets"));
            if (targets != prim.end() && targets->is_array()) {
                for (size_t t = 0; t < targets->size(); ++t) {
                    if (!(*targets)[t].is_object())
                        continue;
                    for (auto it = (*targets)[t].begin(); it != (*targets)[t].end(); ++it)
                        indexValue(it.value(), "accessors",
                                   jsonPointerAppend(jsonPointerAppend(pp + "/targets", t), it.key()));
                }
            }
        }
    }

    /// The bounds of every accessor; the largest index of each one a primitive uses as its indices, from the
    /// same layout (m_maxIndex).
    void checkAccessors()
    {
        const size_t accessorCount = m_doc.count("accessors");
        m_maxIndex.assign(accessorCount, std::nullopt);
        std::vector<char> holdsIndices(accessorCount, 0);
        const Json& meshes = jsonMember(m_root, "meshes");
        for (size_t m = 0; m < (meshes.is_array() ? meshes.size() : 0); ++m) {
            const Json& prims = jsonMember(meshes[m], "primitives");
            for (size_t k = 0; k < (prims.is_array() ? prims.size() : 0); ++k) {
                const Json& indices = jsonMember(prims[k], "indices");
                if (isJsonIndex(indices) && indices.get<std::uint64_t>() < accessorCount)
                    holdsIndices[indices.get<size_t>()] = 1;
            }
        }
        for (size_t i = 0; i < accessorCount; ++i) {
            if (m_doc.element("accessors", i)) {
                // Problems of the buffer view or buffer itself are reported once, for the view (or when the
                // buffer was loaded), not again for every accessor that uses it.
                for (auto& d : checkAccessorBounds(m_doc, i, holdsIndices[i] ? &m_maxIndex[i] : nullptr)) {
                    if (d.pointer.rfind("/accessors/", 0) == 0 && d.code != "BUFFER_MISSING_DATA")
                        m_out.push_back(std::move(d));
                }
            }
        }
    }

    /// Every vertex index of every indexed primitive must name one of its vertices.
    void checkPrimitiveIndices()
    {
        const size_t meshCount = m_doc.count("meshes");
        for (size_t m = 0; m < meshCount; ++m) {
            const Json* mesh = m_doc.element("meshes", m);
            if (!mesh)
                continue;
            const Json& prims = jsonMember(*mesh, "primitives");
            if (!prims.is_array())
                continue;
            for (size_t k = 0; k < prims.size(); ++k) {
                const Json& prim = prims[k];
                if (!prim.is_object() || !prim.contains("indices") || !isJsonIndex(prim["indices"]))
                    continue;
                const Json& attributes = jsonMember(prim, "attributes");
                const Json& position = jsonMember(attributes, "POSITION");
                const Json* positionAccessor =
                    isJsonIndex(position) ? m_doc.element("accessors", position.get<size_t>()) : nullptr;
                if (!positionAccessor || !isJsonIndex(jsonMember(*positionAccessor, "count")))
                    continue;
                const size_t vertexCount = jsonMember(*positionAccessor, "count").get<size_t>();
                const size_t indexAccessor = prim["indices"].get<size_t>();
                // checkAccessors found it (none: not an accessor of indices, or unreadable).
                const std::optional<std::uint32_t> maximum =
                    indexAccessor < m_maxIndex.size() ? m_maxIndex[indexAccessor] : std::nullopt;
                if (maximum && *maximum >= vertexCount)
                    error("MESH_INDEX_OUT_OF_RANGE",
                          "vertex index " + std::to_string(*maximum) + " in accessor " +
                              std::to_string(indexAccessor) + " is not below the vertex count " +
                              std::to_string(vertexCount),
                          jsonPointerAppend(jsonPointerAppend("/meshes", m) + "/primitives", k) + "/indices");
                // An unreadable index accessor is reported by the accessor bounds check.
            }
        }
    }

    void checkBufferView(const Json& v, const std::string& p)
    {
        index(v, "buffer", "buffers", p);
        const Json& b = jsonMember(v, "buffer");
        const Json& len = jsonMember(v, "byteLength");
        const Json& off = v.value("byteOffset", Json(0u));
        if (!isJsonIndex(len) || !isJsonIndex(off)) {
            error("INVALID_TYPE", "byteLength (required) and byteOffset must be non-negative integers", p);
            return;
        }
        if (auto stride = v.find(std::string_view("byteStride")); stride != v.end()) {
            if (!isJsonIndex(*stride) || stride->get<std::uint64_t>() < 4 ||
                stride->get<std::uint64_t>() > 252 || stride->get<std::uint64_t>() % 4 != 0)
                error("INVALID_VALUE", "byteStride must be a multiple of 4 from 4 to 252", p + "/byteStride");
        }
        if (!isJsonIndex(b) || b.get<size_t>() >= m_doc.count("buffers"))
            return;
        const Json& buffer = m_root["buffers"][b.get<size_t>()];
        const Json& bufferLength = jsonMember(buffer, "byteLength");
        if (!isJsonIndex(bufferLength))
            return;
        const std::uint64_t end = off.get<std::uint64_t>() + len.get<std::uint64_t>();
        if (end < off.get<std::uint64_t>() || end > bufferLength.get<std::uint64_t>())
            error("BUFFER_VIEW_OUT_OF_BOUNDS",
                  "the buffer view ends at byte " + std::to_string(end) + " but buffer " + b.dump() +
                      " has " + bufferLength.dump() + " bytes",
                  p);
    }

    void checkMaterial(const Json& m, const std::string& p)
    {
        // The pointers are made only for a texture info that is there (and for a finding below it).
        auto textureInfo = [&](const Json& owner, const char* key, const char* ownerSuffix) {
            auto it = owner.find(std::string_view(key));
            if (it != owner.end() && it->is_object())
                index(*it, "index", "textures", jsonPointerAppend(p + ownerSuffix, key));
        };
        if (auto pbr = m.find(std::string_view("pbrMetallicRoughness")); pbr != m.end() && pbr->is_object()) {
            textureInfo(*pbr, "baseColorTexture", "/pbrMetallicRoughness");
            textureInfo(*pbr, "metallicRoughnessTexture", "/pbrMetallicRoughness");
        }
        for (const char* key : {"normalTexture", "occlusionTexture", "emissiveTexture"})
            textureInfo(m, key, "");
    }

    void checkAnimation(const Json& a, const std::string& p)
    {
        const Json& samplers = jsonMember(a, "samplers");
        const size_t samplerCount = samplers.is_array() ? samplers.size() : 0;
        for (size_t s = 0; s < samplerCount; ++s) {
            if (!samplers[s].is_object())
                continue;
            const std::string sp = jsonPointerAppend(p + "/samplers", s);
            index(samplers[s], "input", "accessors", sp);
            index(samplers[s], "output", "accessors", sp);
        }
        const Json& channels = jsonMember(a, "channels");
        if (!channels.is_array())
            return;
        for (size_t c = 0; c < channels.size(); ++c) {
            if (!channels[c].is_object())
                continue;
            const std::string cp = jsonPointerAppend(p + "/channels", c);
            const Json& sampler = jsonMember(channels[c], "sampler");
            if (!isJsonIndex(sampler) || sampler.get<size_t>() >= samplerCount)
                error("INDEX_OUT_OF_RANGE", "the channel's sampler is not one of the animation's samplers",
                      cp + "/sampler");
            const Json& target = jsonMember(channels[c], "target");
            if (target.is_object())
                index(target, "node", "nodes", cp + "/target");
        }
    }

    const GltfDocument& m_doc;
    const Json& m_root;
    Diagnostics m_out;
    std::vector<std::optional<std::uint32_t>> m_maxIndex; ///< by accessor: its largest index (checkAccessors)
};

} // namespace

Diagnostics checkStructure(const GltfDocument& doc)
{
    return Checker(doc).run();
}

} // namespace cs::gltf
