// The Body panel says what a mass or inertia means in the document's family and can leave it out again; the
// Materials table's "Not set" combine choice says what it means. The expected readings are the specs':
//  - KHR README: "If not provided, the mass and inertia properties should be calculated by the simulation
//    engine"; "a value of zero in mass or any of the components of inertiaDiagonal should be understood to
//    represent a value of infinity"; combine modes have no default ("If either uses average...").
//  - OMI README: mass default 1.0; inertia "If zero or not specified, ... automatically calculated";
//    combine modes default "average".
#include "TestSupport.h"
#include "document/Document.h"
#include "panels/BodyPanel.h"
#include "panels/MaterialsPanel.h"
#include "panels/RecordTableModel.h"
#include "widgets/NumberField.h"
#include "widgets/Vec3Field.h"

#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTest>
#include <QUndoStack>
#include <memory>

using namespace cs;
using namespace cs::ui;
using cs::document::Document;

namespace {

// 0 Computed: no mass, no inertia. 1 Pinned: mass 0. 2 Axle: mass 2, inertia [0, 1, 0]. 3 Given: mass 4,
// inertia [1, 2, 3].
const char* kKhr = R"({"asset":{"version":"2.0"},
  "extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],
  "extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"box","box":{"size":[1,1,1]}}]},
    "KHR_physics_rigid_bodies":{"physicsMaterials":[{"restitutionCombine":"maximum"}]}},
  "nodes":[
    {"name":"Computed","extensions":{"KHR_physics_rigid_bodies":{"motion":{},
      "collider":{"geometry":{"shape":0},"physicsMaterial":0}}}},
    {"name":"Pinned","extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":0}}}},
    {"name":"Axle","extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":2,"inertiaDiagonal":[0,1,0]}}}},
    {"name":"Given","extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":4,"inertiaDiagonal":[1,2,3]}}}}]})";

// 0 Body without centerOfMass; its 1 m box collider on child 1 at (1, 2, 0): the colliders' centre is there.
const char* kKhrOffset = R"({"asset":{"version":"2.0"},
  "extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],
  "extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"box","box":{"size":[1,1,1]}}]}},
  "nodes":[
    {"name":"Body","children":[1],"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1}}}},
    {"name":"Part","translation":[1,2,0],
     "extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":0}}}}}]})";

// 0 Default: no mass. 1 Given: mass 2, inertia [1, 2, 3]. Material 0 leaves its modes out.
const char* kOmi = R"({"asset":{"version":"2.0"},
  "extensionsUsed":["OMI_physics_body","OMI_physics_shape"],
  "extensions":{"OMI_physics_shape":{"shapes":[{"type":"box","box":{"size":[1,1,1]}}]},
    "OMI_physics_body":{"physicsMaterials":[{"staticFriction":0.5}]}},
  "nodes":[
    {"name":"Default","extensions":{"OMI_physics_body":{"motion":{"type":"dynamic"},
      "collider":{"shape":0,"physicsMaterial":0}}}},
    {"name":"Given","extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":2,
      "inertiaDiagonal":[1,2,3]}}}}]})";

const physics::Motion& motion(const Document& doc, size_t node)
{
    return *doc.model().node(node)->motion;
}

} // namespace

class TestMassMeanings : public QObject
{
    Q_OBJECT

    std::unique_ptr<Document> m_doc;
    std::unique_ptr<BodyPanel> m_panel;

    void open(const char* json)
    {
        m_panel.reset();
        m_doc = std::make_unique<Document>(test::loadJson(json));
        m_panel = std::make_unique<BodyPanel>();
        m_panel->setDocument(m_doc.get());
        m_panel->show();
    }

private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void cleanup()
    {
        m_panel.reset();
        m_doc.reset();
    }

