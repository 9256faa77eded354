#include "geometry/MassProperties.h"

#include "geometry/QuickHull.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cs::geometry {

namespace {

/// A slice of a solid of revolution about Y between ya and yb whose squared radius is c0 + c1 y + c2 y^2
/// there. Spheres and cones both have such profiles, so capsules (also tapered) and frustums are sums of
/// slices and their integrals are exact with 3-point Gauss-Legendre (exact to degree 5; the integrands reach
/// degree 4).
struct Slice
{
    double ya, yb;
    double c0, c1, c2;
};

Slice sphereSlice(double centre, double r, double ya, double yb)
{
    return {ya, yb, r * r - centre * centre, 2 * centre, -1};
}

Slice coneSlice(double ya, double ra, double yb, double rb)
{
    const double k = yb > ya ? (rb - ra) / (yb - ya) : 0.0;
    const double a = ra - k * ya;
    return {ya, yb, a * a, 2 * a * k, k * k};
}

MassProperties revolution(const std::vector<Slice>& slices, double density)
{
    static const double nodes[3] = {-std::sqrt(0.6), 0.0, std::sqrt(0.6)};
    static const double weights[3] = {5.0 / 9.0, 8.0 / 9.0, 5.0 / 9.0};
    double v = 0, my = 0, r4 = 0, y2r2 = 0;
    for (const Slice& s : slices) {
        if (!(s.yb > s.ya))
            continue;
        const double half = (s.yb - s.ya) / 2, mid = (s.yb + s.ya) / 2;
        for (int i = 0; i < 3; ++i) {
            const double y = mid + half * nodes[i];
            const double rr = std::max(0.0, s.c0 + s.c1 * y + s.c2 * y * y);
            const double w = weights[i] * half;
            v += w * rr;
            my += w * y * rr;
            r4 += w * rr * rr;
            y2r2 += w * y * y * rr;
        }
    }
    MassProperties out;
    out.volume = std::numbers::pi * v;
    out.mass = density * out.volume;
    const double yc = v > 0 ? my / v : 0.0;
    out.centerOfMass = {0, yc, 0};
    // A disc of radius r and mass dm: dm r^2 / 2 about its axis, dm (r^2 / 4 + y^2) about a horizontal axis
    // through the origin.
    const double iyy = density * std::numbers::pi * r4 / 2;
    const double ixx = density * std::numbers::pi * (r4 / 4 + y2r2) - out.mass * yc * yc;
    out.inertia = Mat3d::diagonal({ixx, iyy, ixx});
    return out;
}

/// Mass integrals of the solid bounded by `faces` over `points`, taken about `ref` for accuracy.
MassProperties polyhedron(const std::vector<Vec3d>& points,
                          const std::vector<std::array<std::uint32_t, 3>>& faces, double density)
{
    Vec3d lo = points.empty() ? Vec3d{} : points[0], hi = lo;
    for (const Vec3d& p : points) {
        lo = minOf(lo, p);
        hi = maxOf(hi, p);
    }
    const Vec3d ref = (lo + hi) * 0.5;
    double sixV = 0;
    Vec3d first;
    double c[3][3] = {};
    for (const auto& f : faces) {
        const Vec3d a = points[f[0]] - ref, b = points[f[1]] - ref, d = points[f[2]] - ref;
        const double det = dot(a, cross(b, d));
        sixV += det;
        first += (a + b + d) * det;
        // The second moment of the tetrahedron (ref, a, b, d): det/120 * (sum of all products of two of the
        // four vertices' coordinates, the squares counted twice).
        for (int i = 0; i < 3; ++i) {
            for (int j = i; j < 3; ++j) {
                c[i][j] += det / 120.0 *
                           (2 * (a[i] * a[j] + b[i] * b[j] + d[i] * d[j]) + a[i] * b[j] + a[j] * b[i] +
                            a[i] * d[j] + a[j] * d[i] + b[i] * d[j] + b[j] * d[i]);
            }
        }
    }
    MassProperties out;
    out.volume = sixV / 6.0;
    out.mass = density * out.volume;
    const Vec3d com = out.volume != 0 ? first / (24.0 * out.volume) : Vec3d{};
    out.centerOfMass = com + ref;
    // Second moments about the centre of mass, then I = trace(C) E - C.
    double m[3][3];
    for (int i = 0; i < 3; ++i) {
        for (int j = i; j < 3; ++j)
            m[i][j] = m[j][i] = density * c[i][j] - out.mass * com[i] * com[j];
    }
    const double trace = m[0][0] + m[1][1] + m[2][2];
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j)
            out.inertia[i][j] = (i == j ? trace : 0.0) - m[i][j];
    }
    return out;
}

