// The Collider/Trigger panel driven like a user (combo choices, checkbox and button clicks) on a small
// document in memory: shapes assigned and created (one undo step each, the node's own mesh for mesh shapes),
// materials and filters, components added and removed, compound colliders and compound triggers with their
// member list; multi-selection as one undo step, mixed display, and the panel following undo/redo and edits
// made elsewhere.
#include "TestSupport.h"
#include "document/ColliderEdits.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/ListItems.h"
#include "panels/ColliderPanel.h"
#include "widgets/NumberField.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTest>
#include <QUndoStack>
#include <memory>

using namespace cs;
using namespace cs::ui;
using cs::document::Document;

namespace {

// 0 Solid: box collider, material Rubber. 1 Other: sphere collider, material 1, filter Players. 2 Plain.
// 3 MeshNode: a mesh, no physics. 4 TrigParent: sphere trigger over the triggers 5 (box, filter Players) and
// 6 (sphere). 7 Group: compound collider over 8 (box). 9 Lone: box trigger without children.
std::string scene()
{
    gltf::Bytes bytes;
    test::appendFloats(bytes, {0, 0, 0, 1, 0, 0, 0, 1, 0});
    return R"({
  "asset": {"version": "2.0"},
  "extensionsUsed": ["OMI_physics_body", "OMI_physics_shape"],
  "extensions": {
    "OMI_physics_shape": {"shapes": [
      {"type": "box", "box": {"size": [1, 2, 3]}},
      {"type": "sphere", "name": "Ball", "sphere": {"radius": 0.5}}]},
    "OMI_physics_body": {
      "physicsMaterials": [{"name": "Rubber", "restitution": 0.8}, {"staticFriction": 1}],
      "collisionFilters": [{"name": "Players", "collisionSystems": ["player"]}]}},
  "scene": 0,
  "scenes": [{"nodes": [0, 1, 2, 3, 4, 7, 9]}],
  "nodes": [
    {"name": "Solid", "extensions": {"OMI_physics_body": {"collider": {"shape": 0, "physicsMaterial": 0}}}},
    {"name": "Other", "extensions": {"OMI_physics_body": {
        "collider": {"shape": 1, "physicsMaterial": 1, "collisionFilter": 0}}}},
    {"name": "Plain"},
    {"name": "MeshNode", "mesh": 0},
    {"name": "TrigParent", "children": [5, 6], "extensions": {"OMI_physics_body": {"trigger": {"shape": 1}}}},
    {"name": "TrigA", "extensions": {"OMI_physics_body": {"trigger": {"shape": 0, "collisionFilter": 0}}}},
    {"name": "TrigB", "extensions": {"OMI_physics_body": {"trigger": {"shape": 1}}}},
    {"name": "Group", "children": [8], "extensions": {"OMI_physics_body": {"collider": {}}}},
    {"name": "Part", "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}},
    {"name": "Lone", "extensions": {"OMI_physics_body": {"trigger": {"shape": 0}}}}
  ],
  "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
  "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                 "min": [0, 0, 0], "max": [1, 1, 0]}],
  "bufferViews": [{"buffer": 0, "byteLength": 36}],
  "buffers": [{"byteLength": 36, "uri": ")" +
           test::base64DataUri(bytes) + R"("}]
})";
}

const physics::Collider* collider(const Document& doc, size_t node)
{
    const physics::NodePhysics* n = doc.model().node(node);
    return n && n->collider ? &*n->collider : nullptr;
}

const physics::Trigger* trigger(const Document& doc, size_t node)
{
    const physics::NodePhysics* n = doc.model().node(node);
    return n && n->trigger ? &*n->trigger : nullptr;
}

/// Chooses the entry whose item data is `data`, as a user would (the panel listens to activated()).
bool chooseData(QComboBox* combo, int data)
{
    const int index = combo->findData(data);
    if (index < 0)
        return false;
    combo->setCurrentIndex(index);
    emit combo->activated(index);
    return true;
}

bool chooseText(QComboBox* combo, const QString& text)
{
    const int index = combo->findText(text);
    if (index < 0)
        return false;
    combo->setCurrentIndex(index);
    emit combo->activated(index);
    return true;
}

