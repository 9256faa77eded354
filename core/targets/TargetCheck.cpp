#include "targets/TargetCheck.h"

#include "targets/TargetHullBudget.h"

#include <algorithm>
#include <sstream>

namespace cs::targets {

namespace {

std::optional<int> capOf(const Target& target, Feature f)
{
    switch (f) {
    case Feature::FilterCount:
        return target.filterCap;
    case Feature::SystemCount:
        return target.systemCap;
    default:
        return std::nullopt;
    }
}

bool capped(Feature f)
{
    return f == Feature::FilterCount || f == Feature::SystemCount;
}

/// "over the budget of 255 polygons (it has 300)" for the first of the target's caps the hull exceeds, or
/// "" when it keeps within every one. A hull whose mesh could not be read is measured by its points, which
/// bound its vertices (and, as 2V - 4, its polygons and triangles).
std::string overBudget(const Occurrence& o, const HullBudget& budget)
{
    for (const HullLimit& l : budget.limits) {
        const int has =
            o.hull ? hullCount(*o.hull, l.unit)
                   : (l.unit == HullUnit::Vertices ? int(o.amount) : std::max(0, 2 * int(o.amount) - 4));
        if (has > l.most)
            return std::string(o.hull ? "" : "up to ") + std::to_string(has) + " " + hullUnitName(l.unit) +
                   ", over the budget of " + std::to_string(l.most) + " " + hullUnitName(l.unit);
    }
    return {};
}

} // namespace

std::vector<Finding> checkTarget(const std::vector<Occurrence>& occurrences, const Target& target)
{
    std::vector<Finding> findings;
    for (const Occurrence& o : occurrences) {
        const Rule* rule = target.rule(o.feature);
        if (!rule || rule->verdict == Verdict::Reads)
            continue;
        if (capped(o.feature)) {
            const auto cap = capOf(target, o.feature);
            if (!cap || o.amount <= *cap)
                continue;
        }
        if (o.feature == Feature::HullPoints) {
            const std::string over = target.hullBudget.moot ? "" : overBudget(o, target.hullBudget);
            if (over.empty())
                continue;
            findings.push_back(
                {rule->verdict, o.feature, o.pointer, o.detail + "; " + over, rule->reason, rule->cite});
            continue;
        }
        findings.push_back({rule->verdict, o.feature, o.pointer, o.detail, rule->reason, rule->cite});
    }
    return findings;
}

std::vector<Finding> checkTarget(const gltf::GltfDocument& doc, const Target& target)
{
    return checkTarget(scanFeatures(doc), target);
}

Verdict overallVerdict(const std::vector<Finding>& findings)
{
    Verdict worst = Verdict::Reads;
    for (const Finding& f : findings) {
        if (f.verdict == Verdict::Fails)
            return Verdict::Fails;
        worst = Verdict::Differs;
    }
    return worst;
}

std::string summaryText(const std::vector<Finding>& findings)
{
    switch (overallVerdict(findings)) {
    case Verdict::Fails:
        return "fails";
    case Verdict::Reads:
        return "loads";
    default:
        return "loads with " + std::to_string(findings.size()) + " difference" +
               (findings.size() == 1 ? "" : "s");
    }
}

std::string fixCommand(const std::vector<Finding>& findings, const std::string& file, const Target& target)
{
    const bool overBudget = std::any_of(findings.begin(), findings.end(),
                                        [](const Finding& f) { return f.feature == Feature::HullPoints; });
    if (overallVerdict(findings) != Verdict::Fails && !overBudget)
        return {};
    const size_t slash = file.find_last_of('/');
    const size_t dot = file.find_last_of('.');
    const bool hasExtension = dot != std::string::npos && (slash == std::string::npos || dot > slash);
    const std::string out = hasExtension ? file.substr(0, dot) + "-" + target.name + file.substr(dot)
                                         : file + "-" + target.name + ".gltf";
    return "collidoscope upgrade " + file + " --target " + target.name + " -o " + out;
}

std::string formatFinding(const Finding& f)
{
    return (f.pointer.empty() ? std::string("(document)") : f.pointer) + ": " + verdictName(f.verdict) +
           ": " + f.reason + " [" + f.cite + "] (" + f.detail + ")";
}

gltf::Json findingJson(const Finding& f)
{
    return {{"verdict", verdictName(f.verdict)},
            {"feature", featureId(f.feature)},
            {"pointer", f.pointer},
            {"detail", f.detail},
            {"reason", f.reason},
            {"cite", f.cite}};
}

Diagnostics targetDiagnostics(const std::vector<Finding>& findings, const Target& target)
{
    Diagnostics out;
    for (const Finding& f : findings) {
        const std::string message = target.name + ": " + f.reason + " [" + f.cite + "] (" + f.detail + ")";
        switch (f.verdict) {
        case Verdict::Fails:
            out.push_back(makeError("TARGET_WONT_LOAD", message, f.pointer));
            break;
        case Verdict::Ignored:
            out.push_back(makeWarning("TARGET_IGNORED", message, f.pointer));
            break;
        default:
            out.push_back(makeInfo("TARGET_DIFFERS", message, f.pointer));
            break;
        }
    }
    return out;
}

namespace {

const char* familyText(TargetFamily f)
{
    switch (f) {
    case TargetFamily::Omi:
        return "OMI";
    case TargetFamily::Khr:
        return "KHR";
    default:
        return "either";
    }
}

std::string capText(const std::optional<int>& cap)
{
    return cap ? std::to_string(*cap) : std::string("none known");
}

/// "255 vertices, 255 polygons", or "none" (the fact beside it says whether a limit is known not to exist or
/// none is documented).
std::string budgetText(const HullBudget& b)
{
    std::string text;
    for (const HullLimit& l : b.limits)
        text += (text.empty() ? "" : ", ") + std::to_string(l.most) + " " + hullUnitName(l.unit);
    if (text.empty())
        return "none";
    return b.moot ? text + " (moot)" : text;
}

void writeTargetList(std::ostringstream& out)
{
    out << "| target | engine | family | reads | hull budget | filters | systems |\n"
           "|---|---|---|---|---|---|---|\n";
    for (const Target& t : allTargets()) {
        out << "| `" << t.name << "` r" << t.revision << " | " << t.engine << " | " << familyText(t.family)
            << " | " << t.reads << " | " << budgetText(t.hullBudget) << " | " << capText(t.filterCap) << " | "
            << capText(t.systemCap) << " |\n";
    }
}

void writeMatrix(std::ostringstream& out)
{
    out << "| feature |";
    for (const Target& t : allTargets())
        out << " `" << t.name << "` |";
    out << "\n|---|";
    for (size_t i = 0; i < allTargets().size(); ++i)
        out << "---|";
    out << "\n";
    for (int i = 0; i < kFeatureCount; ++i) {
        const Feature f = Feature(i);
        out << "| " << featureTitle(f) << " (`" << featureId(f) << "`) |";
        const TargetFamily family = featureFamily(f);
        for (const Target& t : allTargets()) {
            const bool other =
                family != TargetFamily::Any && t.family != TargetFamily::Any && t.family != family;
            out << " " << (other ? "n/a" : verdictName(t.verdict(f))) << " |";
        }
        out << "\n";
    }
}

/// Each target's hull budget with the fact it rests on and where the spec material states it.
void writeBudgets(std::ostringstream& out)
{
    out << "\n## Hull budgets\n\n"
           "How large a convex hull each engine builds, in the engine's own unit (vertices: the hull's "
           "corners;\npolygons: its faces with coplanar triangles merged; triangles: the faces fanned). "
           "`add-colliders --target`\nand `hull --target` keep every hull within it, `validate --target` "
           "reports each hull over it and\n`upgrade --target` cuts such a hull down to it (holding every "
           "vertex of the old one),\na collider's or a trigger's alike.\n\n"
           "| target | budget | fact | source |\n|---|---|---|---|\n";
    for (const Target& t : allTargets())
        out << "| `" << t.name << "` | " << budgetText(t.hullBudget) << " | " << t.hullBudget.text << " | "
            << t.hullBudget.cite << " |\n";
}

} // namespace

namespace {

/// The deviations the preview can take as parameters (Simulate > Behave like, simulate --behave-like).
void writeBehaviours(std::ostringstream& out)
{
    out << "\n## Behave like\n\n"
           "The deviations that are parameters of the simulation, which the preview can take: Simulate > "
           "Behave like\nin the window, `collidoscope simulate --behave-like NAME` on the command line "
           "(docs/simulation.md).\n`spec` changes nothing; a target not listed has no such parameter.\n";
    for (const Target& t : allTargets()) {
        if (t.behaviours.empty())
            continue;
        out << "\n### `" << t.name << "`\n\n";
        for (const BehaviourRule& b : t.behaviours) {
            out << "- `" << behaviourId(b.behaviour) << "`";
            if (b.value != 0)
                out << " " << b.value;
            if (b.mode)
                out << " " << physics::combineModeName(*b.mode);
            out << ": " << b.reason << " (" << b.cite << ")\n";
        }
    }
}

} // namespace

std::string supportMatrixMarkdown()
{
    std::ostringstream out;
    out << "# Export targets\n\n"
           "<!-- Generated by `collidoscope targets --markdown` from core/targets; a test checks that this "
           "file\n     equals the command's output. Edit the target descriptions, then regenerate. -->\n\n"
           "What each engine does with each physics feature of a file, as `collidoscope validate --target "
           "NAME`\nreports it. Verdicts: **reads** (as the spec means it), **differs** (read, behaves "
           "differently),\n**ignored** (silently left out), **won't load** (the file or its physics does not "
           "load);\n**n/a**: the feature belongs to the family the target does not read (such a file fails "
           "as a "
           "whole).\nCitations are `key:line` of shared/spec/ENGINE-TARGETS.md. Capped features (hull "
           "points, "
           "filters,\nsystems) count only above the target's cap.\n\n"
           "`babylon-havok` is also measured in the engine itself: `make engine-check` loads what `upgrade "
           "--target\nbabylon-havok` writes for every fixture in Babylon.js + Havok with the glTF physics "
           "loader "
           "(see\n[engine-check.md](engine-check.md); not part of CI, as the loader is not on npm).\n\n## "
           "Targets\n\n";
    writeTargetList(out);
    writeBudgets(out);
    out << "\n## Support matrix\n\n";
    writeMatrix(out);
    out << "\n## Rules\n";
    for (const Target& t : allTargets()) {
        out << "\n### `" << t.name << "`\n\n";
        if (t.rules.empty()) {
            out << "No constraint beyond the specs.\n";
            continue;
        }
        for (const Rule& r : t.rules) {
            out << "- " << featureTitle(r.feature) << ": **" << verdictName(r.verdict) << "**, " << r.reason
                << " (" << r.cite << ")\n";
        }
    }
    writeBehaviours(out);
    return out.str();
}

} // namespace cs::targets
