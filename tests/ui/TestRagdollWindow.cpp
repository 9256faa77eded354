// Physics > Add Ragdoll... in the real window (issue 51 item 4): on the procedural humanoid of the ragdoll
// tests, the dialog opened through the menu plans off the GUI thread, previews one shape per body in the view
// and says the bodies, joints and preset; options set through its fields (a typed mass, box shapes, fingers
// and toes) plan again; Apply is one undo step that writes exactly what document::addRagdoll (the command's
// action) writes with the same options; opened again on the result it says Apply would be refused, and after
// Undo (which removes it all) it offers Apply again. A bone scaled unevenly is warned of before Apply. A file
// without a skin: the core's message, no Apply.
#include "RagdollCharacters.h"
#include "ScriptedPrompter.h"
#include "TestSupport.h"
#include "ToolDialogs.h"
#include "WindowTestUtil.h"
#include "dialogs/RagdollDialog.h"
#include "document/Document.h"
#include "document/Ragdoll.h"
#include "gltf/GltfDocument.h"
#include "viewport/Viewport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

using namespace cs;
using cs::ui::MainWindow;
using cs::ui::RagdollDialog;
using gltf::Json;

namespace {

constexpr int kWait = 120000;

/// The bodies the character gets, from how it was built (RagdollCharacters.cpp): every bone with vertices,
/// its fingers and toes only when asked.
size_t bodiesOfCharacter(bool fingers)
{
    const auto bones = test::characterBones(test::RigNaming::Mixamo);
    return size_t(std::count_if(bones.begin(), bones.end(), [fingers](const test::CharacterBone& b) {
        return b.radius > 0 && (!b.fingerOrToe || fingers);
    }));
}

/// Replaces the text of a spin box by typing and commits it with Return.
void typeInto(QAbstractSpinBox* box, const QString& text)
{
    QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

/// The document `path` holds with addRagdoll(options) applied, as a save would write it.
Json addedByCore(const std::filesystem::path& path, const document::RagdollOptions& options)
{
    auto loaded = gltf::loadGltf(path);
    if (!loaded)
        return {};
    document::Document doc(std::move(*loaded));
    const document::RagdollReport report = document::addRagdoll(doc, options);
    return report.pushed ? doc.savedJson() : Json();
}

} // namespace

class TestRagdollWindow : public QObject
{
    Q_OBJECT

    test::TempDir m_dir;

    RagdollDialog* openDialog(MainWindow& w)
    {
        QAction* action = test::menuAction(w, QStringLiteral("actionAddRagdoll"));
        if (!action)
            return nullptr;
        action->trigger();
        return w.tools().ragdollDialog();
    }

private slots:
    void initTestCase()
    {
        test::useTestSettings(m_dir.path());
        QLocale::setDefault(QLocale::c());
    }

    void previewApplyUndo()
    {
        const auto file = m_dir.path() / "character.gltf";
        test::writeText(file, test::characterGltf(test::RigNaming::Mixamo).dump());
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, QString::fromStdString(file.string())));
        document::Document& doc = *w.session().document();

        RagdollDialog* dialog = openDialog(w);
        QVERIFY(dialog && dialog->isVisible());
        QVERIFY2(dialog->waitForResult(kWait), qPrintable(dialog->errorText()));
        // The defaults: a capsule per bone with vertices, fingers and toes left out, Mixamo names: humanoid.
        const size_t bodies = bodiesOfCharacter(false);
        QCOMPARE(dialog->resultText(),
                 QStringLiteral("%1 bodies, %2 joints, humanoid preset").arg(bodies).arg(bodies - 1));
        QCOMPARE(dialog->findChild<QLabel*>(QStringLiteral("summaryLabel"))->text(), dialog->resultText());
        // One preview part per body, drawn in the view.
        QCOMPARE(dialog->previewParts().size(), bodies);
        size_t drawn = 0;
        for (const auto& part : dialog->previewParts()) {
            QVERIFY(part.size() >= 2 && part.size() % 2 == 0);
            drawn += part.size();
        }
        QCOMPARE(w.viewport()->previewPartPointCount(), drawn);

