#include "import/AssimpConvert.h"

#include <QQuaternion>
#include <QVector3D>
#include <assimp/scene.h>
#include <cmath>

namespace cs::import {

QMatrix4x4 toQt(const aiMatrix4x4& m)
{
    // Both are given row by row here (aiMatrix4x4's a1..a4 is its first row).
    return QMatrix4x4(m.a1, m.a2, m.a3, m.a4, m.b1, m.b2, m.b3, m.b4, m.c1, m.c2, m.c3, m.c4, m.d1, m.d2,
                      m.d3, m.d4);
}

std::string utf8(const std::string& text)
{
    std::string out;
    out.reserve(text.size());
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const size_t n = text.size();
    for (size_t i = 0; i < n;) {
        const unsigned char c = p[i];
        size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
        bool ok = len > 0 && i + len <= n;
        for (size_t k = 1; ok && k < len; ++k)
            ok = (p[i + k] & 0xC0) == 0x80;
        if (ok && c != 0) {
            out.append(text, i, len);
            i += len;
        } else {
            if (c != 0)
                out += "\xEF\xBF\xBD";
            ++i;
        }
    }
    return out;
}

std::string sourceFormatName(const aiScene& scene, const std::string& extension)
{
    aiString name;
    if (scene.mMetaData && scene.mMetaData->Get("SourceAsset_Format", name) && name.length > 0) {
        std::string text = utf8(name);
        // "Wavefront Object Importer" reads better as "Wavefront Object".
        const std::string suffix = " Importer";
        if (const size_t at = text.find(suffix); at != std::string::npos)
            text.erase(at, suffix.size());
        return text;
    }
    return extension.empty() ? std::string("the source") : extension;
}

bool setNodeTransform(gltf::Json& node, const QMatrix4x4& m)
{
    QVector3D cols[3] = {m.column(0).toVector3D(), m.column(1).toVector3D(), m.column(2).toVector3D()};
    const QVector3D translation = m.column(3).toVector3D();
    QVector3D scale(cols[0].length(), cols[1].length(), cols[2].length());
    const float det = QVector3D::dotProduct(cols[0], QVector3D::crossProduct(cols[1], cols[2]));
    if (det < 0) // a mirror: glTF expresses it as a negative scale
        scale.setX(-scale.x());
    bool exact = true;
    QMatrix3x3 r;
    if (scale.x() != 0 && scale.y() != 0 && scale.z() != 0) {
        for (int c = 0; c < 3; ++c)
            cols[c] /= scale[c];
        // Gram-Schmidt: exact for a rotation, the nearest rotation for a sheared matrix.
        QVector3D x = cols[0].normalized();
        QVector3D y = (cols[1] - QVector3D::dotProduct(cols[1], x) * x).normalized();
        QVector3D z = QVector3D::crossProduct(x, y);
        exact = std::abs(QVector3D::dotProduct(cols[0], cols[1])) < 1e-4f &&
                std::abs(QVector3D::dotProduct(cols[0], cols[2])) < 1e-4f &&
                std::abs(QVector3D::dotProduct(cols[1], cols[2])) < 1e-4f;
        const QVector3D axes[3] = {x, y, z};
        for (int c = 0; c < 3; ++c)
            for (int row = 0; row < 3; ++row)
                r(row, c) = axes[c][row];
    } else {
        r.setToIdentity();
    }
    QQuaternion q = QQuaternion::fromRotationMatrix(r).normalized();
    if (q.scalar() < 0)
        q = -q;

    node.erase("matrix");
    if (translation.lengthSquared() > 0)
        node["translation"] = {translation.x(), translation.y(), translation.z()};
    if (std::abs(q.scalar() - 1.0f) > 1e-7f)
        node["rotation"] = {q.x(), q.y(), q.z(), q.scalar()};
    if ((scale - QVector3D(1, 1, 1)).lengthSquared() > 1e-12f)
        node["scale"] = {scale.x(), scale.y(), scale.z()};
    return exact;
}

void normaliseIntegers(gltf::Json& json)
{
    if (json.is_number_integer() && !json.is_number_unsigned()) {
        const auto v = json.get<std::int64_t>();
        if (v >= 0)
            json = std::uint64_t(v);
    } else if (json.is_structured()) {
        for (auto& child : json)
            normaliseIntegers(child);
    }
}

std::string percentEncodeUri(const std::string& path)
{
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : path) {
        if (std::isalnum(c) ||
            std::string_view("-._~/!$&'()*+,;=:@").find(char(c)) != std::string_view::npos) {
            out += char(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

} // namespace cs::import
