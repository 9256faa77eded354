// The Decompose dialog's "Primitives first" (issue 49 items 1 and 3: "the window's dialogs and the command
// give the same colliders"): on a box with a cylindrical peg the dialog, driven through its real widgets,
// previews and applies a box and a cylinder (the closed form), and its colliders equal those the
// add-colliders command's core call gives (document::addAutoColliders with --strategy decompose --primitives
// and the command's 64 points per part): the same shape types and parameters on child nodes at the same
// places, and no mesh written for a primitive. With the box unticked the parts stay hulls.
#include "PegScene.h"
#include "TestSupport.h"
#include "dialogs/DecomposeDialog.h"
#include "document/AutoColliderActions.h"
#include "document/Document.h"

#include <QCheckBox>
#include <QLabel>
#include <QTest>
#include <algorithm>
#include <sstream>

using namespace cs;
using test::pegScene;
using ui::DecomposeDialog;

namespace {

constexpr int kWait = 120000;

/// Each collider of the document as one line: its shape's type and parameters and its node's placement,
/// sorted (the nodes' names and the order they were made in are not compared).
std::vector<std::string> colliders(const document::Document& d)
{
    std::vector<std::string> out;
    for (size_t n = 0; n < d.gltf().count("nodes"); ++n) {
        const physics::NodePhysics* p = d.model().node(n);
        if (!p || !p->collider)
            continue;
        const physics::Shape& s = d.model().shapes.at(size_t(p->collider->shape));
        const gltf::Json& node = *d.gltf().element("nodes", n);
        std::ostringstream line;
        line.precision(6);
        line << physics::shapeTypeName(s.type) << " size " << s.size[0] << " " << s.size[1] << " "
             << s.size[2] << " radius " << s.radius << " height " << s.height << " radii " << s.radiusBottom
             << " " << s.radiusTop << " mesh " << (s.mesh >= 0) << " at "
             << node.value("translation", gltf::Json()).dump() << " turned "
             << node.value("rotation", gltf::Json()).dump();
        out.push_back(line.str());
    }
    std::sort(out.begin(), out.end());
    return out;
}

/// Every type of the document's shapes, sorted.
std::vector<std::string> shapeTypes(const document::Document& d)
{
    std::vector<std::string> out;
    for (const physics::Shape& s : d.model().shapes)
        out.push_back(physics::shapeTypeName(s.type));
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class TestDecomposePrimitivesDialog : public QObject
{
    Q_OBJECT

private slots:
    void sameCollidersAsTheCommand()
    {
        auto byCommand = pegScene();
        document::AutoColliderOptions o;
        o.collider.strategy = import::ColliderStrategy::Decompose;
        o.collider.primitiveParts = true;
        o.collider.maxPoints = 64; // add-colliders --strategy decompose without --max-points
        const auto report = document::addAutoColliders(*byCommand, o);
        QVERIFY(report.pushed);

        auto d = pegScene();
        DecomposeDialog dialog(d.get(), {0});
        auto* box = dialog.findChild<QCheckBox*>(QStringLiteral("primitiveParts"));
        QVERIFY(box);
        box->setChecked(true); // through the widget, as a user ticks it
        QVERIFY(dialog.primitiveParts());
        QVERIFY(dialog.waitForResult(kWait));
        QCOMPARE(dialog.partCount(), 2);
        const auto kinds = dialog.findChild<QLabel*>(QStringLiteral("kindsLabel"));
        QVERIFY(kinds);
        QVERIFY2(kinds->text().startsWith(QStringLiteral("1 box, 1 cylinder; 0 bytes of mesh data")),
                 qPrintable(kinds->text()));
        // Each primitive part is previewed as its shape: no hull points, some lines.
        QCOMPARE(dialog.partPoints(), (std::vector<size_t>{0, 0}));
        QCOMPARE(dialog.previewParts().size(), size_t(2));
        QVERIFY(!dialog.previewParts()[0].empty() && !dialog.previewParts()[1].empty());
        QVERIFY(dialog.apply());

        QCOMPARE(shapeTypes(*d), (std::vector<std::string>{"box", "cylinder"}));
        QCOMPARE(d->gltf().count("meshes"), size_t(1)); // the peg's own mesh only
        const auto ours = colliders(*d), theirs = colliders(*byCommand);
        QCOMPARE(ours.size(), size_t(2));
        for (size_t i = 0; i < ours.size(); ++i)
            QCOMPARE(QString::fromStdString(ours[i]), QString::fromStdString(theirs[i]));
    }

    void hullsWithoutPrimitivesFirst()
    {
        auto d = pegScene();
        DecomposeDialog dialog(d.get(), {0});
        QVERIFY(!dialog.primitiveParts());
        QVERIFY(dialog.waitForResult(kWait));
        QVERIFY(dialog.partCount() >= 2);
        QCOMPARE(dialog.findChild<QLabel*>(QStringLiteral("kindsLabel"))->text(), QStringLiteral("-"));
        QVERIFY(dialog.apply());
        const auto types = shapeTypes(*d);
        QVERIFY(std::all_of(types.begin(), types.end(), [](const std::string& t) { return t == "convex"; }));
    }
};

QTEST_MAIN(TestDecomposePrimitivesDialog)
#include "TestDecomposePrimitivesDialog.moc"
