// Primitive-first parts (issue 49 item 1) on meshes whose answer is known from their definition: a capsule is
// one capsule, the L of two unit boxes two boxes, a box with a peg a box and a cylinder, two stacked boxes
// one box; a torus's parts leave no vertex outside (checked here by brute force with each shape's own
// definition, not with the code's distances).
#include "ConcaveMeshes.h"
#include "GeometryTestUtil.h"
#include "RoundMeshes.h"
#include "geometry/ConvexHull.h"
#include "geometry/Decomposition.h"
#include "geometry/PrimitiveParts.h"

#include <QtTest>
#include <cmath>
#include <numbers>

using namespace cs;
using namespace cs::geometry;

namespace {

/// The decomposition's hulls, then their primitives with the tolerance of the decomposition's own error
/// (concavity times the diagonal), as add-colliders --strategy decompose --primitives does by default.
PrimitiveParts partsOf(const gltf::TriangleMesh& mesh, double concavity = 0.03)
{
    DecompositionOptions d;
    d.concavity = concavity;
    d.measure = false;
    auto decomposed = decomposeConvex(mesh, d);
    if (!decomposed)
        qFatal("decomposition failed");
    std::vector<gltf::TriangleMesh> hulls;
    for (const DecomposedPart& p : decomposed->parts)
        hulls.push_back(p.hull);
    PrimitivePartsOptions o;
    o.tolerance = concavity * cs::test::diagonalOf(mesh);
    auto parts = fitPrimitiveParts(mesh, hulls, o);
    if (!parts)
        qFatal("primitive parts failed");
    return std::move(*parts);
}

/// True when p lies in the collider, by the shape's definition (box: within half its size on each axis;
/// sphere: within its radius; capsule: within its radius of the segment between the centres; cylinder:
/// within its radius of the axis and half its height of the middle; hull: behind every face plane).
bool insidePart(const PrimitivePart& part, const Vec3d& p, double eps)
{
    if (!part.primitive)
        return cs::test::maxBeyondFaces(part.hull, {p}) <= eps;
    const FittedShape& f = *part.primitive;
    const Vec3d l(f.rotation.normalized().conjugated().rotatedVector((p - f.offset).toQt()));
    const ShapeGeometry& s = f.shape;
    switch (s.kind) {
    case ShapeKind::Box:
        return std::abs(l.x) <= s.size.x / 2 + eps && std::abs(l.y) <= s.size.y / 2 + eps &&
               std::abs(l.z) <= s.size.z / 2 + eps;
    case ShapeKind::Sphere:
        return length(l) <= s.radius + eps;
    case ShapeKind::Capsule: {
        const double y = std::clamp(l.y, -s.height / 2, s.height / 2);
        return length(l - Vec3d{0, y, 0}) <= s.radiusBottom + eps;
    }
    case ShapeKind::Cylinder:
        return std::hypot(l.x, l.z) <= s.radiusBottom + eps && std::abs(l.y) <= s.height / 2 + eps;
    default:
        return false;
    }
}

/// The mesh vertices that no collider holds (brute force over every vertex and collider).
size_t verticesOutside(const gltf::TriangleMesh& mesh, const PrimitiveParts& parts, double eps)
{
    size_t outside = 0;
    for (const QVector3D& v : mesh.positions) {
        const bool held = std::any_of(parts.parts.begin(), parts.parts.end(),
                                      [&](const PrimitivePart& p) { return insidePart(p, Vec3d(v), eps); });
        outside += held ? 0 : 1;
    }
    return outside;
}

size_t count(const PrimitiveParts& parts, PartKind kind)
{
    return parts.counts[size_t(kind)];
}

/// +Y of the shape's node in the mesh's space.
Vec3d axisOf(const FittedShape& f)
{
    return Vec3d(f.rotation.normalized().rotatedVector(QVector3D(0, 1, 0)));
}

} // namespace

class TestPrimitiveParts : public QObject
{
    Q_OBJECT

private slots:
    void capsuleIsOneCapsule()
    {
        const double radius = 0.4, height = 1.2; // hemisphere centres 1.2 apart
        const auto mesh = cs::test::capsuleMesh(radius, height);
        const PrimitiveParts parts = partsOf(mesh);
        QCOMPARE(parts.parts.size(), size_t(1));
        QCOMPARE(parts.parts[0].kind, PartKind::Capsule);
        const FittedShape& f = *parts.parts[0].primitive;
        // The vertices lie on the capsule, so the smallest one around them is the capsule itself.
        QVERIFY2(std::abs(f.shape.radiusBottom - radius) < 1e-3,
                 qPrintable(QString::number(f.shape.radiusBottom)));
        QVERIFY2(std::abs(f.shape.height - height) < 1e-2, qPrintable(QString::number(f.shape.height)));
        QVERIFY(std::abs(std::abs(axisOf(f).y) - 1) < 1e-4);
        QVERIFY(length(f.offset) < 1e-3);
        QCOMPARE(parts.bytes, size_t(0));
        QVERIFY(parts.hullBytes > 0);
        QCOMPARE(verticesOutside(mesh, parts, 1e-5), size_t(0));
        QVERIFY(parts.vertexOutside <= 1e-6);
    }

