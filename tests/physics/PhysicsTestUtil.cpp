#include "PhysicsTestUtil.h"

#include "TestSupport.h"
#include "physics/OmiReader.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <sstream>

namespace cs::test {

gltf::GltfDocument docFromJson(const std::string& json)
{
    gltf::Json j = gltf::Json::parse(json);
    if (!j.contains("asset"))
        j["asset"] = {{"version", "2.0"}};
    const std::string text = j.dump();
    gltf::LoadOptions options;
    options.checkStructure = false;
    auto r = gltf::loadGltfFromBytes(gltf::Bytes(text.begin(), text.end()), {}, options);
    if (!r)
        qFatal("inline test JSON did not load: %s", describe(r.diagnostics).c_str());
    return std::move(*r);
}

gltf::GltfDocument loadData(const std::string& relative)
{
    auto r = gltf::loadGltf(dataPath(relative));
    if (!r)
        qFatal("%s did not load: %s", relative.c_str(), describe(r.diagnostics).c_str());
    return std::move(*r);
}

Loaded resolve(gltf::GltfDocument doc)
{
    Loaded l;
    l.doc = std::move(doc);
    auto read = physics::readPhysics(l.doc);
    l.model = std::move(*read);
    l.diagnostics = read.diagnostics;
    auto graph = gltf::SceneGraph::build(l.doc);
    if (!graph)
        qFatal("scene graph failed: %s", describe(graph.diagnostics).c_str());
    l.graph = std::move(*graph);
    l.scene = physics::resolveScene(l.model, l.graph);
    return l;
}

bool hasCode(const Diagnostics& diagnostics, const std::string& code)
{
    return countCode(diagnostics, code) > 0;
}

int countCode(const Diagnostics& diagnostics, const std::string& code)
{
    return static_cast<int>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                          [&](const Diagnostic& d) { return d.code == code; }));
}

namespace {

std::string r4(double v)
{
    double r = std::round(v * 1e4) / 1e4;
    if (r == 0)
        r = 0;
    std::ostringstream s;
    s << r;
    return s.str();
}

std::string vec(const physics::Vec3& v)
{
    return r4(v[0]) + "," + r4(v[1]) + "," + r4(v[2]);
}

// A mass or inertia as the model's family reads it (a number, or "computed" / "infinite").
std::string meaningText(physics::MassMeaning m, double value)
{
    return m == physics::MassMeaning::Given      ? r4(value)
           : m == physics::MassMeaning::Computed ? std::string("computed")
                                                 : std::string("infinite");
}

std::string massText(const physics::Motion& m, physics::SourceFormat format)
{
    const physics::MassReading mass = physics::massReading(m, format);
    return meaningText(mass.meaning, mass.value);
}

std::string inertiaText(const physics::Motion& m, physics::SourceFormat format)
{
    const auto meanings = physics::inertiaMeanings(m, format);
    std::string out;
    for (size_t i = 0; i < 3; ++i)
        out += (i ? "," : "") + meaningText(meanings[i], m.inertiaDiagonal ? (*m.inertiaDiagonal)[i] : 0.0);
    return out;
}

std::string shapeText(const physics::Shape& s)
{
    using physics::ShapeType;
    if (s.plane) {
        auto size = [](const std::optional<double>& v) { return v ? r4(*v) : std::string("inf"); };
        return "plane(" + size(s.plane->sizeX) + "," + size(s.plane->sizeZ) + "," +
               (s.plane->doubleSided ? "double" : "single") + ")";
    }
    std::string out = physics::shapeTypeName(s.type);
    switch (s.type) {
    case ShapeType::Box:
        return out + "(" + vec(s.size) + ")";
    case ShapeType::Sphere:
        return out + "(" + r4(s.radius) + ")";
    case ShapeType::Capsule:
    case ShapeType::Cylinder:
        return out + "(" + r4(s.height) + "," + r4(s.radiusTop) + "," + r4(s.radiusBottom) + ")";
    default:
        return out + "(mesh " + std::to_string(s.mesh) + ")";
    }
}

std::string matrixText(const QMatrix4x4& m)
{
    std::string out;
    for (int i = 0; i < 16; ++i)
        out += r4(m.constData()[i]) + (i < 15 ? " " : "");
    return out;
}

} // namespace

std::vector<std::string> canonicalScene(const Loaded& l)
{
    std::vector<std::string> basic;
    for (const auto& s : l.scene.instances) {
        std::string owner = "static";
        if (s.body >= 0) {
            const auto& b = l.scene.bodies[s.body];
            const auto& m = b.motion;
            if (m.type != physics::MotionType::Static) {
                owner = std::string(physics::motionTypeName(m.type)) + " mass " +
                        massText(m, l.model.format) + " v " + vec(m.linearVelocity) + " w " +
                        vec(m.angularVelocity) + " I " + inertiaText(m, l.model.format) + " g " +
                        r4(m.gravityFactor) + " at " + matrixText(l.graph.worldTransform(b.node));
            }
        }
        basic.push_back(std::string(s.trigger ? "trigger" : "collider") + " | " + owner + " | " +
                        shapeText(l.model.shapes[s.shape]) + " | " + matrixText(s.world));
    }
    std::vector<std::string> out;
    for (size_t i = 0; i < l.scene.instances.size(); ++i) {
        const auto& s = l.scene.instances[i];
        std::string line = basic[i];
        if (s.trigger) {
            std::vector<std::string> members;
            if (s.compoundTrigger >= 0) {
                for (size_t m : l.scene.compoundTriggers[s.compoundTrigger].members)
                    members.push_back(basic[m]);
            } else {
                members.push_back(basic[i]);
            }
            std::sort(members.begin(), members.end());
            line += " | group of " + std::to_string(members.size());
            for (const auto& m : members)
                line += " [" + m + "]";
        }
        out.push_back(line);
    }
    std::sort(out.begin(), out.end());
    return out;
}

int nodeByName(const gltf::GltfDocument& doc, const std::string& name)
{
    for (size_t i = 0; i < doc.count("nodes"); ++i) {
        const gltf::Json* n = doc.element("nodes", i);
        if (n && n->contains("name") && (*n)["name"] == name)
            return static_cast<int>(i);
    }
    return -1;
}

const physics::ShapeInstance* instanceByName(const Loaded& l, const std::string& nodeName, bool trigger)
{
    const int node = nodeByName(l.doc, nodeName);
    for (const auto& s : l.scene.instances) {
        if (static_cast<int>(s.node) == node && s.trigger == trigger)
            return &s;
    }
    return nullptr;
}

} // namespace cs::test
