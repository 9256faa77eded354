#pragma once

// Files and counts for the hull budget tests: a UV sphere of known hull counts on a node as a convex collider
// or trigger, the hulls of a file's convex shapes counted by brute force as an engine that builds its own
// counts them, and the lines of validate --target that report a hull over the budget.
#include "CliRun.h"
#include "TestSupport.h"
#include "geometry/HullCounts.h"
#include "geometry/MeshWriter.h"
#include "gltf/MeshTriangles.h"
#include "physics/OmiReader.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <set>

namespace cs::test {

namespace fs = std::filesystem;
using gltf::Json;

/// A UV sphere of radius 1: two poles and rings - 1 circles of `segments` points. Its hull has
/// (rings - 1) * segments + 2 corners, segments * rings polygons (the quads between two circles are flat
/// trapezoids, the pole caps triangles) and 2V - 4 triangles.
inline gltf::TriangleMesh uvSphere(int rings, int segments)
{
    gltf::TriangleMesh m;
    m.positions.emplace_back(0.f, 1.f, 0.f);
    for (int r = 1; r < rings; ++r) {
        const double polar = std::numbers::pi * r / rings;
        for (int s = 0; s < segments; ++s) {
            const double a = 2 * std::numbers::pi * s / segments;
            m.positions.emplace_back(float(std::sin(polar) * std::cos(a)), float(std::cos(polar)),
                                     float(std::sin(polar) * std::sin(a)));
        }
    }
    m.positions.emplace_back(0.f, -1.f, 0.f);
    const auto south = std::uint32_t(m.positions.size() - 1);
    auto at = [segments](int r, int s) { return std::uint32_t(1 + (r - 1) * segments + s % segments); };
    for (int s = 0; s < segments; ++s) {
        for (std::uint32_t v : {0u, at(1, s + 1), at(1, s), south, at(rings - 1, s), at(rings - 1, s + 1)})
            m.indices.push_back(v);
        for (int r = 1; r + 1 < rings; ++r) {
            for (std::uint32_t v :
                 {at(r, s), at(r, s + 1), at(r + 1, s + 1), at(r, s), at(r + 1, s + 1), at(r + 1, s)})
                m.indices.push_back(v);
        }
    }
    return m;
}

struct Counts
{
    int vertices = 0, polygons = 0, triangles = 0;
};

/// The hull of the mesh's points as an engine that builds its own counts it, by brute force: every plane
/// through three distinct points that has all points on one side (within float rounding) is a face; its
/// points are one polygon of k corners, fanned into k - 2 triangles; the corners are the points on a face.
inline Counts bruteForce(const gltf::TriangleMesh& mesh)
{
    std::set<std::array<float, 3>> seen;
    for (const QVector3D& p : mesh.positions)
        seen.insert({p.x(), p.y(), p.z()});
    std::vector<geometry::Vec3d> pts;
    double size = 0;
    for (const auto& p : seen) {
        pts.emplace_back(p[0], p[1], p[2]);
        size = std::max({size, std::fabs(double(p[0])), std::fabs(double(p[1])), std::fabs(double(p[2]))});
    }
    const double eps = 1e-6 * size;
    std::set<std::vector<size_t>> faces;
    const size_t n = pts.size();
    for (size_t i = 0; i < n; ++i) {
        for (size_t j = i + 1; j < n; ++j) {
            for (size_t k = j + 1; k < n; ++k) {
                const geometry::Vec3d c = geometry::cross(pts[j] - pts[i], pts[k] - pts[i]);
                const double len = geometry::length(c);
                if (len < 1e-9 * size * size)
                    continue;
                const geometry::Vec3d normal = c / len;
                const double d = geometry::dot(normal, pts[i]);
                int side = 0;
                bool supporting = true;
                std::vector<size_t> on;
                for (size_t q = 0; q < n && supporting; ++q) {
                    const double h = geometry::dot(normal, pts[q]) - d;
                    if (std::fabs(h) <= eps) {
                        on.push_back(q);
                        continue;
                    }
                    const int s = h > 0 ? 1 : -1;
                    supporting = side == 0 || side == s;
                    side = s;
                }
                if (supporting)
                    faces.insert(on);
            }
        }
    }
    Counts c;
    std::set<size_t> corners;
    for (const auto& f : faces) {
        corners.insert(f.begin(), f.end());
        c.triangles += int(f.size()) - 2;
    }
    c.polygons = int(faces.size());
    c.vertices = int(corners.size());
    return c;
}

/// The meshes of every convex shape of the file's physics.
inline std::vector<gltf::TriangleMesh> convexMeshes(const fs::path& file)
{
    std::vector<gltf::TriangleMesh> out;
    auto doc = gltf::loadGltf(file);
    if (!doc)
        return out;
    auto model = physics::readPhysics(*doc);
    if (!model)
        return out;
    for (const physics::Shape& s : model->shapes) {
        if (s.type != physics::ShapeType::Convex || s.mesh < 0)
            continue;
        if (auto m = gltf::meshTriangles(*doc, size_t(s.mesh)))
            out.push_back(std::move(*m));
    }
    return out;
}

/// A file with one node "Rock" showing a UV sphere: without physics, or with a convex hull collider (or, with
/// `role` "trigger", a trigger) on the sphere in `family` ("omi" or "khr").
inline fs::path writeRock(const fs::path& path, int rings, int segments, const std::string& family,
                          const std::string& role = "collider")
{
    gltf::GltfDocument g = loadJson(R"({"asset": {"version": "2.0"}, "nodes": [{"name": "Rock"}],
                                        "scenes": [{"nodes": [0]}], "scene": 0})");
    const auto mesh = geometry::addTriangleMesh(g, uvSphere(rings, segments), "Rock");
    if (!mesh)
        return {};
    Json& root = g.json();
    root["nodes"][0]["mesh"] = *mesh;
    if (family == "omi") {
        root["extensionsUsed"] = {"OMI_physics_shape", "OMI_physics_body"};
        root["extensions"]["OMI_physics_shape"] = {
            {"shapes", {{{"type", "convex"}, {"convex", {{"mesh", *mesh}}}}}}};
        root["nodes"][0]["extensions"]["OMI_physics_body"] = {{role, {{"shape", 0}}}};
    } else if (family == "khr") {
        root["extensionsUsed"] = {"KHR_physics_rigid_bodies"};
        root["extensions"]["KHR_physics_rigid_bodies"] = Json::object();
        root["nodes"][0]["extensions"]["KHR_physics_rigid_bodies"] = {
            {role, {{"geometry", {{"mesh", *mesh}, {"convexHull", true}}}}}};
    }
    g.setSourcePath({});
    return hasErrors(gltf::saveGltf(g, path)) ? fs::path() : path;
}

/// The lines of `validate FILE --target NAME` that report a hull over the budget.
inline std::vector<std::string> budgetLines(const fs::path& file, const QString& target)
{
    const CliRun r =
        runCollidoscope({QStringLiteral("validate"), qpath(file), QStringLiteral("--target"), target});
    std::vector<std::string> out;
    for (const std::string& line : lines(r.out)) {
        if (line.find("over the budget") != std::string::npos)
            out.push_back(line);
    }
    return out;
}

inline const QString kViewer = QStringLiteral("khronos-sample-viewer");
inline const QString kGodot = QStringLiteral("godot-4.x");

} // namespace cs::test
