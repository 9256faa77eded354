#include "dialogs/RagdollDialog.h"

#include "dialogs/DialogButtons.h"
#include "dialogs/DialogText.h"
#include "document/Document.h"
#include "document/RagdollPreview.h"
#include "widgets/JobResultBox.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace cs::ui {

using document::RagdollPlan;

namespace {

/// The warnings and infos among `diagnostics`, "warning: message" one a line.
QString warningsOf(const Diagnostics& diagnostics)
{
    Diagnostics notErrors;
    for (const Diagnostic& d : diagnostics)
        if (d.severity != Severity::Error)
            notErrors.push_back(d);
    return QString::fromStdString(formatDiagnostics(notErrors, severityAndMessages()));
}

} // namespace

RagdollDialog::RagdollDialog(document::Document* document, QWidget* parent) : PlanDialog(parent)
{
    setObjectName(QStringLiteral("RagdollDialog"));
    setWindowTitle(tr("Add Ragdoll"));
    // The same steps as addRagdoll (the command's): the gathering's warnings go in front of the plan's.
    m_runner = new Runner(
        document, [this](document::Document& d) { return gather(d); },
        [](const Source& source, const JobToken&) {
            RagdollPlan plan = document::planRagdoll(source.input);
            plan.diagnostics.insert(plan.diagnostics.begin(), source.diagnostics.begin(),
                                    source.diagnostics.end());
            return plan;
        },
        this);
    m_runner->setDebounce(40);
    m_runner->setStaleText(tr("the document was edited after the ragdoll was planned; plan it again"));
    // After an edit the plan stands while the skeleton and its skin are the same (what Apply would refuse
    // is checked again); else it is made again.
    m_runner->follow([](const Source& before, const Source& now) {
        return before.input.bones == now.input.bones && before.input.vrmNames == now.input.vrmNames;
    });
    connect(m_runner, &PlanRunnerBase::followed, this, [this] { showError(takeResult()); });
    m_runner->setPreview([](const document::Document&, const Source&, const RagdollPlan& plan) {
        return document::ragdollPreviewLines(plan);
    });
    connect(m_runner, &PlanRunnerBase::previewChanged, this, &RagdollDialog::previewChanged);
    buildUi();
    m_runner->run();
}

void RagdollDialog::buildUi()
{
    auto* layout = new QVBoxLayout(this);
    m_form = new RagdollForm(this);
    layout->addWidget(m_form);
    m_results = new JobResultBox(tr("Result"), this);
    m_summary = m_results->addFigure(tr("Ragdoll:"), "summaryLabel");
    m_warnings = m_results->addFigure(tr("Warnings:"), "warningsLabel");
    m_warnings->setWordWrap(true);
    m_results->stopButton()->setToolTip(tr("Stop planning the ragdoll"));
    layout->addWidget(m_results);
    QPushButton* apply = addApplyButtons(this, layout, QDialogButtonBox::Cancel);
    connect(apply, &QPushButton::clicked, this, &RagdollDialog::apply);
    attach(m_runner, m_results, apply, tr("Stopped. Change an option to plan again."));
    connect(m_form, &RagdollForm::changed, m_runner, &PlanRunnerBase::optionsChanged);
}

std::shared_ptr<const RagdollDialog::Source> RagdollDialog::gather(document::Document& document)
{
    Result<document::RagdollInput> input = document::gatherRagdoll(document, m_form->options());
    m_sourceError = errorLines(input.diagnostics);
    if (!input)
        return nullptr;
    return std::make_shared<const Source>(Source{std::move(*input), input.diagnostics});
}

bool RagdollDialog::hasResult() const
{
    return plan() != nullptr;
}

const RagdollPlan* RagdollDialog::plan() const
{
    const RagdollPlan* p = m_runner->plan();
    return p && !hasErrors(p->diagnostics) && !p->bodies.empty() && !hasErrors(m_checks) ? p : nullptr;
}

QString RagdollDialog::resultText() const
{
    const RagdollPlan* p = plan();
    if (!p)
        return {};
    return tr("%1, %2, %3 preset")
        .arg(countText(qsizetype(p->bodies.size()), tr("body"), tr("bodies")),
             countText(qsizetype(p->joints.size()), tr("joint"), tr("joints")),
             p->humanoid ? tr("humanoid") : tr("generic"));
}

QString RagdollDialog::warningText() const
{
    const RagdollPlan* p = plan();
    if (!p)
        return {};
    Diagnostics all = p->diagnostics;
    all.insert(all.end(), m_checks.begin(), m_checks.end());
    return warningsOf(all);
}

const std::vector<std::vector<QVector3D>>& RagdollDialog::previewParts() const
{
    return m_runner->preview();
}

QString RagdollDialog::takeResult()
{
    // What Apply would refuse or warn of on the document as it is, said now.
    const RagdollPlan* p = m_runner->plan();
    m_checks = p && m_runner->document() ? document::checkRagdoll(*m_runner->document(), *p) : Diagnostics();
    if (hasResult())
        return {};
    if (hasErrors(m_checks))
        return errorLines(m_checks);
    return failureText(p ? &p->diagnostics : nullptr, m_sourceError, tr("No bone could be given a body"),
                       tr("The document has no skinned character"));
}

void RagdollDialog::showFigures()
{
    m_summary->setText(resultText());
    const QString warnings = warningText();
    m_warnings->setText(warnings.isEmpty() ? tr("none") : warnings);
}

bool RagdollDialog::apply()
{
    if (!hasResult())
        return false;
    document::RagdollReport report;
    const bool ran = m_runner->apply([&](document::Document& doc, const Source&, const RagdollPlan& p) {
        report = document::applyRagdoll(doc, p);
    });
    if (!ran || !report.pushed) {
        showError(ran ? errorLines(report.diagnostics) : m_runner->refusal());
        return false;
    }
    emit applied(report.bodies, report.joints);
    accept();
    return true;
}

} // namespace cs::ui
