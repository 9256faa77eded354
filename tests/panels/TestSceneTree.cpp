// The scene tree's listing: the hierarchy as the nodes give it (roots in order, children under their parents,
// everything expanded), the physics column, and the badges: none for a node without physics, one per body
// colour and letter, the same icon for every node that looks the same.
#include "panels/SceneTreePanel.h"

#include <QApplication>
#include <QTest>
#include <QTreeWidget>

using namespace cs;
using ui::SceneTreeNode;

class TestSceneTree : public QObject
{
    Q_OBJECT

private slots:
    void listsTheHierarchyWithBadges()
    {
        // 0 Root (static body, collider) with children 1 Box (collider of Root's body) and 2 Mover (dynamic,
        // collider) with child 3 Zone (trigger); 4 Plain (no physics); 5 Wall (static body, collider).
        std::vector<SceneTreeNode> nodes(6);
        nodes[0] = {QStringLiteral("Root"), {1, 2}, QStringLiteral("static"), QStringLiteral("static"), true};
        nodes[1] = {QStringLiteral("Box"), {}, QString(), QStringLiteral("static"), true};
        nodes[2] = {QStringLiteral("Mover"), {3}, QStringLiteral("dynamic"), QStringLiteral("dynamic"), true};
        nodes[3] = {QStringLiteral("Zone"), {}, QString(), QStringLiteral("dynamic"), false, true};
        nodes[4] = {QStringLiteral("Plain"), {}, QString(), QStringLiteral("static")};
        nodes[5] = {QStringLiteral("Wall"), {}, QStringLiteral("static"), QStringLiteral("static"), true};
        ui::SceneTreePanel panel;
        panel.setNodes(nodes, {0, 4, 5});
        QTreeWidget* tree = panel.tree();
        QCOMPARE(tree->topLevelItemCount(), 3);
        QTreeWidgetItem* root = tree->topLevelItem(0);
        QCOMPARE(root->text(0), QStringLiteral("Root"));
        QCOMPARE(root->childCount(), 2);
        QCOMPARE(root->child(1)->text(0), QStringLiteral("Mover"));
        QCOMPARE(root->child(1)->child(0)->text(0), QStringLiteral("Zone"));
        QVERIFY(root->isExpanded() && root->child(1)->isExpanded());
        QCOMPARE(root->text(1), QStringLiteral("static, collider"));
        QCOMPARE(root->child(1)->child(0)->text(1), QStringLiteral("trigger"));
        QCOMPARE(root->child(1)->child(0)->data(0, Qt::UserRole).toULongLong(), 3ull);
        QTreeWidgetItem* plain = tree->topLevelItem(1);
        QTreeWidgetItem* wall = tree->topLevelItem(2);
        QVERIFY(plain->icon(0).isNull());
        // Root and Wall (static, C) share one badge; Box behaves static with a C too; Mover's is another
        // colour and Zone's a T.
        QCOMPARE(wall->icon(0).cacheKey(), root->icon(0).cacheKey());
        QCOMPARE(root->child(0)->icon(0).cacheKey(), root->icon(0).cacheKey());
        QVERIFY(root->child(1)->icon(0).cacheKey() != root->icon(0).cacheKey());
        QVERIFY(root->child(1)->child(0)->icon(0).cacheKey() != root->child(1)->icon(0).cacheKey());
        const QImage staticBadge = root->icon(0).pixmap(16, 16).toImage();
        const QImage dynamicBadge = root->child(1)->icon(0).pixmap(16, 16).toImage();
        QVERIFY(staticBadge != dynamicBadge);
        const qint64 staticKey = root->icon(0).cacheKey();
        // Listing again (as after an edit; the old items are gone) gives the same tree and the same badges.
        panel.setNodes(nodes, {0, 4, 5});
        QCOMPARE(tree->topLevelItemCount(), 3);
        QCOMPARE(tree->topLevelItem(0)->child(1)->child(0)->text(0), QStringLiteral("Zone"));
        QCOMPARE(tree->topLevelItem(2)->icon(0).cacheKey(), staticKey);
    }
};

QTEST_MAIN(TestSceneTree)
#include "TestSceneTree.moc"
