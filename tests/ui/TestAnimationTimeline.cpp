// The Animation timeline in the window (issue 51, item 2: "the window plays the file's animations (a timeline
// with play, pause, scrub, loop, choice of animation; the overlays and meshes follow)"), driven through the
// bar's widgets by object name. The file: a node "Base" at (0, 0, 5) and below it "Mover", which draws a
// triangle and carries a 1 m box collider of no body (static: it moves only because its node does), with
// three animations of Mover's translation, worked by hand from glTF's Appendix C:
//   0 "linear": (0,0,0) at 0 s to (4,0,0) at 2 s, so x = 2 t;
//   1 "step":   (0,0,0) at 0 s, (1,0,0) at 1 s, (3,0,0) at 2 s, so x = 1 for 1 <= t < 2;
//   2 "cubic":  keys at 0 s and 2 s, values 0 and 2, out-tangent of the first 3, other tangents 0; at 1 s
//               (u = 1/2, td = 2): 0.5 * 0 + 2 * 0.125 * 3 + 0.5 * 2 + 0 = 1.75.
// Mover's world position is (x, 0, 5); the box's corners are 0.5 m from it on every axis.
#include "AnimatedGltf.h"
#include "AnimationTimeline.h"
#include "DocumentSession.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "SimulationController.h"
#include "SimulationMenu.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"
#include "document/Document.h"
#include "document/NodeEdits.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QSlider>
#include <QTest>
#include <QToolBar>
#include <QWheelEvent>
#include <cmath>

using namespace cs;
using cs::ui::MainWindow;

namespace {

constexpr size_t Mover = 1;

std::string animatedFile()
{
    test::AnimatedGltf g;
    g.root["extensionsUsed"] = {"KHR_physics_rigid_bodies", "KHR_implicit_shapes"};
    g.root["extensions"]["KHR_implicit_shapes"]["shapes"] = {
        {{"type", "box"}, {"box", {{"size", {1, 1, 1}}}}}};
    g.node("Base", {{"translation", {0, 0, 5}}, {"children", {1}}});
    const size_t triangle = g.floats({0, 0, 0, 0.2f, 0, 0, 0, 0.2f, 0}, "VEC3");
    g.root["meshes"] = {{{"primitives", {{{"attributes", {{"POSITION", triangle}}}}}}}};
    g.node("Mover",
           {{"mesh", 0},
            {"extensions", {{"KHR_physics_rigid_bodies", {{"collider", {{"geometry", {{"shape", 0}}}}}}}}}});
    g.animation("linear",
                {{Mover, "translation", g.floats({0, 2}, "SCALAR"), g.floats({0, 0, 0, 4, 0, 0}, "VEC3")}});
    g.animation("step", {{Mover, "translation", g.floats({0, 1, 2}, "SCALAR"),
                          g.floats({0, 0, 0, 1, 0, 0, 3, 0, 0}, "VEC3"), "STEP"}});
    g.animation("cubic",
                {{Mover, "translation", g.floats({0, 2}, "SCALAR"),
                  g.floats({0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0}, "VEC3"), "CUBICSPLINE"}});
    return g.text();
}

std::string stillFile()
{
    test::AnimatedGltf g;
    g.node("Still", {{"translation", {1, 2, 3}}});
    g.root.erase("animations");
    return g.text();
}

bool near(const QVector3D& a, const QVector3D& b)
{
    return (a - b).length() < 1e-4f;
}

QString text(const QVector3D& v)
{
    return QStringLiteral("(%1, %2, %3)").arg(v.x()).arg(v.y()).arg(v.z());
}

#define CHECK_POINT(got, want) QVERIFY2(near(got, want), qPrintable(text(got) + " want " + text(want)))

/// The centre of the static layer's lines (the box's 12 edges) and the largest distance of a corner from it
/// along any axis.
std::pair<QVector3D, float> boxCentre(const scene::Overlays& o)
{
    const auto& lines = o[scene::OverlayKind::Static];
    QVector3D sum;
    for (const QVector3D& p : lines)
        sum += p;
    const QVector3D centre = lines.empty() ? QVector3D() : sum / float(lines.size());
    float half = 0;
    for (const QVector3D& p : lines)
        half = std::max(
            {half, std::abs(p.x() - centre.x()), std::abs(p.y() - centre.y()), std::abs(p.z() - centre.z())});
    return {centre, half};
}

struct Bar
{
    ui::AnimationTimeline* timeline = nullptr;
    QToolBar* bar = nullptr;
    QComboBox* choice = nullptr;
    QAction* play = nullptr;
    QAction* stop = nullptr;
    QSlider* slider = nullptr;
    QLabel* time = nullptr;
    QCheckBox* loop = nullptr;