Result<MassProperties> degenerate(const char* what)
{
    return Result<MassProperties>::failure(
        makeError("MASS_DEGENERATE_SHAPE", std::string("the shape has no volume: ") + what));
}

} // namespace

MassProperties MassProperties::withMass(double newMass) const
{
    MassProperties out = *this;
    out.mass = newMass;
    if (mass > 0)
        out.inertia = inertia * (newMass / mass);
    return out;
}

MassProperties meshMassProperties(const gltf::TriangleMesh& mesh, double density)
{
    std::vector<Vec3d> points;
    points.reserve(mesh.positions.size());
    for (const QVector3D& p : mesh.positions)
        points.emplace_back(p);
    std::vector<std::array<std::uint32_t, 3>> faces;
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3)
        faces.push_back({mesh.indices[t], mesh.indices[t + 1], mesh.indices[t + 2]});
    return polyhedron(points, faces, density);
}

Result<MassProperties> shapeMassProperties(const ShapeGeometry& shape, double density)
{
    switch (shape.kind) {
    case ShapeKind::Box: {
        const Vec3d s = shape.size;
        if (!(s.x >= 0 && s.y >= 0 && s.z >= 0))
            return degenerate("a box size is negative");
        MassProperties out;
        out.volume = s.x * s.y * s.z;
        out.mass = density * out.volume;
        out.inertia = Mat3d::diagonal({s.y * s.y + s.z * s.z, s.x * s.x + s.z * s.z, s.x * s.x + s.y * s.y}) *
                      (out.mass / 12.0);
        return {out, {}};
    }
    case ShapeKind::Sphere: {
        const double r = shape.radius;
        if (!(r >= 0))
            return degenerate("the radius is negative");
        MassProperties out;
        out.volume = 4.0 / 3.0 * std::numbers::pi * r * r * r;
        out.mass = density * out.volume;
        const double i = 0.4 * out.mass * r * r;
        out.inertia = Mat3d::diagonal({i, i, i});
        return {out, {}};
    }
    case ShapeKind::Cylinder: {
        if (!(shape.height >= 0 && shape.radiusBottom >= 0 && shape.radiusTop >= 0))
            return degenerate("a height or radius is negative");
        const double h = shape.height / 2;
        return {revolution({coneSlice(-h, shape.radiusBottom, h, shape.radiusTop)}, density), {}};
    }
    case ShapeKind::Capsule: {
        if (!(shape.height >= 0 && shape.radiusBottom >= 0 && shape.radiusTop >= 0))
            return degenerate("a height or radius is negative");
        const CapsuleProfile p = capsuleProfile(shape.height, shape.radiusBottom, shape.radiusTop);
        if (p.single) {
            const double y = p.which == 0 ? p.y0 : p.y1, r = p.which == 0 ? p.r0 : p.r1;
            return {revolution({sphereSlice(y, r, y - r, y + r)}, density), {}};
        }
        return {revolution({sphereSlice(p.y0, p.r0, p.y0 - p.r0, p.tangent0),
                            coneSlice(p.tangent0, p.ring0, p.tangent1, p.ring1),
                            sphereSlice(p.y1, p.r1, p.tangent1, p.y1 + p.r1)},
                           density),
                {}};
    }
    case ShapeKind::Convex: {
        if (!shape.mesh)
            return degenerate("the convex shape has no mesh");
        std::vector<Vec3d> points;
        for (const QVector3D& p : shape.mesh->positions)
            points.emplace_back(p);
        const QuickHullOutput hull = quickHull(points);
        if (hull.status != QuickHullOutput::Status::Ok)
            return degenerate("the convex mesh's points are fewer than 4 or flat");
        return {polyhedron(points, hull.faces, density), {}};
    }
    case ShapeKind::Trimesh: {
        if (!shape.mesh || shape.mesh->indices.size() < 3)
            return degenerate("the trimesh has no triangles");
        MassProperties out = meshMassProperties(*shape.mesh, density);
        if (out.volume < 0) {
            out.volume = -out.volume;
            out.mass = -out.mass;
            out.inertia = out.inertia * -1.0;
        }
        if (!(out.volume > 0))
            return degenerate("the trimesh encloses no volume (is it closed?)");
        return {out, {}};
    }
    }
    return degenerate("unknown shape");
}

