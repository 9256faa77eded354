// SetFields / setEach: one field set on several objects is one undo step, merges with the next edit of the
// same field on the same objects, and undo gives back each object's own value and the exact saved bytes.
// Expected values come from resources/sample/README.md (Crate 1 and 2: 20 kg, Crate 3: 8 kg; Ball: gravity
// factor 0.8, the others leave it out, so 1; Wood: restitution 0.1, Ice 0.05).
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/FieldCommands.h"
#include "document/SetFields.h"

#include <QTest>

using namespace cs;
using namespace cs::document;
using namespace cs::test;

namespace {

size_t materialNamed(const Document& d, const std::string& name)
{
    const auto& materials = d.model().materials;
    for (size_t i = 0; i < materials.size(); ++i) {
        if (materials[i].source.value("name", std::string()) == name)
            return i;
    }
    QTest::qFail(("no material named " + name).c_str(), __FILE__, __LINE__);
    return 0;
}

// The file's mass; -1 when it leaves it out.
double massOf(const Document& d, size_t node)
{
    return d.model().node(node)->motion->mass.value_or(-1.0);
}

} // namespace

class TestMultiObjectCommands : public QObject
{
    Q_OBJECT

    std::unique_ptr<Document> m_doc;
    std::vector<size_t> m_crates;

    std::vector<std::pair<size_t, double>> masses(double value) const
    {
        std::vector<std::pair<size_t, double>> items;
        for (size_t node : m_crates)
            items.emplace_back(node, value);
        return items;
    }

private slots:
    void init()
    {
        m_doc = openSample();
        m_crates = {nodeNamed(*m_doc, "Crate 1"), nodeNamed(*m_doc, "Crate 2"), nodeNamed(*m_doc, "Crate 3")};
    }

    void threeStepsOnThreeNodesAreOneUndoStep()
    {
        Document& d = *m_doc;
        const std::string original = savedText(d);
        for (double mass : {9.0, 9.5, 10.0})
            setEach<SetMotionMass>(d, masses(mass));
        QCOMPARE(d.undoStack()->count(), 1);
        QCOMPARE(d.undoStack()->text(0), QStringLiteral("Change Mass"));
        for (size_t node : m_crates)
            QCOMPARE(massOf(d, node), 10.0);

        d.undoStack()->undo();
        QCOMPARE(massOf(d, m_crates[0]), 20.0);
        QCOMPARE(massOf(d, m_crates[1]), 20.0);
        QCOMPARE(massOf(d, m_crates[2]), 8.0);
        CS_COMPARE_TEXT(savedText(d), original);
        QVERIFY(savedGlb(d) == savedGlb(*openSample()));
        QVERIFY(!d.isModified());

        d.undoStack()->redo();
        for (size_t node : m_crates)
            QCOMPARE(massOf(d, node), 10.0);
        for (size_t node : m_crates)
            QCOMPARE(nodeBody(gltf::Json::parse(savedText(d)), node)["motion"]["mass"].get<double>(), 10.0);
    }

    void redoUndoRedoChangesExactlyTheThreeMasses()
    {
        Document& d = *m_doc;
        std::vector<Replacement> expected;
        for (size_t node : m_crates)
            expected.push_back(
                {"/nodes/" + std::to_string(node) + "/extensions/OMI_physics_body/motion/mass", "12.5"});
        checkEdit(
            d, [&] { setEach<SetMotionMass>(d, masses(12.5)); }, expected);
    }

    void eachObjectKeepsItsOwnValue()
    {
        // A vector edit of one component: each body keeps its other components.
        Document& d = *m_doc;
        const size_t ball = nodeNamed(d, "Ball");
        const size_t table = nodeNamed(d, "Table");
        const Vec3 ballVelocity = d.model().node(ball)->motion->linearVelocity;
        const Vec3 tableVelocity = d.model().node(table)->motion->linearVelocity;
        std::vector<std::pair<size_t, Vec3>> items;
        for (const auto& [node, v] : {std::pair{ball, ballVelocity}, std::pair{table, tableVelocity}}) {
            Vec3 changed = v;
            changed[1] = 3.0;
            items.emplace_back(node, changed);
        }
        setEach<SetLinearVelocity>(d, items);
        QCOMPARE(d.model().node(ball)->motion->linearVelocity[0], ballVelocity[0]);
        QCOMPARE(d.model().node(ball)->motion->linearVelocity[1], 3.0);
        QCOMPARE(d.model().node(table)->motion->linearVelocity, (Vec3{0, 3, 0}));
        d.undoStack()->undo();
        QCOMPARE(d.model().node(ball)->motion->linearVelocity, ballVelocity);
        QCOMPARE(d.model().node(table)->motion->linearVelocity, tableVelocity);
    }

