#include "dialogs/DecomposeDialog.h"

#include "ModelLabels.h"
#include "dialogs/DialogButtons.h"
#include "dialogs/DialogText.h"
#include "document/Document.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace cs::ui {

DecomposeDialog::DecomposeDialog(document::Document* document, std::vector<size_t> nodes, QWidget* parent)
    : PlanDialog(parent), m_nodes(std::move(nodes))
{
    setObjectName(QStringLiteral("DecomposeDialog"));
    setWindowTitle(m_nodes.size() == 1
                       ? tr("Decompose %1 into Convex Parts").arg(nodeLabel(*document, m_nodes[0]))
                       : tr("Decompose %1 Nodes into Convex Parts").arg(m_nodes.size()));
    m_runner = new Runner(
        document, [this](document::Document& d) { return gather(d); },
        [](const Source& source, const JobToken& token) {
            geometry::DecompositionOptions o = source.options;
            o.cancel = token.cancelFlag();
            o.progress = token.progressReport();
            return source.primitives ? document::previewPrimitiveParts(source.inputs, o)
                                     : document::previewDecompositions(source.inputs, o);
        },
        this);
    m_runner->setDebounce(150);
    // The same meshes: the parts stand (applied at the new revision); the nodes may have moved.
    m_runner->follow(
        [](const Source& a, const Source& b) { return document::sameMeshes(a.inputs, b.inputs); });
    m_runner->setPreview([](const document::Document& d, const Source& source, const Parts& parts) {
        return parts ? document::worldPartLines(d, source.inputs, *parts) : Runner::Preview{};
    });
    connect(m_runner, &PlanRunnerBase::previewChanged, this, &DecomposeDialog::previewChanged);
    connect(m_runner, &PlanRunnerBase::documentEdited, this, [this] {
        for (size_t node : m_nodes)
            if (node >= m_runner->document()->gltf().count("nodes"))
                return reject(); // a node is gone (its creation was undone)
    });
    buildUi();
    m_runner->run();
}

void DecomposeDialog::buildUi()
{
    auto* layout = new QVBoxLayout(this);
    m_sourceLabel = new QLabel(this);
    m_sourceLabel->setObjectName(QStringLiteral("sourceLabel"));
    m_sourceLabel->setWordWrap(true);
    layout->addWidget(m_sourceLabel);
    m_form = new DecomposeForm(this);
    layout->addWidget(m_form);

    m_results = new DecomposeResultBox(this);
    layout->addWidget(m_results);
    QPushButton* apply = addApplyButtons(this, layout, QDialogButtonBox::Close);
    connect(apply, &QPushButton::clicked, this, &DecomposeDialog::apply);
    attach(m_runner, m_results, apply, tr("Stopped. Change a parameter to compute again."));
    connect(m_form, &DecomposeForm::parametersChanged, m_runner, &PlanRunnerBase::optionsChanged);
}

// --- Results ---------------------------------------------------------------------------------------------

const std::vector<geometry::Decomposition>* DecomposeDialog::results() const
{
    const Parts* parts = m_runner->plan();
    return parts && *parts ? &**parts : nullptr;
}

document::DecompositionFigures DecomposeDialog::figures() const
{
    return results() ? document::decompositionFigures(*results()) : document::DecompositionFigures{};
}

std::vector<std::optional<geometry::FitSummary>> DecomposeDialog::fits() const
{
    if (!results() || !m_runner->snapshot())
        return {};
    return document::worldDecompositionFits(*m_runner->document(), m_runner->snapshot()->inputs, *results());
}

std::vector<std::shared_ptr<const geometry::PrimitiveParts>> DecomposeDialog::primitives() const
{
    std::vector<std::shared_ptr<const geometry::PrimitiveParts>> out;
    if (results())
        for (const geometry::Decomposition& d : *results())
            if (d.primitives)
                out.push_back(d.primitives);
    return out;
}

// --- Computing -------------------------------------------------------------------------------------------

std::shared_ptr<const DecomposeDialog::Source> DecomposeDialog::gather(document::Document& document)
{
    auto source = std::make_shared<Source>();
    QStringList problems;
    size_t triangles = 0;
    for (size_t node : m_nodes) {
        auto input = document::gatherDecomposition(document, node);
        if (!input) {
            problems << tr("%1: %2").arg(nodeLabel(document, node), errorLines(input.diagnostics));
            continue;
        }
        triangles += input->mesh->triangleCount();
        source->inputs.push_back(std::move(*input));
    }
    m_sourceError = problems.join(QLatin1Char('\n'));
    const size_t meshes = source->inputs.size();
    m_sourceLabel->setText(meshes == 0
                               ? tr("No mesh to decompose")
                               : tr("%n mesh(es), %1 triangles", nullptr, int(meshes)).arg(triangles));
    if (meshes == 0)
        return nullptr;
    source->options = m_form->options();
    source->primitives = m_form->primitiveParts();
    return source;
}

QString DecomposeDialog::takeResult()
{
    const Parts* parts = m_runner->plan();
    if (parts && *parts)
        return {};
    return failureText(parts ? &parts->diagnostics : nullptr, m_sourceError, tr("No parts could be made"),
                       tr("No node with a mesh is selected"));
}

void DecomposeDialog::showFigures()
{
    m_results->showFigures(figures(), fits());
    m_results->showKinds(primitives());
}

// --- Applying and closing --------------------------------------------------------------------------------

bool DecomposeDialog::apply()
{
    if (!hasResult())
        return false;
    document::DecomposeApplyOptions options;
    options.addMotion = addBody();
    document::DecomposeReport report;
    const bool ran = m_runner->apply([&](document::Document& doc, const Source& source, const Parts& parts) {
        report = document::applyDecompositions(doc, source.inputs, *parts, options);
    });
    if (!ran || !report.pushed) {
        showError(ran ? errorLines(report.diagnostics) : m_runner->refusal());
        return false;
    }
    emit applied(report.partNodes.size());
    accept();
    return true;
}

} // namespace cs::ui
