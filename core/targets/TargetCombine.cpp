#include "targets/TargetCombine.h"

#include "physics/CombineRule.h"
#include "targets/TargetExport.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

namespace cs::targets {

using physics::CombineMode;

namespace {

constexpr int kModeCount = 4;
constexpr size_t kSearchLimit = 8;

using physics::combineValues;

/// How one participant reads under each rule, for one choice (keep, or a written mode).
struct Reading
{
    CombineMode target;
    std::optional<CombineMode> specExport;
    std::optional<CombineMode> specOriginal;
};

struct Search
{
    const std::vector<CombineParticipant>& parts;
    const std::vector<CombineMode>& precedence;
    std::vector<std::vector<Reading>> options; ///< per participant: [0] keep, then each mode it may get
    std::vector<std::vector<std::optional<CombineMode>>> written; ///< the mode each option writes

    bool pairHolds(size_t i, const Reading& a, size_t j, const Reading& b) const
    {
        const CombineMode spec = physics::appliedCombineMode(a.specOriginal, b.specOriginal);
        // The target reads both sides with a mode (an absent one as the engine's default).
        const CombineMode engine = physics::appliedCombineMode(a.target, b.target, precedence);
        const CombineMode specExport = physics::appliedCombineMode(a.specExport, b.specExport);
        for (size_t k = 0; k < parts[i].values.size() && k < parts[j].values.size(); ++k) {
            const double x = parts[i].values[k], y = parts[j].values[k];
            const double want = combineValues(x, y, spec);
            if (std::abs(combineValues(x, y, engine) - want) > 1e-12 ||
                std::abs(combineValues(x, y, specExport) - want) > 1e-12)
                return false;
        }
        return true;
    }

    bool holds(const std::vector<size_t>& choice) const
    {
        for (size_t i = 0; i < parts.size(); ++i) {
            for (size_t j = i; j < parts.size(); ++j) {
                if (!pairHolds(i, options[i][choice[i]], j, options[j][choice[j]]))
                    return false;
            }
        }
        return true;
    }
};

} // namespace

std::optional<std::vector<std::optional<CombineMode>>>
explicitCombineModes(const std::vector<CombineParticipant>& participants, physics::SourceFormat sourceFormat,
                     physics::SourceFormat exportFormat, const std::vector<CombineMode>& precedence,
                     CombineMode absent)
{
    Search s{participants, precedence, {}, {}};
    for (const CombineParticipant& p : participants) {
        const std::optional<CombineMode> original = physics::votingCombineMode(p.mode, sourceFormat);
        s.options.push_back(std::vector<Reading>{
            Reading{p.mode.value_or(absent), physics::votingCombineMode(p.mode, exportFormat), original}});
        s.written.push_back(std::vector<std::optional<CombineMode>>{std::nullopt});
        for (int m = 0; m < kModeCount && !p.fixed && participants.size() <= kSearchLimit; ++m) {
            const auto mode = static_cast<CombineMode>(m);
            if (p.mode == mode)
                continue; // the same as keeping it
            s.options.back().push_back({mode, mode, original});
            s.written.back().push_back(mode);
        }
    }
    // Every choice, in odometer order; the one that writes the fewest fields wins (the first of them).
    std::vector<size_t> choice(participants.size(), 0);
    std::optional<std::vector<size_t>> best;
    size_t bestCost = participants.size() + 1;
    for (;;) {
        const auto cost =
            size_t(std::count_if(choice.begin(), choice.end(), [](size_t c) { return c != 0; }));
        if (cost < bestCost && s.holds(choice)) {
            best = choice;
            bestCost = cost;
        }
        size_t k = 0;
        while (k < choice.size() && ++choice[k] == s.options[k].size())
            choice[k++] = 0;
        if (k == choice.size())
            break;
    }
    if (!best)
        return std::nullopt;
    std::vector<std::optional<CombineMode>> modes;
    for (size_t i = 0; i < best->size(); ++i)
        modes.push_back(s.written[i][(*best)[i]]);
    return modes;
}

namespace {

std::string orderText(const std::vector<CombineMode>& precedence)
{
    std::string text;
    for (CombineMode m : precedence)
        text += (text.empty() ? "" : " > ") + std::string(physics::combineModeName(m));
    return text;
}

} // namespace

void matchCombineModes(physics::PhysicsModel& model, const Target& target, physics::Family family,
                       Diagnostics& changes)
{
    const auto rule =
        std::find_if(target.behaviours.begin(), target.behaviours.end(),
                     [](const BehaviourRule& b) { return b.behaviour == Behaviour::CombinePrecedence; });
    if (rule == target.behaviours.end() || !target.absentCombine || model.materials.empty())
        return;
    std::vector<bool> used(model.materials.size(), false);
    bool defaultUsed = false;
    for (const auto& [node, physics] : model.nodes) {
        if (!physics.collider)
            continue;
        const int m = physics.collider->physicsMaterial;
        if (m >= 0 && size_t(m) < used.size())
            used[size_t(m)] = true;
        else
            defaultUsed = true;
    }
    const physics::SourceFormat exportFormat =
        family == physics::Family::Omi ? physics::SourceFormat::Omi : physics::SourceFormat::Khr;
    for (const bool friction : {true, false}) {
        const char* field = friction ? "frictionCombine" : "restitutionCombine";
        std::vector<CombineParticipant> parts;
        std::vector<size_t> materials;
        const auto add = [&](const physics::PhysicsMaterial& m, bool fixed) {
            parts.push_back({friction ? std::vector<double>{m.staticFriction, m.dynamicFriction}
                                      : std::vector<double>{m.restitution},
                             fixed      ? std::optional<CombineMode>()
                             : friction ? m.frictionCombine
                                        : m.restitutionCombine,
                             fixed});
        };
        for (size_t i = 0; i < used.size(); ++i) {
            if (used[i]) {
                add(model.materials[i], false);
                materials.push_back(i);
            }
        }
        if (materials.empty())
            continue;
        if (defaultUsed)
            add(physics::PhysicsMaterial{}, true);
        const auto modes =
            explicitCombineModes(parts, model.format, exportFormat, rule->precedence, *target.absentCombine);
        if (!modes) {
            changes.push_back(makeInfo(
                kTargetDiffers,
                target.name + " resolves mixed " + field + " modes as " + orderText(rule->precedence) +
                    ": no modes written explicitly give the spec's value for every pair "
                    "of materials, so they stay as they are and differ [" +
                    rule->cite + "]",
                model.materials[materials.front()].pointer));
            continue;
        }
        for (size_t k = 0; k < materials.size(); ++k) {
            if (!(*modes)[k])
                continue;
            physics::PhysicsMaterial& m = model.materials[materials[k]];
            (friction ? m.frictionCombine : m.restitutionCombine) = (*modes)[k];
            changes.push_back(makeInfo(
                kTargetChanged,
                std::string(field) + " written as " + physics::combineModeName(*(*modes)[k]) + ": under " +
                    target.name + "'s precedence (" + orderText(rule->precedence) +
                    ") every pair of materials then combines to the spec's value [" + rule->cite + "]",
                m.pointer + "/" + field));
        }
    }
}

} // namespace cs::targets
