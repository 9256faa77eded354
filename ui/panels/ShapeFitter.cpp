#include "panels/ShapeFitter.h"

#include "DiagnosticText.h"
#include "ModelLabels.h"
#include "document/Document.h"
#include "panels/ShapePanel.h"

#include <QLocale>
#include <QUndoStack>

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

/// What an applied fit did, for the status line.
QString statusOf(const document::Document& doc, document::NodeIndex node, document::FitKind kind,
                 const document::ShapeFit& fitted)
{
    const QString meshOwner = quoted(nodeLabel(doc, fitted.source.meshNode.value_or(node)));
    const QString what = ShapePanel::fitLabel(kind).toLower();
    switch (fitted.outcome) {
    case document::ShapeFit::Outcome::ChildNode: {
        QString text =
            ShapePanel::tr(
                "The fitted %1 (%2) is off the centre of %3, which carries the mesh and cannot move, "
                "so it went on a new child node %4 with a new shape.")
                .arg(what, describe(fitted.shape), meshOwner, nodeLink(doc, *fitted.childNode));
        if (fitted.replacedCollider || fitted.replacedTrigger)
            text += QLatin1Char(' ') +
                    ShapePanel::tr("It replaces the %1 of %2.")
                        .arg(fitted.replacedCollider ? ShapePanel::tr("collider") : ShapePanel::tr("trigger"),
                             meshOwner);
        return text;
    }
    case document::ShapeFit::Outcome::Unchanged:
        return ShapePanel::tr("The shape already fits the mesh of %1.").arg(meshOwner);
    case document::ShapeFit::Outcome::ShapeChanged:
        break;
    }
    QString text =
        ShapePanel::tr("Fitted a %1 to the mesh of %2: %3.").arg(what, meshOwner, describe(fitted.shape));
    if (fitted.source.fromParent)
        text += QLatin1Char(' ') +
                ShapePanel::tr("%1 moved to the fitted position.").arg(quoted(nodeLabel(doc, node)));
    if (fitted.skewed)
        text +=
            QLatin1Char(' ') + ShapePanel::tr("The node's scale is not uniform, so the turned shape is only "
                                              "approximately where the mesh is; consider a scale of 1.");
    const size_t others = fitted.shapeUsers;
    if (others > 1)
        text += QLatin1Char(' ') +
                ShapePanel::tr("%n other node(s) use this shape and changed too.", "", int(others - 1));
    return text;
}

/// Why a fit failed: the errors among `diagnostics`.
QString failureOf(document::FitKind kind, const Diagnostics& diagnostics)
{
    if (findDiagnostic(diagnostics, "FIT_CHILD_NODE"))
        return ShapePanel::tr("Could not add the child node.");
    return ShapePanel::tr("Could not fit a %1: %2")
        .arg(ShapePanel::fitLabel(kind).toLower(),
             QString::fromStdString(formatDiagnostics(diagnostics, errorMessages())));
}

} // namespace

ShapeFitter::ShapeFitter(StillShown stillShown, QObject* parent)
    : QObject(parent), m_stillShown(std::move(stillShown))
{
    // Reading the mesh stays on the GUI thread (the document is not thread-safe); the fit does not.
    const auto gather = [this](document::Document& doc) -> std::shared_ptr<const Request> {
        auto points = document::fitMeshPoints(doc, m_next.node);
        if (!points) {
            m_gatherError = failureOf(m_next.kind, points.diagnostics).toHtmlEscaped();
            return nullptr;
        }
        auto request = std::make_shared<Request>(m_next);
        request->points = std::move(*points);
        return request;
    };
    const auto fit = [](const Request& r, const JobToken&) {
        return document::fitPoints(r.kind, r.points, r.axis);
    };
    m_runner = new Runner(nullptr, gather, fit, this);
    m_runner->setStaleText(
        ShapePanel::tr("The document changed while the fit was computed, so it was not applied. Fit again."));
    connect(m_runner, &PlanRunnerBase::finished, this, &ShapeFitter::fitted);
    connect(m_runner, &PlanRunnerBase::documentGone, this, [this] {
        if (m_lastOutcome == Outcome::Started)
            end(Outcome::Failed, QString()); // nothing to apply it to
    });
}

ShapeFitter::Outcome ShapeFitter::start(document::Document* document, int shape,
                                        std::optional<document::NodeIndex> node, document::FitKind kind,
                                        geometry::RoundAxis axis)
{
    m_runner->stop();
    m_lastChildNode.reset();
    if (!document || shape < 0 || size_t(shape) >= document->model().shapes.size())
        return end(Outcome::Failed, ShapePanel::tr("There is no shape to fit.").toHtmlEscaped());
    if (document->model().shapes[size_t(shape)].opaque)
        return end(
            Outcome::Failed,
            ShapePanel::tr("This shape's type is not understood, so it cannot be fitted.").toHtmlEscaped());
    if (!node)
        return end(Outcome::Failed,
                   ShapePanel::tr("Select a node that uses this shape to fit it to that node's mesh.")
                       .toHtmlEscaped());
    m_next = Request{shape, *node, kind, axis, {}};
    m_lastOutcome = Outcome::Started;
    m_runner->setDocument(document);
    m_runner->run(); // a mesh that cannot be read ends it at once
    return m_lastOutcome;
}

void ShapeFitter::cancel()
{
    m_runner->stop();
    if (m_lastOutcome == Outcome::Started)
        m_lastOutcome = Outcome::Failed;
}

bool ShapeFitter::isFitting() const
{
    return m_runner->isBusy();
}

bool ShapeFitter::waitForFit(int milliseconds)
{
    return m_runner->waitForIdle(milliseconds);
}

void ShapeFitter::fitted()
{
    if (!m_runner->plan()) {
        end(Outcome::Failed, m_gatherError);
        return;
    }
    apply(*m_runner->snapshot(), *m_runner->plan());
}

void ShapeFitter::apply(const Request& request, const Result<geometry::FittedShape>& fitted)
{
    if (!m_stillShown(request.shape, request.node)) {
        end(Outcome::Failed, QString()); // the panel shows something else now
        return;
    }
    document::Document* doc = m_runner->document();
    Result<document::ShapeFit> applied;
    const bool ran = m_runner->apply([&](document::Document& d, const Request&, const auto&) {
        applied =
            document::applyShapeFit(d, size_t(request.shape), request.node, fitted,
                                    ShapePanel::tr("Fit %1 to Mesh").arg(ShapePanel::fitLabel(request.kind)));
    });
    if (!ran) {
        end(Outcome::Failed, m_runner->refusal().toHtmlEscaped());
        return;
    }
    if (!applied) {
        end(Outcome::Failed, failureOf(request.kind, applied.diagnostics).toHtmlEscaped());
        return;
    }
    if (applied->outcome == document::ShapeFit::Outcome::ChildNode)
        m_lastChildNode = applied->childNode;
    const QString status = statusOf(*doc, request.node, request.kind, *applied);
    switch (applied->outcome) {
    case document::ShapeFit::Outcome::ChildNode:
        end(Outcome::ChildNode, status);
        break;
    case document::ShapeFit::Outcome::Unchanged:
        end(Outcome::Unchanged, status);
        break;
    case document::ShapeFit::Outcome::ShapeChanged:
        end(Outcome::ShapeChanged, status);
        break;
    }
}

ShapeFitter::Outcome ShapeFitter::end(Outcome outcome, const QString& status)
{
    m_lastOutcome = outcome;
    emit finished(outcome, status);
    return outcome;
}

} // namespace cs::ui
