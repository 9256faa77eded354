// Joints and planes in the window (issue 18), on tests/data/physics/khr_all.gltf (six joints written from the
// KHR schema, two planes): the viewport draws every joint and a click on a joint's line selects its node;
// a mass edited through the Body panel and saved leaves the file KHR, with every joint and plane as it was,
// and the Khronos glTF-Validator passes it.
#include "DocumentSession.h"
#include "MainWindow.h"
#include "OpenAndWait.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "document/Document.h"
#include "panels/BodyPanel.h"
#include "panels/PropertiesPanel.h"
#include "physics/OmiReader.h"
#include "scene/JointOverlay.h"
#include "scene/Overlays.h"
#include "viewport/JointColors.h"
#include "viewport/Viewport.h"
#include "widgets/NumberField.h"

#include <QSettings>
#include <QTest>

using namespace cs;
using cs::test::openAndWait;
using cs::ui::MainWindow;

namespace {

void settle()
{
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
}

QString fixture()
{
    return QString::fromStdString(test::dataPath("physics/khr_all.gltf").string());
}

size_t nodeNamed(const document::Document& doc, const std::string& name)
{
    const gltf::Json& nodes = doc.gltf().json()["nodes"];
    for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].value("name", std::string()) == name)
            return i;
    qFatal("no node %s", name.c_str());
}

QImage capture(ui::Viewport* view)
{
    QImage image;
    view->capture([&](const QImage& captured) { image = captured; });
    if (!QTest::qWaitFor([&] { return !image.isNull(); }, 20000))
        qWarning("no image captured");
    return image;
}

/// Pixels within `tolerance` of `color` in each channel.
int pixelsNear(const QImage& image, const QColor& color, int tolerance)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            count += std::abs(c.red() - color.red()) <= tolerance &&
                     std::abs(c.green() - color.green()) <= tolerance &&
                     std::abs(c.blue() - color.blue()) <= tolerance;
        }
    return count;
}

} // namespace

