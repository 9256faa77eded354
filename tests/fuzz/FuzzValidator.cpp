// Fuzz target validator: a loaded document through the physics validator and the inspect report.
#include "FuzzTargets.h"
#include "gltf/JsonText.h"
#include "gltf/SceneGraph.h"
#include "physics/InspectReport.h"
#include "physics/OmiReader.h"
#include "physics/Validator.h"

namespace cs::fuzz {

int validator(Input input)
{
    auto loaded = loadInput(input);
    if (!loaded)
        return 0;
    const gltf::GltfDocument& doc = *loaded;

    checkDiagnostics(physics::validatePhysics(doc));

    auto model = physics::readPhysics(doc);
    CS_FUZZ_CHECK(model.value.has_value());
    auto graph = gltf::SceneGraph::build(doc);
    if (!graph)
        return 0;
    const Diagnostics rules = physics::validateModel(doc, *model, *graph);
    checkDiagnostics(rules);
    const gltf::Json report = physics::inspectReport(doc, *model, *graph, rules);
    (void)gltf::dumpJsonText(report, -1);
    (void)physics::inspectText(doc, *model, *graph);
    return 0;
}

} // namespace cs::fuzz
