#include "panels/BodyPanel.h"

// BodyPanel: the edits (each one core function or command) and "Compute from shapes".

#include "DiagnosticText.h"
#include "document/ColliderEdits.h"
#include "document/ComponentEdits.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/SetFields.h"
#include "panels/MassComputeControls.h"
#include "scene/ComputedCenterOfMass.h"
#include "widgets/NumberField.h"
#include "widgets/Vec3Field.h"

#include <variant>

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
    if (row == CenterOfMassRow && std::holds_alternative<VectorEdit>(edit) && editComputedCenterOfMass(edit))
        return;
    apply([&] { m_properties[row].edit(*document(), bodies(), edit); });
}

std::vector<std::optional<physics::Vec3>>
BodyPanel::computedCenters(const std::vector<size_t>& bodyNodes) const
{
    const document::Document& doc = *document();
    return scene::computedCentersOfMass(doc.model(), doc.gltf(), doc.sceneGraph(), bodyNodes);
}

bool BodyPanel::editComputedCenterOfMass(const PropertyEdit& edit)
{
    // A component typed over a computed centre keeps the other two as shown, not the origin.
    const auto list = bodies();
    std::vector<size_t> bodyNodes;
    bodyNodes.reserve(list.size());
    for (const auto& entry : list)
        bodyNodes.push_back(entry.first);
    const auto computed = computedCenters(bodyNodes);
    if (std::none_of(computed.begin(), computed.end(), [](const auto& c) { return c.has_value(); }))
        return false;
    const auto& vector = std::get<VectorEdit>(edit);
    if (vector.axis < 0 || vector.axis > 2)
        return true;
    std::vector<std::pair<size_t, physics::Vec3>> items;
    items.reserve(list.size());
    for (size_t i = 0; i < list.size(); ++i) {
        physics::Vec3 value = computed[i].value_or(document::field::CenterOfMass::get(*list[i].second));
        value[size_t(vector.axis)] = vector.value;
        items.emplace_back(list[i].first, value);
    }
    apply([&] { document::setEach<document::SetCenterOfMass>(*document(), std::move(items)); });
    return true;
}

void BodyPanel::showComputedCenterOfMass(const std::vector<size_t>& bodyNodes,
                                         const std::vector<const physics::Motion*>& motions)
{
    const auto computed = computedCenters(bodyNodes);
    const bool any =
        std::any_of(computed.begin(), computed.end(), [](const auto& c) { return c.has_value(); });
    Vec3Field* field = centerOfMassField();
    if (any) {
        std::vector<physics::Vec3> shown;
        shown.reserve(motions.size());
        for (size_t i = 0; i < motions.size(); ++i)
            shown.push_back(computed[i].value_or(document::field::CenterOfMass::get(*motions[i])));
        field->setValues(shown);
    }
    for (int axis = 0; axis < 3; ++axis) {
        QFont font = field->component(axis)->font();
        font.setItalic(any);
        field->component(axis)->setFont(font);
    }
    field->setProperty("computed", any);
}

void BodyPanel::computeFromShapes()
{
    if (!document())
        return;
    apply([&] { m_massCompute->compute(*document(), nodes()); });
}

} // namespace cs::ui
