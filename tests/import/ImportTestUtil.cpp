#include "ImportTestUtil.h"

#include "gltf/Accessors.h"
#include "gltf/SceneGraph.h"

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

namespace cs::test {

std::filesystem::path model(const std::string& relative)
{
    return std::filesystem::path(CS_ASSIMP_MODELS) / relative;
}

bool modelsAvailable()
{
    return std::filesystem::is_directory(CS_ASSIMP_MODELS);
}

std::string readText(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

namespace {

void grow(SourceCounts& c, float x, float y, float z)
{
    c.min = QVector3D(std::min(c.min.x(), x), std::min(c.min.y(), y), std::min(c.min.z(), z));
    c.max = QVector3D(std::max(c.max.x(), x), std::max(c.max.y(), y), std::max(c.max.z(), z));
}

} // namespace

SourceCounts objCounts(const std::string& text)
{
    SourceCounts c;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        std::istringstream words(line);
        std::string tag;
        words >> tag;
        if (tag == "v") {
            float x = 0, y = 0, z = 0;
            words >> x >> y >> z;
            ++c.vertices;
            grow(c, x, y, z);
        } else if (tag == "f") {
            size_t corners = 0;
            std::string corner;
            while (words >> corner)
                ++corners;
            if (corners >= 3)
                c.triangles += corners - 2;
        }
    }
    return c;
}

RawCounts rawCounts(const std::string& text)
{
    RawCounts c;
    std::set<std::pair<size_t, std::string>> pairs;
    std::istringstream lines(text);
    std::string line;
    size_t group = 0; // 0: triangles before the first group name
    bool unnamedUsed = false;
    while (std::getline(lines, line)) {
        std::istringstream words(line);
        std::vector<std::string> tokens;
        for (std::string w; words >> w;)
            tokens.push_back(w);
        if (tokens.size() == 1) {
            ++c.groups;
            group = c.groups;
            continue;
        }
        std::vector<float> numbers;
        std::string texture;
        for (const auto& t : tokens) {
            char* end = nullptr;
            const float v = std::strtof(t.c_str(), &end);
            if (end && *end == 0)
                numbers.push_back(v);
            else
                texture = t;
        }
        if (numbers.size() != 9 && numbers.size() != 12)
            continue;
        const size_t first = numbers.size() - 9; // skip the colour
        for (size_t i = first; i < numbers.size(); i += 3)
            grow(c.geometry, numbers[i], numbers[i + 1], numbers[i + 2]);
        ++c.geometry.triangles;
        unnamedUsed = unnamedUsed || group == 0;
        pairs.emplace(group, texture);
    }
    c.groups += unnamedUsed ? 1 : 0;
    c.groupTextures = pairs.size();
    return c;
}

SourceCounts plyAsciiCounts(const std::string& text)
{
    SourceCounts c;
    std::istringstream lines(text);
    std::string line;
    size_t vertexCount = 0, faceCount = 0;
    while (std::getline(lines, line) && line.rfind("end_header", 0) != 0) {
        std::istringstream words(line);
        std::string a, b;
        size_t n = 0;
        words >> a >> b >> n;
        if (a == "element" && b == "vertex")
            vertexCount = n;
        if (a == "element" && b == "face")
            faceCount = n;
    }
    for (size_t i = 0; i < vertexCount && std::getline(lines, line); ++i) {
        std::istringstream words(line);
        float x = 0, y = 0, z = 0;
        words >> x >> y >> z;
        ++c.vertices;
        grow(c, x, y, z);
    }
    for (size_t i = 0; i < faceCount && std::getline(lines, line); ++i) {
        std::istringstream words(line);
        size_t corners = 0;
        words >> corners;
        if (corners >= 3)
            c.triangles += corners - 2;
    }
    return c;
}

size_t stlAsciiTriangles(const std::string& text)
{
    size_t n = 0;
    for (size_t at = text.find("facet normal"); at != std::string::npos;
         at = text.find("facet normal", at + 1))
        ++n;
    return n;
}

WorldGeometry worldGeometry(const gltf::GltfDocument& doc)
{
    WorldGeometry g;
    auto graph = gltf::SceneGraph::build(doc);
    if (!graph)
        return g;
    for (size_t n = 0; n < doc.count("nodes"); ++n) {
        const gltf::Json* node = doc.element("nodes", n);
        if (!node->contains("mesh"))
            continue;
        const size_t mesh = (*node)["mesh"].get<size_t>();
        auto triangles = gltf::meshTriangles(doc, mesh);
        if (!triangles)
            continue;
        g.vertices += triangles->positions.size();
        g.triangles += triangles->triangleCount();
        for (const QVector3D& p : triangles->positions) {
            const QVector3D w = graph->worldTransform(n).map(p);
            g.min =
                QVector3D(std::min(g.min.x(), w.x()), std::min(g.min.y(), w.y()), std::min(g.min.z(), w.z()));
            g.max =
                QVector3D(std::max(g.max.x(), w.x()), std::max(g.max.y(), w.y()), std::max(g.max.z(), w.z()));
        }
    }
    return g;
}

int nodeNamed(const gltf::GltfDocument& doc, const std::string& name)
{
    for (size_t n = 0; n < doc.count("nodes"); ++n) {
        const gltf::Json* node = doc.element("nodes", n);
        if (node && node->value("name", std::string()) == name)
            return int(n);
    }
    return -1;
}

} // namespace cs::test
