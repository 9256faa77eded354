#include "dialogs/HullDialog.h"

#include "ModelLabels.h"
#include "dialogs/DialogButtons.h"
#include "dialogs/DialogText.h"
#include "document/Document.h"
#include "document/ToolResults.h"

#include <QPushButton>
#include <QVBoxLayout>

namespace cs::ui {

using document::HullPlan;
using document::HullSource;

HullDialog::HullDialog(document::Document* document, size_t node, QWidget* parent)
    : PlanDialog(parent), m_node(node)
{
    setObjectName(QStringLiteral("HullDialog"));
    setWindowTitle(tr("Convex Hull of %1").arg(nodeLabel(*document, node)));
    m_runner = new Runner(
        document, [this](document::Document& d) { return gather(d); },
        [](const HullSource& source, const JobToken& token) {
            return document::planHull(source, token.progressReport(), token.cancelFlag());
        },
        this);
    m_runner->setDebounce(40);
    // The same points in the node's space: the hull stands; only the node may have moved (the preview
    // moves along).
    m_runner->follow(
        [](const HullSource& before, const HullSource& now) { return before.points == now.points; });
    m_runner->setPreview([node](const document::Document& d, const HullSource&, const HullPlan& plan) {
        return plan.hull ? Runner::Preview{document::worldHullLines(d, node, plan.hull->mesh)}
                         : Runner::Preview{};
    });
    connect(m_runner, &PlanRunnerBase::previewChanged, this,
            [this](const Runner::Preview& parts) { emit previewChanged(parts.front()); });
    connect(m_runner, &PlanRunnerBase::documentEdited, this, [this] {
        if (m_node >= m_runner->document()->gltf().count("nodes"))
            reject(); // the node is gone (its creation was undone)
    });
    buildUi();
    m_runner->run();
}

void HullDialog::buildUi()
{
    auto* layout = new QVBoxLayout(this);
    m_form = new HullForm(this);
    layout->addWidget(m_form);
    m_results = new HullResultBox(this);
    layout->addWidget(m_results);
    QPushButton* apply = addApplyButtons(this, layout, QDialogButtonBox::Cancel);
    connect(apply, &QPushButton::clicked, this, &HullDialog::apply);
    attach(m_runner, m_results, apply, tr("Stopped. Change an option to compute again."));
    connect(m_form, &HullForm::sourceChanged, m_runner, &PlanRunnerBase::optionsChanged);
    connect(m_form, &HullForm::hullOptionsChanged, m_runner, &PlanRunnerBase::optionsChanged);
}

const geometry::ConvexHull* HullDialog::hull() const
{
    const HullPlan* plan = m_runner->plan();
    return plan && plan->hull ? &*plan->hull : nullptr;
}

size_t HullDialog::sourcePointCount() const
{
    return m_runner->snapshot() ? m_runner->snapshot()->points.size() : 0;
}

const std::vector<QVector3D>& HullDialog::previewSegments() const
{
    static const std::vector<QVector3D> none;
    return m_runner->preview().empty() ? none : m_runner->preview().front();
}

std::shared_ptr<const HullSource> HullDialog::gather(document::Document& document)
{
    geometry::ConvexHullOptions options;
    options.maxVertices = m_form->hullPoints();
    options.conservative = conservative();
    options.measureQuality = true;
    m_form->setSimplifyFirstAvailable(!includeChildren()); // a copy is made of the node's own mesh only
    auto source =
        document::gatherHullSource(document, m_node, includeChildren(), options, m_form->simplifyFirst());
    m_sourceError = errorLines(source.diagnostics);
    if (!source) {
        m_form->setSourceText(tr("No mesh"));
        return nullptr;
    }
    const size_t count = source->points.size();
    m_form->setSourceText(count == 1 ? tr("1 point") : tr("%1 points").arg(count));
    source->maxFaces = m_form->hullFaces();
    return std::make_shared<const HullSource>(std::move(*source));
}

QString HullDialog::takeResult()
{
    const HullPlan* plan = m_runner->plan();
    if (plan && plan->hull) {
        m_results->takeFigures(*plan, m_runner->document()->sceneGraph().worldTransform(m_node));
        return {};
    }
    return failureText(plan ? &plan->diagnostics : nullptr, m_sourceError, tr("No hull could be made"),
                       tr("The node has no mesh"));
}

void HullDialog::showFigures()
{
    m_results->showHull(*hull(), sourcePointCount());
}

bool HullDialog::apply()
{
    if (!hasResult())
        return false;
    document::HullOptions options;
    options.onNewChildNode = destination() == Destination::NewChildNode;
    options.node.trigger = trigger();
    Result<size_t> shape;
    const bool ran = m_runner->apply([&](document::Document& doc, const HullSource&, const HullPlan& plan) {
        shape = document::applyHull(doc, m_node, plan.hull->mesh, options, m_results->fit());
    });
    if (!ran || !shape) {
        showError(ran ? errorLines(shape.diagnostics) : m_runner->refusal());
        return false;
    }
    emit applied(*shape);
    accept();
    return true;
}

} // namespace cs::ui
