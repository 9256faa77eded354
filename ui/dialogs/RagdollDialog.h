#pragma once

#include "PlanRunner.h"
#include "dialogs/PlanDialog.h"
#include "dialogs/RagdollForm.h"
#include "document/Ragdoll.h"

#include <QVector3D>
#include <vector>

class QLabel;

namespace cs::document {
class Document;
} // namespace cs::document

namespace cs::ui {

class JobResultBox;

/// Physics > Add Ragdoll...: a dynamic body with a capsule (or box) on every bone of the document's skinned
/// character and a limited joint between each bone and its parent, as `collidoscope add-ragdoll` makes them
/// (document/Ragdoll.h: gatherRagdoll, planRagdoll, applyRagdoll, the calls the command makes through
/// addRagdoll). The plan is made on a worker thread (a PlanRunner; see PlanDialog) for the options of the
/// form, every change planning again after a short pause; its bodies' shapes are previewed in the view
/// (previewChanged, one part per body) and the result line says the bodies, joints, preset and warnings.
/// The dialog follows the document's edits: the plan stands while the skeleton and its skin are the same,
/// else it is made again. Apply pushes it as one undo step and closes the dialog; a document without a skin
/// gets the core's message and no Apply, and so does a character whose bones already have bodies
/// (checkRagdoll).
class RagdollDialog : public PlanDialog
{
    Q_OBJECT

public:
    /// What a plan is made from: the skeleton gathered and what gathering warned about.
    struct Source
    {
        document::RagdollInput input;
        Diagnostics diagnostics;
    };

    explicit RagdollDialog(cs::document::Document* document, QWidget* parent = nullptr);

    RagdollForm* form() const { return m_form; }
    document::RagdollOptions options() const { return m_form->options(); }

    // --- The current result (and PlanDialog's: computing, waitForResult, errorText, finishedRuns)
    bool hasResult() const override;
    /// The plan for the current options, or null.
    const document::RagdollPlan* plan() const;
    /// The result line as shown ("19 bodies, 18 joints, humanoid preset"), and the warnings below it.
    QString resultText() const;
    QString warningText() const;
    /// The last preview sent: one part per body, world-space points two per segment.
    const std::vector<std::vector<QVector3D>>& previewParts() const;

public slots:
    /// Pushes the ragdoll (one undo step) and closes the dialog. False, with nothing pushed, without a plan
    /// for the current options or when the document refuses it (the reason is shown).
    bool apply();

signals:
    /// A plan is ready: its bodies' shapes in world space, one part per body.
    void previewChanged(const std::vector<std::vector<QVector3D>>& parts);
    /// Apply pushed the ragdoll: its bodies and joints.
    void applied(size_t bodies, size_t joints);

protected:
    QString takeResult() override;
    void showFigures() override;

private:
    using Runner = PlanRunner<Source, document::RagdollPlan>;
    void buildUi();
    std::shared_ptr<const Source> gather(cs::document::Document& document);

    RagdollForm* m_form = nullptr;
    JobResultBox* m_results = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_warnings = nullptr;
    Runner* m_runner = nullptr;
    QString m_sourceError; // why the last gathering found no skeleton
    Diagnostics m_checks;  // what Apply would refuse or warn of for the plan at hand (checkRagdoll)
};

} // namespace cs::ui
