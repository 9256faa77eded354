// The list-item helpers behind the materials and filters tables: fresh names, users of every item in one
// pass, adding a named item, and the filter mask edits that keep collideWithSystems and notCollideWithSystems
// exclusive. Every edit: redo -> undo -> redo with the saved JSON checked.
#include "DocumentTestUtil.h"
#include "TestSupport.h"
#include "document/ListItems.h"

#include <QTest>
#include <QUndoStack>

using namespace cs;
using namespace cs::document;
using namespace cs::test;
using Strings = std::vector<std::string>;
using Users = std::vector<std::vector<size_t>>;

namespace {

const char* kScene = R"({
  "asset": {"version": "2.0"},
  "extensionsUsed": ["OMI_physics_body", "OMI_physics_shape"],
  "extensions": {
    "OMI_physics_shape": {"shapes": [{"type": "sphere", "sphere": {"radius": 0.5}}]},
    "OMI_physics_body": {
      "physicsMaterials": [{"name": "Material 1"}, {"staticFriction": 0.2}, {"name": "Material 3"}],
      "collisionFilters": [
        {"name": "Player", "collisionSystems": ["player"], "collideWithSystems": ["world", "enemy"]},
        {"name": "Sensors", "notCollideWithSystems": ["world"]},
        {"name": "Broken", "collideWithSystems": ["a"], "notCollideWithSystems": ["b"]},
        {"name": "Empty"}]}
  },
  "scene": 0,
  "scenes": [{"nodes": [0, 1, 2]}],
  "nodes": [
    {"name": "A", "extensions": {"OMI_physics_body": {"collider": {"shape": 0, "physicsMaterial": 2,
                                                                   "collisionFilter": 1},
                                                      "trigger": {"shape": 0, "collisionFilter": 1}}}},
    {"name": "B", "extensions": {"OMI_physics_body": {"trigger": {"shape": 0, "collisionFilter": 0}}}},
    {"name": "C", "extensions": {"OMI_physics_body": {"collider": {"shape": 0, "physicsMaterial": 2,
                                                                   "collisionFilter": 1}}}}
  ]
})";

Strings strings(const gltf::Json& filter, const char* key)
{
    return filter.contains(key) ? filter[key].get<Strings>() : Strings{};
}

} // namespace

class TestListItems : public QObject
{
    Q_OBJECT

    std::unique_ptr<Document> m_doc;

private slots:
    void init() { m_doc = documentFromJson(kScene); }

    void sizesNamesAndFreshNames()
    {
        const physics::PhysicsModel& m = m_doc->model();
        QCOMPARE(listSize(m, ListKind::Shape), size_t(1));
        QCOMPARE(listSize(m, ListKind::Material), size_t(3));
        QCOMPARE(listSize(m, ListKind::Filter), size_t(4));
        QCOMPARE(itemName(m, ListKind::Filter, 2), std::string("Broken"));
        QCOMPARE(itemName(m, ListKind::Material, 1), std::string());
        QCOMPARE(itemName(m, ListKind::Material, 7), std::string());
        // "Material 1" and "Material 3" are taken: the first free number is 2.
        QCOMPARE(freshName(m, ListKind::Material, "Material"), std::string("Material 2"));
        QCOMPARE(freshName(m, ListKind::Filter, "Filter"), std::string("Filter 1"));
    }

    void howEachNodeUsesAnItem()
    {
        const physics::PhysicsModel& m = m_doc->model();
        using Uses = std::vector<ItemUse>;
        // Shape 0: A through collider and trigger, B through its trigger, C through its collider.
        QCOMPARE(usesOf(m, ListKind::Shape, 0), (Uses{{0, true, true}, {1, false, true}, {2, true, false}}));
        QCOMPARE(usesOf(m, ListKind::Material, 2), (Uses{{0, true, false}, {2, true, false}}));
        QCOMPARE(usesOf(m, ListKind::Material, 0), Uses{});
        QCOMPARE(usesOf(m, ListKind::Filter, 0), (Uses{{1, false, true}}));
        QCOMPARE(usesOf(m, ListKind::Filter, 1), (Uses{{0, true, true}, {2, true, false}}));
        // "None" is no item: nobody uses it as one.
        QCOMPARE(usesOf(m, ListKind::Filter, -1), Uses{});
    }

    void usersOfEveryItemInOnePass()
    {
        const physics::PhysicsModel& m = m_doc->model();
        QCOMPARE(usersOfEach(m, ListKind::Material), (Users{{}, {}, {0, 2}}));
        // Node A's collider and trigger both use filter 1: the node is listed once.
        QCOMPARE(usersOfEach(m, ListKind::Filter), (Users{{1}, {0, 2}, {}, {}}));
        QCOMPARE(usersOfEach(m, ListKind::Shape), (Users{{0, 1, 2}}));
        for (size_t i = 0; i < 4; ++i)
            QCOMPARE(usersOfEach(m, ListKind::Filter)[i], usersOf(m, ListKind::Filter, int(i)));
    }

