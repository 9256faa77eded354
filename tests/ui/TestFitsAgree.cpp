// What the window shows of fits stays true (issue 46): one collider has one set of fit figures in Add
// Colliders, the hull dialog and the Shape section; Add Colliders by measured fit says per node when a
// concave piece gets a triangle mesh; capsule fits stand along a figure's long axis or the axis chosen; the
// fit heat map's tolerance starts in proportion to the model's size.
#include "DocumentSession.h"
#include "FitHeatMap.h"
#include "LevelPieces.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "ToolDialogs.h"
#include "WindowTestUtil.h"
#include "dialogs/AddCollidersDialog.h"
#include "dialogs/HullDialog.h"
#include "document/Document.h"
#include "geometry/Vec3d.h"
#include "panels/PropertiesPanel.h"
#include "panels/ShapePanel.h"
#include "widgets/FitFiguresLabel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QQuaternion>
#include <QSignalSpy>
#include <QTest>
#include <QTextEdit>
#include <cmath>

using namespace cs;
using cs::ui::MainWindow;

namespace {

constexpr int kWait = 60000;

bool write(const gltf::GltfDocument& g, const std::filesystem::path& path)
{
    return !hasErrors(gltf::saveGltf(g, path));
}

// The U wall (node 0, 3 m along x) alone.
gltf::GltfDocument wallFile()
{
    return test::documentOf({{test::uWall(), "U"}},
                            gltf::Json::parse(R"([{"name": "Wall U", "mesh": 0, "translation": [3, 0, 0]}])"),
                            {0});
}

// Nodes 0 "Wall U", 1 "Floor L", 2 "Pit", 3 "Pit 2" (10 m along x): x -3..13, y -3..3, z -3..8.
gltf::GltfDocument levelFile()
{
    return test::documentOf(
        {{test::uWall(), "U"}, {test::lFloor(), "L"}, {test::pitFloor(), "Pit"}},
        gltf::Json::parse(R"([{"name": "Wall U", "mesh": 0}, {"name": "Floor L", "mesh": 1},
                              {"name": "Pit", "mesh": 2}, {"name": "Pit 2", "mesh": 2, "translation": [10, 0, 0]}])"),
        {0, 1, 2, 3});
}

// Node 0 "Knight" (the T-pose) with child node 1 "Knight Collider" (no mesh), whose box collider fits take
// the parent's mesh: the fit changes the shape and places and turns the child.
gltf::GltfDocument knightFile()
{
    gltf::GltfDocument g =
        test::documentOf({{test::TPose::mesh(), "Knight"}},
                         gltf::Json::parse(R"([{"name": "Knight", "mesh": 0, "children": [1]},
                              {"name": "Knight Collider",
                               "extensions": {"OMI_physics_body": {"collider": {"shape": 0}}}}])"),
                         {0});
    g.json()["extensionsUsed"] = {"OMI_physics_shape", "OMI_physics_body"};
    g.json()["extensions"] = gltf::Json::parse(
        R"({"OMI_physics_shape": {"shapes": [{"type": "box", "box": {"size": [1, 1, 1]}}]}})");
    return g;
}

void choose(QComboBox* combo, const QVariant& data)
{
    QVERIFY(combo);
    const int i = combo->findData(data);
    QVERIFY(i >= 0);
    combo->setFocus();
    while (combo->currentIndex() != i)
        QTest::keyClick(combo, combo->currentIndex() < i ? Qt::Key_Down : Qt::Key_Up);
}

void click(QAbstractButton* button)
{
    QVERIFY(button && button->isEnabled());
    QTest::mouseClick(button, Qt::LeftButton);
}

ui::AddCollidersDialog* openAddColliders(MainWindow& w)
{
    QAction* open = test::menuAction(w, QStringLiteral("actionAddColliders"));
    if (!open)
        return nullptr;
    open->trigger();
    return w.findChild<ui::AddCollidersDialog*>(QStringLiteral("AddCollidersDialog"));
}

// The figures of the line of the summary that starts with `node`: "Wall U: outside ...".
QString summaryFigures(const QString& summary, const QString& node)
{
    for (const QString& line : summary.split(QLatin1Char('\n')))
        if (line.startsWith(node + QStringLiteral(": outside")))
            return line.mid(node.size() + 2);
    return {};
}

// The Shape section's figures for the current node, once measured ("Fit: " taken off).
QString shapeSectionFigures(MainWindow& w)
{
    ui::FitFiguresLabel* label = w.findChild<ui::FitFiguresLabel*>(QStringLiteral("fitFigures"));
    if (!label || !label->waitForFigures(kWait) || !label->figures())
        return {};
    return label->text().mid(QStringLiteral("Fit: ").size());
}

geometry::Vec3d axisOfNode(const document::Document& doc, size_t node)
{
    const gltf::Json& n = doc.gltf().json()["nodes"][node];
    if (!n.contains("rotation"))
        return {0, 1, 0};
    const auto q = n["rotation"];
    const QQuaternion r(q[3].get<float>(), q[0].get<float>(), q[1].get<float>(), q[2].get<float>());
    const QVector3D a = r.rotatedVector({0, 1, 0});
    return {a.x(), a.y(), a.z()};
}

} // namespace