        // Options through the fields: a typed mass (a refused one first, which is said), boxes, fingers.
        auto* mass = dialog->findChild<QDoubleSpinBox*>(QStringLiteral("totalMass"));
        auto* shape = dialog->findChild<QComboBox*>(QStringLiteral("shape"));
        auto* fingers = dialog->findChild<QCheckBox*>(QStringLiteral("includeFingers"));
        QVERIFY(mass && shape && fingers);
        typeInto(mass, QStringLiteral("-5"));
        QCOMPARE(mass->value(), 0.01); // clamped to the smallest mass, and said so
        QVERIFY2(mass->toolTip().contains(QStringLiteral("0.01")), qPrintable(mass->toolTip()));
        typeInto(mass, QStringLiteral("90"));
        QCOMPARE(mass->value(), 90.0);
        shape->setCurrentIndex(shape->findText(QStringLiteral("Box")));
        QTest::mouseClick(fingers, Qt::LeftButton, {}, QPoint(4, fingers->height() / 2));
        QVERIFY(fingers->isChecked());
        QVERIFY(dialog->isComputing());
        QVERIFY2(dialog->waitForResult(kWait), qPrintable(dialog->errorText()));
        const size_t withFingers = bodiesOfCharacter(true);
        QVERIFY(withFingers > bodies);
        QCOMPARE(
            dialog->resultText(),
            QStringLiteral("%1 bodies, %2 joints, humanoid preset").arg(withFingers).arg(withFingers - 1));
        QCOMPARE(dialog->previewParts().size(), withFingers);
        for (const auto& part : dialog->previewParts())
            QCOMPARE(part.size(), size_t(24)); // a box: its 12 edges

        // Apply: one undo step, the same document the command's action makes with the same options.
        document::RagdollOptions options;
        options.totalMass = 90;
        options.shape = document::RagdollShape::Box;
        options.includeFingers = true;
        const Json expected = addedByCore(file, options);
        QVERIFY(!expected.is_null());
        const Json original = doc.savedJson();
        QUndoStack* stack = doc.undoStack();
        const int steps = stack->count();
        auto* apply = dialog->findChild<QPushButton*>(QStringLiteral("apply"));
        QVERIFY(apply && apply->isEnabled());
        QSignalSpy applied(dialog, &RagdollDialog::applied);
        QTest::mouseClick(apply, Qt::LeftButton);
        QCOMPARE(applied.count(), 1);
        QCOMPARE(applied.at(0).at(0).value<size_t>(), withFingers);
        QCOMPARE(applied.at(0).at(1).value<size_t>(), withFingers - 1);
        QCOMPARE(stack->count(), steps + 1);
        QCOMPARE(stack->undoText(), QStringLiteral("Add Ragdoll"));
        QCOMPARE(w.viewport()->previewPartPointCount(), size_t(0)); // closing cleared the preview
        const Json saved = doc.savedJson();
        size_t motions = 0, boxes = 0, joints = 0;
        for (const Json& node : saved["nodes"]) {
            const Json& body = node.value("extensions", Json::object()).value("OMI_physics_body", Json());
            motions += body.contains("motion") ? 1 : 0;
            joints += node.value("extensions", Json::object()).contains("OMI_physics_joint") ? 1 : 0;
        }
        for (const Json& s : saved["extensions"]["OMI_physics_shape"]["shapes"])
            boxes += s["type"] == "box" ? 1 : 0;
        QCOMPARE(motions, withFingers);
        QCOMPARE(boxes, withFingers);
        QCOMPARE(joints, withFingers - 1); // one tree: every body but the hips' hangs from another
        // Every body, shape size, mass, joint node and limit as the core writes them.
        QCOMPARE(saved["nodes"].size(), expected["nodes"].size());
        for (size_t n = 0; n < saved["nodes"].size(); ++n)
            QVERIFY2(saved["nodes"][n] == expected["nodes"][n], saved["nodes"][n].dump().c_str());
        QVERIFY(saved["extensions"] == expected["extensions"]);
        QVERIFY(saved == expected);