bool itemEnabled(QComboBox* combo, int index)
{
    auto* model = qobject_cast<QStandardItemModel*>(combo->model());
    return model && model->item(index) && model->item(index)->isEnabled();
}

std::vector<int> members(const QListWidget* list)
{
    std::vector<int> out;
    for (int i = 0; i < list->count(); ++i)
        out.push_back(list->item(i)->data(Qt::UserRole).toInt());
    return out;
}

} // namespace

class TestColliderPanel : public QObject
{
    Q_OBJECT

    std::unique_ptr<Document> m_doc;
    std::unique_ptr<ColliderPanel> m_colliders;
    std::unique_ptr<ColliderPanel> m_triggers;

    QUndoStack* stack() { return m_doc->undoStack(); }

private slots:
    void init()
    {
        m_doc = std::make_unique<Document>(test::loadJson(scene()));
        m_colliders = std::make_unique<ColliderPanel>(ColliderPanel::Mode::Collider);
        m_triggers = std::make_unique<ColliderPanel>(ColliderPanel::Mode::Trigger);
        m_colliders->setDocument(m_doc.get());
        m_triggers->setDocument(m_doc.get());
        m_colliders->show();
        m_triggers->show();
    }

    void cleanup()
    {
        m_colliders.reset();
        m_triggers.reset();
        m_doc.reset();
    }

    void showsShapeMaterialAndFilter()
    {
        ColliderPanel& p = *m_colliders;
        p.setNodes({0});
        QVERIFY(p.isEnabled());
        QVERIFY(p.enabledCheck()->isChecked());
        QVERIFY(p.componentEditor()->isVisible());
        QCOMPARE(p.shapeCombo()->currentData().toInt(), 0);
        QCOMPARE(p.shapeCombo()->currentText(), QStringLiteral("Shape 0 (box)"));
        QCOMPARE(p.materialCombo()->currentText(), QStringLiteral("Rubber"));
        QCOMPARE(p.filterCombo()->currentData().toInt(), -1);
        QCOMPARE(p.currentShape(), 0);
        p.setNodes({1});
        QCOMPARE(p.shapeCombo()->currentText(), QStringLiteral("Ball (sphere)"));
        QCOMPARE(p.materialCombo()->currentText(), QStringLiteral("Material 1"));
        QCOMPARE(p.filterCombo()->currentText(), QStringLiteral("Players"));
        // The trigger panel has no material picker.
        QVERIFY(m_triggers->materialCombo() == nullptr);
        p.setNodes({2});
        QVERIFY(!p.enabledCheck()->isChecked());
        QVERIFY(!p.componentEditor()->isVisible());
        p.setDocument(nullptr);
        QVERIFY(!p.isEnabled());
    }

