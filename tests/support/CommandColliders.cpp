#include "CommandColliders.h"

#include "document/Document.h"

namespace cs::test {

document::AutoColliderReport addCollidersAsTheCommand(gltf::GltfDocument& doc,
                                                      const import::ColliderOptions& options)
{
    document::Document document(std::move(doc));
    document::AutoColliderOptions action;
    action.collider = options;
    action.addMotion = true;
    document::AutoColliderReport report = document::addAutoColliders(document, action);
    const Diagnostics notes = document::skippedNotes(document, report.skipped);
    report.diagnostics.insert(report.diagnostics.end(), notes.begin(), notes.end());
    doc = document.snapshot();
    return report;
}

} // namespace cs::test
