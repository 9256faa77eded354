#include "panels/ColliderPanel.h"

// ColliderPanel: the edits; each is one core action or command, so one undo step.

#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/ModelCommands.h"
#include "document/NodeActions.h"
#include "document/SetFields.h"
#include "document/ShapeConversion.h"
#include "widgets/ChildSignals.h"
#include "widgets/ModelLabels.h"
#include "widgets/NumberField.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStandardItemModel>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>

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

template <class Command> void ColliderPanel::setEach(std::vector<std::pair<size_t, int>> items)
{
    if (m_document) {
        m_applying = true;
        document::setEach<Command>(*m_document, std::move(items));
        m_applying = false;
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

void ColliderPanel::chooseShape(int comboIndex)
{
    if (!m_document || comboIndex < 0)
        return;
    const int data = m_shape->itemData(comboIndex).toInt();
    if (data >= kNewShape && data <= kNewShape + static_cast<int>(ShapeType::Trimesh)) {
        createShape(static_cast<ShapeType>(data - kNewShape));
        return;
    }
    if (data < 0) {
        makeCompound();
        return;
    }
    m_applying = true;
    document::assignShape(*m_document, m_nodes, component(), data);
    m_applying = false;
    refresh();
}

void ColliderPanel::createShape(ShapeType type)
{
    if (!m_document)
        return;
    m_applying = true;
    const std::vector<int> added = document::addShapeForNodes(*m_document, m_nodes, component(), type);
    m_applying = false;
    refresh();
    if (added.size() == 1)
        emit shapeActivated(added.front());
}

void ColliderPanel::makeCompound()
{
    if (!m_document)
        return;
    m_applying = true;
    document::makeCompound(*m_document, m_nodes, component());
    m_applying = false;
    refresh();
}

void ColliderPanel::chooseMaterial(int comboIndex)
{
    if (!m_document || comboIndex < 0 || !m_material)
        return;
    const int value = m_material->itemData(comboIndex).toInt();
    std::vector<std::pair<size_t, int>> items;
    for (const Component& c : components())
        items.emplace_back(c.node, value);
    setEach<document::SetColliderMaterial>(std::move(items));
}

void ColliderPanel::chooseFilter(int comboIndex)
{
    if (!m_document || comboIndex < 0)
        return;
    const int value = m_filter->itemData(comboIndex).toInt();
    std::vector<std::pair<size_t, int>> items;
    for (const Component& c : components()) {
        if (m_mode == Mode::Collider || !c.compound) // the schema forbids a filter on a compound trigger
            items.emplace_back(c.node, value);
    }
    if (m_mode == Mode::Collider)
        setEach<document::SetColliderFilter>(std::move(items));
    else
        setEach<document::SetTriggerFilter>(std::move(items));
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
