// Which motion values a body type uses (the spec's meaning of static, kinematic and dynamic bodies), alone
// and over a selection of bodies.
#include "physics/MotionUsage.h"

#include <QTest>

using namespace cs::physics;

namespace {

Motion ofType(MotionType type)
{
    Motion m;
    m.type = type;
    return m;
}

} // namespace

class TestMotionUsage : public QObject
{
    Q_OBJECT

private slots:
    void eachType()
    {
        // A static body does not move: nothing but its type is used.
        QCOMPARE(motionUsage(MotionType::Static), (MotionUsage{false, false, false}));
        // A kinematic body is moved by animation or scripts: its initial velocities only.
        QCOMPARE(motionUsage(MotionType::Kinematic), (MotionUsage{false, true, false}));
        QCOMPARE(motionUsage(MotionType::Dynamic), (MotionUsage{true, true, true}));
    }

    void selectionUsesWhatAnyBodyUses()
    {
        const Motion still = ofType(MotionType::Static);
        const Motion moved = ofType(MotionType::Kinematic);
        const Motion free = ofType(MotionType::Dynamic);

        const SelectionUsage none = motionUsage(std::vector<const Motion*>{});
        QCOMPARE(none.used, (MotionUsage{false, false, false}));
        QVERIFY(!none.anyStatic && !none.anyKinematic);

        const SelectionUsage statics = motionUsage({&still, &still});
        QCOMPARE(statics.used, (MotionUsage{false, false, false}));
        QVERIFY(statics.anyStatic && !statics.anyKinematic && !statics.all());

        const SelectionUsage mixed = motionUsage({&still, &moved});
        QCOMPARE(mixed.used, (MotionUsage{false, true, false}));
        QVERIFY(mixed.anyStatic && mixed.anyKinematic && !mixed.all());

        const SelectionUsage withDynamic = motionUsage({&moved, &free});
        QCOMPARE(withDynamic.used, (MotionUsage{true, true, true}));
        QVERIFY(!withDynamic.anyStatic && withDynamic.anyKinematic && withDynamic.all());
    }
};

QTEST_APPLESS_MAIN(TestMotionUsage)
#include "TestMotionUsage.moc"
