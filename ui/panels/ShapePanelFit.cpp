#include "panels/ShapePanel.h"

// ShapePanel: "Fit ... to mesh", computed and applied by a ShapeFitter; the panel shows what it did.

#include "document/Document.h"

#include <QComboBox>
#include <QHBoxLayout>
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

/// The axis capsule and cylinder fits run along, in the node's space.
QWidget* ShapePanel::buildAxisRow(QWidget* parent)
{
    auto* row = new QWidget(parent);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    m_fitAxis = new QComboBox(row);
    m_fitAxis->setObjectName(QStringLiteral("fitAxis"));
    m_fitAxis->addItem(tr("Auto (the long axis)"), int(geometry::RoundAxis::Auto));
    m_fitAxis->addItem(tr("X"), int(geometry::RoundAxis::X));
    m_fitAxis->addItem(tr("Y"), int(geometry::RoundAxis::Y));
    m_fitAxis->addItem(tr("Z"), int(geometry::RoundAxis::Z));
    m_fitAxis->setToolTip(tr("The axis of the node a fitted capsule or cylinder runs along; auto takes the "
                             "mesh's long axis (of its principal axes, the one it reaches furthest along)"));
    layout->addWidget(new QLabel(tr("Capsule and cylinder along:"), row));
    layout->addWidget(m_fitAxis, 1);
    return row;
}

ShapePanel::FitOutcome ShapePanel::fit(Fit kind)
{
    m_lastFitNode.reset();
    const auto axis = geometry::RoundAxis(m_fitAxis->currentData().toInt());
    const FitOutcome outcome = m_fitter->start(document(), shape(), m_contextNode, kind, axis);
    if (outcome == FitOutcome::Started)
        m_status->setText(tr("Fitting a %1 to the mesh\u2026").arg(fitLabel(kind).toLower()).toHtmlEscaped());
    return outcome;
}

} // namespace cs::ui