    void khrComputedMassAndInertiaAreNamed()
    {
        open(kKhr);
        m_panel->setNodes({0});
        QVERIFY(m_panel->massNote()->isVisible());
        QVERIFY2(m_panel->massNote()->text().contains(QStringLiteral("computed by the engine")),
                 qPrintable(m_panel->massNote()->text()));
        QVERIFY(m_panel->inertiaNote()->text().contains(QStringLiteral("computed by the engine")));
        // Nothing written: nothing to leave out.
        QVERIFY(!m_panel->massLeaveOutButton()->isEnabled());
        QVERIFY(!m_panel->inertiaLeaveOutButton()->isEnabled());
        QCOMPARE(m_panel->massLeaveOutButton()->text(), QStringLiteral("Computed"));
    }

    void khrCentreOfMassLeftOutIsComputed()
    {
        // KHR: a centre of mass left out is a mass property "calculated by the simulation engine"; OMI reads
        // it as the node origin.
        open(kKhr);
        m_panel->setNodes({0});
        QVERIFY(m_panel->centerOfMassNote()->isVisible());
        QVERIFY2(m_panel->centerOfMassNote()->text().contains(QStringLiteral("computed by the engine")),
                 qPrintable(m_panel->centerOfMassNote()->text()));
        QVERIFY(!m_panel->centerOfMassLeaveOutButton()->isEnabled());
        QCOMPARE(m_panel->centerOfMassLeaveOutButton()->text(), QStringLiteral("Computed"));
        // Typing a value makes it given; the button leaves it out again in one undo step.
        auto* x = m_panel->centerOfMassField()->component(0)->spinBox();
        x->selectAll();
        QTest::keyClicks(x, QStringLiteral("0.5"));
        QTest::keyClick(x, Qt::Key_Enter);
        QCOMPARE(motion(*m_doc, 0).centerOfMass, std::optional(physics::Vec3{0.5, 0, 0}));
        QVERIFY(!m_panel->centerOfMassNote()->isVisible());
        QVERIFY(m_panel->centerOfMassLeaveOutButton()->isEnabled());
        const int steps = m_doc->undoStack()->count();
        m_panel->centerOfMassLeaveOutButton()->click();
        QCOMPARE(m_doc->undoStack()->count(), steps + 1);
        QVERIFY(!motion(*m_doc, 0).centerOfMass);
        QVERIFY(m_panel->centerOfMassNote()->isVisible());
        m_doc->undoStack()->undo();
        QCOMPARE(motion(*m_doc, 0).centerOfMass, std::optional(physics::Vec3{0.5, 0, 0}));

        open(kOmi);
        m_panel->setNodes({0});
        QVERIFY(!m_panel->centerOfMassNote()->isVisible());
        QCOMPARE(m_panel->centerOfMassLeaveOutButton()->text(), QStringLiteral("Origin"));
    }

    void khrCentreOfMassLeftOutShowsTheComputedCentre()
    {
        // The field shows the centre the preview computes (the colliders' centre at uniform density), in
        // italics, not the origin; typing one component keeps the other two as shown.
        open(kKhrOffset);
        m_panel->setNodes({0});
        Vec3Field* field = m_panel->centerOfMassField();
        QCOMPARE(field->value(), (physics::Vec3{1, 2, 0}));
        QVERIFY(field->component(0)->font().italic());
        auto* z = field->component(2)->spinBox();
        z->selectAll();
        QTest::keyClicks(z, QStringLiteral("0.5"));
        QTest::keyClick(z, Qt::Key_Enter);
        QCOMPARE(motion(*m_doc, 0).centerOfMass, std::optional(physics::Vec3{1, 2, 0.5}));
        QVERIFY(!field->component(0)->font().italic());
        m_doc->undoStack()->undo();
        QVERIFY(!motion(*m_doc, 0).centerOfMass);
        QCOMPARE(field->value(), (physics::Vec3{1, 2, 0}));
        QVERIFY(field->component(2)->font().italic());
        // OMI reads the same absent value as the origin: plain (0, 0, 0).
        open(kOmi);
        m_panel->setNodes({0});
        QCOMPARE(m_panel->centerOfMassField()->value(), (physics::Vec3{0, 0, 0}));
        QVERIFY(!m_panel->centerOfMassField()->component(0)->font().italic());
    }

