#include "KnurledCylinder.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace cs::test {

gltf::TriangleMesh knurledCylinder(int seg, int rows, int knurls, double h)
{
    gltf::TriangleMesh m;
    for (int i = 0; i <= rows; ++i) {
        const double y = -0.5 + double(i) / rows;
        for (int j = 0; j < seg; ++j) {
            const double a = 2 * M_PI * j / seg;
            const double ridge = std::max(0.0, std::sin(knurls * a) * std::sin(M_PI * i / rows * knurls / 4));
            const double r = 0.5 + ((i == 0 || i == rows) ? 0.0 : h * std::pow(ridge, 8));
            m.positions.emplace_back(float(r * std::cos(a)), float(y), float(r * std::sin(a)));
        }
    }
    const auto at = [seg](int i, int j) { return std::uint32_t(i * seg + (j % seg)); };
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < seg; ++j)
            m.indices.insert(m.indices.end(), {at(i, j), at(i + 1, j), at(i, j + 1), at(i, j + 1),
                                               at(i + 1, j), at(i + 1, j + 1)});
    const auto bottom = std::uint32_t(m.positions.size());
    m.positions.emplace_back(0.0f, -0.5f, 0.0f);
    const auto top = std::uint32_t(m.positions.size());
    m.positions.emplace_back(0.0f, 0.5f, 0.0f);
    for (int j = 0; j < seg; ++j) {
        m.indices.insert(m.indices.end(), {bottom, at(0, j), at(0, j + 1)});
        m.indices.insert(m.indices.end(), {top, at(rows, j + 1), at(rows, j)});
    }
    return m;
}

std::string objText(const gltf::TriangleMesh& mesh)
{
    std::ostringstream out;
    out.precision(9);
    for (const QVector3D& p : mesh.positions)
        out << "v " << p.x() << ' ' << p.y() << ' ' << p.z() << '\n';
    for (size_t i = 0; i + 2 < mesh.indices.size(); i += 3)
        out << "f " << mesh.indices[i] + 1 << ' ' << mesh.indices[i + 1] + 1 << ' ' << mesh.indices[i + 2] + 1
            << '\n';
    return out.str();
}

} // namespace cs::test
