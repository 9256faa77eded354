#include "dialogs/HullResultBox.h"

#include "dialogs/HullText.h"
#include "document/ColliderFitInput.h"

#include <QLabel>
#include <QPushButton>

namespace cs::ui {

HullResultBox::HullResultBox(QWidget* parent)
    : JobResultBox(tr("Result"), parent), m_points(addFigure(tr("Points:"), "pointsLabel")),
      m_volume(addFigure(tr("Volume kept:"), "volumeLabel",
                         tr("The hull's volume against the full (uncapped) hull of the source points"))),
      m_fit(addFigure(tr("Fit:"), "fitLabel")),
      m_outside(addFigure(tr("Furthest point outside:"), "outsideLabel",
                          tr("How far the source point furthest outside the hull lies beyond it"))),
      m_copy(addFigure(tr("Simplified copy:"), "copyLabel",
                       tr("Which hull was kept: the one whose deviation from the mesh is smaller")))
{
    m_fit->setWordWrap(true);
    m_copy->setWordWrap(true);
    stopButton()->setToolTip(tr("Stop computing the hull"));
}

void HullResultBox::takeFigures(const document::HullPlan& plan, const QMatrix4x4& world)
{
    m_fitFigures = plan.fit ? std::optional(document::worldFitFigures(*plan.fit, world)) : std::nullopt;
    m_copyNote = plan.choice ? simplifiedCopyText(*plan.choice, geometry::meanScale(world)) : QString();
    m_fromCopy = plan.choice && plan.choice->fromCopy;
    m_enclosed = plan.enclosed;
}

void HullResultBox::showHull(const geometry::ConvexHull& hull, size_t sourcePoints)
{
    m_fit->setText(m_fitFigures ? QString::fromStdString(geometry::fitText(*m_fitFigures))
                                : QStringLiteral("-"));
    m_copy->setText(m_copyNote.isEmpty() ? tr("not tried") : m_copyNote);
    const geometry::HullQuality& q = hull.quality;
    if (m_enclosed) {
        const geometry::EnclosureFigures& e = *m_enclosed;
        m_points->setText(tr("%1, %2 faces, %3 triangles (holds all %4 source points)")
                              .arg(e.vertices)
                              .arg(e.faces)
                              .arg(e.triangles)
                              .arg(sourcePoints));
        m_volume->setText(tr("%1% of the full hull, %2% of the oriented box")
                              .arg((e.addedOverHull() + 1) * 100.0, 0, 'f', 1)
                              .arg((e.addedOverBox() + 1) * 100.0, 0, 'f', 1));
    } else {
        m_points->setText(q.capped ? tr("%1 (capped; %2 source points)").arg(q.vertexCount).arg(sourcePoints)
                                   : tr("%1 (every hull point kept)").arg(q.vertexCount));
        m_volume->setText(q.volumeRatio > 0 ? tr("%1% of the full hull").arg(q.volumeRatio * 100.0, 0, 'f', 1)
                                            : QStringLiteral("-"));
    }
    m_outside->setText(q.maxOutsideDistance > 0 ? tr("%1 (%2% of the size)")
                                                      .arg(lengthText(q.maxOutsideDistance))
                                                      .arg(q.outsideRatio * 100.0, 0, 'f', 2)
                                                : tr("none: every source point is inside"));
}

} // namespace cs::ui