    void mixedValuesComeBackOnUndo()
    {
        Document& d = *m_doc;
        const size_t ball = nodeNamed(d, "Ball");
        const size_t crate = m_crates[0];
        for (double g : {0.5, 0.25})
            setEach<SetGravityFactor>(d, {{ball, g}, {crate, g}});
        QCOMPARE(d.undoStack()->count(), 1);
        d.undoStack()->undo();
        QCOMPARE(d.model().node(ball)->motion->gravityFactor, 0.8);
        QCOMPARE(d.model().node(crate)->motion->gravityFactor, 1.0);
    }

    void onlyTheSameObjectsMerge()
    {
        Document& d = *m_doc;
        setEach<SetMotionMass>(d, masses(9.0));
        setEach<SetMotionMass>(d, {{m_crates[0], 9.5}, {m_crates[1], 9.5}}); // two of the three
        setEach<SetGravityFactor>(d, {{m_crates[0], 2.0}, {m_crates[1], 2.0}, {m_crates[2], 2.0}});
        QCOMPARE(d.undoStack()->count(), 3);
        d.undoStack()->undo();
        d.undoStack()->undo();
        QCOMPARE(massOf(d, m_crates[0]), 9.0);
        QCOMPARE(massOf(d, m_crates[2]), 9.0);
        d.undoStack()->undo();
        QCOMPARE(massOf(d, m_crates[2]), 8.0);
    }

    void backToTheStartLeavesNoStep()
    {
        Document& d = *m_doc;
        const std::string original = savedText(d);
        setEach<SetMotionMass>(d, masses(30.0));
        setEach<SetMotionMass>(d, {{m_crates[0], 20.0}, {m_crates[1], 20.0}, {m_crates[2], 8.0}});
        QCOMPARE(d.undoStack()->count(), 0);
        QVERIFY(!d.isModified());
        CS_COMPARE_TEXT(savedText(d), original);
    }

    void unchangedOrMissingObjects()
    {
        Document& d = *m_doc;
        const size_t floor = nodeNamed(d, "Floor"); // no motion: left out
        setEach<SetMotionMass>(d, {{m_crates[0], 20.0}, {m_crates[1], 20.0}, {floor, 3.0}});
        QCOMPARE(d.undoStack()->count(), 0); // every existing object already has its value
        setEach<SetMotionMass>(d, {{m_crates[0], 21.0}, {floor, 3.0}, {m_crates[1], 20.0}});
        QCOMPARE(d.undoStack()->count(), 1);
        QVERIFY(!d.model().node(floor) || !d.model().node(floor)->motion);
        QCOMPARE(massOf(d, m_crates[0]), 21.0);
        QCOMPARE(massOf(d, m_crates[1]), 20.0);
        d.undoStack()->undo();
        QCOMPARE(massOf(d, m_crates[0]), 20.0);
    }

    void otherKindsOfObjects()
    {
        Document& d = *m_doc;
        const size_t wood = materialNamed(d, "Wood");
        const size_t ice = materialNamed(d, "Ice");
        for (double r : {0.3, 0.4})
            setEach<SetRestitution>(d, {{wood, r}, {ice, r}});
        QCOMPARE(d.undoStack()->count(), 1);
        QCOMPARE(d.model().materials[ice].restitution, 0.4);
        d.undoStack()->undo();
        QCOMPARE(d.model().materials[wood].restitution, 0.1);
        QCOMPARE(d.model().materials[ice].restitution, 0.05);
    }
};

QTEST_GUILESS_MAIN(TestMultiObjectCommands)
#include "TestMultiObjectCommands.moc"
