#!/usr/bin/env python3
"""Writes the textured-file matrix of tests/data/textures: one small .gltf per case, each a quad with a base colour
texture, covering every PNG colour type and bit depth, JPEG, missing and broken images, every sampler value, a
second texture coordinate set, KHR_texture_transform, a material without a texture, the three alpha modes and
single- and double-sided materials. Standard library only;
the JPEG is checker.jpg beside this script. Run it again after changing a case; the files are committed."""
import base64, json, os, struct, zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def png(width, height, colour_type, bit_depth=8, palette=None, pixel=None):
    """A PNG of the given colour type (0 grey, 2 RGB, 3 palette, 4 grey-alpha, 6 RGBA) with a checker pattern."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour_type]
    rows = []
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            on = ((x // 8) + (y // 8)) % 2
            values = pixel(x, y, on) if pixel else [255 * on] * channels
            for v in values[:channels]:
                row += struct.pack('>H', v * 257) if bit_depth == 16 else bytes([v])
        rows.append(bytes(row))

    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)

    out = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, bit_depth, colour_type, 0, 0, 0))
    if palette:
        out += chunk(b'PLTE', bytes(c for rgb in palette for c in rgb))
    return out + chunk(b'IDAT', zlib.compress(b''.join(rows))) + chunk(b'IEND', b'')


def quad_buffer(uv_sets):
    positions = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]
    normals = [0, 0, 1] * 4
    data = struct.pack('<12f', *positions) + struct.pack('<12f', *normals)
    for uvs in uv_sets:
        data += struct.pack('<8f', *uvs)
    data += struct.pack('<6H', 0, 1, 2, 0, 2, 3)
    return data


def document(image=None, sampler=None, texture_info=None, uv_sets=None, textured=True, extensions_used=None,
             material=None):
    uv_sets = uv_sets or [[0, 1, 1, 1, 1, 0, 0, 0]]
    data = quad_buffer(uv_sets)
    views = [{"buffer": 0, "byteOffset": 0, "byteLength": 48}, {"buffer": 0, "byteOffset": 48, "byteLength": 48}]
    accessors = [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 0]},
                 {"bufferView": 1, "componentType": 5126, "count": 4, "type": "VEC3"}]
    attributes = {"POSITION": 0, "NORMAL": 1}
    offset = 96
    for i, _ in enumerate(uv_sets):
        views.append({"buffer": 0, "byteOffset": offset, "byteLength": 32})
        accessors.append({"bufferView": len(views) - 1, "componentType": 5126, "count": 4, "type": "VEC2"})
        attributes["TEXCOORD_%d" % i] = len(accessors) - 1
        offset += 32
    views.append({"buffer": 0, "byteOffset": offset, "byteLength": 12, "target": 34963})
    accessors.append({"bufferView": len(views) - 1, "componentType": 5123, "count": 6, "type": "SCALAR"})
    gltf = {"asset": {"version": "2.0", "generator": "make_textures.py"}, "scene": 0, "scenes": [{"nodes": [0]}],
            "nodes": [{"mesh": 0}],
            "meshes": [{"primitives": [{"attributes": attributes, "indices": len(accessors) - 1, "material": 0}]}],
            "materials": [{"pbrMetallicRoughness": {"baseColorFactor": [1, 1, 1, 1]}}],
            "buffers": [{"byteLength": len(data),
                         "uri": "data:application/octet-stream;base64," + base64.b64encode(data).decode()}],
            "bufferViews": views, "accessors": accessors}
    if extensions_used:
        gltf["extensionsUsed"] = extensions_used
    if material:
        gltf["materials"][0].update(material)
    if textured:
        info = {"index": 0}
        info.update(texture_info or {})
        gltf["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = info
        texture = {"source": 0}
        if sampler is not None:
            gltf["samplers"] = [sampler]
            texture["sampler"] = 0
        gltf["textures"] = [texture]
        gltf["images"] = [image]
    return gltf


def data_uri(mime, data):
    return {"uri": "data:%s;base64,%s" % (mime, base64.b64encode(data).decode())}


def write(name, gltf):
    with open(os.path.join(HERE, name + ".gltf"), "w") as f:
        json.dump(gltf, f, indent=1)
        f.write("\n")


def main():
    red_green = lambda x, y, on: [255, 40, 40, 255] if on else [40, 200, 40, 160]
    formats = {
        "png-grey": png(32, 32, 0),
        "png-grey-alpha": png(32, 32, 4, pixel=lambda x, y, on: [220 * on + 20, 128 + 127 * on]),
        "png-rgb": png(32, 32, 2, pixel=red_green),
        "png-rgba": png(32, 32, 6, pixel=red_green),
        "png-rgba-16bit": png(32, 32, 6, bit_depth=16, pixel=red_green),
        "png-grey-16bit": png(32, 32, 0, bit_depth=16),
        "png-palette": png(32, 32, 3, palette=[(255, 40, 40), (40, 40, 255)], pixel=lambda x, y, on: [on]),
        "png-256": png(256, 256, 2, pixel=red_green),  # the size at which Qt 3D's painted textures never painted
        "png-3000x40": png(3000, 40, 2, pixel=red_green),  # scaled down for display
    }
    for name, data in formats.items():
        write(name, document(image=data_uri("image/png", data)))
    with open(os.path.join(HERE, "checker.jpg"), "rb") as f:
        write("jpeg", document(image=data_uri("image/jpeg", f.read())))
    write("image-missing-file", document(image={"uri": "no-such-image.png"}))
    write("image-broken", document(image=data_uri("image/png", formats["png-rgb"][:60])))
    write("image-not-an-image", document(image=data_uri("image/png", b"this is not a picture")))
    write("image-webp-only", document(image={"uri": "unused.png"}, extensions_used=["EXT_texture_webp"]) | {
        "textures": [{"extensions": {"EXT_texture_webp": {"source": 0}}}]})
    write("no-texture", document(textured=False))
    image = data_uri("image/png", formats["png-rgb"])
    for mag in (9728, 9729):
        for mini in (9728, 9729, 9984, 9985, 9986, 9987):
            write("sampler-mag%d-min%d" % (mag, mini), document(image=image, sampler={"magFilter": mag, "minFilter": mini}))
    for wrap_s in (33071, 33648, 10497):
        for wrap_t in (33071, 33648, 10497):
            write("sampler-wrap%d-%d" % (wrap_s, wrap_t),
                  document(image=image, sampler={"wrapS": wrap_s, "wrapT": wrap_t},
                           uv_sets=[[-1, 2, 2, 2, 2, -1, -1, -1]]))
    write("sampler-none", document(image=image, sampler={}))
    write("texcoord-1", document(image=image, texture_info={"texCoord": 1},
                                 uv_sets=[[0, 0, 0, 0, 0, 0, 0, 0], [0, 1, 1, 1, 1, 0, 0, 0]]))
    write("texture-transform", document(
        image=image, extensions_used=["KHR_texture_transform"],
        texture_info={"extensions": {"KHR_texture_transform": {"offset": [0.5, 0], "rotation": 1.5707963,
                                                               "scale": [2, 2], "texCoord": 1}}},
        uv_sets=[[0, 0, 0, 0, 0, 0, 0, 0], [0, 1, 1, 1, 1, 0, 0, 0]]))
    # Alpha modes and sides: the left half of the texture (x < 0.5 on the quad) is transparent black, the right
    # half opaque white. OPAQUE draws the left half black, MASK and BLEND leave it out (what is behind shows).
    half = data_uri("image/png", png(32, 32, 6, pixel=lambda x, y, on: [0, 0, 0, 0] if x < 16 else [255] * 4))
    write("alpha-opaque", document(image=half))
    write("alpha-mask", document(image=half, material={"alphaMode": "MASK", "alphaCutoff": 0.5}))
    write("alpha-blend", document(image=half, material={"alphaMode": "BLEND"}))
    # A quad facing +Z, seen from behind: a material that is not doubleSided (the default) is not drawn there.
    write("single-sided", document(textured=False))
    write("double-sided", document(textured=False, material={"doubleSided": True}))


if __name__ == "__main__":
    main()
