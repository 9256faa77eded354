// Thousands of random edits (fixed seed) on the sample scene, some undone on the way, then everything undone:
// the saved file must be the original byte for byte (and the model written back the original JSON); then
// everything redone: the document must be exactly what it was before the undo.
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/ColliderEdits.h"
#include "document/ShapeConversion.h"

#include <QElapsedTimer>
#include <QTest>
#include <random>

using namespace cs;
using namespace cs::document;
using namespace cs::test;

namespace {

// Draws from a fixed-seed engine without std::uniform_*_distribution, whose results differ between standard
// libraries, so a failure can be replayed.
class Dice
{
public:
    explicit Dice(std::uint32_t seed) : m_engine(seed) {}
    size_t below(size_t n) { return n == 0 ? 0 : m_engine() % n; }
    int index(size_t count) { return static_cast<int>(below(count)); }
    /// An index, or sometimes -1 (none).
    int optionalIndex(size_t count) { return below(5) == 0 ? -1 : index(count); }
    double pick(std::initializer_list<double> values) { return values.begin()[below(values.size())]; }
    Vec3 vec() { return {pick({0.5, 1, 2}), pick({0.25, 1, 3}), pick({0.5, 1, 2})}; }

private:
    std::mt19937 m_engine;
};

gltf::TriangleMesh randomTetrahedron(Dice& dice)
{
    const float s = static_cast<float>(dice.pick({0.5, 1, 2}));
    gltf::TriangleMesh m;
    m.positions = {{0, 0, 0}, {s, 0, 0}, {0, s, 0}, {0, 0, s}};
    m.indices = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
    return m;
}

// One random edit. Indices are drawn from the current sizes, so most edits apply; the ones that do not are
// dropped by push() as obsolete, which is part of what is tested.
void randomEdit(Document& d, Dice& dice)
{
    const physics::PhysicsModel& m = d.model();
    const size_t nodes = d.gltf().count("nodes");
    const size_t node = dice.below(nodes);
    const size_t shapes = m.shapes.size();
    const auto type = static_cast<physics::ShapeType>(dice.below(6));
    Document* p = &d;
    switch (dice.below(40)) {
    case 0:
        d.push(new SetShapeSize(p, dice.below(shapes), dice.vec()));
        break;
    case 1:
        d.push(new SetShapeRadius(p, dice.below(shapes), dice.pick({0.1, 0.4, 0.5, 1})));
        break;
    case 2:
        d.push(new SetShapeHeight(p, dice.below(shapes), dice.pick({0.5, 1, 2})));
        break;
    case 3:
        d.push(new SetShapeRadiusTop(p, dice.below(shapes), dice.pick({0.1, 0.5})));
        break;
    case 4:
        d.push(new SetShapeRadiusBottom(p, dice.below(shapes), dice.pick({0.1, 0.5})));
        break;
    case 5:
        d.push(new SetShapeName(p, dice.below(shapes), dice.below(2) ? "A" : ""));
        break;
    case 6:
        d.push(new ChangeShapeType(p, dice.below(shapes), type));
        break;
    case 7:
        d.push(new AddShape(p, makeShape(type, dice.below(2) ? "New" : "")));
        break;
    case 8:
        deleteShape(d, dice.below(shapes));
        break;
    case 9:
        d.push(addMotion(p, node));
        break;
    case 10:
        d.push(removeMotion(p, node));
        break;
    case 11:
        d.push(new SetMotionMass(p, node, dice.pick({0, 1, 20, 3.5})));
        break;
    case 12:
        d.push(new SetMotionType(p, node, static_cast<physics::MotionType>(dice.below(3))));
        break;
    case 13:
        d.push(new SetLinearVelocity(p, node, dice.vec()));
        break;
    case 14:
        d.push(new SetCenterOfMass(p, node, dice.vec()));
        break;
    case 15:
        computeMassProperties(d, node, {dice.pick({1, 2}), dice.vec(), dice.vec(), {0, 0, 0, 1}});
        break;
    case 16: {
        physics::Collider c;
        c.shape = dice.optionalIndex(shapes);
        d.push(addCollider(p, node, c));
        break;
    }
    case 17:
        d.push(removeCollider(p, node));
        break;
    case 18: {
        physics::Trigger t;
        t.shape = dice.index(shapes);
        d.push(addTrigger(p, node, t));
        break;
    }
    case 19:
        d.push(removeTrigger(p, node));
        break;
    case 20:
        d.push(new SetColliderShape(p, node, dice.optionalIndex(shapes)));
        break;
    case 21:
        d.push(new SetColliderMaterial(p, node, dice.optionalIndex(m.materials.size())));
        break;
    case 22:
        d.push(new SetColliderFilter(p, node, dice.optionalIndex(m.filters.size())));
        break;
    case 23:
        d.push(makeCompoundTrigger(p, node, {dice.index(nodes), dice.index(nodes)}));
        break;
    case 24:
        d.push(makeCompoundCollider(p, node));
        break;
    case 25:
        d.push(new AddMaterial(p, physics::PhysicsMaterial{}));
        break;
    case 26:
        deleteMaterial(d, dice.below(m.materials.size()));
        break;
    case 27:
        d.push(new SetStaticFriction(p, dice.below(m.materials.size()), dice.pick({0, 0.5, 0.6})));
        break;
    case 28:
        d.push(new SetFrictionCombine(p, dice.below(m.materials.size()),
                                      static_cast<physics::CombineMode>(dice.below(4))));
        break;
    case 29:
        d.push(new AddFilter(p, physics::CollisionFilter{}));
        break;
    case 30:
        deleteFilter(d, dice.below(m.filters.size()));
        break;
    case 31:
        d.push(new SetCollisionSystems(p, dice.below(m.filters.size()), {dice.below(2) ? "a" : "b"}));
        break;
    case 32:
        d.push(new RenameNode(p, node, dice.below(2) ? "N" : ""));
        break;
    case 33:
        d.push(new SetNodeTranslation(p, node, dice.vec()));
        break;
    case 34:
        d.push(new SetNodeScale(p, node, dice.vec()));
        break;
    case 35:
        addColliderChildNode(d, node, makeShape(type));
        break;
    case 36:
        generateConvexHull(d, node, randomTetrahedron(dice));
        break;
    case 37:
        d.push(new SetTriggerNodes(p, node, {dice.index(nodes)}));
        break;
    default:
        // Step back a little; the next push drops the redo tail.
        for (size_t i = dice.below(4); i > 0 && d.undoStack()->canUndo(); --i)
            d.undoStack()->undo();
        break;
    }
}

} // namespace

