// The field descriptors that the property editors and the validator share: their bounds are the spec's
// (sizes and heights above 0, radii, mass and material values 0 or more), the smallest value an editor
// offers is one the validator accepts, and a value just below a bound is refused by the validator.
#include "PhysicsTestUtil.h"
#include "TestSupport.h"
#include "physics/DiagnosticCodes.h"
#include "physics/FieldLimits.h"
#include "physics/Validator.h"

#include <QTest>
#include <string>

using namespace cs;
using namespace cs::physics;
using namespace cs::test;

namespace {

std::string number(double v)
{
    return QByteArray::number(v, 'g', 17).toStdString();
}

// One shape on one collider node, and a dynamic body with a material on the same node.
Diagnostics validateFile(const std::string& shape, double mass, double friction)
{
    const std::string json =
        R"({"extensionsUsed":["OMI_physics_body","OMI_physics_shape"],"extensions":{"OMI_physics_shape":)"
        R"({"shapes":[)" +
        shape + R"(]},"OMI_physics_body":{"physicsMaterials":[{"staticFriction":)" + number(friction) +
        R"(}]}},"nodes":[{"extensions":{"OMI_physics_body":{"motion":{"type":"dynamic","mass":)" +
        number(mass) + R"(},"collider":{"shape":0,"physicsMaterial":0}}}}]})";
    return validatePhysics(docFromJson(json));
}

std::string box(double side)
{
    return R"({"type":"box","box":{"size":[1,)" + number(side) + R"(,1]}})";
}

std::string sphere(double radius)
{
    return R"({"type":"sphere","sphere":{"radius":)" + number(radius) + "}}";
}

} // namespace

class TestFieldLimits : public QObject
{
    Q_OBJECT

private slots:
    void boundsAreTheSpecs()
    {
        QVERIFY(!limits::BoxSize.accepts(0.0));
        QVERIFY(limits::BoxSize.accepts(1e-9));
        QVERIFY(!limits::ShapeHeight.accepts(0.0));
        QVERIFY(limits::Radius.accepts(0.0));
        QVERIFY(!limits::Radius.accepts(-1e-9));
        QVERIFY(limits::PlaneSize.accepts(0.0)); // 0: unbounded
        QVERIFY(limits::Mass.accepts(0.0));
        QVERIFY(!limits::Mass.accepts(-0.5));
        QVERIFY(limits::Friction.accepts(0.0) && !limits::Friction.accepts(-0.1));
        QVERIFY(limits::Restitution.accepts(0.0) && !limits::Restitution.accepts(-0.1));
    }

    void editorsOfferOnlyAcceptedValues()
    {
        // A bound that is excluded: the smallest step the editor shows above it (4 decimals: 0.0001 m).
        QCOMPARE(limits::BoxSize.editorMinimum(), 1e-4);
        QCOMPARE(limits::ShapeHeight.editorMinimum(), 1e-4);
        QCOMPARE(limits::Radius.editorMinimum(), 0.0);
        QCOMPARE(limits::Inertia.editorMinimum(), 0.0);
        for (const FieldLimits* f :
             {&limits::BoxSize, &limits::ShapeHeight, &limits::Radius, &limits::PlaneSize, &limits::Mass,
              &limits::Inertia, &limits::Friction, &limits::Restitution}) {
            QVERIFY(f->accepts(f->editorMinimum()));
            QVERIFY(f->accepts(f->maximum));
            QVERIFY(f->editorMinimum() < f->maximum);
        }
    }

    void validatorReadsTheSameBounds()
    {
        // At the editors' smallest values nothing is invalid.
        const Diagnostics fine =
            validateFile(box(limits::BoxSize.editorMinimum()), limits::Mass.editorMinimum(), 0.0);
        QVERIFY2(!hasCode(fine, code::ShapeSizeInvalid), describe(fine).c_str());
        QVERIFY(!hasCode(fine, code::MassNegative));
        QVERIFY(!hasCode(fine, code::MaterialValueNegative));
        QVERIFY(!hasCode(validateFile(sphere(0.0), 1.0, 0.5), code::ShapeSizeInvalid));
        // Past each bound the validator refuses the value.
        QVERIFY(hasCode(validateFile(box(0.0), 1.0, 0.5), code::ShapeSizeInvalid));
        QVERIFY(hasCode(validateFile(sphere(-0.25), 1.0, 0.5), code::ShapeSizeInvalid));
        QVERIFY(hasCode(validateFile(box(1.0), -2.0, 0.5), code::MassNegative));
        QVERIFY(hasCode(validateFile(box(1.0), 1.0, -0.1), code::MaterialValueNegative));
    }
};

QTEST_APPLESS_MAIN(TestFieldLimits)
#include "TestFieldLimits.moc"