        // Opened again on the ragdoll: what Apply would refuse is said before it, and Apply is off.
        dialog = openDialog(w);
        QVERIFY(dialog);
        QVERIFY(!dialog->waitForResult(kWait));
        QVERIFY2(dialog->errorText().contains(QStringLiteral("already has a body or joint")),
                 qPrintable(dialog->errorText()));
        QVERIFY(!dialog->findChild<QPushButton*>(QStringLiteral("apply"))->isEnabled());
        // Undo while it is open: the skeleton is the same, the plan stands and Apply is on again.
        stack->undo();
        QVERIFY(doc.savedJson() == original);
        QVERIFY2(dialog->waitForResult(kWait), qPrintable(dialog->errorText()));
        QVERIFY(dialog->errorText().isEmpty());
        QVERIFY(dialog->findChild<QPushButton*>(QStringLiteral("apply"))->isEnabled());
        QCOMPARE(dialog->resultText(), QStringLiteral("%1 bodies, %2 joints, humanoid preset")
                                           .arg(bodies)
                                           .arg(bodies - 1)); // a new dialog: the default options
        dialog->reject();
        QCOMPARE(stack->count(), steps + 1);
        QVERIFY(doc.savedJson() == original);
    }

    void warnsBeforeApplying()
    {
        // The head scaled unevenly: its shape is sized for the mean scale, which applyRagdoll warns of.
        Json character = test::characterGltf(test::RigNaming::Mixamo);
        for (Json& node : character["nodes"])
            if (node.value("name", "") == "mixamorig:Head")
                node["scale"] = {1.0, 1.5, 1.0};
        const auto file = m_dir.path() / "uneven.gltf";
        test::writeText(file, character.dump());
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, QString::fromStdString(file.string())));
        RagdollDialog* dialog = openDialog(w);
        QVERIFY(dialog);
        QVERIFY2(dialog->waitForResult(kWait), qPrintable(dialog->errorText()));
        const QString why = QStringLiteral("warning: bone 'mixamorig:Head' is scaled unevenly");
        QVERIFY2(dialog->warningText().contains(why), qPrintable(dialog->warningText()));
        QVERIFY(dialog->findChild<QLabel*>(QStringLiteral("warningsLabel"))->text().contains(why));
        QVERIFY(dialog->findChild<QPushButton*>(QStringLiteral("apply"))->isEnabled());
    }

    void noSkin()
    {
        const auto file = m_dir.path() / "plain.gltf";
        test::writeText(file, R"({"asset":{"version":"2.0"},"nodes":[{"name":"A"}],"scenes":[{"nodes":[0]}],
                                 "scene":0})");
        MainWindow w(test::unattended());
        QVERIFY(test::showAndOpen(w, QString::fromStdString(file.string())));
        RagdollDialog* dialog = openDialog(w);
        QVERIFY(dialog);
        QVERIFY(!dialog->waitForResult(kWait));
        QVERIFY2(dialog->errorText().contains(QStringLiteral("no mesh node has a skin")),
                 qPrintable(dialog->errorText()));
        auto* apply = dialog->findChild<QPushButton*>(QStringLiteral("apply"));
        QVERIFY(apply && !apply->isEnabled());
        const int steps = w.session().document()->undoStack()->count();
        QVERIFY(!dialog->apply());
        QCOMPARE(w.session().document()->undoStack()->count(), steps);
        QCOMPARE(w.viewport()->previewPartPointCount(), size_t(0));
    }
};

QTEST_MAIN(TestRagdollWindow)
#include "TestRagdollWindow.moc"
