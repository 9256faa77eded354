#include "SimulationAnimation.h"

#include "ActionTable.h"
#include "DocumentSession.h"
#include "document/Document.h"
#include "gltf/Animation.h"
#include "simulation/SimulationInput.h"

#include <QActionGroup>
#include <QMenu>

namespace cs::ui {

QString animationLabel(const gltf::GltfDocument& doc, size_t index)
{
    const gltf::Json& a = doc.json()["animations"][index];
    const auto name = a.is_object() ? a.find("name") : a.end();
    const QString label =
        name != a.end() && name->is_string() ? QString::fromStdString(name->get<std::string>()) : QString();
    return label.isEmpty() ? SimulationAnimation::tr("Animation %1").arg(index)
                           : QStringLiteral("%1: %2").arg(index).arg(label);
}

SimulationAnimation::SimulationAnimation(DocumentSession& session, ActionTable& actions, QMenu* menu)
    : QObject(menu), m_session(session)
{
    m_list = menu->addMenu(tr("&Animation"));
    m_list->setObjectName(QStringLiteral("menuSimulationAnimation"));
    m_list->setToolTip(tr("The animation the preview plays: the bodies it moves push the others"));
    m_loop = actions.add({ActionId::SimulateLoopAnimation,
                          "actionSimulateLoopAnimation",
                          tr("&Loop Animation"),
                          {},
                          {},
                          {},
                          tr("Play the animation again from the start whenever it ends")});
    m_loop->setCheckable(true);
    menu->addAction(m_loop);
    connect(m_loop, &QAction::toggled, this, &SimulationAnimation::changed);
    connect(&session, &DocumentSession::documentReplaced, this, [this] {
        m_animation.reset();
        rebuild();
        emit changed();
    });
    rebuild();
}

bool SimulationAnimation::loop() const
{
    return m_loop->isChecked();
}

void SimulationAnimation::rebuild()
{
    m_list->clear();
    delete m_group;
    m_group = new QActionGroup(m_list);
    const document::Document* doc = m_session.document();
    const size_t count = doc ? gltf::animationCount(doc->gltf()) : 0;
    auto add = [this](const QString& text, const QString& name, std::optional<size_t> index) {
        QAction* a = m_list->addAction(text);
        a->setObjectName(name);
        a->setCheckable(true);
        a->setChecked(index == m_animation);
        m_group->addAction(a);
        connect(a, &QAction::triggered, this, [this, index] { choose(index); });
    };
    add(tr("&None"), QStringLiteral("actionAnimationNone"), std::nullopt);
    for (size_t i = 0; i < count; ++i) {
        add(animationLabel(doc->gltf(), i), QStringLiteral("actionAnimation_%1").arg(i), i);
    }
    m_list->setEnabled(count > 0);
}

void SimulationAnimation::choose(std::optional<size_t> index)
{
    const document::Document* doc = m_session.document();
    if (index && (!doc || *index >= gltf::animationCount(doc->gltf())))
        return;
    const bool same = index == m_animation;
    m_animation = index;
    const QList<QAction*> entries = m_group->actions();
    for (qsizetype i = 0; i < entries.size(); ++i)
        entries[i]->setChecked(i == 0 ? !index : index && size_t(i - 1) == *index);
    if (!same)
        emit changed();
}

Diagnostics SimulationAnimation::apply(simulation::SimulationInput& input, const gltf::GltfDocument& doc,
                                       const gltf::SceneGraph& graph) const
{
    return m_animation ? simulation::animateBodies(input, doc, graph, *m_animation, loop()) : Diagnostics{};
}

} // namespace cs::ui
