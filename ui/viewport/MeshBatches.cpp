#include "viewport/MeshBatches.h"

#include <QColor>
#include <QMatrix3x3>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>

namespace cs::ui {

namespace {

/// Writes a vertex's position and normal, the first six floats of every layout.
void writePositionNormal(float* o, const QVector3D& v, const QVector3D& n)
{
    o[0] = v.x();
    o[1] = v.y();
    o[2] = v.z();
    o[3] = n.x();
    o[4] = n.y();
    o[5] = n.z();
}

} // namespace

float linearOfMaterialChannel(double srgb)
{
    const auto v = float(srgb);
    return v * (v * (v * 0.305306011f + 0.682171111f) + 0.012522878f);
}

QColor materialColor(const std::array<float, 4>& linear)
{
    // The fit rises from 0 at 0 to 1 at 1: bisection finds the channel whose linear value is the factor.
    const auto channel = [](float target) {
        target = std::clamp(target, 0.0f, 1.0f);
        double low = 0.0, high = 1.0;
        for (int i = 0; i < 40; ++i) {
            const double mid = 0.5 * (low + high);
            (linearOfMaterialChannel(mid) < target ? low : high) = mid;
        }
        return 0.5 * (low + high);
    };
    return QColor::fromRgbF(float(channel(linear[0])), float(channel(linear[1])), float(channel(linear[2])));
}

int floatsPerVertex(VertexLayout layout)
{
    switch (layout) {
    case VertexLayout::Plain:
        return 6;
    case VertexLayout::Textured:
        return 8;
    case VertexLayout::Coloured:
        return 10;
    }
    return 6;
}

MeshGeometry::MeshGeometry(VertexLayout layout, const QByteArray& vertices, const QByteArray& indices,
                           bool shortIndices, std::optional<std::pair<QVector3D, QVector3D>> bounds)
    : m_layout(layout)
{
    setStride(floatsPerVertex(layout) * 4);
    setPrimitiveType(PrimitiveType::Triangles);
    addAttribute(Attribute::PositionSemantic, 0, Attribute::F32Type);
    addAttribute(Attribute::NormalSemantic, 12, Attribute::F32Type);
    if (layout == VertexLayout::Textured)
        addAttribute(Attribute::TexCoord0Semantic, 24, Attribute::F32Type);
    else if (layout == VertexLayout::Coloured)
        addAttribute(Attribute::ColorSemantic, 24, Attribute::F32Type);
    addAttribute(Attribute::IndexSemantic, 0, shortIndices ? Attribute::U16Type : Attribute::U32Type);
    setVertexData(vertices);
    setIndexData(indices);
    if (bounds)
        setBounds(bounds->first, bounds->second);
    else
        updateBounds();
}

void MeshGeometry::replace(const QByteArray& vertices, const QByteArray& indices)
{
    setVertexData(vertices);
    setIndexData(indices);
    updateBounds();
    update();
}

size_t MeshGeometry::vertexCount() const
{
    return size_t(vertexData().size()) / (size_t(floatsPerVertex(m_layout)) * 4);
}

bool MeshGeometry::setPositions(const std::vector<QVector3D>& positions,
                                const std::vector<QVector3D>& normals)
{
    const size_t n = vertexCount(), floats = size_t(floatsPerVertex(m_layout));
    if (positions.size() != n || normals.size() != n)
        return false;
    QByteArray vertices = vertexData();
    auto* v = reinterpret_cast<float*>(vertices.data());
    for (size_t i = 0; i < n; ++i)
        writePositionNormal(v + i * floats, positions[i], normals[i]);
    setVertexData(vertices);
    updateBounds();
    update();
    return true;
}

void MeshGeometry::updateBounds()
{
    const size_t n = vertexCount(), floats = size_t(floatsPerVertex(m_layout));
    const auto* v = reinterpret_cast<const float*>(vertexData().constData());
    if (n == 0) {
        setBounds(QVector3D(), QVector3D());
        return;
    }
    QVector3D lo(v[0], v[1], v[2]), hi = lo;
    for (size_t i = 1; i < n; ++i) {
        const float* p = v + i * floats;
        lo = QVector3D(std::min(lo.x(), p[0]), std::min(lo.y(), p[1]), std::min(lo.z(), p[2]));
        hi = QVector3D(std::max(hi.x(), p[0]), std::max(hi.y(), p[1]), std::max(hi.z(), p[2]));
    }
    setBounds(lo, hi);
}

QByteArray localVertices(const gltf::RenderPrimitive& p, bool textured)
{
    const auto& positions = p.triangles->positions;
    const size_t floats = size_t(floatsPerVertex(textured ? VertexLayout::Textured : VertexLayout::Plain));
    QByteArray vertices(static_cast<qsizetype>(positions.size() * floats * 4), Qt::Uninitialized);
    auto* out = reinterpret_cast<float*>(vertices.data());
    for (size_t i = 0; i < positions.size(); ++i) {
        const QVector3D& v = positions[i];
        const QVector3D n = i < p.normals.size() ? p.normals[i] : QVector3D(0, 1, 0);
        float* o = out + i * floats;
        writePositionNormal(o, v, n);
        if (textured) {
            o[6] = p.uvs[i].x();
            o[7] = p.uvs[i].y();
        }
    }
    return vertices;
}

QByteArray indexBytes(const gltf::TriangleMesh& mesh)
{
    return QByteArray(reinterpret_cast<const char*>(mesh.indices.data()),
                      static_cast<qsizetype>(mesh.indices.size() * 4));
}

namespace {

/// The linear part of a transform, which takes directions (and, transposed, world normals back to the
/// object's own).
QMatrix3x3 linearPart(const QMatrix4x4& m)
{
    QMatrix3x3 r;
    for (int row = 0; row < 3; ++row)
        for (int col = 0; col < 3; ++col)
            r(row, col) = m(row, col);
    return r;
}

QVector3D times(const QMatrix3x3& m, const QVector3D& v)
{
    return {m(0, 0) * v.x() + m(0, 1) * v.y() + m(0, 2) * v.z(),
            m(1, 0) * v.x() + m(1, 1) * v.y() + m(1, 2) * v.z(),
            m(2, 0) * v.x() + m(2, 1) * v.y() + m(2, 2) * v.z()};
}

bool invertible(const QMatrix4x4& m)
{
    bool ok = false;
    (void)m.inverted(&ok);
    return ok;
}

} // namespace

void MeshBatch::add(size_t instance, const gltf::RenderPrimitive& p, const QMatrix4x4& world)
{
    BatchMember member;
    member.instance = instance;
    member.triangles = p.triangles;
    member.color = p.baseColor;
    member.world = world;
    member.firstVertex = std::uint32_t(m_vertexCount);
    member.vertexCount = std::uint32_t(p.triangles->positions.size());
    member.firstIndex = std::uint32_t(m_indexCount);
    member.indexCount = std::uint32_t(p.triangles->indices.size());
    m_vertexCount += member.vertexCount;
    m_indexCount += member.indexCount;
    m_members.push_back(std::move(member));
    m_sources.push_back(&p);
}

namespace {

/// Writes `indices` offset by `first` as `Index`.
template <class Index>
void writeIndices(char* out, const std::vector<std::uint32_t>& indices, std::uint32_t first)
{
    auto* o = reinterpret_cast<Index*>(out);
    for (size_t i = 0; i < indices.size(); ++i)
        o[i] = Index(first + indices[i]);
}

} // namespace

void MeshBatch::fill()
{
    if (m_filled)
        return;
    const size_t floats = size_t(floatsPerVertex(layout()));
    const size_t indexBytes = shortIndices() ? 2 : 4;
    m_vertices = QByteArray(static_cast<qsizetype>(m_vertexCount * floats * 4), Qt::Uninitialized);
    m_indices = QByteArray(static_cast<qsizetype>(m_indexCount * indexBytes), Qt::Uninitialized);
    constexpr float inf = std::numeric_limits<float>::infinity();
    std::array<float, 3> lo{inf, inf, inf}, hi{-inf, -inf, -inf};
    for (size_t m = 0; m < m_members.size(); ++m) {
        const BatchMember& member = m_members[m];
        const gltf::RenderPrimitive& p = *m_sources[m];
        const QMatrix4x4& world = member.world;
        // Normals go to the world by the inverse transpose (identity for a transform that cannot be
        // inverted: its triangles are flat and ownVertices gives the normals back as they were), not
        // normalised: the shader interpolates them as a model's own transform would give them.
        const QMatrix3x3 normalMatrix = world.normalMatrix();
        // Vertex colours reach the shader as they are, while a material colour (a QColor) is made linear
        // by Qt Quick 3D: going through the same QColor draws a batched primitive exactly as it is drawn
        // on its own.
        const QColor srgb = materialColor(p.baseColor);
        const std::array<float, 3> linear{linearOfMaterialChannel(srgb.redF()),
                                          linearOfMaterialChannel(srgb.greenF()),
                                          linearOfMaterialChannel(srgb.blueF())};
        const auto& positions = p.triangles->positions;
        float* o = reinterpret_cast<float*>(m_vertices.data()) + size_t(member.firstVertex) * floats;
        for (size_t i = 0; i < positions.size(); ++i, o += floats) {
            const QVector3D v = world.map(positions[i]);
            lo = {std::min(lo[0], v.x()), std::min(lo[1], v.y()), std::min(lo[2], v.z())};
            hi = {std::max(hi[0], v.x()), std::max(hi[1], v.y()), std::max(hi[2], v.z())};
            const QVector3D n = times(normalMatrix, i < p.normals.size() ? p.normals[i] : QVector3D(0, 1, 0));
            writePositionNormal(o, v, n);
            if (m_textured) {
                o[6] = p.uvs[i].x();
                o[7] = p.uvs[i].y();
            } else if (!m_oneColour) {
                o[6] = linear[0];
                o[7] = linear[1];
                o[8] = linear[2];
                o[9] = 1.0f;
            }
        }
        char* out = m_indices.data() + size_t(member.firstIndex) * indexBytes;
        if (shortIndices())
            writeIndices<std::uint16_t>(out, p.triangles->indices, member.firstVertex);
        else
            writeIndices<std::uint32_t>(out, p.triangles->indices, member.firstVertex);
    }
    std::vector<const gltf::RenderPrimitive*>().swap(m_sources);
    if (m_vertexCount > 0) {
        m_lo = QVector3D(lo[0], lo[1], lo[2]);
        m_hi = QVector3D(hi[0], hi[1], hi[2]);
    }
    m_filled = true;
}

MeshGeometry* MeshBatch::makeGeometry()
{
    m_geometry = new MeshGeometry(layout(), m_vertices, m_indices, shortIndices(), std::pair(m_lo, m_hi));
    m_vertices = QByteArray();
    m_indices = QByteArray();
    return m_geometry;
}

QByteArray MeshBatch::ownVertices(size_t m) const
{
    const BatchMember& member = m_members[m];
    const size_t from = size_t(floatsPerVertex(layout()));
    const size_t to = size_t(floatsPerVertex(m_textured ? VertexLayout::Textured : VertexLayout::Plain));
    const auto* in = reinterpret_cast<const float*>(m_geometry->vertexData().constData()) +
                     size_t(member.firstVertex) * from;
    // A normal n was placed as N n with N the inverse transpose of the linear part L; L^T (N n) = n, up
    // to length.
    const bool placedNormals = invertible(member.world);
    const QMatrix3x3 back = linearPart(member.world).transposed();
    const auto& positions = member.triangles->positions;
    QByteArray vertices(static_cast<qsizetype>(size_t(member.vertexCount) * to * 4), Qt::Uninitialized);
    auto* out = reinterpret_cast<float*>(vertices.data());
    for (size_t i = 0; i < member.vertexCount; ++i) {
        const float* v = in + i * from;
        float* o = out + i * to;
        QVector3D n(v[3], v[4], v[5]);
        if (placedNormals)
            n = times(back, n).normalized();
        writePositionNormal(o, positions[i], n);
        if (m_textured) {
            o[6] = v[6];
            o[7] = v[7];
        }
    }
    return vertices;
}

bool MeshBatch::rebuild()
{
    // Members only leave: the vertex count shrinks and the index size stays.
    const size_t floats = size_t(floatsPerVertex(layout()));
    const bool shortIndex = shortIndices();
    const size_t indexBytes = shortIndex ? 2 : 4;
    const auto* vertices = reinterpret_cast<const float*>(m_geometry->vertexData().constData());
    const char* indices = m_geometry->indexData().constData();
    size_t keptVertices = 0, keptIndices = 0;
    for (const BatchMember& member : m_members) {
        if (!member.removed) {
            keptVertices += member.vertexCount;
            keptIndices += member.indexCount;
        }
    }
    QByteArray newVertices(static_cast<qsizetype>(keptVertices * floats * 4), Qt::Uninitialized);
    QByteArray newIndices(static_cast<qsizetype>(keptIndices * indexBytes), Qt::Uninitialized);
    std::vector<BatchMember> kept;
    std::uint32_t vertex = 0, index = 0;
    for (BatchMember& member : m_members) {
        if (member.removed)
            continue;
        std::memcpy(newVertices.data() + size_t(vertex) * floats * 4,
                    vertices + size_t(member.firstVertex) * floats, size_t(member.vertexCount) * floats * 4);
        for (std::uint32_t i = 0; i < member.indexCount; ++i) {
            const size_t from = size_t(member.firstIndex + i) * indexBytes,
                         to = size_t(index + i) * indexBytes;
            if (shortIndex) {
                std::uint16_t v = 0;
                std::memcpy(&v, indices + from, 2);
                v = std::uint16_t(v - member.firstVertex + vertex);
                std::memcpy(newIndices.data() + to, &v, 2);
            } else {
                std::uint32_t v = 0;
                std::memcpy(&v, indices + from, 4);
                v = v - member.firstVertex + vertex;
                std::memcpy(newIndices.data() + to, &v, 4);
            }
        }
        member.firstVertex = vertex;
        member.firstIndex = index;
        vertex += member.vertexCount;
        index += member.indexCount;
        kept.push_back(std::move(member));
    }
    m_members = std::move(kept);
    m_geometry->replace(newVertices, newIndices);
    return !m_members.empty();
}

} // namespace cs::ui
