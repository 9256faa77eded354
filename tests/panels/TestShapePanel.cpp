// The shape panel driven like a user: values typed into the parameter fields, the type and mesh chosen from
// their combo boxes, fits run with the buttons. Checks are on the model, the saved JSON, node transforms and
// undo/redo. The scene has box meshes of known sizes, so every fit has an exact expected result.
#include "BoxMeshes.h"
#include "ModelLabels.h"
#include "TestSupport.h"
#include "document/ColliderEdits.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/NodeCommands.h"
#include "panels/ShapePanel.h"
#include "widgets/FitFiguresLabel.h"
#include "widgets/NumberField.h"
#include "widgets/Vec3Field.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>
#include <array>
#include <cmath>
#include <memory>

using namespace cs;
using cs::ui::NumberField;
using cs::ui::ShapePanel;
using cs::ui::Vec3Field;
using test::Box;
using test::boxMeshes;

/// JSON equality (numbers compare by value: 1 == 1.0), with both values in the failure message.
#define CHECK_JSON(actual, expected)                                                                         \
    do {                                                                                                     \
        const cs::gltf::Json a_ = (actual);                                                                  \
        const cs::gltf::Json e_ = (expected);                                                                \
        QVERIFY2(a_ == e_, (a_.dump() + " != " + e_.dump()).c_str());                                        \
    } while (false)

namespace {

const char* kScene = R"({
  "asset": {"version": "2.0"},
  "extensionsUsed": ["OMI_physics_body", "OMI_physics_shape"],
  "extensions": {
    "OMI_physics_shape": {"shapes": [
      {"type": "sphere", "sphere": {"radius": 0.5}},
      {"type": "box", "box": {"size": [1, 1, 1]}},
      {"type": "box", "box": {"size": [1, 1, 1]}, "name": "Body shape"}]},
    "OMI_physics_body": {"physicsMaterials": [{"name": "Wood", "staticFriction": 0.4}]}
  },
  "scene": 0,
  "scenes": [{"nodes": [0, 1, 2, 4]}],
  "nodes": [
    {"name": "Crate", "mesh": 0, "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}},
    {"name": "Offset", "mesh": 1,
     "extensions": {"OMI_physics_body": {"collider": {"shape": 1, "physicsMaterial": 0}}}},
    {"name": "Body", "mesh": 2, "children": [3],
     "extensions": {"OMI_physics_body": {"motion": {"type": "dynamic"}}}},
    {"name": "Body Collider", "translation": [0.5, 5, 0], "rotation": [0, 0.7071067811865476, 0, 0.7071067811865476],
     "extensions": {"OMI_physics_body": {"collider": {"shape": 2}}}},
    {"name": "Lonely", "extensions": {"OMI_physics_body": {"collider": {"shape": 1}}}}
  ]
})";

gltf::Json savedShape(const document::Document& doc, size_t i)
{
    return doc.savedJson()["extensions"]["OMI_physics_shape"]["shapes"].at(i);
}

/// Replaces a number field's text by typing and commits it with Return.
void typeNumber(cs::ui::NumberField* field, const QString& text)
{
    QTest::keyClick(field->spinBox(), Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(field->spinBox(), text);
    QTest::keyClick(field->spinBox(), Qt::Key_Return);
}

QString listText(const QListWidget* list)
{
    QStringList items;
    for (int i = 0; i < list->count(); ++i)
        items << list->item(i)->text();
    return items.join(QLatin1Char('|'));
}

/// The rotated +Y axis of a glTF quaternion (x, y, z, w).
std::array<double, 3> rotatedY(const document::Quat& q)
{
    const double x = q[0], y = q[1], z = q[2], w = q[3];
    return {2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)};
}

} // namespace

class TestShapePanel : public QObject
{
    Q_OBJECT

    std::unique_ptr<document::Document> m_doc;
    std::unique_ptr<ShapePanel> m_panel;