MassProperties combineMassProperties(const std::vector<PlacedMass>& parts)
{
    MassProperties out;
    Vec3d weighted;
    std::vector<Vec3d> centres;
    std::vector<Mat3d> rotations;
    for (const PlacedMass& part : parts) {
        Mat3d r = Mat3d::fromMatrix(part.transform);
        // Keep the rotation only: normalise the axes, then re-orthogonalise against shear (Gram-Schmidt).
        Vec3d x = normalized(r.column(0)), y = r.column(1);
        y = normalized(y - x * dot(x, y));
        const Vec3d z = cross(x, y);
        for (int i = 0; i < 3; ++i) {
            r[i][0] = x[i];
            r[i][1] = y[i];
            r[i][2] = z[i];
        }
        const Vec3d t{part.transform(0, 3), part.transform(1, 3), part.transform(2, 3)};
        centres.push_back(r * part.properties.centerOfMass + t);
        rotations.push_back(r);
        out.volume += part.properties.volume;
        out.mass += part.properties.mass;
        weighted += centres.back() * part.properties.mass;
    }
    out.centerOfMass = out.mass != 0 ? weighted / out.mass : Vec3d{};
    for (size_t i = 0; i < parts.size(); ++i) {
        const Mat3d& r = rotations[i];
        const double m = parts[i].properties.mass;
        const Vec3d d = centres[i] - out.centerOfMass;
        Mat3d shift;
        for (int a = 0; a < 3; ++a) {
            for (int b = 0; b < 3; ++b)
                shift[a][b] = m * ((a == b ? dot(d, d) : 0.0) - d[a] * d[b]);
        }
        out.inertia = out.inertia + r * parts[i].properties.inertia * r.transposed() + shift;
    }
    return out;
}

SymmetricEigen3 symmetricEigen3(const Mat3d& input)
{
    Mat3d a = input;
    for (int i = 0; i < 3; ++i) {
        for (int j = i + 1; j < 3; ++j)
            a[i][j] = a[j][i] = 0.5 * (input[i][j] + input[j][i]);
    }
    SymmetricEigen3 out;
    Mat3d& v = out.vectors;
    double scale = 0;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j)
            scale = std::max(scale, std::fabs(a[i][j]));
    }
    for (int sweep = 0; sweep < 64 && scale > 0; ++sweep) {
        const double off = std::fabs(a[0][1]) + std::fabs(a[0][2]) + std::fabs(a[1][2]);
        if (off <= 1e-15 * scale)
            break;
        for (int p = 0; p < 2; ++p) {
            for (int q = p + 1; q < 3; ++q) {
                if (a[p][q] == 0.0)
                    continue;
                // Rotate in the (p, q) plane by the angle that zeroes a[p][q]; tan of the smaller angle for
                // stability.
                const double tau = (a[q][q] - a[p][p]) / (2 * a[p][q]);
                const double t = std::copysign(1.0, tau) / (std::fabs(tau) + std::sqrt(1 + tau * tau));
                const double c = 1 / std::sqrt(1 + t * t), s = t * c;
                for (int k = 0; k < 3; ++k) {
                    const double kp = a[k][p], kq = a[k][q];
                    a[k][p] = c * kp - s * kq;
                    a[k][q] = s * kp + c * kq;
                }
                for (int k = 0; k < 3; ++k) {
                    const double pk = a[p][k], qk = a[q][k];
                    a[p][k] = c * pk - s * qk;
                    a[q][k] = s * pk + c * qk;
                }
                for (int k = 0; k < 3; ++k) {
                    const double kp = v[k][p], kq = v[k][q];
                    v[k][p] = c * kp - s * kq;
                    v[k][q] = s * kp + c * kq;
                }
            }
        }
    }
    out.values = {a[0][0], a[1][1], a[2][2]};
    if (v.determinant() < 0) {
        for (int k = 0; k < 3; ++k)
            v[k][2] = -v[k][2];
    }
    return out;
}

PrincipalInertia principalInertia(const Mat3d& inertia)
{
    const SymmetricEigen3 e = symmetricEigen3(inertia);
    return {e.values, quaternionFromRotation(e.vectors)};
}

} // namespace cs::geometry
