#include "panels/ColliderPanel.h"

// ColliderPanel: the edits; each is one core action or command, so one undo step.

#include "document/ComponentEdits.h"
#include "document/Document.h"
#include "document/ModelCommands.h"

#include <QUndoStack>
#include <algorithm>
#include <utility>

namespace cs::ui {

using physics::ShapeType;

void ColliderPanel::pushOne(QUndoCommand* command)
{
    if (document::Document* doc = document())
        apply([&] { doc->push(command); });
    else
        delete command;
}

void ColliderPanel::toggleComponent()
{
    if (!document())
        return;
    const bool all = !nodes().empty() &&
                     std::all_of(nodes().begin(), nodes().end(), [&](size_t n) { return hasComponent(n); });
    apply([&] { document::setComponentPresent(*document(), nodes(), component(), !all); });
}

void ColliderPanel::editProperty(size_t row, const PropertyEdit& edit)
{
    if (!document() || row >= m_properties.size())
        return;
    const std::vector<Component> list = components();
    PropertyObjects<Component> objects;
    objects.reserve(list.size());
    for (const Component& c : list)
        objects.emplace_back(c.node, &c);
    m_newShape.reset();
    apply([&] { m_properties[row].edit(*document(), objects, edit); });
    if (const std::optional<int> shape = std::exchange(m_newShape, std::nullopt))
        emit shapeActivated(*shape);
}

void ColliderPanel::chooseShape(const std::vector<size_t>& nodes, int value)
{
    if (!document())
        return;
    if (value >= kNewShape && value <= kNewShape + static_cast<int>(ShapeType::Trimesh)) {
        const auto type = static_cast<ShapeType>(value - kNewShape);
        const std::vector<int> added = document::addShapeForNodes(*document(), nodes, component(), type);
        if (added.size() == 1)
            m_newShape = added.front(); // to the shape editor once the panel shows it
        return;
    }
    if (value < 0)
        document::makeCompound(*document(), nodes, component());
    else
        document::assignShape(*document(), nodes, component(), value);
}

} // namespace cs::ui