    void addingANamedMaterialIsOneStep()
    {
        Document& d = *m_doc;
        size_t index = 0;
        checkRedoUndoRedo(
            d, [&] { index = addMaterial(d, "Material 2"); },
            [&](const gltf::Json& saved) {
                const gltf::Json& list = saved["extensions"]["OMI_physics_body"]["physicsMaterials"];
                QCOMPARE(list.size(), size_t(4));
                QVERIFY2(list[3] == gltf::Json::parse(R"({"name":"Material 2"})"), list[3].dump().c_str());
            });
        QCOMPARE(index, size_t(3));
        QCOMPARE(d.undoStack()->undoText(), QStringLiteral("Add Physics Material"));
    }

    void addingANamedFilterIsOneStep()
    {
        Document& d = *m_doc;
        checkRedoUndoRedo(
            d, [&] { QCOMPARE(addFilter(d, "Filter 1"), size_t(4)); },
            [&](const gltf::Json& saved) {
                QVERIFY2(savedFilter(saved, 4u) == gltf::Json::parse(R"({"name":"Filter 1"})"),
                         savedFilter(saved, 4u).dump().c_str());
            });
    }

    void modesOfTheFilters()
    {
        const auto& f = m_doc->model().filters;
        QCOMPARE(filterMode(f[0]), std::optional(FilterMode::CollideWithOnly));
        QCOMPARE(filterMode(f[1]), std::optional(FilterMode::CollideWithAllExcept));
        QCOMPARE(filterMode(f[2]), std::optional(FilterMode::CollideWithOnly));
        QVERIFY(!filterMode(f[3]));
        QCOMPARE(filterMask(f[1], FilterMode::CollideWithAllExcept), (Strings{"world"}));
        QVERIFY(filterMask(f[1], FilterMode::CollideWithOnly).empty());
    }

    void switchingTheModeMovesTheList()
    {
        Document& d = *m_doc;
        checkRedoUndoRedo(
            d, [&] { QVERIFY(setFilterMode(d, 0, FilterMode::CollideWithAllExcept)); },
            [&](const gltf::Json& saved) {
                const gltf::Json f = savedFilter(saved, 0u);
                QVERIFY2(!f.contains("collideWithSystems"), f.dump().c_str());
                QCOMPARE(strings(f, "notCollideWithSystems"), (Strings{"world", "enemy"}));
                QCOMPARE(strings(f, "collisionSystems"), (Strings{"player"}));
            });
        QCOMPARE(d.undoStack()->undoText(), QStringLiteral("Change Collide-With Mode"));
        // The mode it already has, and the mode of empty lists, change nothing.
        const int steps = d.undoStack()->count();
        QVERIFY(!setFilterMode(d, 0, FilterMode::CollideWithAllExcept));
        QVERIFY(!setFilterMode(d, 3, FilterMode::CollideWithAllExcept));
        QVERIFY(!setFilterMode(d, 9, FilterMode::CollideWithOnly));
        QCOMPARE(d.undoStack()->count(), steps);
    }

    void editingTheMaskOfAnInvalidFilterKeepsOneList()
    {
        Document& d = *m_doc;
        checkRedoUndoRedo(
            d,
            [&] {
                QVERIFY(setFilterMask(d, 2, FilterMode::CollideWithOnly, {"a", "c"}));
            },
            [&](const gltf::Json& saved) {
                const gltf::Json f = savedFilter(saved, 2u);
                QCOMPARE(strings(f, "collideWithSystems"), (Strings{"a", "c"}));
                QVERIFY2(!f.contains("notCollideWithSystems"), f.dump().c_str());
            });
        QCOMPARE(d.undoStack()->undoText(), QStringLiteral("Change Collide-With Systems"));
    }

    void theMaskOfAnEmptyFilterGoesWhereTheModeSays()
    {
        Document& d = *m_doc;
        checkRedoUndoRedo(
            d, [&] { QVERIFY(setFilterMask(d, 3, FilterMode::CollideWithAllExcept, {"world"})); },
            [&](const gltf::Json& saved) {
                const gltf::Json f = savedFilter(saved, 3u);
                QCOMPARE(strings(f, "notCollideWithSystems"), (Strings{"world"}));
                QVERIFY(!f.contains("collideWithSystems"));
            });
        QCOMPARE(d.undoStack()->undoText(), QStringLiteral("Change Not-Collide-With Systems"));
        // The same list again is no step.
        QVERIFY(!setFilterMask(d, 3, FilterMode::CollideWithAllExcept, {"world"}));
    }
};

QTEST_MAIN(TestListItems)
#include "TestListItems.moc"
