#pragma once

#include "document/HullPlan.h"
#include "widgets/JobResultBox.h"

#include <QMatrix4x4>
#include <optional>

namespace cs::ui {

/// HullDialog's "Result" group: the hull's points, the volume it keeps, its fit, the furthest source point
/// outside it and which hull was kept when a simplified copy was tried.
class HullResultBox : public JobResultBox
{
    Q_OBJECT

public:
    explicit HullResultBox(QWidget* parent = nullptr);

    /// Takes the world figures of `plan`, made for a node whose world transform is `world`: the fit in world
    /// metres and the note on a simplified copy.
    void takeFigures(const document::HullPlan& plan, const QMatrix4x4& world);
    /// The fit taken last, in world metres (none: not measured).
    const std::optional<geometry::FitSummary>& fit() const { return m_fitFigures; }
    /// Which hull was kept when a simplified copy was tried; empty when none was.
    const QString& copyNote() const { return m_copyNote; }
    bool fromCopy() const { return m_fromCopy; } ///< the hull's points came from the simplified copy
    /// A conservative hull's counts and volumes (none for an inner hull).
    const std::optional<geometry::EnclosureFigures>& enclosed() const { return m_enclosed; }

    /// Shows `hull`, made from `sourcePoints` points, with the figures taken last.
    void showHull(const geometry::ConvexHull& hull, size_t sourcePoints);

private:
    QLabel* m_points;
    QLabel* m_volume;
    QLabel* m_fit; // outside and overhang of the hull, world metres
    QLabel* m_outside;
    QLabel* m_copy;
    std::optional<geometry::FitSummary> m_fitFigures;
    std::optional<geometry::EnclosureFigures> m_enclosed;
    QString m_copyNote;
    bool m_fromCopy = false;
};

} // namespace cs::ui
