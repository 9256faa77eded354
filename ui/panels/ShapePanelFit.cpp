#include "panels/ShapePanel.h"

// ShapePanel: "Fit ... to mesh", computed and applied by a ShapeFitter; the panel shows what it did.

#include "document/Document.h"

#include <QLabel>

namespace cs::ui {

void ShapePanel::setUpFitter()
{
    // The status line tells what a fit did; its links select the nodes it names.
    connect(m_status, &QLabel::linkActivated, this, &ShapePanel::onLinkActivated);
    // A result for a shape or node the panel no longer shows is dropped.
    m_fitter = new ShapeFitter(
        [this](int shape, document::NodeIndex node) {
            return shape == this->shape() && m_contextNode == node;
        },
        this);
    connect(m_fitter, &ShapeFitter::finished, this, [this](FitOutcome outcome, const QString& status) {
        if (outcome == FitOutcome::ChildNode)
            m_lastFitNode = m_fitter->lastChildNode();
        m_status->setText(status);
    });
}

ShapePanel::FitOutcome ShapePanel::fit(Fit kind)
{
    m_lastFitNode.reset();
    const FitOutcome outcome = m_fitter->start(document(), shape(), m_contextNode, kind);
    if (outcome == FitOutcome::Started)
        m_status->setText(tr("Fitting a %1 to the mesh\u2026").arg(fitLabel(kind).toLower()).toHtmlEscaped());
    return outcome;
}

} // namespace cs::ui
