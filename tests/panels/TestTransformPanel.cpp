// The Transform section driven like a user (typing + Enter) on a small document: translation, rotation as
// Euler degrees (XYZ) and scale reach the node as one undo step, several nodes are one step with the other
// components kept per node, a matrix node is shown taken apart and written back as TRS, and a sheared
// matrix and a non-uniform scale on a shape node are reported in the note.
#include "TestSupport.h"
#include "document/Document.h"
#include "panels/TransformPanel.h"
#include "widgets/NumberField.h"
#include "widgets/QuatAsEulerField.h"
#include "widgets/Vec3Field.h"

#include <QLabel>
#include <QTest>
#include <QUndoStack>
#include <cmath>
#include <memory>

using namespace cs;
using namespace cs::ui;
using cs::document::Document;
using gltf::Json;
using test::numbersNear;

namespace {

// 0 A at (1, 2, 3); 1 B at (4, 5, 6) scaled 2; 2 M: matrix T(1, 2, 3) Rz(90) S(2); 3 S: sheared matrix;
// 4 Box: a box collider with scale (1, 2, 1).
const char* kScene = R"({
  "asset": {"version": "2.0"},
  "extensionsUsed": ["OMI_physics_body", "OMI_physics_shape"],
  "extensions": {"OMI_physics_shape": {"shapes": [{"type": "box", "box": {"size": [1, 1, 1]}}]}},
  "scenes": [{"nodes": [0, 1, 2, 3, 4]}],
  "nodes": [
    {"name": "A", "translation": [1, 2, 3]},
    {"name": "B", "translation": [4, 5, 6], "scale": [2, 2, 2]},
    {"name": "M", "matrix": [0, 2, 0, 0, -2, 0, 0, 0, 0, 0, 2, 0, 1, 2, 3, 1]},
    {"name": "S", "matrix": [1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]},
    {"name": "Box", "scale": [1, 2, 1], "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}}
  ]
})";

void enter(NumberField* field, const QString& text)
{
    field->spinBox()->selectAll();
    QTest::keyClicks(field->spinBox(), text);
    QTest::keyClick(field->spinBox(), Qt::Key_Enter);
}

const Json& node(const Document& doc, size_t i)
{
    return doc.gltf().json()["nodes"][i];
}

} // namespace

class TestTransformPanel : public QObject
{
    Q_OBJECT

private slots:
    void editsTranslationRotationScale()
    {
        Document doc(test::loadJson(kScene));
        TransformPanel panel;
        panel.setDocument(&doc);
        panel.setNodes({0});
        QCOMPARE(panel.translationField()->value(), (physics::Vec3{1, 2, 3}));
        enter(panel.translationField()->component(1), QStringLiteral("7"));
        QVERIFY(numbersNear(node(doc, 0)["translation"], {1, 7, 3}, 1e-9));
        QCOMPARE(doc.undoStack()->count(), 1);
        // 90 degrees about Y: the quaternion (0, sin 45, 0, cos 45).
        enter(panel.rotationField()->angles()->component(1), QStringLiteral("90"));
        QVERIFY(numbersNear(node(doc, 0)["rotation"], {0, std::sqrt(0.5), 0, std::sqrt(0.5)}, 1e-9));
        enter(panel.scaleField()->component(0), QStringLiteral("3"));
        QVERIFY(numbersNear(node(doc, 0)["scale"], {3, 1, 1}, 1e-9));
        doc.undoStack()->undo();
        QVERIFY(!node(doc, 0).contains("scale"));
        QCOMPARE(panel.scaleField()->value(), (physics::Vec3{1, 1, 1})); // the panel follows undo
    }

    void severalNodesAreOneStep()
    {
        Document doc(test::loadJson(kScene));
        TransformPanel panel;
        panel.setDocument(&doc);
        panel.setNodes({0, 1});
        QVERIFY(panel.translationField()->isMixed(0));
        enter(panel.translationField()->component(0), QStringLiteral("9"));
        QCOMPARE(doc.undoStack()->count(), 1);
        QVERIFY(numbersNear(node(doc, 0)["translation"], {9, 2, 3}, 1e-9));
        QVERIFY(numbersNear(node(doc, 1)["translation"], {9, 5, 6}, 1e-9));
        QVERIFY(numbersNear(node(doc, 1)["scale"], {2, 2, 2}, 1e-9));
        doc.undoStack()->undo();
        QVERIFY(numbersNear(node(doc, 0)["translation"], {1, 2, 3}, 1e-9));
        QVERIFY(numbersNear(node(doc, 1)["translation"], {4, 5, 6}, 1e-9));
    }

    void matrixShownTakenApartAndWrittenAsTrs()
    {
        Document doc(test::loadJson(kScene));
        TransformPanel panel;
        panel.show();
        panel.setDocument(&doc);
        panel.setNodes({2});
        QCOMPARE(panel.translationField()->value(), (physics::Vec3{1, 2, 3}));
        QVERIFY(std::fabs(panel.scaleField()->value()[0] - 2) < 1e-12);
        QVERIFY(panel.note()->isVisible());
        QVERIFY(panel.note()->text().contains(QStringLiteral("matrix")));
        enter(panel.translationField()->component(2), QStringLiteral("0"));
        QVERIFY(!node(doc, 2).contains("matrix"));
        QVERIFY(numbersNear(node(doc, 2)["translation"], {1, 2, 0}, 1e-9));
        QVERIFY(numbersNear(node(doc, 2)["rotation"], {0, 0, std::sqrt(0.5), std::sqrt(0.5)}, 1e-9));
        QVERIFY(numbersNear(node(doc, 2)["scale"], {2, 2, 2}, 1e-9));
    }

    void shearAndNonUniformShapeScaleReported()
    {
        Document doc(test::loadJson(kScene));
        TransformPanel panel;
        panel.show();
        panel.setDocument(&doc);
        panel.setNodes({3});
        // Columns X and X + Y are 45 degrees apart: 45 degrees off square.
        QVERIFY2(panel.note()->text().contains(QStringLiteral("shear (45.0 degrees")),
                 qPrintable(panel.note()->text()));
        panel.setNodes({4});
        QVERIFY(panel.note()->text().contains(QStringLiteral("non-uniform")));
        panel.setNodes({0});
        QVERIFY(!panel.note()->isVisible());
    }
};

QTEST_MAIN(TestTransformPanel)
#include "TestTransformPanel.moc"