    explicit Bar(MainWindow& w)
        : timeline(w.findChild<ui::AnimationTimeline*>()),
          bar(w.findChild<QToolBar*>(QStringLiteral("AnimationTimeline"))),
          choice(w.findChild<QComboBox*>(QStringLiteral("animationChoice"))),
          play(w.findChild<QAction*>(QStringLiteral("actionAnimationPlay"))),
          stop(w.findChild<QAction*>(QStringLiteral("actionAnimationStop"))),
          slider(w.findChild<QSlider*>(QStringLiteral("animationSlider"))),
          time(w.findChild<QLabel*>(QStringLiteral("animationTime"))),
          loop(w.findChild<QCheckBox*>(QStringLiteral("animationLoop")))
    {}
    bool complete() const { return timeline && bar && choice && play && stop && slider && time && loop; }
    /// Chooses the combo's next entry as the keyboard does.
    void next() const
    {
        choice->setFocus();
        QTest::keyClick(choice, Qt::Key_Down);
    }
    /// Mover's world position in the pose on show.
    QVector3D mover() const { return timeline->shownWorlds().at(Mover).map(QVector3D()); }
};

} // namespace

class TestAnimationTimeline : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

    QString write(const char* name, const std::string& text)
    {
        const auto file = m_dir.path() / name;
        test::writeText(file, text);
        return QString::fromStdString(file.string());
    }

