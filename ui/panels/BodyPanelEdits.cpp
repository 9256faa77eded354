#include "panels/BodyPanel.h"

// BodyPanel: the edits (each one core function or command) and "Compute from shapes".

#include "DiagnosticText.h"
#include "document/Actions.h"
#include "document/Document.h"
#include "document/NodeActions.h"
#include "panels/MassComputeControls.h"

namespace cs::ui {

void BodyPanel::toggleMotion()
{
    document::Document* doc = document();
    if (!doc)
        return;
    // All bodies: the click removes motion. Otherwise it adds motion to the nodes without it.
    const bool all = !nodes().empty() && bodies().size() == nodes().size();
    apply([&] { document::setComponentPresent(*doc, nodes(), document::Component::Motion, !all); });
}

void BodyPanel::editProperty(size_t row, const PropertyEdit& edit)
{
    if (!document() || row >= m_properties.size())
        return;
    apply([&] { m_properties[row].edit(*document(), bodies(), edit); });
}

void BodyPanel::computeFromShapes()
{
    if (!document())
        return;
    apply([&] { m_massCompute->compute(*document(), nodes()); });
}

} // namespace cs::ui
