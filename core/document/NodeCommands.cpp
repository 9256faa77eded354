#include "document/NodeCommands.h"

#include <cmath>

namespace cs::document {

namespace {

template <size_t N>
std::array<double, N> numbersOr(const gltf::Json& node, const char* key, std::array<double, N> fallback)
{
    const auto it = node.find(key);
    if (it == node.end() || !it->is_array() || it->size() != N)
        return fallback;
    std::array<double, N> out{};
    for (size_t i = 0; i < N; ++i) {
        if (!(*it)[i].is_number())
            return fallback;
        out[i] = (*it)[i].get<double>();
    }
    return out;
}

// The quaternion (x, y, z, w) of a rotation matrix r[row][column].
Quat quaternionOf(const double r[3][3])
{
    const double trace = r[0][0] + r[1][1] + r[2][2];
    if (trace > 0) {
        const double s = std::sqrt(trace + 1.0) * 2;
        return {(r[2][1] - r[1][2]) / s, (r[0][2] - r[2][0]) / s, (r[1][0] - r[0][1]) / s, 0.25 * s};
    }
    if (r[0][0] > r[1][1] && r[0][0] > r[2][2]) {
        const double s = std::sqrt(1.0 + r[0][0] - r[1][1] - r[2][2]) * 2;
        return {0.25 * s, (r[0][1] + r[1][0]) / s, (r[0][2] + r[2][0]) / s, (r[2][1] - r[1][2]) / s};
    }
    if (r[1][1] > r[2][2]) {
        const double s = std::sqrt(1.0 + r[1][1] - r[0][0] - r[2][2]) * 2;
        return {(r[0][1] + r[1][0]) / s, 0.25 * s, (r[1][2] + r[2][1]) / s, (r[0][2] - r[2][0]) / s};
    }
    const double s = std::sqrt(1.0 + r[2][2] - r[0][0] - r[1][1]) * 2;
    return {(r[0][2] + r[2][0]) / s, (r[1][2] + r[2][1]) / s, 0.25 * s, (r[1][0] - r[0][1]) / s};
}

Trs decompose(const std::array<double, 16>& m)
{
    // glTF matrices are column-major: element (row, column) is m[column * 4 + row].
    Trs t;
    t.translation = {m[12], m[13], m[14]};
    for (int c = 0; c < 3; ++c)
        t.scale[c] =
            std::sqrt(m[c * 4] * m[c * 4] + m[c * 4 + 1] * m[c * 4 + 1] + m[c * 4 + 2] * m[c * 4 + 2]);
    const double det = m[0] * (m[5] * m[10] - m[9] * m[6]) - m[4] * (m[1] * m[10] - m[9] * m[2]) +
                       m[8] * (m[1] * m[6] - m[5] * m[2]);
    if (det < 0)
        t.scale[0] = -t.scale[0];
    double r[3][3];
    for (int c = 0; c < 3; ++c) {
        for (int row = 0; row < 3; ++row)
            r[row][c] = t.scale[c] != 0 ? m[c * 4 + row] / t.scale[c] : (row == c ? 1.0 : 0.0);
    }
    t.rotation = quaternionOf(r);
    return t;
}

constexpr std::array<double, 16> kIdentity{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

// glTF forbids `matrix` next to TRS: before editing one part, turn the matrix into the three parts.
void replaceMatrixByTrs(gltf::Json& node)
{
    if (!node.contains("matrix"))
        return;
    const Trs t = nodeTrs(node);
    node.erase("matrix");
    if (t.translation != Vec3{0, 0, 0})
        node["translation"] = t.translation;
    if (t.rotation != Quat{0, 0, 0, 1})
        node["rotation"] = t.rotation;
    if (t.scale != Vec3{1, 1, 1})
        node["scale"] = t.scale;
}

} // namespace

Trs nodeTrs(const gltf::Json& node)
{
    if (node.contains("matrix"))
        return decompose(numbersOr<16>(node, "matrix", kIdentity));
    Trs t;
    t.translation = numbersOr<3>(node, "translation", t.translation);
    t.rotation = numbersOr<4>(node, "rotation", t.rotation);
    t.scale = numbersOr<3>(node, "scale", t.scale);
    return t;
}

gltf::Json* locate::Node::find(physics::PhysicsModel&, gltf::GltfDocument& doc, size_t index)
{
    gltf::Json& root = doc.json();
    const auto nodes = root.find("nodes");
    if (nodes == root.end() || !nodes->is_array() || index >= nodes->size() || !(*nodes)[index].is_object())
        return nullptr;
    return &(*nodes)[index];
}

std::string field::NodeName::get(const gltf::Json& node)
{
    const auto it = node.find("name");
    return it != node.end() && it->is_string() ? it->get<std::string>() : std::string();
}

void field::NodeName::set(gltf::Json& node, const std::string& name)
{
    if (name.empty())
        node.erase("name");
    else
        node["name"] = name;
}

template <int Part>
typename field::NodeTrsPart<Part>::Value field::NodeTrsPart<Part>::get(const gltf::Json& node)
{
    const Trs t = nodeTrs(node);
    if constexpr (Part == 0)
        return t.translation;
    else if constexpr (Part == 1)
        return t.rotation;
    else
        return t.scale;
}

template <int Part> void field::NodeTrsPart<Part>::set(gltf::Json& node, const Value& value)
{
    replaceMatrixByTrs(node);
    node[Part == 0 ? "translation" : (Part == 1 ? "rotation" : "scale")] = value;
}

template <int Part> const char* field::NodeTrsPart<Part>::text()
{
    return Part == 0 ? "Move Node" : (Part == 1 ? "Rotate Node" : "Scale Node");
}

template struct field::NodeTrsPart<0>;
template struct field::NodeTrsPart<1>;
template struct field::NodeTrsPart<2>;

AddNode::AddNode(Document* document, std::optional<NodeIndex> parent, gltf::Json node, QUndoCommand* parent_)
    : DocumentCommand(document, QStringLiteral("Add Node"), parent_), m_parent(parent),
      m_node(std::move(node))
{}

gltf::Json* AddNode::owner()
{
    gltf::Json& root = gltf().json();
    if (m_parent)
        return locate::Node::find(model(), gltf(), *m_parent);
    const auto scenes = root.find("scenes");
    if (m_scene < 0 || scenes == root.end() || !scenes->is_array() || size_t(m_scene) >= scenes->size() ||
        !(*scenes)[m_scene].is_object())
        return nullptr;
    return &(*scenes)[m_scene];
}

void AddNode::redo()
{
    gltf::Json& root = gltf().json();
    if (m_parent && !owner()) {
        setObsolete(true); // no such parent
        return;
    }
    if (!m_parent && m_scene < 0) {
        const auto scene = root.find("scene");
        m_scene = scene != root.end() && scene->is_number_integer() ? scene->get<int>() : 0;
    }
    m_hadNodes = root.contains("nodes") && root["nodes"].is_array();
    if (!m_hadNodes)
        root["nodes"] = gltf::Json::array();
    m_index = root["nodes"].size();
    if (gltf::Json* o = owner()) {
        m_ownerBefore = *o;
        gltf::Json& list = (*o)[m_parent ? "children" : "nodes"];
        if (!list.is_array())
            list = gltf::Json::array();
        list.push_back(m_index);
    } else {
        m_ownerBefore.reset();
    }
    root["nodes"].push_back(m_node);
    notify(ChangeEvent::Kind::Node, static_cast<int>(m_index), ChangeEvent::Created);
    if (m_parent)
        notify(ChangeEvent::Kind::Node, static_cast<int>(*m_parent), ChangeEvent::Children);
}

void AddNode::undo()
{
    gltf::Json& root = gltf().json();
    if (gltf::Json* o = owner(); o && m_ownerBefore)
        *o = *m_ownerBefore;
    gltf::Json& nodes = root["nodes"];
    if (nodes.is_array() && nodes.size() == m_index + 1)
        nodes.erase(m_index);
    if (!m_hadNodes)
        root.erase("nodes");
    notify(ChangeEvent::Kind::Node, static_cast<int>(m_index), ChangeEvent::Removed);
    if (m_parent)
        notify(ChangeEvent::Kind::Node, static_cast<int>(*m_parent), ChangeEvent::Children);
}

} // namespace cs::document