class TestRandomEdits : public QObject
{
    Q_OBJECT

private slots:
    void undoAllRestoresTheFileRedoAllTheEdits()
    {
        auto d = openSample();
        const gltf::Bytes original = readBytes(samplePath());
        QVERIFY2(savedGlb(*d) == original, "the sample does not round-trip unchanged");
        const std::string originalModel = modelText(*d);

        QElapsedTimer timer;
        timer.start();
        Dice dice(20240605);
        constexpr int kEdits = 10000;
        for (int i = 0; i < kEdits; ++i)
            randomEdit(*d, dice);
        QUndoStack* stack = d->undoStack();
        // Most draws apply (some are no-ops, merges or undos): the history must be long.
        QVERIFY2(stack->count() > kEdits / 2, std::to_string(stack->count()).c_str());
        QVERIFY(d->model().shapes.size() > 18);

        const std::string editedText = savedText(*d);
        const gltf::Bytes edited = savedGlb(*d);
        const std::string editedModel = modelText(*d);
        QVERIFY(edited != original);

        stack->setIndex(0);
        QVERIFY2(savedGlb(*d) == original, "undo all did not give back the original bytes");
        CS_COMPARE_TEXT(modelText(*d), originalModel);
        QCOMPARE(d->gltf().count("nodes"), size_t(24));

        stack->setIndex(stack->count());
        CS_COMPARE_TEXT(savedText(*d), editedText);
        QVERIFY2(savedGlb(*d) == edited, "redo all did not give back the edited bytes");
        CS_COMPARE_TEXT(modelText(*d), editedModel);
        qInfo("%d random edits, %d undo steps, undo all + redo all: %lld ms", kEdits, stack->count(),
              static_cast<long long>(timer.elapsed()));
    }
};

QTEST_GUILESS_MAIN(TestRandomEdits)
#include "TestRandomEdits.moc"
