// The choice and toggle rows of the property-row layer over three objects: a combo box over one of the
// document's lists (with "none", a dangling index, and the entries following a rename and an addition), a
// check box over a bool field (partially checked when the objects differ); each edit is one undo step over
// the three objects, and undo gives each its own value back.
#include "TestSupport.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/ListItems.h"
#include "panels/PropertyRows.h"
#include "widgets/NumberField.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QTest>
#include <QUndoStack>
#include <memory>

using namespace cs;
using namespace cs::ui;

namespace {

// Three colliders with materials 0, 1 and none; three KHR planes, the first double-sided.
const char* kScene = R"({
  "asset": {"version": "2.0"},
  "extensionsUsed": ["KHR_implicit_shapes", "KHR_physics_rigid_bodies"],
  "extensions": {
    "KHR_implicit_shapes": {"shapes": [{"type": "box", "box": {"size": [1, 1, 1]}},
                                       {"type": "plane", "plane": {"doubleSided": true}},
                                       {"type": "plane", "plane": {}},
                                       {"type": "plane", "plane": {"sizeX": 2, "sizeZ": 2}}]},
    "KHR_physics_rigid_bodies": {"physicsMaterials": [{"name": "Rubber", "staticFriction": 0.9},
                                                      {"name": "Ice", "staticFriction": 0.05}]}
  },
  "scene": 0,
  "scenes": [{"nodes": [0, 1, 2]}],
  "nodes": [
    {"name": "A", "extensions": {"KHR_physics_rigid_bodies": {"collider": {"geometry": {"shape": 0},
                                                                           "physicsMaterial": 0}}}},
    {"name": "B", "extensions": {"KHR_physics_rigid_bodies": {"collider": {"geometry": {"shape": 0},
                                                                           "physicsMaterial": 1}}}},
    {"name": "C", "extensions": {"KHR_physics_rigid_bodies": {"collider": {"geometry": {"shape": 0}}}}}
  ]
})";

std::vector<QString> materialNames(const document::Document& doc)
{
    std::vector<QString> names;
    for (size_t i = 0; i < doc.model().materials.size(); ++i)
        names.push_back(QString::fromStdString(document::field::MaterialName::get(doc.model().materials[i])));
    return names;
}

} // namespace

class TestChoiceAndToggleRows : public QObject
{
    Q_OBJECT

    std::unique_ptr<document::Document> m_doc;
    std::unique_ptr<QWidget> m_widget;
    std::unique_ptr<PropertyFields> m_materialField;
    std::unique_ptr<PropertyFields> m_planeField;
    std::vector<PropertyRow<physics::Collider>> m_materialRows;
    std::vector<PropertyRow<physics::Shape>> m_planeRows;
    size_t m_firstPlane = 0;

    PropertyObjects<physics::Collider> colliders() const
    {
        PropertyObjects<physics::Collider> out;
        for (size_t node = 0; node < 3; ++node)
            out.emplace_back(node, &*m_doc->model().node(node)->collider);
        return out;
    }
    PropertyObjects<physics::Shape> planes() const
    {
        PropertyObjects<physics::Shape> out;
        for (size_t i = m_firstPlane; i < m_firstPlane + 3; ++i)
            out.emplace_back(i, &m_doc->model().shapes[i]);
        return out;
    }
    template <class Object> static std::vector<const Object*> pointers(const PropertyObjects<Object>& objects)
    {
        std::vector<const Object*> out;
        for (const auto& entry : objects)
            out.push_back(entry.second);
        return out;
    }
    void show()
    {
        showProperties(*m_materialField, m_materialRows, pointers(colliders()), *m_doc);
        showProperties(*m_planeField, m_planeRows, pointers(planes()), *m_doc);
    }
    QComboBox* material() const { return static_cast<QComboBox*>(m_materialField->field(0)); }
    QCheckBox* doubleSided() const { return static_cast<QCheckBox*>(m_planeField->field(0)); }
    int materialOf(size_t node) const { return m_doc->model().node(node)->collider->physicsMaterial; }
    bool doubleSidedOf(size_t i) const { return m_doc->model().shapes[m_firstPlane + i].plane->doubleSided; }