class TestFitsAgree : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void oneColliderOneSetOfFigures()
    {
        const auto file = m_dir.path() / "wall.glb";
        QVERIFY(write(wallFile(), file));
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, QString::fromStdString(file.string())));
        document::Document* doc = w.session().document();

        // Add Colliders, hull strategy: the summary gives the hull's figures.
        ui::AddCollidersDialog* add = openAddColliders(w);
        QVERIFY(add);
        choose(add->findChild<QComboBox*>(QStringLiteral("strategy")), QStringLiteral("hull"));
        click(add->findChild<QPushButton*>(QStringLiteral("add")));
        QVERIFY(add->waitForFinished(kWait));
        const auto* summary = add->findChild<QTextEdit*>(QStringLiteral("summary"));
        const QString fromAdd = summaryFigures(summary->toPlainText(), QStringLiteral("Wall U"));
        QVERIFY2(!fromAdd.isEmpty(), qPrintable(summary->toPlainText()));
        add->close();

        // The Shape section of the node shows the same figures.
        w.session().selectNode(0);
        QCOMPARE(shapeSectionFigures(w), fromAdd);

        // Undone, the hull dialog makes the same hull on the node's collider: the same figures there, and in
        // the Shape section once applied.
        test::menuAction(w, QStringLiteral("actionUndo"))->trigger();
        QVERIFY(!doc->model().node(0) || !doc->model().node(0)->collider);
        test::menuAction(w, QStringLiteral("actionHullDialog"))->trigger();
        ui::HullDialog* hull = w.tools().hullDialog();
        QVERIFY(hull);
        auto* destination = hull->findChild<QComboBox*>(QStringLiteral("destination"));
        QVERIFY(destination);
        destination->setFocus();
        QTest::keyClick(destination, Qt::Key_Down); // "This node's collider"
        QVERIFY(hull->waitForResult(kWait));
        const auto* fitLabel = hull->findChild<QLabel*>(QStringLiteral("fitLabel"));
        QVERIFY(fitLabel);
        QCOMPARE(fitLabel->text(), fromAdd);
        click(hull->findChild<QPushButton*>(QStringLiteral("apply")));
        QVERIFY(doc->model().node(0) && doc->model().node(0)->collider);
        w.session().selectNode(0);
        QCOMPARE(shapeSectionFigures(w), fromAdd);

        // The fit heat map of the node has the very figures the Shape section shows.
        const auto* label = w.findChild<ui::FitFiguresLabel*>(QStringLiteral("fitFigures"));
        QVERIFY(label && label->figures());
        test::menuAction(w, QStringLiteral("actionFitHeatMap"))->trigger();
        ui::FitHeatMap* map = w.fitHeatMap();
        QVERIFY(map->waitForMap(kWait));
        QVERIFY(map->figures());
        QCOMPARE(map->figures()->outside.max, label->figures()->outside.max);
        QCOMPARE(map->figures()->overhang.p95, label->figures()->overhang.p95);
        QCOMPARE(map->figures()->overhang.mean, label->figures()->overhang.mean);
    }

    void concavePiecesSaySoPerNode()
    {
        const auto file = m_dir.path() / "level.glb";
        QVERIFY(write(levelFile(), file));
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, QString::fromStdString(file.string())));
        ui::AddCollidersDialog* add = openAddColliders(w);
        QVERIFY(add);
        auto* byFit = add->findChild<QCheckBox*>(QStringLiteral("byFit"));
        QVERIFY(byFit);
        if (!byFit->isChecked())
            click(byFit);
        auto* tolerance = add->findChild<QDoubleSpinBox*>(QStringLiteral("fitTolerance"));
        QVERIFY(tolerance);
        tolerance->selectAll();
        QTest::keyClicks(tolerance, QStringLiteral("0.02"));
        QTest::keyClick(tolerance, Qt::Key_Tab);
        QCOMPARE(tolerance->value(), 0.02);
        click(add->findChild<QPushButton*>(QStringLiteral("add")));
        QVERIFY(add->waitForFinished(kWait));
        const QString text = add->findChild<QTextEdit*>(QStringLiteral("summary"))->toPlainText();
        for (const char* node : {"Wall U", "Floor L", "Pit", "Pit 2"}) {
            bool said = false;
            for (const QString& line : text.split(QLatin1Char('\n')))
                said = said || (line.contains(QStringLiteral("node '%1' (").arg(QLatin1String(node))) &&
                                line.contains(QStringLiteral("triangle mesh")) &&
                                line.contains(QStringLiteral("0.02 m")));
            QVERIFY2(said, qPrintable(QLatin1String(node) + QStringLiteral(" in:\n") + text));
        }
        for (size_t n = 0; n < 4; ++n)
            QCOMPARE(w.session()
                         .document()
                         ->model()
                         .shapes.at(size_t(w.session().document()->model().node(n)->collider->shape))
                         .type,
                     physics::ShapeType::Trimesh);
    }

    void capsuleAlongTheAxisChosen()
    {
        using T = test::TPose;
        const auto file = m_dir.path() / "knight.glb";
        QVERIFY(write(knightFile(), file));
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, QString::fromStdString(file.string())));
        document::Document* doc = w.session().document();
        w.session().selectNode(1);
        ui::ShapePanel* panel = w.properties()->shapePanel();
        auto* axis = panel->findChild<QComboBox*>(QStringLiteral("fitAxis"));
        QVERIFY(axis);
        QCOMPARE(axis->count(), 4);
        const physics::Shape& shape = doc->model().shapes[0];
        // As a user would, the fit is asked for once the panel shows the selected node's shape (its refresh
        // after the selection may be queued).
        QTRY_VERIFY(panel->fitButton(ui::ShapePanel::Fit::Capsule)->isEnabled());
        QTest::qWait(20);
        QSignalSpy ended(panel->fitter(), &ui::ShapeFitter::finished);
        const auto why = [&] { return ended.isEmpty() ? QString() : ended.last().at(1).toString(); };

        // Auto: the capsule stands along the figure's height (closed forms as in TestRoundAxis).
        click(panel->fitButton(ui::ShapePanel::Fit::Capsule));
        QVERIFY(panel->fitter()->waitForFit(kWait));
        QVERIFY2(panel->fitter()->lastOutcome() == ui::ShapePanel::FitOutcome::ShapeChanged,
                 qPrintable(why()));
        QCOMPARE(shape.type, physics::ShapeType::Capsule);
        QVERIFY(std::fabs(std::fabs(axisOfNode(*doc, 1).y) - 1) < 1e-5);
        const double r = std::hypot(T::kArm, T::kDepth);
        const double low = std::sqrt(r * r - T::kBody * T::kBody - T::kDepth * T::kDepth);
        QVERIFY2(std::fabs(shape.radiusBottom - r) < 1e-5, qPrintable(QString::number(shape.radiusBottom)));
        QVERIFY2(std::fabs(shape.height - (T::kArmHigh - low)) < 1e-5,
                 qPrintable(QString::number(shape.height)));

        // X chosen: the capsule lies along x.
        choose(axis, int(geometry::RoundAxis::X));
        click(panel->fitButton(ui::ShapePanel::Fit::Capsule));
        QVERIFY(panel->fitter()->waitForFit(kWait));
        QVERIFY2(panel->fitter()->lastOutcome() == ui::ShapePanel::FitOutcome::ShapeChanged,
                 qPrintable(why()));
        QVERIFY(std::fabs(std::fabs(axisOfNode(*doc, 1).x) - 1) < 1e-5);
        QVERIFY(std::fabs(shape.radiusBottom - std::hypot(T::kHeight / 2, T::kDepth)) < 1e-5);
        QVERIFY(std::fabs(shape.height - 2 * T::kBody) < 1e-5);

        // Add Colliders offers the axis too: a capsule along z.
        ui::AddCollidersDialog* add = openAddColliders(w);
        QVERIFY(add);
        choose(add->findChild<QComboBox*>(QStringLiteral("strategy")), QStringLiteral("capsule"));
        choose(add->findChild<QComboBox*>(QStringLiteral("axis")), int(geometry::RoundAxis::Z));
        QCOMPARE(add->options().collider.roundAxis, geometry::RoundAxis::Z);
        auto* skip = add->findChild<QCheckBox*>(QStringLiteral("skipExisting"));
        if (skip->isChecked())
            click(skip);
        click(add->findChild<QPushButton*>(QStringLiteral("add")));
        QVERIFY(add->waitForFinished(kWait));
        QCOMPARE(add->report().added.size(), size_t(1));
        const geometry::Vec3d alongZ = axisOfNode(*doc, add->report().added[0].colliderNode);
        QVERIFY(std::fabs(std::fabs(alongZ.z) - 1) < 1e-5);
    }

    void heatMapToleranceInProportion()
    {
        const auto knight = m_dir.path() / "knight2.glb";
        const auto level = m_dir.path() / "level2.glb";
        QVERIFY(write(knightFile(), knight) && write(levelFile(), level));
        MainWindow w(test::unattended());
        // A 2 m figure (diagonal sqrt(1.9^2 + 2^2 + 0.3^2) = 2.77 m, half a per cent 0.014 m): 0.01 m.
        QVERIFY(test::showAndOpen(w, QString::fromStdString(knight.string())));
        QCOMPARE(w.fitHeatMap()->tolerance(), 0.01);
        // A level 16 x 6 x 11 m (diagonal 20.3 m, half a per cent 0.10 m): 0.1 m.
        QVERIFY(test::openAndWait(w, QString::fromStdString(level.string())));
        QCOMPARE(w.fitHeatMap()->tolerance(), 0.1);
    }
};

QTEST_MAIN(TestFitsAgree)
#include "TestFitsAgree.moc"