    QUndoStack* stack() { return m_doc->undoStack(); }
    const physics::Shape& shape(size_t i) { return m_doc->model().shapes.at(i); }
    /// A fit runs off the GUI thread: start it and wait for how it ended (Failed at once stays Failed).
    ShapePanel::FitOutcome fitAndWait(ShapePanel::Fit kind)
    {
        const ShapePanel::FitOutcome started = m_panel->fit(kind);
        if (started != ShapePanel::FitOutcome::Started || !m_panel->fitter()->waitForFit(5000))
            return started;
        return m_panel->fitter()->lastOutcome();
    }

private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void init()
    {
        m_doc = std::make_unique<document::Document>(
            test::loadJson(boxMeshes(gltf::Json::parse(kScene), {{-0.5f, -1, -1.5f, 0.5f, 1, 1.5f},
                                                                 {1.5f, -0.5f, -0.5f, 2.5f, 0.5f, 0.5f},
                                                                 {-1, -0.5f, 0.5f, 3, 0.5f, 1.5f}})
                               .dump()));
        QCOMPARE(m_doc->gltf().count("meshes"), size_t(3));
        m_panel = std::make_unique<ShapePanel>();
        m_panel->setDocument(m_doc.get());
        m_panel->resize(420, 700);
        m_panel->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
    }

    void cleanup()
    {
        m_panel.reset();
        m_doc.reset();
    }

    void fitFiguresFollowEdits()
    {
        // Crate's mesh is the box [-0.5, 0.5] x [-1, 1] x [-1.5, 1.5]; its sphere of radius 0.5 leaves the
        // corners sqrt(0.25 + 1 + 2.25) - 0.5 outside.
        m_panel->setShape(0, 0);
        auto* figures = m_panel->fitFigures();
        QTRY_VERIFY_WITH_TIMEOUT(figures->waitForFigures(100) && figures->figures(), 20000);
        QVERIFY(std::fabs(figures->figures()->outside.max - (std::sqrt(3.5) - 0.5)) < 1e-6);
        QVERIFY(figures->text().contains(QStringLiteral("overhang max")));
        // A radius of 2 holds the whole box; the sphere's points on the x axis stand 1.5 off its faces.
        typeNumber(m_panel->radiusField(), QStringLiteral("2"));
        QCOMPARE(shape(0).radius, 2.0);
        QTRY_VERIFY_WITH_TIMEOUT(figures->waitForFigures(100) && figures->figures() &&
                                     figures->figures()->outside.max == 0.0,
                                 20000);
        QVERIFY(figures->figures()->overhang.max <= 1.5 + 1e-9);
        QVERIFY(figures->figures()->overhang.max > 1.3);
        m_panel->setShape(-1, std::nullopt);
        QVERIFY(figures->text().isEmpty());
    }

    void showsTheShapeOfItsType()
    {
        m_panel->setShape(0, 0);
        QCOMPARE(m_panel->typeCombo()->currentData().toInt(), int(physics::ShapeType::Sphere));
        QCOMPARE(m_panel->radiusField()->value(), 0.5);
        QVERIFY(m_panel->isRowShown(m_panel->radiusField()));
        QVERIFY(!m_panel->isRowShown(m_panel->sizeField()));
        QVERIFY(!m_panel->isRowShown(m_panel->heightField()));
        QVERIFY(!m_panel->isRowShown(m_panel->meshCombo()));
        QCOMPARE(listText(m_panel->usedByList()), QStringLiteral("Crate (collider)"));

        m_panel->setShape(1, 1);
        QVERIFY(m_panel->isRowShown(m_panel->sizeField()));
        QVERIFY(!m_panel->isRowShown(m_panel->radiusField()));
        QCOMPARE(listText(m_panel->usedByList()), QStringLiteral("Offset (collider)|Lonely (collider)"));
        m_panel->setShape(2, 3);
        QCOMPARE(m_panel->nameEdit()->text(), QStringLiteral("Body shape"));
    }

