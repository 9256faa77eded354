#pragma once

// Helpers shared by the physics tests: documents from inline JSON, spec files, and a canonical description of
// a resolved scene that does not depend on node indices, so that files of different eras can be compared.

#include "gltf/GltfDocument.h"
#include "gltf/SceneGraph.h"
#include "physics/PhysicsModel.h"
#include "physics/ResolvedScene.h"

#include <string>
#include <vector>

namespace cs::test {

/// A document from glTF JSON text (asset.version is added when missing). Fails the test on a parse error.
gltf::GltfDocument docFromJson(const std::string& json);
/// A document from tests/data/<relative>.
gltf::GltfDocument loadData(const std::string& relative);

struct Loaded
{
    gltf::GltfDocument doc;
    physics::PhysicsModel model;
    Diagnostics diagnostics;
    gltf::SceneGraph graph;
    physics::ResolvedScene scene;
};
/// Reads the physics (OMI, else KHR) of a document and resolves its scene.
Loaded resolve(gltf::GltfDocument doc);

bool hasCode(const Diagnostics& diagnostics, const std::string& code);
int countCode(const Diagnostics& diagnostics, const std::string& code);

/// One line per shape instance: collider/trigger, owner (static, or motion type and values and the body's
/// world position), shape parameters, world transform (rounded to 1e-4), and for triggers the members of
/// their compound trigger (a trigger on its own counts as a compound of one). Sorted.
std::vector<std::string> canonicalScene(const Loaded& loaded);

/// The shape instance on the node with this name (nullptr if none); `trigger` picks which one.
const physics::ShapeInstance* instanceByName(const Loaded& loaded, const std::string& nodeName, bool trigger);
/// Node index by name, or -1.
int nodeByName(const gltf::GltfDocument& doc, const std::string& name);

} // namespace cs::test

/// Compares a JSON value with anything a JSON value can be made of (QCOMPARE cannot: its overloads for Qt
/// types make the comparison ambiguous).
#define QCOMPARE_JSON(actual, expected)                                                                      \
    QVERIFY2((actual) == cs::gltf::Json(expected),                                                           \
             ("got " + (actual).dump() + ", expected " + cs::gltf::Json(expected).dump()).c_str())
