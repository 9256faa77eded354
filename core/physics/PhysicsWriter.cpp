#include "physics/PhysicsWriter.h"

#include "gltf/WorkCounters.h"
#include "physics/DiagnosticCodes.h"
#include "physics/KhrCodec.h"
#include "physics/MsftReader.h"
#include "physics/OmiWriter.h"

#include <algorithm>
#include <string_view>

namespace cs::physics {

namespace {

bool isLoss(const Diagnostic& d)
{
    if (d.severity == Severity::Info)
        return false;
    const std::string_view c = d.code;
    return c == code::KhrNotExpressible || c == code::OmiNotExpressible ||
           c == code::WriteDroppedEmptyTrigger || c == code::KhrDegenerateShape || c == code::MsftNotCarried;
}

// What the OMI writer cannot know it loses: KHR meanings that OMI spells differently or not at all.
void khrMeaningsOmiLacks(const PhysicsModel& model, Diagnostics& out)
{
    if (!khrMeanings(model.format))
        return;
    auto lost = [&](std::string message, std::string pointer) {
        out.push_back(makeWarning(code::OmiNotExpressible, std::move(message), std::move(pointer)));
    };
    for (const auto& [index, n] : model.nodes) {
        const std::string node = "node " + std::to_string(index) + ": ";
        if (n.motion) {
            const Motion& m = *n.motion;
            // Mass and inertia move only a dynamic body: a static or kinematic one loses nothing by them.
            const bool dynamic = m.type == MotionType::Dynamic;
            const MassMeaning mass = massReading(m, model.format).meaning;
            if (dynamic && mass == MassMeaning::Computed)
                lost(node + "KHR leaves the mass to the engine; OMI reads a missing mass as 1 kg", m.pointer);
            else if (dynamic && mass == MassMeaning::Infinite)
                lost(node + "mass 0 means infinite in KHR; OMI has no infinite mass", m.pointer);
            if (m.type != MotionType::Static &&
                centerOfMassReading(m, model.format).meaning == MassMeaning::Computed)
                lost(node + "KHR leaves the centre of mass to the engine (computed from the colliders); OMI "
                            "reads a missing centerOfMass as the node origin",
                     m.pointer);
            const auto inertia = inertiaMeanings(m, model.format);
            if (dynamic && std::find(inertia.begin(), inertia.end(), MassMeaning::Infinite) != inertia.end())
                lost(node + "an inertia component of 0 means infinite in KHR; OMI reads 0 as computed",
                     m.pointer);
        }
        // A structured binding cannot be captured by clang 14 (the fuzz build's compiler): a copy is.
        const size_t self = index;
        auto geometryElsewhere = [&](int geometryNode, const std::string& pointer) {
            if (geometryNode >= 0 && static_cast<size_t>(geometryNode) != self)
                lost(node + "geometry.node " + std::to_string(geometryNode) +
                         " places the mesh with that node's transform; OMI uses the collider node's",
                     pointer);
        };
        if (n.collider)
            geometryElsewhere(n.collider->geometryNode, n.collider->pointer);
        if (n.trigger)
            geometryElsewhere(n.trigger->geometryNode, n.trigger->pointer);
    }
    for (size_t i = 0; i < model.materials.size(); ++i) {
        const PhysicsMaterial& m = model.materials[i];
        if (!m.frictionCombine || !m.restitutionCombine)
            lost("physics material " + std::to_string(i) +
                     ": a combine mode KHR leaves out takes no part in the precedence rule; OMI reads a "
                     "missing "
                     "mode as \"average\", which does",
                 m.pointer);
    }
}

// What OMI values KHR reads differently: OMI gives mass 0 no meaning, KHR reads it as infinite.
void omiMeaningsKhrLacks(const PhysicsModel& model, Diagnostics& out)
{
    if (khrMeanings(model.format))
        return;
    for (const auto& [index, n] : model.nodes) {
        if (n.motion && n.motion->type == MotionType::Dynamic && n.motion->mass == 0.0)
            out.push_back(
                makeWarning(code::KhrNotExpressible,
                            "node " + std::to_string(index) +
                                ": mass 0 has no meaning in OMI; KHR would read it as infinite mass",
                            n.motion->pointer));
    }
}

} // namespace

const char* familyName(Family f)
{
    return f == Family::Khr ? "khr" : "omi";
}

Family sourceFamily(const PhysicsModel& model)
{
    // MSFT is written as its descendant KHR (only after an edit or an upgrade: see Document::writtenJson).
    return model.format == SourceFormat::Khr || model.format == SourceFormat::Msft ? Family::Khr
                                                                                   : Family::Omi;
}

Diagnostics writePhysics(const PhysicsModel& model, gltf::GltfDocument& doc, Family family,
                         const ResolvedScene* resolved)
{
    gltf::countWork(gltf::Work::PhysicsWrite);
    if (family == Family::Omi)
        return writeOmi(model, doc);
    return resolved ? writeKhr(model, doc, *resolved) : writeKhr(model, doc);
}

Conversion convertPhysics(const PhysicsModel& model, gltf::GltfDocument& doc, Family family,
                          const ResolvedScene* resolved)
{
    // Only MSFT losses compare the written JSON with the JSON read: the rest need no copy of it.
    const gltf::Json original = model.format == SourceFormat::Msft ? doc.json() : gltf::Json();
    Conversion c;
    if (family == Family::Omi)
        khrMeaningsOmiLacks(model, c.losses);
    else
        omiMeaningsKhrLacks(model, c.losses);
    c.written = writePhysics(model, doc, family, resolved);
    for (const Diagnostic& d : c.written) {
        if (isLoss(d))
            c.losses.push_back(d);
    }
    const Diagnostics msft = msftLosses(model, original, doc.json(), family == Family::Khr);
    c.losses.insert(c.losses.end(), msft.begin(), msft.end());
    return c;
}

Diagnostics conversionLosses(const PhysicsModel& model, const gltf::GltfDocument& doc, Family family)
{
    gltf::GltfDocument copy; // the writers read only the JSON
    copy.json() = doc.json();
    return convertPhysics(model, copy, family).losses;
}

} // namespace cs::physics
