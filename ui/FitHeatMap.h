#pragma once

#include "document/Selection.h"
#include "geometry/ColliderFit.h"

#include <QObject>
#include <QPointer>
#include <optional>

class QAction;
class QInputDialog;
class QLabel;
class QMenu;
class QStatusBar;
class QTimer;
class QWidget;

namespace cs::ui {

template <class Result> class BackgroundJob;

class ActionTable;
class DocumentSession;
class Viewport;

/// View > Fit Heat Map: the current node's mesh surface coloured by how far the model pokes out of its
/// colliders (drawn instead of the mesh's own material, which comes back when the map is off or shows
/// another node), and the colliders' surfaces, translucent under their wireframe, coloured by how far
/// they stand off the model (scene::fitHeatSurfaces), green within the tolerance (View > Fit Heat Map
/// Tolerance...), red beyond twice it, with the legend in the status bar. Measured off the GUI thread after
/// every edit or selection change (coalesced); the colours shown stay until the new ones are ready.
class FitHeatMap : public QObject
{
    Q_OBJECT

public:
    /// Adds its two actions to `actions` and `viewMenu`, and its legend to `status`; `window` owns this
    /// object and the tolerance is asked over it.
    FitHeatMap(DocumentSession& session, Viewport* viewport, ActionTable& actions, QMenu* viewMenu,
               QStatusBar* status, QWidget* window);
    ~FitHeatMap() override;

    void setEnabled(bool on);
    bool isEnabled() const { return m_enabled; }
    /// Distances up to this are green. Until it is set, each document opened starts with
    /// scene::defaultHeatTolerance of its size (document::modelDiagonal).
    void setTolerance(double metres);
    double tolerance() const { return m_tolerance; }
    /// The legend as the status bar shows it (empty when off).
    QString legendText() const;
    /// The figures of the last map drawn (none when off or when the node has no collider or mesh).
    const std::optional<geometry::FitSummary>& figures() const { return m_figures; }
    /// Runs the event loop until no measurement is pending or running; true when that happened in time.
    bool waitForMap(int milliseconds);

signals:
    /// A new map was drawn (or the old one removed).
    void mapChanged();

private:
    struct Map;
    void schedule();
    void start();
    void finished(const Map& map);
    void clear();
    void askTolerance();

    DocumentSession& m_session;
    Viewport* m_viewport;
    QWidget* m_window;
    QPointer<QInputDialog> m_toleranceDialog; ///< View > Fit Heat Map Tolerance..., while open
    QAction* m_toggle = nullptr;
    QLabel* m_legend = nullptr;
    QTimer* m_timer;
    BackgroundJob<Map>* m_job;
    bool m_enabled = false;
    bool m_again = false;
    double m_tolerance = 0.01;
    bool m_toleranceChosen = false; ///< setTolerance() was called: documents opened later keep it
    std::optional<geometry::FitSummary> m_figures;
};

} // namespace cs::ui
