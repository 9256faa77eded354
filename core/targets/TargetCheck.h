#pragma once

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"
#include "targets/FeatureScan.h"
#include "targets/Target.h"

#include <string>
#include <vector>

namespace cs::targets {

/// One place where the file will not load, will be ignored or will behave differently in a target.
struct Finding
{
    Verdict verdict = Verdict::Differs;
    Feature feature = Feature::FamilyOmi;
    std::string pointer; ///< JSON pointer ("" = the document)
    std::string detail;  ///< what the file has there
    std::string reason;  ///< what the engine does, from the target's rule
    std::string cite;    ///< the rule's source (ENGINE-TARGETS.md key:line)
};

/// The findings of one target on the occurrences of one file, in occurrence order. Capped features (hull
/// points, filters, systems) count only above the target's cap; a target with no cap has no such finding.
std::vector<Finding> checkTarget(const std::vector<Occurrence>& occurrences, const Target& target);
std::vector<Finding> checkTarget(const gltf::GltfDocument& doc, const Target& target);

/// The verdict on the whole file: Fails if any finding fails, else Differs if there is any finding, else
/// Reads.
Verdict overallVerdict(const std::vector<Finding>& findings);
/// "loads", "loads with N differences" or "fails" (a file without physics data "loads").
std::string summaryText(const std::vector<Finding>& findings);

/// The command that writes `file` in the form `target` reads, when `findings` hold a "won't load":
/// `collidoscope upgrade FILE --target NAME -o OUT`, OUT being FILE with `-NAME` before its extension; ""
/// when nothing fails.
std::string fixCommand(const std::vector<Finding>& findings, const std::string& file, const Target& target);

/// "/nodes/3/...: won't load: reason [cite] (detail)".
std::string formatFinding(const Finding& f);
/// A finding as JSON: verdict, feature, pointer, detail, reason, cite.
gltf::Json findingJson(const Finding& f);

/// The findings as diagnostics, for lists that show both (the Diagnostics dock): won't load -> error
/// TARGET_WONT_LOAD, ignored -> warning TARGET_IGNORED, differs -> info TARGET_DIFFERS; the message is
/// "NAME: reason [cite] (detail)" and the pointer the finding's.
Diagnostics targetDiagnostics(const std::vector<Finding>& findings, const Target& target);

/// The support matrix of docs/targets.md: every target's description, then a table of feature x target
/// with each verdict, then each target's rules with their reasons and citations. Generated from the target
/// descriptions alone (`collidoscope targets --markdown`).
std::string supportMatrixMarkdown();

} // namespace cs::targets