private slots:
    void initTestCase() { test::useTestSettings(m_dir.path()); }

    void scrubbingPosesMeshesAndOverlays()
    {
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, write("animated.gltf", animatedFile())));
        const Bar b(w);
        QVERIFY(b.complete());
        QCOMPARE(w.toolBarArea(b.bar), Qt::BottomToolBarArea);
        QVERIFY(b.choice->isEnabled() && b.slider->isEnabled() && b.play->isEnabled());
        // The file's first animation, at rest until played or scrubbed.
        QCOMPARE(b.choice->count(), 4);
        QCOMPARE(b.timeline->animation(), std::optional<size_t>(0));
        QVERIFY(b.choice->currentText().contains(QStringLiteral("linear")));
        QVERIFY(!b.timeline->posed() && b.timeline->shownInstances().empty());
        QCOMPARE(b.slider->maximum(), 2000); // milliseconds

        // LINEAR at 1 s: x = 2.
        b.slider->setValue(1000);
        QCOMPARE(b.timeline->time(), 1.0);
        QCOMPARE(b.time->text(), QStringLiteral("1.00 / 2.00 s"));
        CHECK_POINT(b.mover(), QVector3D(2, 0, 5));
        QCOMPARE(b.timeline->shownInstances().size(), size_t(1));
        CHECK_POINT(b.timeline->shownInstances()[0].map(QVector3D()), QVector3D(2, 0, 5));
        const auto [centre, half] = boxCentre(b.timeline->shownOverlays());
        QCOMPARE(b.timeline->shownOverlays()[scene::OverlayKind::Static].size(), size_t(24));
        CHECK_POINT(centre, QVector3D(2, 0, 5));
        QVERIFY(std::abs(half - 0.5f) < 1e-4f);
        b.slider->setValue(500); // x = 1
        CHECK_POINT(b.mover(), QVector3D(1, 0, 5));
        CHECK_POINT(boxCentre(b.timeline->shownOverlays()).first, QVector3D(1, 0, 5));

        // STEP at 1.5 s holds the key of 1 s: x = 1; at 0.99 s still the first key's 0.
        b.next();
        QCOMPARE(b.timeline->animation(), std::optional<size_t>(1));
        QVERIFY(!b.timeline->posed()); // another animation starts at rest
        b.slider->setValue(1500);
        CHECK_POINT(b.mover(), QVector3D(1, 0, 5));
        b.slider->setValue(990);
        CHECK_POINT(b.mover(), QVector3D(0, 0, 5));
        CHECK_POINT(boxCentre(b.timeline->shownOverlays()).first, QVector3D(0, 0, 5));

        // CUBICSPLINE at 1 s: 1.75.
        b.next();
        QCOMPARE(b.timeline->animation(), std::optional<size_t>(2));
        b.slider->setValue(1000);
        CHECK_POINT(b.mover(), QVector3D(1.75f, 0, 5));
        CHECK_POINT(boxCentre(b.timeline->shownOverlays()).first, QVector3D(1.75f, 0, 5));

        // Stop: time 0 and the document's own placement.
        b.stop->trigger();
        QVERIFY(!b.timeline->posed() && b.timeline->shownInstances().empty());
        QCOMPARE(b.slider->value(), 0);
        QVERIFY(b.timeline->shownOverlays()[scene::OverlayKind::Static].empty());

        // None of it touched the document.
        document::Document* doc = w.session().document();
        QCOMPARE(doc->undoStack()->count(), 0);
        QVERIFY(!doc->isModified());
    }

    void playAdvancesAndLoopWraps()
    {
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, write("animated.gltf", animatedFile())));
        const Bar b(w);
        QVERIFY(b.complete());
        // Play (linear): the time goes on, and the pose on show is the one of the time shown.
        b.play->trigger();
        QVERIFY(b.timeline->playing());
        QCOMPARE(b.play->text(), QStringLiteral("Pause"));
        QVERIFY(QTest::qWaitFor([&] { return b.timeline->time() > 0.2; }, 5000));
        b.play->trigger(); // pause
        QVERIFY(!b.timeline->playing());
        const double t = b.timeline->time();
        CHECK_POINT(b.mover(), QVector3D(float(2 * t), 0, 5));
        QTest::qWait(100);
        QCOMPARE(b.timeline->time(), t); // paused: it stays

        // Without Loop, play stops at the end with the last pose.
        b.slider->setValue(1900);
        b.play->trigger();
        QVERIFY(QTest::qWaitFor([&] { return !b.timeline->playing(); }, 5000));
        QCOMPARE(b.timeline->time(), 2.0);
        CHECK_POINT(b.mover(), QVector3D(4, 0, 5));

        // With Loop, it wraps to the start and goes on.
        b.loop->click();
        QVERIFY(b.loop->isChecked());
        b.slider->setValue(1900);
        b.play->trigger();
        QVERIFY(QTest::qWaitFor([&] { return b.timeline->time() < 1.0; }, 5000));
        QVERIFY(b.timeline->playing());
        b.play->trigger();
        const double wrapped = b.timeline->time();
        CHECK_POINT(b.mover(), QVector3D(float(2 * wrapped), 0, 5));
        QCOMPARE(w.session().document()->undoStack()->count(), 0);
    }

    void simulationEditsAndTheWheelEndThePose()
    {
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, write("animated.gltf", animatedFile())));
        const Bar b(w);
        QVERIFY(b.complete());
        auto* sim = w.findChild<ui::SimulationMenu*>();
        QVERIFY(sim);

        // The wheel over the slider, which has no focus, leaves it alone.
        b.slider->setValue(700);
        b.choice->setFocus();
        QTRY_VERIFY(!b.slider->hasFocus());
        const QPointF at(b.slider->rect().center());
        QWheelEvent wheel(at, b.slider->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(b.slider, &wheel);
        QCOMPARE(b.slider->value(), 700);

        // The simulation preview's start ends the pose.
        QVERIFY(b.timeline->posed());
        w.actions().get(ui::ActionId::SimulateStep)->trigger();
        QVERIFY(sim->controller()->loaded());
        QVERIFY(!b.timeline->posed() && b.timeline->time() == 0.0);
        // A pose ends the preview.
        b.slider->setValue(1000);
        QVERIFY(b.timeline->posed() && !sim->controller()->loaded());

        // An edit of the document puts the view back at rest.
        QVERIFY(document::renameNode(*w.session().document(), 0, "Renamed"));
        QVERIFY(!b.timeline->posed() && b.timeline->shownInstances().empty());
        QCOMPARE(b.slider->value(), 0);
        // ... and the chosen animation (linear, x = 2 t) still plays on the edited document.
        QTRY_VERIFY(b.play->isEnabled() && b.slider->isEnabled());
        QCOMPARE(b.time->text(), QStringLiteral("0.00 / 2.00 s"));
        b.slider->setValue(1000);
        QVERIFY(b.timeline->posed());
        CHECK_POINT(b.mover(), QVector3D(2, 0, 5));

        // Choosing no animation: at rest, and nothing to play.
        b.slider->setValue(1000);
        b.choice->setFocus();
        QTest::keyClick(b.choice, Qt::Key_Home);
        QVERIFY(!b.timeline->animation() && !b.timeline->posed());
        QVERIFY(!b.play->isEnabled() && !b.slider->isEnabled());
    }

    void fileWithoutAnimationsHidesTheBar()
    {
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, write("animated.gltf", animatedFile())));
        const Bar b(w);
        QVERIFY(b.complete());
        QVERIFY(b.timeline->toolBar()->isVisible());
        b.slider->setValue(1000);
        QVERIFY(b.timeline->posed());
        // Opening another file resets the bar; this one has no animations, so the bar is put away.
        QVERIFY(test::openAndWait(w, write("still.gltf", stillFile())));
        QVERIFY(!b.timeline->toolBar()->isVisible());
        QVERIFY(!b.timeline->posed() && !b.timeline->animation());
        QVERIFY(!b.choice->isEnabled());
        QVERIFY(!b.play->isEnabled() && !b.stop->isEnabled() && !b.slider->isEnabled() &&
                !b.loop->isEnabled());
        QCOMPARE(b.choice->count(), 1);
    }
};

QTEST_MAIN(TestAnimationTimeline)
#include "TestAnimationTimeline.moc"