class TestJointWindow : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("CollidoscopeTest"));
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                           QString::fromStdString((m_dir / "settings").string()));
        QSettings().clear();
        qputenv("CS_RECOVERY_DIR", QByteArray::fromStdString((m_dir / "recovery").string()));
    }

    void everyJointIsDrawnAndPickable()
    {
        MainWindow w(test::unattended());
        w.resize(1200, 800);
        w.show();
        QVERIFY(openAndWait(w, fixture()));
        settle();
        ui::Viewport* view = w.viewport();
        // Six joints, each: two frames of three axes (12 points) and two links (4 points), plus limits and
        // drives.
        const auto lines = scene::buildJointLines(w.session().document()->model(),
                                                  w.session().scene()->resolved, w.session().scene()->graph);
        QCOMPARE(lines.jointsDrawn, size_t(6));
        QCOMPARE(lines.frames.size(), size_t(6 * 12));
        QCOMPARE(lines.links.size(), size_t(6 * 4));
        QVERIFY(!lines.limits.empty() && !lines.drives.empty());
        QCOMPARE(view->jointPointCount(),
                 lines.frames.size() + lines.links.size() + lines.limits.size() + lines.drives.size());

        // Both planes are drawn as static colliders: their outlines are among the static layer's points.
        size_t planePoints = 0;
        for (const auto& instance : w.session().scene()->resolved.instances) {
            const physics::Shape& shape = w.session().document()->model().shapes.at(size_t(instance.shape));
            if (shape.isPlane())
                planePoints += scene::planeWireframe(*shape.plane).size();
        }
        QVERIFY(planePoints > 0);
        QVERIFY(view->overlayPointCount(ui::OverlayLayer::Static) >= planePoints);

        // On screen: the link colour is there with joints shown and gone with them hidden.
        view->frameAll();
        const QColor link = ui::jointColor(ui::JointPart::Links);
        const int shown = pixelsNear(capture(view), link, 12);
        view->setJointsVisible(false);
        const int hidden = pixelsNear(capture(view), link, 12);
        view->setJointsVisible(true);
        QVERIFY2(shown >= 20 && hidden * 10 < shown,
                 qPrintable(QStringLiteral("shown %1, hidden %2").arg(shown).arg(hidden)));

        // A click on the hinge's link (the middle of its joint frame and its connected frame) selects the
        // joint's node.
        const size_t hinge = nodeNamed(*w.session().document(), "HingeJoint");
        const size_t connected = size_t(w.session().document()->model().node(hinge)->joint->connectedNode);
        const QVector3D a = w.session().scene()->graph.worldTransform(hinge).map(QVector3D());
        const QVector3D b = w.session().scene()->graph.worldTransform(connected).map(QVector3D());
        const QVector3D eye = view->camera().position();
        w.session().selectNode(std::nullopt);
        emit view->clicked(eye, (a + b) / 2 - eye, Qt::NoModifier);
        settle();
        QVERIFY(w.session().currentNode());
        QCOMPARE(size_t(*w.session().currentNode()), hinge);
    }

    void massEditKeepsKhrJointsAndPlanes()
    {
        const gltf::GltfDocument original = *gltf::loadGltf(test::dataPath("physics/khr_all.gltf")).value;
        const physics::PhysicsModel before = *physics::readPhysics(original).value;

        MainWindow w(test::unattended());
        w.resize(1200, 800);
        w.show();
        QVERIFY(openAndWait(w, fixture()));
        document::Document* doc = w.session().document();
        const size_t hingeA = nodeNamed(*doc, "HingeA");
        w.session().selectNode(hingeA);
        settle();
        ui::BodyPanel* body = w.properties()->bodyPanel();
        QCOMPARE(body->nodes(), std::vector<size_t>{hingeA});
        body->massField()->spinBox()->selectAll();
        QTest::keyClicks(body->massField()->spinBox(), QStringLiteral("12.5"));
        QTest::keyClick(body->massField()->spinBox(), Qt::Key_Enter);
        settle();
        QCOMPARE(doc->model().node(hingeA)->motion->mass, 12.5);

        const auto saved = m_dir / "edited.glb";
        QVERIFY(w.session().saveTo(QString::fromStdString(saved.string())));

        const gltf::GltfDocument reloaded = *gltf::loadGltf(saved).value;
        const physics::PhysicsModel after = *physics::readPhysics(reloaded).value;
        QCOMPARE(after.format, physics::SourceFormat::Khr);
        QVERIFY(reloaded.json().dump().find("OMI_physics") == std::string::npos);
        QCOMPARE(after.node(hingeA)->motion->mass, 12.5);
        // Every joint description and node joint as the file had it.
        QCOMPARE(after.joints.size(), size_t(6));
        QCOMPARE(after.joints.size(), before.joints.size());
        for (size_t i = 0; i < before.joints.size(); ++i)
            QVERIFY(after.joints[i].sameValues(before.joints[i]));
        size_t joints = 0;
        for (const auto& [index, n] : before.nodes) {
            if (!n.joint)
                continue;
            ++joints;
            const physics::NodePhysics* again = after.node(index);
            QVERIFY(again && again->joint);
            QCOMPARE(again->joint->connectedNode, n.joint->connectedNode);
            QCOMPARE(again->joint->joint, n.joint->joint);
            QCOMPARE(again->joint->enableCollision, n.joint->enableCollision);
        }
        QCOMPARE(joints, size_t(6));
        // Both planes, with the same sizes and sidedness.
        std::vector<physics::PlaneParams> planesBefore, planesAfter;
        for (const auto& s : before.shapes)
            if (s.isPlane())
                planesBefore.push_back(*s.plane);
        for (const auto& s : after.shapes)
            if (s.isPlane())
                planesAfter.push_back(*s.plane);
        QCOMPARE(planesBefore.size(), size_t(2));
        QVERIFY(planesAfter == planesBefore);

        QVERIFY(test::validatorAvailable());
        const auto reports = test::runValidator({saved});
        QCOMPARE(reports.size(), size_t(1));
        QVERIFY2(reports[0].ran, reports[0].failure.c_str());
        QVERIFY2(reports[0].errors == 0, reports[0].text.c_str());
    }

    void saveAsChoosesTheFamily()
    {
        auto prompter = std::make_shared<test::ScriptedPrompter>();
        MainWindow w(prompter);
        w.resize(1200, 800);
        w.show();
        QVERIFY(openAndWait(w, fixture()));
        // KHR -> OMI would leave out the two planes: asked, and refused, nothing is written.
        prompter->familyLossAnswers = {false};
        const auto omi = m_dir / "refused.glb";
        QVERIFY(!w.session().saveInFamily(QString::fromStdString(omi.string()), physics::Family::Omi));
        QCOMPARE(prompter->count(QStringLiteral("familyLosses")), 1);
        QVERIFY(!std::filesystem::exists(omi));
        // Keeping the family is a plain save.
        const auto khr = m_dir / "kept.glb";
        QVERIFY(w.session().saveInFamily(QString::fromStdString(khr.string()), physics::Family::Khr));
        QCOMPARE(w.session().document()->filePath(), khr);

        // OMI -> KHR: the window writes KHR and then works on the written file.
        QVERIFY(openAndWait(w, QString::fromStdString(test::dataPath("physics/omi_all.gltf").string())));
        QCOMPARE(w.session().document()->model().format, physics::SourceFormat::Omi);
        const auto converted = m_dir / "converted.glb";
        bool shown = false;
        connect(&w.session(), &ui::DocumentSession::documentReplaced, this, [&] { shown = true; });
        QVERIFY(w.session().saveInFamily(QString::fromStdString(converted.string()), physics::Family::Khr));
        QVERIFY(QTest::qWaitFor([&] { return shown; }, 20000));
        QCOMPARE(w.session().currentFile(), QString::fromStdString(converted.string()));
        QCOMPARE(w.session().document()->model().format, physics::SourceFormat::Khr);
        QCOMPARE(w.session().document()->model().joints.size(), size_t(6));
    }
};

QTEST_MAIN(TestJointWindow)
#include "TestJointWindow.moc"