    void typingAParameterIsAnUndoableEdit()
    {
        m_panel->setShape(1, 1);
        typeNumber(m_panel->sizeField()->component(0), QStringLiteral("2.5"));
        QCOMPARE(shape(1).size, (physics::Vec3{2.5, 1, 1}));
        CHECK_JSON(savedShape(*m_doc, 1)["box"]["size"], gltf::Json::parse("[2.5, 1, 1]"));
        QCOMPARE(stack()->undoText(), QStringLiteral("Change Box Size"));
        stack()->undo();
        QCOMPARE(shape(1).size, (physics::Vec3{1, 1, 1}));
        QCOMPARE(m_panel->sizeField()->value(), (physics::Vec3{1, 1, 1}));
        stack()->redo();
        QCOMPARE(m_panel->sizeField()->component(0)->value(), 2.5);

        m_panel->setShape(0, 0);
        typeNumber(m_panel->radiusField(), QStringLiteral("0.75"));
        QCOMPARE(shape(0).radius, 0.75);
        // Sizes must stay above zero: the box refuses 0 and keeps what it had.
        m_panel->setShape(1, 1);
        typeNumber(m_panel->sizeField()->component(1), QStringLiteral("0"));
        QVERIFY(shape(1).size[1] > 0);
        QCOMPARE(shape(1).size[1], 1.0);
    }

    void parameterRowsAreNamedAndArrowKeysMergeIntoOneStep()
    {
        QCOMPARE(m_panel->findChild<Vec3Field*>(QStringLiteral("shapeSize")), m_panel->sizeField());
        QCOMPARE(m_panel->findChild<NumberField*>(QStringLiteral("shapeRadius")), m_panel->radiusField());
        QCOMPARE(m_panel->findChild<NumberField*>(QStringLiteral("shapeHeight")), m_panel->heightField());
        QCOMPARE(m_panel->findChild<NumberField*>(QStringLiteral("shapeRadiusTop")),
                 m_panel->radiusTopField());
        QCOMPARE(m_panel->findChild<NumberField*>(QStringLiteral("shapeRadiusBottom")),
                 m_panel->radiusBottomField());

        // The box is 1 x 1 x 1; three presses of Up on its depth (step 0.05) are one undo step that keeps
        // the other components, and undo gives back the exact size.
        m_panel->setShape(1, 1);
        const int steps = stack()->count();
        for (int i = 0; i < 3; ++i)
            QTest::keyClick(m_panel->sizeField()->component(2)->spinBox(), Qt::Key_Up);
        QCOMPARE(shape(1).size[0], 1.0);
        QCOMPARE(shape(1).size[1], 1.0);
        QVERIFY(std::abs(shape(1).size[2] - 1.15) < 1e-9);
        QCOMPARE(stack()->count(), steps + 1);
        stack()->undo();
        QCOMPARE(shape(1).size, (physics::Vec3{1, 1, 1}));
    }

    void theTypeComboChangesTheType()
    {
        m_panel->setShape(0, 0);
        QComboBox* type = m_panel->typeCombo();
        type->setCurrentIndex(type->findData(int(physics::ShapeType::Capsule)));
        QCOMPARE(shape(0).type, physics::ShapeType::Capsule);
        QCOMPARE(savedShape(*m_doc, 0)["type"].get<std::string>(), std::string("capsule"));
        QVERIFY(m_panel->isRowShown(m_panel->heightField()));
        QVERIFY(m_panel->isRowShown(m_panel->radiusTopField()));
        QVERIFY(!m_panel->isRowShown(m_panel->radiusField()));
        // The capsule's height is the mid-height; the panel says so.
        bool labelled = false;
        for (QLabel* label : m_panel->findChildren<QLabel*>())
            labelled =
                labelled || (label->buddy() == m_panel->heightField() && label->text() == "Mid-height");
        QVERIFY(labelled);
        // The mid-height must stay above zero.
        typeNumber(m_panel->heightField(), QStringLiteral("0"));
        QVERIFY(shape(0).height > 0);

        stack()->undo();
        QCOMPARE(shape(0).type, physics::ShapeType::Sphere);
        QCOMPARE(type->currentData().toInt(), int(physics::ShapeType::Sphere));
        QVERIFY(m_panel->isRowShown(m_panel->radiusField()));
    }

