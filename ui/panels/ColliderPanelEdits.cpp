#include "panels/ColliderPanel.h"

// ColliderPanel: the edits; each is one core action or command, so one undo step.

#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/ModelCommands.h"
#include "document/NodeActions.h"
#include "document/SetFields.h"

#include <QComboBox>
#include <QListWidget>
#include <QPushButton>
#include <QUndoStack>
#include <algorithm>
#include <utility>

namespace cs::ui {

using document::ChangeEvent;
using physics::ShapeType;

void ColliderPanel::pushOne(QUndoCommand* command)
{
    if (m_document) {
        m_applying = true;
        m_document->push(command);
        m_applying = false;
    } else {
        delete command;
    }
    refresh();
}

void ColliderPanel::toggleComponent()
{
    if (!m_document)
        return;
    const bool all = !m_nodes.empty() &&
                     std::all_of(m_nodes.begin(), m_nodes.end(), [&](size_t n) { return hasComponent(n); });
    m_applying = true;
    document::setComponentPresent(*m_document, m_nodes, component(), !all);
    m_applying = false;
    refresh();
}

void ColliderPanel::editProperty(size_t row, double value)
{
    if (!m_document || row >= m_properties.size())
        return;
    const std::vector<Component> list = components();
    PropertyObjects<Component> objects;
    objects.reserve(list.size());
    for (const Component& c : list)
        objects.emplace_back(c.node, &c);
    m_applying = true;
    m_newShape.reset();
    m_properties[row].edit(*m_document, objects, -1, value);
    m_applying = false;
    refresh();
    if (const std::optional<int> shape = std::exchange(m_newShape, std::nullopt))
        emit shapeActivated(*shape);
}

void ColliderPanel::chooseShape(const std::vector<size_t>& nodes, int value)
{
    if (!m_document)
        return;
    if (value >= kNewShape && value <= kNewShape + static_cast<int>(ShapeType::Trimesh)) {
        const auto type = static_cast<ShapeType>(value - kNewShape);
        const std::vector<int> added = document::addShapeForNodes(*m_document, nodes, component(), type);
        if (added.size() == 1)
            m_newShape = added.front(); // to the shape editor once the panel shows it
        return;
    }
    if (value < 0)
        document::makeCompound(*m_document, nodes, component());
    else
        document::assignShape(*m_document, nodes, component(), value);
}

void ColliderPanel::addMember()
{
    const std::vector<Component> list = components();
    if (!m_document || list.size() != 1 || m_nodes.size() != 1 || !m_candidates ||
        m_candidates->currentIndex() < 0)
        return;
    std::vector<int> members = list.front().members;
    members.push_back(m_candidates->currentData().toInt());
    pushOne(new document::SetTriggerNodes(m_document, list.front().node, members));
}

void ColliderPanel::removeMember()
{
    const std::vector<Component> list = components();
    if (!m_document || list.size() != 1 || m_nodes.size() != 1 || !m_members || m_members->currentRow() < 0)
        return;
    std::vector<int> members = list.front().members;
    const auto row = static_cast<size_t>(m_members->currentRow());
    if (members.size() <= 1 || row >= members.size())
        return;
    members.erase(members.begin() + static_cast<std::ptrdiff_t>(row));
    pushOne(new document::SetTriggerNodes(m_document, list.front().node, members));
}

} // namespace cs::ui