    void editButtonAsksForTheShape()
    {
        ColliderPanel& p = *m_colliders;
        QSignalSpy spy(&p, &ColliderPanel::shapeActivated);
        p.setNodes({1});
        p.editShapeButton()->click();
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toInt(), 1);
        p.setNodes({0, 1}); // different shapes: nothing to edit
        QCOMPARE(p.shapeCombo()->currentIndex(), -1);
        QVERIFY(p.shapeCombo()->placeholderText() == NumberSpinBox::mixedText());
        QVERIFY(!p.editShapeButton()->isEnabled());
    }

    void assignAnExistingShape()
    {
        ColliderPanel& p = *m_colliders;
        p.setNodes({0});
        QVERIFY(chooseData(p.shapeCombo(), 1));
        QCOMPARE(collider(*m_doc, 0)->shape, 1);
        QCOMPARE(stack()->count(), 1);
        stack()->undo();
        QCOMPARE(collider(*m_doc, 0)->shape, 0);
        QCOMPARE(p.shapeCombo()->currentData().toInt(), 0); // the panel followed the undo
        stack()->redo();
        QCOMPARE(p.shapeCombo()->currentData().toInt(), 1);
    }

    void severalNodesAreOneStep()
    {
        ColliderPanel& p = *m_colliders;
        p.setNodes({0, 1});
        QVERIFY(chooseData(p.shapeCombo(), 0));
        QCOMPARE(collider(*m_doc, 0)->shape, 0);
        QCOMPARE(collider(*m_doc, 1)->shape, 0);
        QCOMPARE(stack()->count(), 1);
        QCOMPARE(p.shapeCombo()->currentData().toInt(), 0);
        QVERIFY(p.editShapeButton()->isEnabled());

        QCOMPARE(p.materialCombo()->currentIndex(), -1); // Rubber and material 1
        QVERIFY(chooseText(p.materialCombo(), QStringLiteral("None (default)")));
        QCOMPARE(collider(*m_doc, 0)->physicsMaterial, -1);
        QCOMPARE(collider(*m_doc, 1)->physicsMaterial, -1);
        QCOMPARE(stack()->count(), 2);

        QVERIFY(chooseText(p.filterCombo(), QStringLiteral("Players"))); // only node 0 changes
        QCOMPARE(collider(*m_doc, 0)->collisionFilter, 0);
        QCOMPARE(collider(*m_doc, 1)->collisionFilter, 0);
        QCOMPARE(stack()->count(), 3);

        stack()->undo();
        stack()->undo();
        stack()->undo();
        QCOMPARE(collider(*m_doc, 0)->shape, 0);
        QCOMPARE(collider(*m_doc, 1)->shape, 1);
        QCOMPARE(collider(*m_doc, 0)->physicsMaterial, 0);
        QCOMPARE(collider(*m_doc, 1)->physicsMaterial, 1);
        QCOMPARE(collider(*m_doc, 0)->collisionFilter, -1);
        QCOMPARE(p.shapeCombo()->currentIndex(), -1);
        QCOMPARE(p.filterCombo()->currentIndex(), -1);
    }

    void newPrimitiveShape()
    {
        ColliderPanel& p = *m_colliders;
        QSignalSpy spy(&p, &ColliderPanel::shapeActivated);
        p.setNodes({0});
        QVERIFY(chooseData(p.shapeCombo(), ColliderPanel::kNewShape + int(physics::ShapeType::Capsule)));
        QCOMPARE(m_doc->model().shapes.size(), size_t(3));
        const physics::Shape& made = m_doc->model().shapes[2];
        QCOMPARE(made.type, physics::ShapeType::Capsule);
        QVERIFY(made.sameGeometry(physics::Shape::defaults(physics::ShapeType::Capsule)));
        QCOMPARE(collider(*m_doc, 0)->shape, 2);
        QCOMPARE(collider(*m_doc, 0)->physicsMaterial, 0); // kept
        QCOMPARE(stack()->count(), 1);
        QCOMPARE(p.shapeCombo()->currentText(), QStringLiteral("Solid (capsule)"));
        QCOMPARE(spy.count(), 1); // the new shape goes to the shape editor
        QCOMPARE(spy.at(0).at(0).toInt(), 2);
        stack()->undo();
        QCOMPARE(m_doc->model().shapes.size(), size_t(2));
        QCOMPARE(collider(*m_doc, 0)->shape, 0);
        QCOMPARE(p.shapeCombo()->currentData().toInt(), 0);

        // Several nodes share one new primitive.
        p.setNodes({0, 1});
        QVERIFY(chooseData(p.shapeCombo(), ColliderPanel::kNewShape + int(physics::ShapeType::Box)));
        QCOMPARE(m_doc->model().shapes.size(), size_t(3));
        QCOMPARE(collider(*m_doc, 0)->shape, 2);
        QCOMPARE(collider(*m_doc, 1)->shape, 2);
        QCOMPARE(stack()->count(), 1);
    }

    void newConvexUsesTheNodesMesh()
    {
        ColliderPanel& p = *m_colliders;
        p.setNodes({3});
        p.enabledCheck()->click();
        QVERIFY(collider(*m_doc, 3));
        QCOMPARE(collider(*m_doc, 3)->shape, -1);
        QVERIFY(chooseData(p.shapeCombo(), ColliderPanel::kNewShape + int(physics::ShapeType::Convex)));
        const physics::Shape& made = m_doc->model().shapes.at(2);
        QCOMPARE(made.type, physics::ShapeType::Convex);
        QCOMPARE(made.mesh, 0);
        QCOMPARE(collider(*m_doc, 3)->shape, 2);
        QCOMPARE(stack()->count(), 2);
        stack()->undo();
        QCOMPARE(m_doc->model().shapes.size(), size_t(2));
        stack()->undo();
        QVERIFY(!collider(*m_doc, 3));
        QVERIFY(!p.enabledCheck()->isChecked());

        // A node without a mesh gets a mesh shape without one (the shape editor picks it).
        p.setNodes({0});
        QVERIFY(chooseData(p.shapeCombo(), ColliderPanel::kNewShape + int(physics::ShapeType::Trimesh)));
        QCOMPARE(m_doc->model().shapes.at(2).type, physics::ShapeType::Trimesh);
        QCOMPARE(m_doc->model().shapes.at(2).mesh, -1);
    }

    void checkboxAddsAndRemoves()
    {
        ColliderPanel& p = *m_colliders;
        p.setNodes({0, 2});
        QCOMPARE(p.enabledCheck()->checkState(), Qt::PartiallyChecked);
        p.enabledCheck()->click(); // adds where missing
        QVERIFY(collider(*m_doc, 2));
        QCOMPARE(collider(*m_doc, 0)->shape, 0);
        QCOMPARE(p.enabledCheck()->checkState(), Qt::Checked);
        p.enabledCheck()->click(); // all have one: removes all, one step
        QVERIFY(!collider(*m_doc, 0));
        QVERIFY(!collider(*m_doc, 2));
        QCOMPARE(stack()->count(), 2);
        stack()->undo();
        QCOMPARE(collider(*m_doc, 0)->shape, 0);
        QCOMPARE(collider(*m_doc, 0)->physicsMaterial, 0);
        QVERIFY(collider(*m_doc, 2));

        ColliderPanel& t = *m_triggers;
        t.setNodes({2});
        QVERIFY(!t.note()->isVisible());
        t.enabledCheck()->click();
        QVERIFY(trigger(*m_doc, 2));
        QVERIFY(collider(*m_doc, 2));   // the collider is left alone
        QVERIFY(t.note()->isVisible()); // an empty trigger: the user is told to pick a shape
        QVERIFY(t.note()->text().contains(QStringLiteral("empty")));
        QVERIFY(chooseData(t.shapeCombo(), 1));
        QCOMPARE(trigger(*m_doc, 2)->shape, 1);
        QVERIFY(!t.note()->isVisible());
    }

    void compoundCollider()
    {
        ColliderPanel& p = *m_colliders;
        p.setNodes({7});
        QCOMPARE(p.compoundCheck()->checkState(), Qt::Checked);
        QVERIFY(!p.compoundCheck()->isEnabled()); // left by picking a shape
        QCOMPARE(p.shapeCombo()->currentText(), QStringLiteral("None (compound group)"));

        p.setNodes({0});
        QVERIFY(p.compoundCheck()->isEnabled());
        QVERIFY(!p.compoundCheck()->isChecked());
        p.compoundCheck()->click();
        QCOMPARE(collider(*m_doc, 0)->shape, -1);
        QCOMPARE(collider(*m_doc, 0)->physicsMaterial, 0);
        QVERIFY(p.compoundCheck()->isChecked());
        QCOMPARE(p.shapeCombo()->currentData().toInt(), -1);
        QCOMPARE(stack()->count(), 1);
        QVERIFY(chooseData(p.shapeCombo(), 1)); // back to a single collider
        QCOMPARE(collider(*m_doc, 0)->shape, 1);
        QVERIFY(!p.compoundCheck()->isChecked());
        stack()->undo();
        stack()->undo();
        QCOMPARE(collider(*m_doc, 0)->shape, 0);
    }

    void compoundToggleOverThreeNodesIsOneStep()
    {
        // Solid (box), Other (sphere) and Group (already a compound group): partially checked.
        ColliderPanel& p = *m_colliders;
        p.setNodes({0, 1, 7});
        QCOMPARE(p.compoundCheck()->checkState(), Qt::PartiallyChecked);
        QVERIFY(p.compoundCheck()->isEnabled());
        QCOMPARE(p.shapeCombo()->currentIndex(), -1); // box, sphere and none
        p.compoundCheck()->click();
        QCOMPARE(stack()->count(), 1);
        for (size_t node : {size_t(0), size_t(1), size_t(7)})
            QCOMPARE(collider(*m_doc, node)->shape, -1);
        QCOMPARE(p.compoundCheck()->checkState(), Qt::Checked);
        QCOMPARE(p.shapeCombo()->currentText(), QStringLiteral("None (compound group)"));
        stack()->undo();
        QCOMPARE(collider(*m_doc, 0)->shape, 0);
        QCOMPARE(collider(*m_doc, 1)->shape, 1);
        QCOMPARE(collider(*m_doc, 7)->shape, -1);
        QCOMPARE(p.compoundCheck()->checkState(), Qt::PartiallyChecked);
    }

    void materialChoiceFollowsTheDocumentsList()
    {
        ColliderPanel& p = *m_colliders;
        p.setNodes({0, 1, 8});
        QCOMPARE(p.materialCombo()->currentIndex(), -1); // Rubber, material 1, none
        QCOMPARE(p.materialCombo()->itemData(1).toInt(), 0);
        QCOMPARE(p.materialCombo()->itemText(1), QStringLiteral("Rubber"));
        QVERIFY(chooseText(p.materialCombo(), QStringLiteral("Rubber")));
        QCOMPARE(stack()->count(), 1);
        for (size_t node : {size_t(0), size_t(1), size_t(8)})
            QCOMPARE(collider(*m_doc, node)->physicsMaterial, 0);
        // A rename made elsewhere shows in the entries and the current value.
        m_doc->push(new document::SetMaterialName(m_doc.get(), 0, "Soft rubber"));
        QCOMPARE(p.materialCombo()->currentText(), QStringLiteral("Soft rubber"));
        const int before = p.materialCombo()->count();
        document::addMaterial(*m_doc, "Steel");
        QCOMPARE(p.materialCombo()->count(), before + 1);
        QCOMPARE(p.materialCombo()->itemText(p.materialCombo()->findData(2)), QStringLiteral("Steel"));
        stack()->undo(); // the addition
        stack()->undo(); // the rename
        stack()->undo(); // the choice: each node's own material back
        QCOMPARE(collider(*m_doc, 0)->physicsMaterial, 0);
        QCOMPARE(collider(*m_doc, 1)->physicsMaterial, 1);
        QCOMPARE(collider(*m_doc, 8)->physicsMaterial, -1);
        QCOMPARE(p.materialCombo()->count(), before);
        QCOMPARE(p.materialCombo()->currentIndex(), -1);
    }

    void compoundTriggerAndItsMembers()
    {
        ColliderPanel& t = *m_triggers;
        t.setNodes({4});
        QVERIFY(!t.memberList()->isVisible());
        QVERIFY(t.compoundCheck()->isEnabled());
        t.compoundCheck()->click();
        const physics::Trigger* trig = trigger(*m_doc, 4);
        QCOMPARE(trig->shape, -1);
        QCOMPARE(trig->nodes, (std::vector<int>{5, 6}));
        QCOMPARE(stack()->count(), 1);
        QVERIFY(t.memberList()->isVisible());
        QCOMPARE(members(t.memberList()), (std::vector<int>{5, 6}));
        QCOMPARE(t.memberList()->item(0)->text(), QStringLiteral("TrigA"));
        // No filter on a compound trigger, and why.
        QVERIFY(!t.filterCombo()->isEnabled());
        QCOMPARE(t.filterCombo()->currentData().toInt(), -1);
        QVERIFY(t.filterCombo()->toolTip().contains(QStringLiteral("schema")));

        t.memberList()->setCurrentRow(0);
        QVERIFY(t.removeMemberButton()->isEnabled());
        t.removeMemberButton()->click();
        QCOMPARE(trigger(*m_doc, 4)->nodes, (std::vector<int>{6}));
        QCOMPARE(members(t.memberList()), (std::vector<int>{6}));
        t.memberList()->setCurrentRow(0);
        QVERIFY(!t.removeMemberButton()->isEnabled()); // the last member stays
        QCOMPARE(t.memberCandidates()->count(), 1);
        QCOMPARE(t.memberCandidates()->currentText(), QStringLiteral("TrigA"));
        t.addMemberButton()->click();
        QCOMPARE(trigger(*m_doc, 4)->nodes, (std::vector<int>{6, 5}));
        QVERIFY(!t.addMemberButton()->isEnabled()); // nothing left to add
        QCOMPARE(stack()->count(), 3);

        // Picking a shape makes it a single trigger again, in one step.
        QVERIFY(chooseData(t.shapeCombo(), 0));
        QCOMPARE(trigger(*m_doc, 4)->shape, 0);
        QVERIFY(trigger(*m_doc, 4)->nodes.empty());
        QCOMPARE(stack()->count(), 4);
        QVERIFY(!t.memberList()->isVisible());
        QVERIFY(t.filterCombo()->isEnabled());
        stack()->undo();
        QCOMPARE(trigger(*m_doc, 4)->nodes, (std::vector<int>{6, 5}));
        QCOMPARE(members(t.memberList()), (std::vector<int>{6, 5}));
        stack()->undo();
        stack()->undo();
        stack()->undo();
        QCOMPARE(trigger(*m_doc, 4)->shape, 1);
        QVERIFY(trigger(*m_doc, 4)->nodes.empty());
    }

    void compoundTriggerNeedsDescendantTriggers()
    {
        ColliderPanel& t = *m_triggers;
        t.setNodes({9});
        QVERIFY(!t.compoundCheck()->isEnabled());
        QVERIFY(t.compoundCheck()->toolTip().contains(QStringLiteral("none")));
        QCOMPARE(t.shapeCombo()->itemData(0).toInt(), -1);
        QVERIFY(!itemEnabled(t.shapeCombo(), 0));
        t.setNodes({4});
        QVERIFY(itemEnabled(t.shapeCombo(), 0));
    }

    void membersNeedOneNode()
    {
        ColliderPanel& t = *m_triggers;
        t.setNodes({4});
        t.compoundCheck()->click();
        t.setNodes({4, 9});
        QVERIFY(!t.memberList()->parentWidget()->isEnabled());
        QVERIFY(t.note()->isVisible());
        QVERIFY(t.note()->text().contains(QStringLiteral("Select one node")));
    }

    void triggerFilterOnSeveralNodes()
    {
        ColliderPanel& t = *m_triggers;
        t.setNodes({5, 6});
        QCOMPARE(t.filterCombo()->currentIndex(), -1); // Players and none
        QVERIFY(chooseText(t.filterCombo(), QStringLiteral("Players")));
        QCOMPARE(trigger(*m_doc, 5)->collisionFilter, 0);
        QCOMPARE(trigger(*m_doc, 6)->collisionFilter, 0);
        QCOMPARE(t.filterCombo()->currentText(), QStringLiteral("Players"));
        QCOMPARE(stack()->count(), 1);
        stack()->undo();
        QCOMPARE(trigger(*m_doc, 6)->collisionFilter, -1);
    }

    void followsEditsMadeElsewhere()
    {
        ColliderPanel& p = *m_colliders;
        p.setNodes({0});
        m_doc->push(new document::SetShapeName(m_doc.get(), 0, "Crate"));
        QCOMPARE(p.shapeCombo()->currentText(), QStringLiteral("Crate (box)"));
        m_doc->push(new document::SetColliderShape(m_doc.get(), 0, 1));
        QCOMPARE(p.shapeCombo()->currentData().toInt(), 1);
        // Deleting the shape removes the collider that used it (References.h).
        document::deleteShape(*m_doc, 1);
        QVERIFY(!collider(*m_doc, 0));
        QVERIFY(!p.enabledCheck()->isChecked());
        stack()->undo();
        QCOMPARE(p.shapeCombo()->currentText(), QStringLiteral("Ball (sphere)"));
        QVERIFY(p.enabledCheck()->isChecked());
    }
};

QTEST_MAIN(TestColliderPanel)
#include "TestColliderPanel.moc"
