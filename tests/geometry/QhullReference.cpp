#include "QhullReference.h"

extern "C" {
#include <libqhull_r/qhull_ra.h>
}

#include <cstdio>

namespace cs::test {

QhullHull qhullHull(const std::vector<geometry::Vec3d>& points, const std::string& options)
{
    QhullHull out;
    if (points.size() < 4)
        return out;
    // qhull keeps a pointer to the coordinates and may not modify them (ismalloc = False).
    std::vector<coordT> coords;
    coords.reserve(points.size() * 3);
    for (const auto& p : points) {
        coords.push_back(p.x);
        coords.push_back(p.y);
        coords.push_back(p.z);
    }
    qhT context;
    qhT* qh = &context;
    qh_zero(qh, stderr);
    std::string command = "qhull " + options;
    const int exitCode =
        qh_new_qhull(qh, 3, int(points.size()), coords.data(), False, command.data(), nullptr, stderr);
    if (exitCode == 0) {
        qh_getarea(qh, qh->facet_list);
        out.ok = true;
        out.volume = qh->totvol;
        out.area = qh->totarea;
        out.vertexCount = size_t(qh->num_vertices);
        out.facetCount = size_t(qh->num_facets);
    }
    qh_freeqhull(qh, !qh_ALL);
    int curlong = 0, totlong = 0;
    qh_memfreeshort(qh, &curlong, &totlong);
    return out;
}

} // namespace cs::test
