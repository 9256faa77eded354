#include "SimulationGround.h"

#include "ActionTable.h"
#include "DocumentSession.h"
#include "Prompter.h"
#include "SceneLoader.h"
#include "ViewController.h"
#include "scene/GroundLines.h"
#include "viewport/Viewport.h"

#include <QAction>
#include <QMenu>
#include <QStatusBar>
#include <cmath>

namespace cs::ui {

SimulationGround::SimulationGround(DocumentSession& session, ViewController& view, ActionTable& actions,
                                   QMenu* menu, QStatusBar* status)
    : QObject(menu), m_session(session), m_view(view), m_status(status)
{
    m_action = actions.add({ActionId::SimulateGround,
                            "actionSimulateGround",
                            tr("Gr&ound..."),
                            {},
                            {},
                            {},
                            tr("A static plane under the scene for the preview; never saved")});
    m_action->setCheckable(true);
    menu->addAction(m_action);
    connect(m_action, &QAction::triggered, this, &SimulationGround::toggled);
    // The view of another file is sized to it.
    connect(&session, &DocumentSession::documentReplaced, this, &SimulationGround::draw);
}

void SimulationGround::toggled(bool on)
{
    if (!on)
        return set(std::nullopt);
    const std::optional<QString> text = m_session.prompter().askText(
        tr("Ground"), tr("Height of the ground plane y in metres (its normal is +Y, glTF's up):"),
        QString::number(m_lastHeight));
    bool ok = false;
    const double height = text ? text->toDouble(&ok) : 0;
    if (text && !(ok && std::isfinite(height)))
        m_status->showMessage(tr("The ground wants a height in metres, such as 0 or -1.5"));
    set(ok && std::isfinite(height) ? std::optional<double>(height) : std::nullopt);
}

void SimulationGround::set(std::optional<double> height)
{
    if (height && !std::isfinite(*height))
        height.reset();
    if (height)
        m_lastHeight = *height;
    m_action->setChecked(height.has_value());
    m_action->setText(height ? tr("Gr&ound (y = %1 m)...").arg(*height) : tr("Gr&ound..."));
    if (height == m_height)
        return;
    m_height = height;
    draw();
    emit changed();
}

void SimulationGround::draw()
{
    const LoadedScene* scene = m_session.scene();
    std::vector<QVector3D> lines;
    if (m_height)
        lines = scene ? scene::groundLines(*m_height, scene->render.boundsMin, scene->render.boundsMax)
                      : scene::groundLines(*m_height, {}, {});
    m_view.viewport()->setOverlayLines(OverlayLayer::Ground, lines);
}

} // namespace cs::ui