    void theMeshPickerSetsAConvexShapesMesh()
    {
        m_panel->setShape(2, 3);
        m_panel->typeCombo()->setCurrentIndex(
            m_panel->typeCombo()->findData(int(physics::ShapeType::Convex)));
        QVERIFY(m_panel->isRowShown(m_panel->meshCombo()));
        QComboBox* mesh = m_panel->meshCombo();
        QCOMPARE(mesh->count(), 4); // (none) and three meshes
        QCOMPARE(mesh->currentData().toInt(), -1);
        mesh->setCurrentIndex(mesh->findData(2));
        QCOMPARE(shape(2).mesh, 2);
        CHECK_JSON(savedShape(*m_doc, 2)["convex"], gltf::Json::parse(R"({"mesh": 2})"));
        stack()->undo();
        QCOMPARE(shape(2).mesh, -1);
        QCOMPARE(mesh->currentData().toInt(), -1);
    }

    void boxFitOnTheNodesOwnCentredMesh()
    {
        m_panel->setShape(0, 0);
        const int steps = stack()->count();
        QVERIFY(m_panel->fitButton(ShapePanel::Fit::Box)->isEnabled());
        QTest::mouseClick(m_panel->fitButton(ShapePanel::Fit::Box), Qt::LeftButton);
        QVERIFY(m_panel->fitter()->waitForFit(5000));
        QCOMPARE(stack()->count(), steps + 1);
        QCOMPARE(stack()->undoText(), QStringLiteral("Fit Box to Mesh"));
        QCOMPARE(shape(0).type, physics::ShapeType::Box);
        QCOMPARE(shape(0).size, (physics::Vec3{1, 2, 3}));
        QCOMPARE(m_doc->gltf().count("nodes"), size_t(5));
        CHECK_JSON(savedShape(*m_doc, 0)["box"]["size"], gltf::Json::parse("[1, 2, 3]"));
        QVERIFY(m_panel->statusLabel()->text().contains(QStringLiteral("Crate")));
        QCOMPARE(m_panel->typeCombo()->currentData().toInt(), int(physics::ShapeType::Box));

        // Fitting again changes nothing and pushes nothing.
        QCOMPARE(fitAndWait(ShapePanel::Fit::Box), ShapePanel::FitOutcome::Unchanged);
        QCOMPARE(stack()->count(), steps + 1);

        stack()->undo();
        QCOMPARE(shape(0).type, physics::ShapeType::Sphere);
        QCOMPARE(shape(0).radius, 0.5);
    }

    void sphereFitOnTheNodesOwnCentredMesh()
    {
        m_panel->setShape(0, 0);
        QCOMPARE(fitAndWait(ShapePanel::Fit::Sphere), ShapePanel::FitOutcome::ShapeChanged);
        // The smallest sphere around a 1 x 2 x 3 box reaches its corners.
        QVERIFY(std::abs(shape(0).radius - std::sqrt(0.25 + 1 + 2.25)) < 1e-4);
    }

    void anOffCentreFitGoesOnANewChildNode()
    {
        m_panel->setShape(1, 1);
        const int steps = stack()->count();
        QCOMPARE(fitAndWait(ShapePanel::Fit::Sphere), ShapePanel::FitOutcome::ChildNode);
        QCOMPARE(stack()->count(), steps + 1);
        const std::optional<size_t> child = m_panel->lastFitNode();
        QVERIFY(child);
        QCOMPARE(*child, size_t(5));
        QCOMPARE(m_doc->sceneGraph().parent(5), std::optional<size_t>(1));
        const document::Trs trs = document::nodeTrs(*m_doc->gltf().element("nodes", 5));
        QVERIFY(std::abs(trs.translation[0] - 2) < 1e-5);
        QVERIFY(std::abs(trs.translation[1]) < 1e-5 && std::abs(trs.translation[2]) < 1e-5);
        const physics::Collider& collider = *m_doc->model().node(5)->collider;
        QCOMPARE(collider.shape, 3);
        QCOMPARE(collider.physicsMaterial, 0); // carried over from the node's collider
        QCOMPARE(shape(3).type, physics::ShapeType::Sphere);
        QVERIFY(std::abs(shape(3).radius - std::sqrt(0.75)) < 1e-4);
        // This shape did not change, and the panel says where the fit went.
        QCOMPARE(shape(1).type, physics::ShapeType::Box);
        QCOMPARE(shape(1).size, (physics::Vec3{1, 1, 1}));
        const QString status = m_panel->statusLabel()->text();
        QVERIFY2(status.contains(QStringLiteral("child node")), qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("href=\"node:5\"")), qPrintable(status));

