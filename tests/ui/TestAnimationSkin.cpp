// The Animation timeline skins a mesh again by its animated joints and morphs it by its animated weights
// (issue 51, item 2: "meshes follow"; a skinned mesh takes the shape its joints give it), driven through the
// bar's slider, Play and Stop on the strip of SkinnedStrip.h, whose vertices there are worked by hand. The
// drawn positions are read back from the Qt Quick 3D geometry the viewport names "mesh 0 primitive 0" (in
// the mesh's space; a mesh merged into a batch has none) and placed by the matrix the bar gave the strip's
// instance.
#include "AnimationTimeline.h"
#include "DocumentSession.h"
#include "MainWindow.h"
#include "ScriptedPrompter.h"
#include "SkinnedStrip.h"
#include "TestSupport.h"
#include "WindowTestUtil.h"
#include "document/Document.h"
#include "document/NodeEdits.h"
#include "viewport/Viewport.h"

#include <QAction>
#include <QQuickItem>
#include <QQuickView>
#include <QSlider>
#include <QTest>
#include <QtQuick3D/qquick3dgeometry.h>
#include <cstring>

using namespace cs;
using cs::ui::MainWindow;

namespace {

bool near(const QVector3D& a, const QVector3D& b)
{
    return (a - b).length() < 1e-4f;
}

QString text(const QVector3D& v)
{
    return QStringLiteral("(%1, %2, %3)").arg(v.x()).arg(v.y()).arg(v.z());
}

/// Where the node "Strip" is in the file, and so at rest (the animation does not move it).
const QMatrix4x4 StripAtRest = [] {
    QMatrix4x4 m;
    m.translate(0, 0, 5);
    return m;
}();

struct Window
{
    MainWindow& w;
    ui::AnimationTimeline* timeline = nullptr;
    ui::Viewport* view = nullptr;
    QAction* play = nullptr;
    QAction* stop = nullptr;
    QSlider* slider = nullptr;

    explicit Window(MainWindow& window)
        : w(window), timeline(w.findChild<ui::AnimationTimeline*>()), view(w.findChild<ui::Viewport*>()),
          play(w.findChild<QAction*>(QStringLiteral("actionAnimationPlay"))),
          stop(w.findChild<QAction*>(QStringLiteral("actionAnimationStop"))),
          slider(w.findChild<QSlider*>(QStringLiteral("animationSlider")))
    {}
    bool complete() const { return timeline && view && play && stop && slider; }

    /// The strip's drawn vertices in the world: the geometry's positions placed by the instance's matrix
    /// (the pose's, or the file's at rest).
    std::vector<QVector3D> drawn() const
    {
        const QMatrix4x4 place =
            timeline->shownInstances().empty() ? StripAtRest : timeline->shownInstances().front();
        std::vector<QVector3D> out;
        for (const QVector3D& p : ownPositions())
            out.push_back(place.map(p));
        return out;
    }

    /// The positions of the strip's own geometry, as the renderer is given them.
    std::vector<QVector3D> ownPositions() const
    {
        auto* window = qobject_cast<QQuickView*>(view->renderWindow());
        const auto found =
            window && window->rootObject()
                ? window->rootObject()->findChildren<QQuick3DGeometry*>(QStringLiteral("mesh 0 primitive 0"))
                : QList<QQuick3DGeometry*>();
        if (found.size() != 1 || found.front()->stride() < 12)
            return {};
        const QByteArray data = found.front()->vertexData();
        const auto stride = size_t(found.front()->stride());
        std::vector<QVector3D> out;
        for (size_t at = 0; at + stride <= size_t(data.size()); at += stride) {
            float p[3];
            std::memcpy(p, data.constData() + at, sizeof p);
            out.emplace_back(p[0], p[1], p[2]);
        }
        return out;
    }

    /// Empty when the drawn vertices are `want`, else what differs.
    QString differs(const std::array<QVector3D, 6>& want) const
    {
        const auto got = drawn();
        if (got.size() != want.size())
            return QStringLiteral("%1 vertices drawn, want 6").arg(got.size());
        QString out;
        for (size_t v = 0; v < want.size(); ++v)
            if (!near(got[v], want[v]))
                out += QStringLiteral("v%1 %2 want %3; ").arg(v).arg(text(got[v]), text(want[v]));
        return out;
    }
};

#define CHECK_DRAWN(window, want)                                                                            \
    do {                                                                                                     \
        const QString diff = (window).differs(want);                                                         \
        QVERIFY2(diff.isEmpty(), qPrintable(diff));                                                          \
    } while (false)

} // namespace

class TestAnimationSkin : public QObject
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

    void scrubbingAndPlayingReshapeTheStrip()
    {
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, write("strip.gltf", test::skinnedStrip().text())));
        const Window s(w);
        QVERIFY(s.complete());
        QCOMPARE(s.timeline->animation(), std::optional<size_t>(0));

        s.slider->setValue(500);
        QVERIFY(s.timeline->posed());
        CHECK_DRAWN(s, test::stripAtHalfSecond());
        s.slider->setValue(1000);
        CHECK_DRAWN(s, test::stripAtOneSecond());

        // Stop: the strip as the file poses it, at rest.
        s.stop->trigger();
        QVERIFY(!s.timeline->posed());
        CHECK_DRAWN(s, test::stripAtRest());

        // Play to the end (Loop off): the last pose stays.
        s.slider->setValue(800);
        s.play->trigger();
        QVERIFY(QTest::qWaitFor([&] { return !s.timeline->playing(); }, 5000));
        QCOMPARE(s.timeline->time(), 1.0);
        CHECK_DRAWN(s, test::stripAtOneSecond());
        s.stop->trigger();
        CHECK_DRAWN(s, test::stripAtRest());
        QCOMPARE(w.session().document()->undoStack()->count(), 0);
    }

    void anEditPutsTheRestShapeBack()
    {
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, write("strip.gltf", test::skinnedStrip().text())));
        const Window s(w);
        QVERIFY(s.complete());
        s.slider->setValue(1000);
        CHECK_DRAWN(s, test::stripAtOneSecond());
        QVERIFY(document::renameNode(*w.session().document(), 1, "Renamed"));
        QVERIFY(!s.timeline->posed());
        // The edit may draw the scene again (its meshes merged into batches): then nothing is reshaped.
        QVERIFY(s.ownPositions().empty() || s.differs(test::stripAtRest()).isEmpty());
    }
};

QTEST_MAIN(TestAnimationSkin)
#include "TestAnimationSkin.moc"
