#pragma once

#include <QObject>
#include <optional>

class QAction;
class QMenu;
class QStatusBar;

namespace cs::ui {

class ActionTable;
class DocumentSession;
class ViewController;

/// Simulate > Ground: a static plane under the scene for the preview to drop things on
/// (simulation::Settings::ground), off by default. Checking it asks the height through the Prompter; while
/// on, the view draws it in its Ground layer (hatched, a colour of its own). It is never the document's:
/// nothing of it is saved, and opening another file keeps it.
class SimulationGround : public QObject
{
    Q_OBJECT

public:
    SimulationGround(DocumentSession& session, ViewController& view, ActionTable& actions, QMenu* menu,
                     QStatusBar* status);

    /// The ground's height in metres, or none when it is off.
    std::optional<double> height() const { return m_height; }
    /// Sets (a finite height) or removes the ground; the action and the view follow.
    void set(std::optional<double> height);

signals:
    void changed();

private:
    /// The action toggled by the user: asks the height when it turns on.
    void toggled(bool on);
    void draw();

    DocumentSession& m_session;
    ViewController& m_view;
    QStatusBar* m_status;
    QAction* m_action = nullptr;
    std::optional<double> m_height;
    double m_lastHeight = 0; ///< offered when the ground is turned on again
};

} // namespace cs::ui