        // The child node replaces the node's own collider, in the same step.
        QVERIFY(!m_doc->model().node(1) || !m_doc->model().node(1)->collider);
        QVERIFY2(status.contains(QStringLiteral("replaces the collider")), qPrintable(status));

        QSignalSpy activated(m_panel.get(), &ShapePanel::nodeActivated);
        emit m_panel->statusLabel()->linkActivated(QStringLiteral("node:5"));
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).toInt(), 5);

        stack()->undo();
        QCOMPARE(m_doc->gltf().count("nodes"), size_t(5));
        QCOMPARE(m_doc->model().shapes.size(), size_t(3));
        QCOMPARE(m_doc->model().node(1)->collider->shape, 1);
    }

    void aCapsuleFitMovesTheColliderChildNode()
    {
        m_panel->setShape(2, 3);
        const ShapePanel::MeshSource source = ShapePanel::meshSource(*m_doc, 3);
        QVERIFY(source.meshNode);
        QCOMPARE(*source.meshNode, size_t(2));
        QVERIFY(source.fromParent);
        const int steps = stack()->count();
        QTest::mouseClick(m_panel->fitButton(ShapePanel::Fit::Capsule), Qt::LeftButton);
        QVERIFY(m_panel->fitter()->waitForFit(5000));
        QCOMPARE(stack()->count(), steps + 1);
        QCOMPARE(m_doc->gltf().count("nodes"), size_t(5)); // no new node

        // The parent's mesh is a 4 x 1 x 1 box centred at (1, 0, 1): a capsule along X around its corners.
        // The node was turned a quarter about Y and moved; the fit places it anew in the parent's space.
        const physics::Shape& s = shape(2);
        QCOMPARE(s.type, physics::ShapeType::Capsule);
        QVERIFY2(std::abs(s.radiusTop - std::sqrt(0.5)) < 1e-3, std::to_string(s.radiusTop).c_str());
        QCOMPARE(s.radiusTop, s.radiusBottom);
        QVERIFY2(std::abs(s.height - 4) < 1e-3, std::to_string(s.height).c_str());
        const document::Trs trs = document::nodeTrs(*m_doc->gltf().element("nodes", 3));
        QVERIFY2(std::abs(trs.translation[0] - 1) < 1e-4 && std::abs(trs.translation[1]) < 1e-4 &&
                     std::abs(trs.translation[2] - 1) < 1e-4,
                 gltf::Json(trs.translation).dump().c_str());
        const auto axis = rotatedY(trs.rotation);
        QVERIFY2(std::abs(std::abs(axis[0]) - 1) < 1e-4, gltf::Json(axis).dump().c_str());
        QCOMPARE(savedShape(*m_doc, 2)["name"].get<std::string>(), std::string("Body shape"));

        stack()->undo();
        QCOMPARE(shape(2).type, physics::ShapeType::Box);
        const document::Trs back = document::nodeTrs(*m_doc->gltf().element("nodes", 3));
        QCOMPARE(back.translation, (document::Vec3{0.5, 5, 0}));
        QCOMPARE(back.rotation, (document::Quat{0, 0.7071067811865476, 0, 0.7071067811865476}));
    }

    void aBoxFitOnAColliderChildNodeUsesTheParentsMesh()
    {
        m_panel->setShape(2, 3);
        QCOMPARE(fitAndWait(ShapePanel::Fit::Box), ShapePanel::FitOutcome::ShapeChanged);
        // An axis-aligned box in the node's own axes: the node keeps its quarter turn about Y, so the mesh's
        // 4 m along X is the box's 4 m along Z.
        const physics::Vec3 size = shape(2).size;
        QVERIFY2(std::abs(size[0] - 1) < 1e-5 && std::abs(size[1] - 1) < 1e-5 && std::abs(size[2] - 4) < 1e-5,
                 gltf::Json(size).dump().c_str());
        const document::Trs trs = document::nodeTrs(*m_doc->gltf().element("nodes", 3));
        QVERIFY2(std::abs(trs.translation[0] - 1) < 1e-5 && std::abs(trs.translation[1]) < 1e-5 &&
                     std::abs(trs.translation[2] - 1) < 1e-5,
                 gltf::Json(trs.translation).dump().c_str());
        QCOMPARE(trs.rotation, (document::Quat{0, 0.7071067811865476, 0, 0.7071067811865476}));
        const gltf::Json saved = m_doc->savedJson();
        QVERIFY(std::abs(saved["nodes"][3]["translation"][0].get<double>() - 1) < 1e-5);
    }

    void aFitIsDroppedWhenTheSelectionOrTheDocumentChanges()
    {
        // The result arrives through the event loop, so what happens before it runs makes it stale.
        m_panel->setShape(0, 0);
        const int steps = stack()->count();
        QCOMPARE(m_panel->fit(ShapePanel::Fit::Box), ShapePanel::FitOutcome::Started);
        QVERIFY(m_panel->fitter()->isFitting());
        m_panel->setShape(1, 1);
        QVERIFY(m_panel->fitter()->waitForFit(5000));
        QCOMPARE(m_panel->fitter()->lastOutcome(), ShapePanel::FitOutcome::Failed);
        QCOMPARE(stack()->count(), steps);
        QCOMPARE(shape(0).type, physics::ShapeType::Sphere);

        m_panel->setShape(0, 0);
        QCOMPARE(m_panel->fit(ShapePanel::Fit::Box), ShapePanel::FitOutcome::Started);
        m_doc->push(new document::SetNodeTranslation(m_doc.get(), 4, {0, 1, 0}));
        QVERIFY(m_panel->fitter()->waitForFit(5000));
        QCOMPARE(m_panel->fitter()->lastOutcome(), ShapePanel::FitOutcome::Failed);
        QCOMPARE(stack()->count(), steps + 1); // the translation only
        QCOMPARE(shape(0).type, physics::ShapeType::Sphere);
        QVERIFY2(m_panel->statusLabel()->text().contains(QStringLiteral("changed")),
                 qPrintable(m_panel->statusLabel()->text()));
    }

    void fittingNeedsAMesh()
    {
        m_panel->setShape(1, 4); // "Lonely": no mesh, no parent
        QVERIFY(!m_panel->fitButton(ShapePanel::Fit::Box)->isEnabled());
        QVERIFY(!m_panel->hullButton()->isEnabled());
        const int steps = stack()->count();
        QCOMPARE(fitAndWait(ShapePanel::Fit::Box), ShapePanel::FitOutcome::Failed);
        QCOMPARE(stack()->count(), steps);
        QVERIFY(!m_panel->statusLabel()->text().isEmpty());
        QVERIFY(!ShapePanel::fitPoints(*m_doc, 4));

        m_panel->setShape(1, std::nullopt);
        QVERIFY(!m_panel->fitButton(ShapePanel::Fit::Sphere)->isEnabled());
        QCOMPARE(fitAndWait(ShapePanel::Fit::Sphere), ShapePanel::FitOutcome::Failed);
    }

    void hullAndUsedBySignals()
    {
        QSignalSpy hull(m_panel.get(), &ShapePanel::hullRequested);
        QSignalSpy activated(m_panel.get(), &ShapePanel::nodeActivated);
        m_panel->setShape(2, 3);
        QVERIFY(m_panel->hullButton()->isEnabled());
        QTest::mouseClick(m_panel->hullButton(), Qt::LeftButton);
        QCOMPARE(hull.count(), 1);
        QCOMPARE(hull.at(0).at(0).toInt(), 2); // the parent carries the mesh

        m_panel->setShape(1, 1);
        QListWidget* used = m_panel->usedByList();
        QCOMPARE(used->count(), 2);
        const QRect rect = used->visualItemRect(used->item(1));
        QTest::mouseClick(used->viewport(), Qt::LeftButton, {}, rect.center());
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.at(0).at(0).toInt(), 4);
    }

    void outsideEditsRefreshWithoutStealingFocus()
    {
        m_panel->setShape(0, 0);
        QApplication::setActiveWindow(m_panel.get());
        QVERIFY(QTest::qWaitForWindowActive(m_panel.get()));
        QLineEdit* name = m_panel->nameEdit();
        name->setFocus();
        QVERIFY(name->hasFocus());
        QTest::keyClicks(name, QStringLiteral("Draft"));

        // Another panel (or a script) changes the radius while the name is being typed.
        m_doc->push(new document::SetShapeRadius(m_doc.get(), 0, 0.9));
        QCOMPARE(m_panel->radiusField()->value(), 0.9);
        QVERIFY(name->hasFocus());
        QCOMPARE(name->text(), QStringLiteral("Draft"));
        QTest::keyClick(name, Qt::Key_Return);
        QCOMPARE(savedShape(*m_doc, 0)["name"].get<std::string>(), std::string("Draft"));

        // Undo and redo show up in the fields.
        stack()->undo();
        QCOMPARE(name->text(), QString());
        stack()->undo();
        QCOMPARE(m_panel->radiusField()->value(), 0.5);
        stack()->redo();
        QCOMPARE(m_panel->radiusField()->value(), 0.9);
    }

    void followsTheShapeWhenTheListMoves()
    {
        m_panel->setShape(2, 3);
        const std::vector<size_t> users = document::deleteShape(*m_doc, 0);
        QCOMPARE(users, (std::vector<size_t>{0}));
        QCOMPARE(m_panel->shape(), 1);
        QCOMPARE(m_panel->nameEdit()->text(), QStringLiteral("Body shape"));
        stack()->undo();
        QCOMPARE(m_panel->shape(), 2);
        QCOMPARE(m_panel->nameEdit()->text(), QStringLiteral("Body shape"));

        document::deleteShape(*m_doc, 2);
        QCOMPARE(m_panel->shape(), -1);
        QVERIFY(!m_panel->fitButton(ShapePanel::Fit::Box)->isEnabled());
        QVERIFY(!m_panel->isRowShown(m_panel->sizeField()));
    }

    void aPlaneShowsItsSizesAndSides()
    {
        // KHR planes: 2 x 4 m double-sided, and unbounded; a sphere for the rows a plane does not have.
        m_doc = std::make_unique<document::Document>(test::loadJson(R"({"asset":{"version":"2.0"},
          "extensionsUsed":["KHR_implicit_shapes","KHR_physics_rigid_bodies"],
          "extensions":{"KHR_implicit_shapes":{"shapes":[
            {"type":"plane","plane":{"sizeX":2,"sizeZ":4,"doubleSided":true}},
            {"type":"plane","plane":{}},
            {"type":"sphere","sphere":{"radius":0.5}}]}},
          "scenes":[{"nodes":[0]}],
          "nodes":[{"name":"Ground","extensions":{"KHR_physics_rigid_bodies":{
            "collider":{"geometry":{"shape":1}}}}}]})"));
        m_panel->setDocument(m_doc.get());
        m_panel->setShape(0, -1);
        QVERIFY(m_panel->isRowShown(m_panel->planeSizeXField()));
        QVERIFY(m_panel->isRowShown(m_panel->planeDoubleSidedCheck()));
        QVERIFY(!m_panel->isRowShown(m_panel->sizeField()));
        QVERIFY(!m_panel->isRowShown(m_panel->radiusField()));
        QCOMPARE(m_panel->planeSizeXField()->value(), 2.0);
        QCOMPARE(m_panel->planeSizeZField()->value(), 4.0);
        QVERIFY(m_panel->planeDoubleSidedCheck()->isChecked());
        QVERIFY(m_panel->planeSizeXField()->isEnabled());
        // The type is shown, not offered: a plane does not convert to the solid types.
        QCOMPARE(m_panel->typeCombo()->currentIndex(), -1);
        QCOMPARE(m_panel->typeCombo()->placeholderText(), QStringLiteral("Plane"));
        QVERIFY(!m_panel->typeCombo()->isEnabled());

        typeNumber(m_panel->planeSizeXField(), QStringLiteral("3.5"));
        QCOMPARE(shape(0).plane->sizeX, std::optional<double>(3.5));
        QCOMPARE(stack()->undoText(), QStringLiteral("Change Plane Size X"));
        m_panel->planeDoubleSidedCheck()->click();
        QVERIFY(!shape(0).plane->doubleSided);
        const gltf::Json saved = m_doc->savedJson()["extensions"]["KHR_implicit_shapes"]["shapes"][0];
        CHECK_JSON(saved["plane"], gltf::Json::parse(R"({"sizeX":3.5,"sizeZ":4,"doubleSided":false})"));
        QCOMPARE(stack()->count(), 2);
        stack()->undo();
        stack()->undo();
        QCOMPARE(shape(0).plane->sizeX, std::optional<double>(2.0));
        QVERIFY(shape(0).plane->doubleSided);
        QVERIFY(m_panel->planeDoubleSidedCheck()->isChecked());

        // Pickers name it a plane.
        QCOMPARE(cs::ui::shapeLabel(*m_doc, 1), QStringLiteral("Shape 1 (plane)"));
        // An unbounded plane reads "Unbounded" in both sizes.
        m_panel->setShape(1, 0);
        QCOMPARE(m_panel->planeSizeXField()->spinBox()->text(), QStringLiteral("Unbounded"));
        QCOMPARE(m_panel->planeSizeZField()->spinBox()->text(), QStringLiteral("Unbounded"));
        QVERIFY(!m_panel->planeDoubleSidedCheck()->isChecked());
        QVERIFY(!m_panel->noteLabel()->text().contains(QStringLiteral("one axis only")));
        // Bounded along X only: the note says engines may read it as unbounded.
        typeNumber(m_panel->planeSizeXField(), QStringLiteral("5"));
        QCOMPARE(shape(1).plane->sizeX, std::optional<double>(5.0));
        QVERIFY(!shape(1).plane->sizeZ);
        QVERIFY2(m_panel->noteLabel()->text().contains(QStringLiteral("one axis only")),
                 qPrintable(m_panel->noteLabel()->text()));

        m_panel->setShape(2, -1);
        QVERIFY(!m_panel->isRowShown(m_panel->planeSizeXField()));
        QVERIFY(!m_panel->isRowShown(m_panel->planeDoubleSidedCheck()));
        QVERIFY(m_panel->isRowShown(m_panel->radiusField()));
        QVERIFY(m_panel->typeCombo()->isEnabled());
    }

    void showsTheDocumentsSelectedShape()
    {
        // Selecting "Body Collider" (node 3) shows its collider's shape, "Body shape" (2), with the node as
        // the fits' context; a shape set on the panel becomes the document's.
        m_doc->setSelectedNodes({3});
        QCOMPARE(m_doc->selectedShape(), 2);
        QCOMPARE(m_panel->shape(), 2);
        QCOMPARE(m_panel->nameEdit()->text(), QStringLiteral("Body shape"));
        m_panel->setShape(1, 1);
        QCOMPARE(m_doc->selectedShape(), 1);
        QCOMPARE(m_panel->nameEdit()->text(), QString());
        // Deleting the shape before it moves it down in the list: the panel shows the same shape.
        m_doc->setSelectedShape(2);
        QCOMPARE(m_panel->nameEdit()->text(), QStringLiteral("Body shape"));
        document::deleteShape(*m_doc, 0);
        QCOMPARE(m_panel->shape(), 1);
        QCOMPARE(m_panel->nameEdit()->text(), QStringLiteral("Body shape"));
        stack()->undo();
        QCOMPARE(m_panel->shape(), 2);
        QCOMPARE(m_panel->nameEdit()->text(), QStringLiteral("Body shape"));
    }

    void withoutADocument()
    {
        m_panel->setShape(0, 0);
        m_panel->setDocument(nullptr);
        QCOMPARE(m_panel->shape(), -1);
        QVERIFY(!m_panel->isEnabled());
        QCOMPARE(fitAndWait(ShapePanel::Fit::Box), ShapePanel::FitOutcome::Failed);
    }
};

QTEST_MAIN(TestShapePanel)
#include "TestShapePanel.moc"
