#pragma once

#include "geometry/Vec3d.h"

#include <vector>

namespace cs::geometry {

/// A half-space dot(normal, x) <= offset (normal of unit length).
struct HalfSpace
{
    Vec3d normal;
    double offset = 0;
};

/// A convex polytope as polygon faces over shared vertices, built by cutting a box with half-spaces. Each
/// face remembers the half-space that made it (box faces have negative ids), so a caller can tell whether a
/// region reaches the box, i.e. would be unbounded without it.
class HalfSpacePolytope
{
public:
    struct Face
    {
        int id = 0;            ///< the half-space's id; -1..-6 for the box's faces
        std::vector<int> loop; ///< vertex indices, counter-clockwise seen from outside
        HalfSpace plane;
    };

    /// The box [lo, hi]; `epsilon` is the distance within which a vertex counts as on a cutting plane.
    HalfSpacePolytope(const Vec3d& lo, const Vec3d& hi, double epsilon);

    /// Keeps the part inside `h`; returns true when anything was cut away.
    bool clip(const HalfSpace& h, int id);

    bool empty() const { return m_faces.empty(); }
    /// True when a face of the box is still part of the surface.
    bool touchesBox() const;
    double volume() const;

    /// Merges vertices closer than `distance` and drops the faces that collapse, so that the counts are
    /// those of the polytope (a vertex where four planes meet is one vertex, not two close ones). The faces
    /// may then be off their planes by up to `distance`, less after each merged vertex is put back where its
    /// faces' planes meet best (least squares, when that is within `distance`).
    void weld(double distance);

    const std::vector<Vec3d>& vertices() const { return m_vertices; }
    const std::vector<Face>& faces() const { return m_faces; }

private:
    void compact();
    static void closeCut(std::vector<Face>& faces, const HalfSpace& h, int id);
    void refit(const std::vector<int>& merged, double distance);

    std::vector<Vec3d> m_vertices;
    std::vector<Face> m_faces;
    double m_epsilon = 0;
};

} // namespace cs::geometry
