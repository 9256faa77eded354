#include "ActionTable.h"

#include <QAction>

namespace cs::ui {

QAction* ActionTable::add(const ActionSpec& spec)
{
    auto* action = new QAction(spec.text, m_owner);
    action->setObjectName(QString::fromLatin1(spec.name));
    if (!spec.shortcut.isEmpty())
        action->setShortcut(spec.shortcut);
    if (!spec.toolTip.isEmpty())
        action->setToolTip(spec.toolTip);
    if (spec.triggered)
        QObject::connect(action, &QAction::triggered, m_owner, spec.triggered);
    if (spec.checked) {
        action->setCheckable(true);
        action->setChecked(*spec.checked);
        if (spec.toggled) {
            QObject::connect(action, &QAction::toggled, m_owner, spec.toggled);
            spec.toggled(*spec.checked);
        }
    }
    if (spec.enabledWhen)
        m_enabledWhen[spec.id] = spec.enabledWhen;
    return adopt(spec.id, action);
}

QAction* ActionTable::adopt(ActionId id, QAction* action)
{
    m_actions[id] = action;
    return action;
}

QAction* ActionTable::get(ActionId id) const
{
    const auto found = m_actions.find(id);
    return found == m_actions.end() ? nullptr : found->second;
}

std::vector<QAction*> ActionTable::all() const
{
    std::vector<QAction*> actions;
    for (const auto& [id, action] : m_actions)
        actions.push_back(action);
    return actions;
}

void ActionTable::updateEnabled(std::initializer_list<ActionId> ids) const
{
    for (const ActionId id : ids) {
        const auto rule = m_enabledWhen.find(id);
        if (QAction* action = get(id); action && rule != m_enabledWhen.end())
            action->setEnabled(rule->second());
    }
}

} // namespace cs::ui
