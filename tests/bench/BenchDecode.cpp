// bench=decode: our decoding of a large compressed mesh (a 1M-triangle grid; 120k with --quick) against a
// direct call of the library on the same bytes in the same run. Ours is what every reader of geometry goes
// through: decodeDracoPrimitive (libdraco's decode plus conversion of the attributes to floats and the faces
// to indices) and decodeMeshoptView for every compressed buffer view (libmeshoptimizer's decode and filter),
// with the document's cache cleared before each run so that every run decodes.
#include "BenchUtil.h"
#include "CompressedAssets.h"
#include "gltf/DecodeCache.h"
#include "gltf/DracoDecode.h"
#include "gltf/MeshoptDecode.h"

#include <cstdio>
#include <draco/compression/decode.h>
#include <meshoptimizer.h>

namespace cs::bench {

namespace {

gltf::GltfDocument loadBytes(const gltf::Bytes& bytes)
{
    auto doc = gltf::loadGltfFromBytes(bytes, "bench.glb", {.loadImages = false, .checkStructure = false});
    if (!doc)
        std::fprintf(stderr, "bench=decode: the generated file does not load\n");
    return doc ? std::move(*doc.value) : gltf::GltfDocument();
}

/// The bytes [offset, offset + length) of buffer 0 named by a JSON object.
const std::uint8_t* bytesOf(const gltf::GltfDocument& doc, const gltf::Json& at)
{
    return doc.buffers()[0].data.data() + at.value("byteOffset", size_t(0));
}

void printLine(const char* codec, size_t triangles, size_t compressed, double ours, double direct)
{
    std::printf(
        "bench=decode codec=%s triangles=%zu compressed_bytes=%zu ours_ms=%s library_ms=%s ratio=%s\n", codec,
        triangles, compressed, fixed(ours).c_str(), fixed(direct).c_str(), fixed(ours / direct).c_str());
}

void benchDraco(const test::SourceMesh& grid, int runs)
{
    const gltf::GltfDocument doc = loadBytes(test::dracoGlb({grid}));
    const gltf::Json& view = doc.json()["bufferViews"][0];
    const std::uint8_t* data = bytesOf(doc, view);
    const size_t size = view["byteLength"].get<size_t>();
    const auto times = medianMs({[&] {
                                     doc.decodeCache().clear();
                                     auto decoded = gltf::decodeDracoPrimitive(doc, 0, 0);
                                     keep(decoded ? (*decoded)->indices.data() : nullptr);
                                 },
                                 [&] {
                                     draco::DecoderBuffer buffer;
                                     buffer.Init(reinterpret_cast<const char*>(data), size);
                                     draco::Decoder decoder;
                                     auto mesh = decoder.DecodeMeshFromBuffer(&buffer);
                                     keep(mesh.ok() ? mesh.value().get() : nullptr);
                                 }},
                                runs);
    printLine("draco", grid.indices.size() / 3, size, times[0], times[1]);
}

void benchMeshopt(const test::SourceMesh& grid, int runs)
{
    const gltf::GltfDocument doc = loadBytes(test::meshoptGlb(grid, test::makeRotations(grid.vertexCount())));
    const gltf::Json& views = doc.json()["bufferViews"];
    size_t compressed = 0;
    for (const auto& v : views)
        compressed += v["extensions"]["EXT_meshopt_compression"]["byteLength"].get<size_t>();
    const auto times =
        medianMs({[&] {
                      doc.decodeCache().clear();
                      for (size_t v = 0; v < views.size(); ++v) {
                          auto decoded = gltf::decodeMeshoptView(doc, v);
                          keep(decoded ? (*decoded)->data() : nullptr);
                      }
                  },
                  [&] {
                      for (const auto& v : views) {
                          const gltf::Json& e = v["extensions"]["EXT_meshopt_compression"];
                          const size_t count = e["count"], stride = e["byteStride"], length = e["byteLength"];
                          const std::string mode = e["mode"], filter = e.value("filter", std::string("NONE"));
                          gltf::Bytes out(count * stride);
                          const std::uint8_t* in = bytesOf(doc, e);
                          if (mode == "ATTRIBUTES")
                              meshopt_decodeVertexBuffer(out.data(), count, stride, in, length);
                          else if (mode == "TRIANGLES")
                              meshopt_decodeIndexBuffer(out.data(), count, stride, in, length);
                          else
                              meshopt_decodeIndexSequence(out.data(), count, stride, in, length);
                          if (filter == "OCTAHEDRAL")
                              meshopt_decodeFilterOct(out.data(), count, stride);
                          else if (filter == "QUATERNION")
                              meshopt_decodeFilterQuat(out.data(), count, stride);
                          else if (filter == "EXPONENTIAL")
                              meshopt_decodeFilterExp(out.data(), count, stride);
                          keep(out.data());
                      }
                  }},
                 runs);
    // The file holds the grid twice (a filtered mesh and a quantized one), so twice its triangles are
    // decoded.
    printLine("meshopt", grid.indices.size() / 3 * 2, compressed, times[0], times[1]);
}

} // namespace

int runDecodeBenchmarks(int runs, bool quick)
{
    const test::SourceMesh grid = test::makeGrid(quick ? 245 : 708); // 2 * 708^2 = 1,002,528 triangles
    benchDraco(grid, runs);
    benchMeshopt(grid, runs);
    return 0;
}

} // namespace cs::bench
