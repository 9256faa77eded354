#include "panels/ShapePanel.h"

// ShapePanel: "Fit ... to mesh" (core/document/ShapeFit does the work; this says what it did).

#include "DiagnosticText.h"
#include "document/Actions.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/GeometryInputs.h"
#include "document/ModelCommands.h"
#include "document/NodeCommands.h"
#include "document/References.h"
#include "document/ShapeConversion.h"
#include "document/ShapeFit.h"
#include "geometry/PrimitiveFit.h"
#include "widgets/ChildSignals.h"
#include "widgets/ModelLabels.h"
#include "widgets/NumberField.h"
#include "widgets/Vec3Field.h"

#include <QApplication>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSignalBlocker>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>

namespace cs::ui {

using physics::Shape;
using physics::ShapeType;

namespace {

QString quoted(const QString& text)
{
    return QStringLiteral("\u201c%1\u201d").arg(text.toHtmlEscaped());
}

QString nodeLink(const document::Document& doc, size_t node)
{
    return QStringLiteral("<a href=\"node:%1\">%2</a>").arg(node).arg(nodeLabel(doc, node).toHtmlEscaped());
}

QString number(double v)
{
    return QLocale().toString(v, 'g', 4);
}

/// The parameters of a primitive for the status line.
QString describe(const Shape& s)
{
    switch (s.type) {
    case ShapeType::Box:
        return ShapePanel::tr("size %1 \u00d7 %2 \u00d7 %3 m")
            .arg(number(s.size[0]), number(s.size[1]), number(s.size[2]));
    case ShapeType::Sphere:
        return ShapePanel::tr("radius %1 m").arg(number(s.radius));
    case ShapeType::Capsule:
        return ShapePanel::tr("radius %1 m, mid-height %2 m").arg(number(s.radiusBottom), number(s.height));
    case ShapeType::Cylinder:
        return ShapePanel::tr("radius %1 m, height %2 m").arg(number(s.radiusBottom), number(s.height));
    case ShapeType::Convex:
    case ShapeType::Trimesh:
        break;
    }
    return {};
}

} // namespace

ShapePanel::FitOutcome ShapePanel::fit(Fit kind)
{
    m_lastFitNode.reset();
    auto fail = [this](const QString& why) {
        m_status->setText(why.toHtmlEscaped());
        return FitOutcome::Failed;
    };
    if (!shapeExists())
        return fail(tr("There is no shape to fit."));
    if (m_document->model().shapes[size_t(m_shape)].opaque)
        return fail(tr("This shape's type is not understood, so it cannot be fitted."));
    if (!m_contextNode)
        return fail(tr("Select a node that uses this shape to fit it to that node's mesh."));
    document::Document& doc = *m_document;
    const document::NodeIndex node = *m_contextNode;

    QApplication::setOverrideCursor(Qt::WaitCursor);
    const auto fitted =
        document::fitShapeToMesh(doc, size_t(m_shape), node, kind, tr("Fit %1 to Mesh").arg(fitLabel(kind)));
    QApplication::restoreOverrideCursor();
    if (!fitted) {
        const QString why = QString::fromStdString(firstErrorMessage(fitted.diagnostics));
        if (findDiagnostic(fitted.diagnostics, "FIT_CHILD_NODE"))
            return fail(tr("Could not add the child node."));
        return fail(tr("Could not fit a %1: %2").arg(fitLabel(kind).toLower(), why));
    }
    const QString meshOwner = quoted(nodeLabel(doc, fitted->source.meshNode.value_or(node)));
    const QString what = fitLabel(kind).toLower();
    switch (fitted->outcome) {
    case document::ShapeFit::Outcome::ChildNode: {
        m_lastFitNode = *fitted->childNode;
        QString text =
            tr("The fitted %1 (%2) is off the centre of %3, which carries the mesh and cannot move, "
               "so it went on a new child node %4 with a new shape.")
                .arg(what, describe(fitted->shape), meshOwner, nodeLink(doc, *fitted->childNode));
        if (fitted->replacedCollider || fitted->replacedTrigger)
            text += QLatin1Char(' ') +
                    tr("It replaces the %1 of %2.")
                        .arg(fitted->replacedCollider ? tr("collider") : tr("trigger"), meshOwner);
        m_status->setText(text);
        return FitOutcome::ChildNode;
    }
    case document::ShapeFit::Outcome::Unchanged:
        m_status->setText(tr("The shape already fits the mesh of %1.").arg(meshOwner));
        return FitOutcome::Unchanged;
    case document::ShapeFit::Outcome::ShapeChanged:
        break;
    }
    QString text = tr("Fitted a %1 to the mesh of %2: %3.").arg(what, meshOwner, describe(fitted->shape));
    if (fitted->source.fromParent)
        text += QLatin1Char(' ') + tr("%1 moved to the fitted position.").arg(quoted(nodeLabel(doc, node)));
    if (fitted->skewed)
        text += QLatin1Char(' ') + tr("The node's scale is not uniform, so the turned shape is only "
                                      "approximately where the mesh is; consider a scale of 1.");
    const size_t others = fitted->shapeUsers;
    if (others > 1)
        text +=
            QLatin1Char(' ') + tr("%n other node(s) use this shape and changed too.", "", int(others - 1));
    m_status->setText(text);
    return FitOutcome::ShapeChanged;
}

} // namespace cs::ui