    void lShapeIsTwoBoxes()
    {
        const auto mesh = cs::test::lShapeMesh(); // volume 3
        const PrimitiveParts parts = partsOf(mesh, 0.02);
        QCOMPARE(parts.parts.size(), size_t(2));
        QCOMPARE(count(parts, PartKind::Box), size_t(2));
        double volume = 0;
        for (const PrimitivePart& p : parts.parts)
            volume += p.volume;
        QVERIFY2(std::abs(volume - 3) <= 0.03 * 3, qPrintable(QString::number(volume)));
        QCOMPARE(parts.bytes, size_t(0));
        QCOMPARE(verticesOutside(mesh, parts, 1e-5), size_t(0));
        QVERIFY(parts.vertexOutside <= 1e-6);
    }

    void boxWithPegIsBoxAndCylinder()
    {
        const auto mesh = cs::test::boxWithPegMesh();
        const PrimitiveParts parts = partsOf(mesh);
        QCOMPARE(parts.parts.size(), size_t(2));
        QCOMPARE(count(parts, PartKind::Box), size_t(1));
        QCOMPARE(count(parts, PartKind::Cylinder), size_t(1));
        for (const PrimitivePart& p : parts.parts) {
            const ShapeGeometry& s = p.primitive->shape;
            if (p.kind == PartKind::Box) {
                QVERIFY(length(s.size - Vec3d{2, 1, 2}) < 1e-4);
                QVERIFY(length(p.primitive->offset - Vec3d{0, 0.5, 0}) < 1e-4);
            } else {
                // The peg's vertices lie on its circle of radius 0.3, from y = 1 to 2.
                QVERIFY2(std::abs(s.radiusBottom - 0.3) < 1e-4, qPrintable(QString::number(s.radiusBottom)));
                QVERIFY(std::abs(s.height - 1) < 1e-4);
                QVERIFY(length(p.primitive->offset - Vec3d{0, 1.5, 0}) < 1e-4);
                QVERIFY(std::abs(std::abs(axisOf(*p.primitive).y) - 1) < 1e-4);
            }
        }
        QCOMPARE(verticesOutside(mesh, parts, 1e-5), size_t(0));
    }

    void torusPartsLeaveNoVertexOutside()
    {
        const auto mesh = cs::test::torusMesh(1.0, 0.3);
        const PrimitiveParts parts = partsOf(mesh);
        QVERIFY2(parts.parts.size() >= 4, qPrintable(QString::number(parts.parts.size())));
        QCOMPARE(verticesOutside(mesh, parts, 1e-5), size_t(0));
        QVERIFY(parts.vertexOutside <= 1e-6);
        QVERIFY(parts.fit && parts.fit->outside.max <= 1e-3);
        // Every primitive stands off its part by no more than the tolerance (0.03 of the diagonal).
        const double tolerance = 0.03 * cs::test::diagonalOf(mesh);
        for (const PrimitivePart& p : parts.parts)
            if (p.primitive)
                QVERIFY2(p.fit.overhang.max <= tolerance, qPrintable(QString::number(p.fit.overhang.max)));
        size_t kinds = 0;
        for (size_t n : parts.counts)
            kinds += n;
        QCOMPARE(kinds, parts.parts.size());
    }

    void stackedBoxesMergeIntoOne()
    {
        const auto lower = cs::test::boxMesh({0, 0, 0}, {1, 1, 1}),
                   upper = cs::test::boxMesh({0, 1, 0}, {1, 2, 1});
        gltf::TriangleMesh mesh = lower;
        const auto base = std::uint32_t(mesh.positions.size());
        mesh.positions.insert(mesh.positions.end(), upper.positions.begin(), upper.positions.end());
        for (std::uint32_t i : upper.indices)
            mesh.indices.push_back(base + i);
        PrimitivePartsOptions o;
        o.tolerance = 0.01;
        auto parts = fitPrimitiveParts(mesh, {lower, upper}, o);
        QVERIFY(parts);
        QCOMPARE(parts->parts.size(), size_t(1));
        QCOMPARE(parts->merges, size_t(1));
        QCOMPARE(parts->parts[0].kind, PartKind::Box);
        QCOMPARE(parts->parts[0].sources, (std::vector<size_t>{0, 1}));
        QVERIFY(length(parts->parts[0].primitive->shape.size - Vec3d{1, 2, 1}) < 1e-5);
        o.merge = false;
        parts = fitPrimitiveParts(mesh, {lower, upper}, o);
        QVERIFY(parts);
        QCOMPARE(parts->parts.size(), size_t(2));
    }

    void partNoPrimitiveFitsStaysItsHull()
    {
        // A tetrahedron: every primitive around it stands off its faces by far more than 1 mm.
        gltf::TriangleMesh tetra;
        tetra.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
        tetra.indices = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
        PrimitivePartsOptions o;
        o.tolerance = 0.001;
        auto parts = fitPrimitiveParts(tetra, {tetra}, o);
        QVERIFY(parts);
        QCOMPARE(parts->parts.size(), size_t(1));
        QCOMPARE(parts->parts[0].kind, PartKind::Hull);
        // 4 float positions (48 bytes) and 12 16-bit indices (24 bytes).
        QCOMPARE(parts->bytes, size_t(72));
        QCOMPARE(parts->hullBytes, size_t(72));
    }

    void noPartsIsAnError()
    {
        auto parts = fitPrimitiveParts(cs::test::boxMesh({0, 0, 0}, {1, 1, 1}), {});
        QVERIFY(!parts);
        QVERIFY(findDiagnostic(parts.diagnostics, "PARTS_NO_PARTS"));
    }
};

QTEST_APPLESS_MAIN(TestPrimitiveParts)
#include "TestPrimitiveParts.moc"