    void khrZerosAreInfinite()
    {
        open(kKhr);
        m_panel->setNodes({1});
        QVERIFY2(m_panel->massNote()->text().contains(QStringLiteral("infinite")),
                 qPrintable(m_panel->massNote()->text()));
        m_panel->setNodes({2});
        QVERIFY(!m_panel->massNote()->isVisible()); // 2 kg, as written
        const QString inertia = m_panel->inertiaNote()->text();
        QVERIFY2(inertia.contains(QStringLiteral("about X, Z is infinite")), qPrintable(inertia));
        m_panel->setNodes({3});
        QVERIFY(!m_panel->massNote()->isVisible());
        QVERIFY(!m_panel->inertiaNote()->isVisible());
    }

    void leavingTheMassOutIsOneUndoStep()
    {
        open(kKhr);
        m_panel->setNodes({1, 3});
        QVERIFY(m_panel->massLeaveOutButton()->isEnabled());
        m_panel->massLeaveOutButton()->click();
        QCOMPARE(m_doc->undoStack()->count(), 1);
        QVERIFY(!motion(*m_doc, 1).mass);
        QVERIFY(!motion(*m_doc, 3).mass);
        QVERIFY(m_panel->massNote()->text().contains(QStringLiteral("computed by the engine")));
        QVERIFY(!m_panel->massLeaveOutButton()->isEnabled());
        m_doc->undoStack()->undo();
        QCOMPARE(motion(*m_doc, 1).mass, std::optional(0.0));
        QCOMPARE(motion(*m_doc, 3).mass, std::optional(4.0));
        m_doc->undoStack()->redo();
        QVERIFY(!motion(*m_doc, 1).mass && !motion(*m_doc, 3).mass);
    }

    void leavingTheInertiaOut()
    {
        open(kKhr);
        m_panel->setNodes({2});
        m_panel->inertiaLeaveOutButton()->click();
        QVERIFY(!motion(*m_doc, 2).inertiaDiagonal);
        QVERIFY(m_panel->inertiaNote()->text().contains(QStringLiteral("computed by the engine")));
        m_doc->undoStack()->undo();
        QCOMPARE(motion(*m_doc, 2).inertiaDiagonal, std::optional(physics::Vec3{0, 1, 0}));
    }

    void omiAbsentMassIsTheDefault()
    {
        open(kOmi);
        m_panel->setNodes({0});
        QVERIFY2(m_panel->massNote()->text().contains(QStringLiteral("1 kg")),
                 qPrintable(m_panel->massNote()->text()));
        QCOMPARE(m_panel->massLeaveOutButton()->text(), QStringLiteral("Default"));
        QVERIFY(m_panel->inertiaNote()->text().contains(QStringLiteral("computed by the engine")));
        m_panel->setNodes({1});
        QVERIFY(!m_panel->massNote()->isVisible());
        QVERIFY(!m_panel->inertiaNote()->isVisible());
        m_panel->massLeaveOutButton()->click();
        QVERIFY(!motion(*m_doc, 1).mass);
        QVERIFY(m_panel->massNote()->text().contains(QStringLiteral("1 kg")));
    }

    void notSetCombineModeSaysItsFamilysMeaning()
    {
        for (const char* json : {kOmi, kKhr}) {
            Document doc(test::loadJson(json));
            MaterialsPanel panel;
            panel.setDocument(&doc);
            QAbstractItemModel* model = panel.table()->model();
            const QString tip =
                model->data(model->index(0, MaterialsPanel::FrictionCombineColumn), Qt::ToolTipRole)
                    .toString();
            QCOMPARE(
                model->data(model->index(0, MaterialsPanel::FrictionCombineColumn), Qt::EditRole).toInt(),
                -1);
            if (json == kOmi)
                QVERIFY2(tip.contains(QStringLiteral("OMI reads it as \"average\"")), qPrintable(tip));
            else
                QVERIFY2(tip.contains(QStringLiteral("takes no part")), qPrintable(tip));
        }
    }
};

QTEST_MAIN(TestMassMeanings)
#include "TestMassMeanings.moc"
