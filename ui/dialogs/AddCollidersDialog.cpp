#include "dialogs/AddCollidersDialog.h"

#include "ChildSignals.h"
#include "DiagnosticText.h"
#include "dialogs/DialogText.h"
#include "document/Document.h"
#include "gltf/NodeLabel.h"
#include "import/AutoColliderParts.h"
#include "widgets/JobProgress.h"

#include <QDialogButtonBox>
#include <QPushButton>
#include <QTextEdit>
#include <QVBoxLayout>
#include <map>

namespace cs::ui {

namespace {

/// One line per collider with its fit figures (for a compound, one per mesh), at most 20.
QStringList fitLines(const std::vector<import::AddedCollider>& added)
{
    QStringList lines;
    for (const auto& a : added) {
        if (!a.fit || (a.parts > 0 && a.part + 1 != a.parts))
            continue;
        if (lines.size() == 20) {
            lines << QObject::tr("...");
            break;
        }
        QString line =
            QStringLiteral("%1: %2").arg(QString::fromStdString(gltf::nodeLabel(a.name, a.meshNode)),
                                         QString::fromStdString(geometry::fitText(*a.fit)));
        if (a.trianglesBefore > 0)
            line += QObject::tr("; %1 -> %2 triangles").arg(a.trianglesBefore).arg(a.trianglesAfter);
        lines << line;
    }
    return lines;
}

} // namespace

AddCollidersDialog::AddCollidersDialog(document::Document* document, QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("AddCollidersDialog"));
    setWindowTitle(tr("Add Colliders to All Meshes"));
    m_runner = new Runner(
        document,
        [this](document::Document& d) {
            return std::make_shared<const document::AutoColliderInput>(
                document::gatherAutoColliders(d, options()));
        },
        [](const document::AutoColliderInput& input, const JobToken& token) {
            return document::planAutoColliders(input, token.progressReport(), token.cancelFlag());
        },
        this);
    m_runner->setStaleText(tr("the document was edited while the colliders were computed; nothing was "
                              "added, run it again"));
    connect(m_runner, &PlanRunnerBase::finished, this, &AddCollidersDialog::runFinished);
    connect(m_runner, &PlanRunnerBase::documentGone, this, &AddCollidersDialog::reject);

    auto* layout = new QVBoxLayout(this);
    m_form = new AddCollidersForm(this);
    layout->addWidget(m_form);
    m_progress = new JobProgress(this);
    connect(m_progress, &JobProgress::stopRequested, this, &AddCollidersDialog::stop);
    connect(m_runner, &PlanRunnerBase::progressChanged, m_progress, &JobProgress::setProgress);
    layout->addWidget(m_progress);
    m_summary = new QTextEdit(this);
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setReadOnly(true);
    m_summary->setMinimumHeight(90);
    m_summary->setPlaceholderText(tr("What was added is listed here."));
    layout->addWidget(m_summary, 1);
    layout->addWidget(buildButtons());
    setRunning(false);
}

AddCollidersDialog::~AddCollidersDialog()
{
    disconnectChildrenFrom(this);
    m_runner->close();
}

QWidget* AddCollidersDialog::buildButtons()
{
    auto* buttons = new QDialogButtonBox(this);
    m_add = buttons->addButton(tr("Add Colliders"), QDialogButtonBox::ApplyRole);
    m_add->setObjectName(QStringLiteral("add"));
    m_add->setDefault(true);
    connect(m_add, &QPushButton::clicked, this, &AddCollidersDialog::start);
    buttons->addButton(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &AddCollidersDialog::reject);
    return buttons;
}

bool AddCollidersDialog::isRunning() const
{
    return m_runner->isBusy();
}

void AddCollidersDialog::setRunning(bool running)
{
    m_progress->setVisible(running);
    m_progress->setProgress(0);
    m_add->setEnabled(!running);
    m_form->setRunning(running);
}

void AddCollidersDialog::start()
{
    if (isRunning() || m_runner->isClosed())
        return;
    m_runner->run();
    const int nodes = int(m_runner->snapshot()->nodes.size());
    m_summary->setPlainText(tr("Fitting %1...").arg(countText(nodes, tr("mesh node"), tr("mesh nodes"))));
    setRunning(true);
}

void AddCollidersDialog::stop()
{
    if (!m_runner->stop())
        return;
    m_report = {};
    m_report.cancelled = true;
    setRunning(false);
    m_summary->setPlainText(summary());
    emit finished();
}

void AddCollidersDialog::runFinished()
{
    const document::AutoColliderPlan& plan = *m_runner->plan();
    const bool ran = m_runner->apply(
        [this](document::Document& doc, const document::AutoColliderInput&,
               const document::AutoColliderPlan& p) { m_report = document::applyAutoColliders(doc, p); });
    if (!ran) {
        m_report = {};
        m_report.skipped = plan.input.skipped;
        m_report.matched = plan.input.matched;
        m_report.diagnostics.push_back(makeError("DOCUMENT_CHANGED", m_runner->refusal().toStdString()));
    }
    setRunning(false);
    m_summary->setPlainText(summary());
    emit finished();
}

bool AddCollidersDialog::waitForFinished(int milliseconds)
{
    return m_runner->waitForIdle(milliseconds);
}

QString AddCollidersDialog::summary() const
{
    const document::AutoColliderReport& r = m_report;
    if (r.cancelled)
        return tr("Stopped: nothing was added.");
    QStringList lines;
    if (r.added.empty()) {
        lines << (r.matched == 0 ? tr("No mesh node matched.") : tr("No collider was added."));
    } else {
        std::map<std::string, int> byType;
        for (const auto& a : r.added)
            ++byType[a.typeName];
        QStringList kinds;
        for (const auto& [type, count] : byType)
            kinds << QStringLiteral("%1 %2").arg(count).arg(QString::fromStdString(type));
        lines << tr("Added %1: %2.")
                     .arg(countText(qsizetype(r.added.size()), tr("collider"), tr("colliders")),
                          kinds.join(QStringLiteral(", ")));
        const auto capped =
            std::count_if(r.added.begin(), r.added.end(), [](const auto& a) { return a.capped; });
        if (capped > 0)
            lines << tr("%1 capped to the point limit.")
                         .arg(capped == 1 ? tr("1 hull was") : tr("%1 hulls were").arg(capped));
        lines << fitLines(r.added);
        for (const auto& a : r.added)
            if (const std::string totals = import::partsTotalsText(a); !totals.empty())
                lines << QString::fromStdString(gltf::nodeLabel(a.name, a.meshNode) + ": " + totals);
        lines << tr("Edit > Undo removes them all in one step.");
    }
    if (!r.skipped.empty())
        lines << tr("%1 a collider already and left alone.")
                     .arg(r.skipped.size() == 1 ? tr("1 node had")
                                                : tr("%1 nodes had").arg(r.skipped.size()));
    if (!r.diagnostics.empty())
        lines << QString::fromStdString(formatDiagnostics(r.diagnostics, severityAndMessages()));
    return lines.join(QLatin1Char('\n'));
}

void AddCollidersDialog::reject()
{
    stop();
    QDialog::reject();
}

} // namespace cs::ui
