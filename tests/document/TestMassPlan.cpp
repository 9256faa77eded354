// "Compute from shapes" planned in core: which bodies change and to what (closed-form box values), which are
// already as their shapes give, which cannot be computed and why, and the changes applied as one undo step.
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/MassPlan.h"

#include <QTest>
#include <QUndoStack>
#include <algorithm>
#include <cmath>

using namespace cs;
using namespace cs::document;
using namespace cs::test;

namespace {

// Nodes: 0 Crate (dynamic, 5 kg) whose child 1 carries a 2 x 1 x 4 m box collider at z = 1; 2 Post
// (static, a sphere collider on the node); 3 Ghost (dynamic, 3 kg, nothing to compute from).
const char* kScene = R"({
  "asset": {"version": "2.0"},
  "extensionsUsed": ["OMI_physics_body", "OMI_physics_shape"],
  "extensions": {"OMI_physics_shape": {"shapes": [
      {"type": "box", "box": {"size": [2, 1, 4]}},
      {"type": "sphere", "sphere": {"radius": 0.25}}]}},
  "scene": 0,
  "scenes": [{"nodes": [0, 2, 3]}],
  "nodes": [
    {"name": "Crate", "children": [1],
     "extensions": {"OMI_physics_body": {"motion": {"type": "dynamic", "mass": 5}}}},
    {"name": "Lid", "translation": [0, 0, 1], "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}},
    {"name": "Post", "extensions": {"OMI_physics_body": {"collider": {"shape": 1},
                                                         "motion": {"type": "static"}}}},
    {"name": "Ghost", "extensions": {"OMI_physics_body": {"motion": {"mass": 3, "type": "dynamic"}}}}
  ]
})";

bool near(double a, double b, double tolerance)
{
    return std::fabs(a - b) <= tolerance;
}

/// The inertia diagonal in ascending order (the principal axes may come in any order).
std::vector<double> sortedDiagonal(const physics::Vec3& diagonal)
{
    std::vector<double> out(diagonal.begin(), diagonal.end());
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class TestMassPlan : public QObject
{
    Q_OBJECT

private slots:
    void byDensity()
    {
        auto d = documentFromJson(kScene);
        const MassPlan plan = planMassFromShapes(*d, {0}, MassSource::Density, 500.0);
        QCOMPARE(plan.changes.size(), size_t(1));
        QVERIFY(plan.failures.empty());
        QCOMPARE(plan.unchanged, size_t(0));
        const auto& [node, p] = plan.changes.front();
        QCOMPARE(node, NodeIndex(0));
        // A 2 x 1 x 4 m box (8 m^3) at 500 kg/m^3: 4000 kg centred on its collider node, and m (b^2 + c^2)
        // / 12 about each axis: (1 + 16), (4 + 16) and (4 + 1) times m / 12.
        QVERIFY(p.mass && near(*p.mass, 4000.0, 1e-6));
        QVERIFY(near(p.centerOfMass[2], 1.0, 1e-9) && near(p.centerOfMass[0], 0.0, 1e-9) &&
                near(p.centerOfMass[1], 0.0, 1e-9));
        const auto diagonal = sortedDiagonal(p.inertiaDiagonal);
        QVERIFY(near(diagonal[0], 4000.0 * 5 / 12, 1e-6));
        QVERIFY(near(diagonal[1], 4000.0 * 17 / 12, 1e-6));
        QVERIFY(near(diagonal[2], 4000.0 * 20 / 12, 1e-6));
    }

    void byTotalMassScalesTheInertia()
    {
        auto d = documentFromJson(kScene);
        const MassPlan plan = planMassFromShapes(*d, {0}, MassSource::TotalMass, 12.0);
        QCOMPARE(plan.changes.size(), size_t(1));
        const MassProperties& p = plan.changes.front().second;
        QCOMPARE(p.mass, std::optional(12.0));
        // 12 kg over the same box: 12 (b^2 + c^2) / 12.
        const auto diagonal = sortedDiagonal(p.inertiaDiagonal);
        QVERIFY(near(diagonal[0], 5.0, 1e-9));
        QVERIFY(near(diagonal[1], 17.0, 1e-9));
        QVERIFY(near(diagonal[2], 20.0, 1e-9));
    }

    void onlyDynamicBodiesAndFailuresNamed()
    {
        auto d = documentFromJson(kScene);
        // 1 has no motion, 2 is static: neither is planned nor counted.
        const MassPlan plan = planMassFromShapes(*d, {1, 2, 3, 0}, MassSource::Density, 1000.0);
        QCOMPARE(plan.changes.size(), size_t(1));
        QCOMPARE(plan.changes.front().first, NodeIndex(0));
        QCOMPARE(plan.failures.size(), size_t(1));
        QCOMPARE(plan.failures.front().node, NodeIndex(3));
        QVERIFY2(plan.failures.front().message.find("no collider shapes") != std::string::npos,
                 plan.failures.front().message.c_str());
        QCOMPARE(plan.unchanged, size_t(0));

        const MassPlan nothing = planMassFromShapes(*d, {1, 2}, MassSource::Density, 1000.0);
        QVERIFY(nothing.changes.empty() && nothing.failures.empty());
        QCOMPARE(nothing.unchanged, size_t(0));
    }

    void appliedAsOneStepThenUnchanged()
    {
        auto d = documentFromJson(kScene);
        const MassPlan plan = planMassFromShapes(*d, {0}, MassSource::TotalMass, 12.0);
        QVERIFY(applyMassPlan(*d, plan));
        QCOMPARE(d->undoStack()->count(), 1);
        QCOMPARE(d->model().node(0)->motion->mass, std::optional(12.0));
        // The same plan again finds the body as its shapes give it.
        const MassPlan again = planMassFromShapes(*d, {0}, MassSource::TotalMass, 12.0);
        QVERIFY(again.changes.empty());
        QCOMPARE(again.unchanged, size_t(1));
        QVERIFY(!applyMassPlan(*d, again));
        QCOMPARE(d->undoStack()->count(), 1);
        d->undoStack()->undo();
        QCOMPARE(d->model().node(0)->motion->mass, std::optional(5.0));
    }
};

QTEST_GUILESS_MAIN(TestMassPlan)
#include "TestMassPlan.moc"