    /// Chooses the entry with this value as a user would (activated() fires only on a user's choice).
    void choose(int value)
    {
        const int index = material()->findData(value);
        QVERIFY(index >= 0);
        material()->setCurrentIndex(index);
        emit material()->activated(index);
    }

private slots:
    void init()
    {
        m_doc = std::make_unique<document::Document>(test::loadJson(kScene));
        QCOMPARE(m_doc->model().shapes.size(), size_t(4));
        while (m_firstPlane < m_doc->model().shapes.size() && !m_doc->model().shapes[m_firstPlane].isPlane())
            ++m_firstPlane;
        QCOMPARE(m_firstPlane, size_t(1)); // the box first, then the planes
        m_widget = std::make_unique<QWidget>();
        auto* form = new QFormLayout(m_widget.get());

        m_materialRows = {propertyRow<document::locate::Collider, document::field::ColliderMaterial>(
            propertyLook(QStringLiteral("material"), QStringLiteral("Material"), QStringLiteral("friction"),
                         0)
                .withChoices({QStringLiteral("None"), {}, materialNames, {}, {}}))};
        m_materialField =
            std::make_unique<PropertyFields>(looksOf(m_materialRows), m_widget.get(), m_widget.get(),
                                             [this](size_t row, const PropertyEdit& edit) {
                                                 m_materialRows[row].edit(*m_doc, colliders(), edit);
                                                 show();
                                             });
        m_materialField->addRows(form, 0, 1);

        m_planeRows = {propertyRow<document::locate::Shape, document::field::PlaneDoubleSided>(
            propertyLook(QStringLiteral("doubleSided"), QStringLiteral("Double sided"), QString(), 0))};
        m_planeField = std::make_unique<PropertyFields>(looksOf(m_planeRows), m_widget.get(), m_widget.get(),
                                                        [this](size_t row, const PropertyEdit& edit) {
                                                            m_planeRows[row].edit(*m_doc, planes(), edit);
                                                            show();
                                                        });
        m_planeField->addRows(form, 0, 1);
        show();
    }

    void cleanup()
    {
        m_planeField.reset();
        m_materialField.reset();
        m_widget.reset();
        m_doc.reset();
    }

    void theFieldTypePicksTheEditor()
    {
        QCOMPARE(m_materialRows[0].look.kind, PropertyKind::Choice);
        QCOMPARE(m_planeRows[0].look.kind, PropertyKind::Toggle);
        QCOMPARE(material()->objectName(), QStringLiteral("material"));
        // A toggle's label is its check box's text: the form row has no separate label.
        QCOMPARE(doubleSided()->text(), QStringLiteral("Double sided"));
        QVERIFY(m_planeField->label(0) == nullptr);
        QCOMPARE(m_materialField->label(0)->text(), QStringLiteral("Material"));
    }

    void theChoiceListsNoneThenTheDocumentsList()
    {
        QCOMPARE(material()->count(), 3);
        QCOMPARE(material()->itemText(0), QStringLiteral("None"));
        QCOMPARE(material()->itemData(0).toInt(), -1);
        QCOMPARE(material()->itemText(1), QStringLiteral("Rubber"));
        QCOMPARE(material()->itemData(1).toInt(), 0);
        QCOMPARE(material()->itemText(2), QStringLiteral("Ice"));
        QCOMPARE(material()->itemData(2).toInt(), 1);
    }

    void differentValuesShowMixed()
    {
        // Materials 0, 1 and none: no entry, the em dash.
        QCOMPARE(material()->currentIndex(), -1);
        QCOMPARE(material()->placeholderText(), NumberSpinBox::mixedText());
        // Planes: one double-sided of three.
        QCOMPARE(doubleSided()->checkState(), Qt::PartiallyChecked);
    }

