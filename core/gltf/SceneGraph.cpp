#include "gltf/SceneGraph.h"

#include "gltf/JsonIndex.h"
#include "gltf/JsonText.h"
#include "gltf/WorkCounters.h"

#include <QQuaternion>
#include <algorithm>
#include <cmath>
#include <limits>

namespace cs::gltf {

namespace {

/// Reads a numeric array of exactly n finite numbers.
bool readNumbers(const Json& node, const char* key, size_t n, float* out)
{
    auto it = node.find(std::string_view(key));
    if (it == node.end() || !it->is_array() || it->size() != n)
        return false;
    for (size_t i = 0; i < n; ++i) {
        if (!(*it)[i].is_number())
            return false;
        // A double beyond float range has no float value (input: a translation of 1e300, which became an
        // infinite transform); such an array is malformed like a wrong-length one.
        const double v = (*it)[i].get<double>();
        if (!(std::fabs(v) <= double(std::numeric_limits<float>::max())))
            return false;
        out[i] = float(v);
    }
    return true;
}

} // namespace

QMatrix4x4 nodeLocalTransform(const Json& node)
{
    QMatrix4x4 m;
    if (!node.is_object())
        return m;
    float values[16];
    if (readNumbers(node, "matrix", 16, values)) {
        // glTF stores column-major; QMatrix4x4's array constructor takes row-major.
        return QMatrix4x4(values).transposed();
    }
    float t[3], r[4], s[3];
    if (readNumbers(node, "translation", 3, t))
        m.translate(t[0], t[1], t[2]);
    if (readNumbers(node, "rotation", 4, r))
        m.rotate(QQuaternion(r[3], r[0], r[1], r[2]).normalized());
    if (readNumbers(node, "scale", 3, s))
        m.scale(s[0], s[1], s[2]);
    return m;
}

namespace {

using ParentLinks = std::vector<std::optional<size_t>>;

/// The parent of every node from the nodes' children lists; links out of range, to the node itself or to a
/// node that already has a parent are reported and left out.
void linkParents(const Json& nodes, size_t n, ParentLinks& parent, Diagnostics& diags)
{
    for (size_t i = 0; i < n; ++i) {
        if (!nodes[i].is_object())
            continue;
        auto children = nodes[i].find(std::string_view("children"));
        if (children == nodes[i].end() || !children->is_array())
            continue;
        const std::string pointer = jsonPointerAppend("/nodes", i) + "/children";
        for (size_t k = 0; k < children->size(); ++k) {
            const Json& c = (*children)[k];
            if (!isJsonIndex(c) || c.get<size_t>() >= n) {
                diags.push_back(
                    makeError("NODE_CHILD_OUT_OF_RANGE",
                              "child " + c.dump() + " is not a node index below " + std::to_string(n),
                              jsonPointerAppend(pointer, k)));
                continue;
            }
            const size_t child = c.get<size_t>();
            if (child == i) {
                diags.push_back(makeError("NODE_CYCLE",
                                          "node " + std::to_string(i) + " lists itself as a child",
                                          jsonPointerAppend(pointer, k)));
                continue;
            }
            if (parent[child]) {
                diags.push_back(makeError("NODE_MULTIPLE_PARENTS",
                                          "node " + std::to_string(child) + " is a child of both node " +
                                              std::to_string(*parent[child]) + " and node " +
                                              std::to_string(i) + "; the second link is ignored",
                                          jsonPointerAppend(pointer, k)));
                continue;
            }
            parent[child] = i;
        }
    }
}

/// Cuts every cycle of parent links at one node, with a diagnostic.
void cutCycles(ParentLinks& parent, Diagnostics& diags)
{
    const size_t n = parent.size();
    // Every node has at most one parent now, so a cycle is a loop of parent links. Walk up from each node,
    // marking the path; meeting a node of the current path closes a cycle, which is cut at that node. O(n).
    std::vector<std::uint8_t> state(n, 0); // 0 unvisited, 1 on the current path, 2 done
    std::vector<size_t> path;
    for (size_t start = 0; start < n; ++start) {
        path.clear();
        std::optional<size_t> v = start;
        while (v && state[*v] == 0) {
            state[*v] = 1;
            path.push_back(*v);
            v = parent[*v];
        }
        if (v && state[*v] == 1) {
            // On a cycle every node has a parent.
            const size_t from = parent[*v].value_or(*v);
            diags.push_back(makeError("NODE_CYCLE",
                                      "node " + std::to_string(*v) + " is its own ancestor (through node " +
                                          std::to_string(from) + "); the link from node " +
                                          std::to_string(from) + " is ignored",
                                      jsonPointerAppend("/nodes", from) + "/children"));
            parent[*v].reset();
        }
        for (size_t p : path)
            state[p] = 2;
    }
}

/// Each node's children in the order the file lists them, those whose parent link survived only.
std::vector<std::vector<size_t>> childLists(const Json& nodes, const ParentLinks& parent)
{
    const size_t n = parent.size();
    std::vector<std::vector<size_t>> children(n);
    for (size_t i = 0; i < n; ++i) {
        auto list = nodes[i].is_object() ? nodes[i].find(std::string_view("children")) : nodes[i].end();
        if (!nodes[i].is_object() || list == nodes[i].end() || !list->is_array())
            continue;
        for (const Json& c : *list) {
            if (isJsonIndex(c) && c.get<size_t>() < n && parent[c.get<size_t>()] == i &&
                std::find(children[i].begin(), children[i].end(), c.get<size_t>()) == children[i].end())
                children[i].push_back(c.get<size_t>());
        }
    }
    return children;
}

} // namespace

Result<SceneGraph> SceneGraph::build(const GltfDocument& doc)
{
    countWork(Work::SceneGraphBuild);
    Result<SceneGraph> result;
    SceneGraph g;
    const size_t n = doc.count("nodes");
    g.m_parent.assign(n, std::nullopt);
    g.m_local.assign(n, QMatrix4x4());
    g.m_world.assign(n, QMatrix4x4());
    const Json& nodes = jsonMember(doc.json(), "nodes");
    for (size_t i = 0; i < n; ++i)
        g.m_local[i] = nodeLocalTransform(nodes[i]);
    linkParents(nodes, n, g.m_parent, result.diagnostics);
    cutCycles(g.m_parent, result.diagnostics);
    g.m_children = childLists(nodes, g.m_parent);

    // World transforms top-down, iteratively (hierarchies can be deep).
    std::vector<size_t> stack;
    for (size_t i = 0; i < n; ++i) {
        if (!g.m_parent[i])
            stack.push_back(i);
    }
    while (!stack.empty()) {
        const size_t i = stack.back();
        stack.pop_back();
        g.m_world[i] = g.m_parent[i] ? g.m_world[*g.m_parent[i]] * g.m_local[i] : g.m_local[i];
        for (size_t c : g.m_children[i])
            stack.push_back(c);
    }

    const size_t sceneCount = doc.count("scenes");
    g.m_sceneRoots.assign(sceneCount, {});
    for (size_t s = 0; s < sceneCount; ++s) {
        const Json& list = jsonMember(doc.json()["scenes"][s], "nodes");
        if (!list.is_array())
            continue;
        for (const Json& r : list) {
            if (isJsonIndex(r) && r.get<size_t>() < n)
                g.m_sceneRoots[s].push_back(r.get<size_t>());
        }
    }
    if (auto scene = doc.json().find(std::string_view("scene"));
        scene != doc.json().end() && isJsonIndex(*scene) && scene->get<size_t>() < sceneCount)
        g.m_defaultScene = scene->get<int>();

    result.value = std::move(g);
    return result;
}

bool SceneGraph::isDescendantOf(size_t node, size_t ancestor) const
{
    for (std::optional<size_t> a = m_parent[node]; a; a = m_parent[*a]) {
        if (*a == ancestor)
            return true;
    }
    return false;
}

std::vector<size_t> SceneGraph::roots() const
{
    std::vector<size_t> out;
    for (size_t i = 0; i < m_parent.size(); ++i) {
        if (!m_parent[i])
            out.push_back(i);
    }
    return out;
}

} // namespace cs::gltf