    void aChoiceOverThreeNodesIsOneStepAndUndoRestoresEach()
    {
        const int steps = m_doc->undoStack()->count();
        choose(1);
        QCOMPARE(m_doc->undoStack()->count(), steps + 1);
        for (size_t node = 0; node < 3; ++node)
            QCOMPARE(materialOf(node), 1);
        QCOMPARE(material()->currentText(), QStringLiteral("Ice"));
        m_doc->undoStack()->undo();
        QCOMPARE(materialOf(0), 0);
        QCOMPARE(materialOf(1), 1);
        QCOMPARE(materialOf(2), -1);
        show();
        QCOMPARE(material()->currentIndex(), -1);
        // "None" is a value like the others.
        m_doc->undoStack()->redo();
        choose(-1);
        QCOMPARE(m_doc->undoStack()->count(), steps + 2);
        for (size_t node = 0; node < 3; ++node)
            QCOMPARE(materialOf(node), -1);
        QCOMPARE(material()->currentText(), QStringLiteral("None"));
    }

    void aToggleOverThreeObjectsIsOneStepAndUndoRestoresEach()
    {
        const int steps = m_doc->undoStack()->count();
        doubleSided()->click(); // from the mixed state: every plane double-sided
        QCOMPARE(m_doc->undoStack()->count(), steps + 1);
        for (size_t i = 0; i < 3; ++i)
            QVERIFY(doubleSidedOf(i));
        QCOMPARE(doubleSided()->checkState(), Qt::Checked);
        QVERIFY(!doubleSided()->isTristate());
        doubleSided()->click();
        QCOMPARE(m_doc->undoStack()->count(), steps + 2);
        for (size_t i = 0; i < 3; ++i)
            QVERIFY(!doubleSidedOf(i));
        QCOMPARE(doubleSided()->checkState(), Qt::Unchecked);
        m_doc->undoStack()->undo();
        m_doc->undoStack()->undo();
        QVERIFY(doubleSidedOf(0));
        QVERIFY(!doubleSidedOf(1));
        QVERIFY(!doubleSidedOf(2));
        // The other plane parameters were not touched.
        QCOMPARE(m_doc->model().shapes[m_firstPlane + 2].plane->sizeX, std::optional<double>(2.0));
        show();
        QCOMPARE(doubleSided()->checkState(), Qt::PartiallyChecked);
    }

    void theEntriesFollowARenameAndAnAddition()
    {
        m_doc->push(new document::SetMaterialName(m_doc.get(), 0, "Soft rubber"));
        const size_t added = document::addMaterial(*m_doc, "Steel");
        QCOMPARE(added, size_t(2));
        choose(0); // everyone on material 0 so that the current entry shows its name
        QCOMPARE(material()->count(), 4);
        QCOMPARE(material()->itemText(1), QStringLiteral("Soft rubber"));
        QCOMPARE(material()->itemText(3), QStringLiteral("Steel"));
        QCOMPARE(material()->itemData(3).toInt(), 2);
        QCOMPARE(material()->currentText(), QStringLiteral("Soft rubber"));
        // Undoing the addition takes the entry away again.
        m_doc->undoStack()->undo(); // the choice
        m_doc->undoStack()->undo(); // the addition
        show();
        QCOMPARE(material()->count(), 3);
        QCOMPARE(material()->findText(QStringLiteral("Steel")), -1);
    }

    void aDanglingIndexIsShownAsItIs()
    {
        m_doc->push(new document::SetColliderMaterial(m_doc.get(), 0, 7));
        m_doc->push(new document::SetColliderMaterial(m_doc.get(), 1, 7));
        m_doc->push(new document::SetColliderMaterial(m_doc.get(), 2, 7));
        show();
        QCOMPARE(material()->currentText(), QStringLiteral("Invalid index 7"));
        QCOMPARE(material()->currentData().toInt(), 7);
        QCOMPARE(material()->itemText(0), QStringLiteral("None")); // "none" stays first
        QCOMPARE(material()->count(), 4);
    }
};

QTEST_MAIN(TestChoiceAndToggleRows)
#include "TestChoiceAndToggleRows.moc"
