#include "HelpGuide.h"

#include "ActionTable.h"

#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace cs::ui {

namespace {

QString row(const QString& what, const QString& keys)
{
    return QStringLiteral("<tr><td>%1</td><td>&nbsp;&nbsp;<b>%2</b></td></tr>")
        .arg(what.toHtmlEscaped(), keys.toHtmlEscaped());
}

/// What the 3D view does with the mouse and keys (ui/viewport/ViewportInput) while it has the focus.
QString viewRows()
{
    const std::pair<const char*, const char*> rows[] = {
        {QT_TRANSLATE_NOOP("HelpGuide", "Select what is under the pointer"),
         QT_TRANSLATE_NOOP("HelpGuide", "Click")},
        {QT_TRANSLATE_NOOP("HelpGuide", "Orbit"), QT_TRANSLATE_NOOP("HelpGuide", "Drag, or the arrow keys")},
        {QT_TRANSLATE_NOOP("HelpGuide", "Pan"), QT_TRANSLATE_NOOP("HelpGuide", "Shift+drag")},
        {QT_TRANSLATE_NOOP("HelpGuide", "Zoom"), QT_TRANSLATE_NOOP("HelpGuide", "Wheel, Ctrl+drag, + and -")},
        {QT_TRANSLATE_NOOP("HelpGuide", "Front, right, top view (Ctrl: back, left, bottom)"),
         QT_TRANSLATE_NOOP("HelpGuide", "Keypad 1, 3, 7")},
    };
    QString html;
    for (const auto& [what, keys] : rows)
        html += row(QCoreApplication::translate("HelpGuide", what),
                    QCoreApplication::translate("HelpGuide", keys));
    return html;
}

} // namespace

QString guideHtml(const ActionTable& actions)
{
    QString html = QCoreApplication::translate(
        "HelpGuide",
        "<h3>Collidoscope in five steps</h3><ol>"
        "<li>Open a .gltf or .glb file (File &gt; Open, or drop it on the window); File &gt; Import brings "
        "other 3D formats in.</li>"
        "<li>Select a node in the Scene tree or click it in the view; Properties edits its body, collider "
        "and "
        "trigger.</li>"
        "<li>Physics &gt; Add Collider fits a box, sphere, capsule, cylinder, convex hull or triangle mesh "
        "to "
        "the selected node's mesh.</li>"
        "<li>Diagnostics lists what the physics specifications say about the file, a Fix where there is one; "
        "choose a Target to see how an engine will read it.</li>"
        "<li>Every edit can be undone (Edit, History). Save writes the file back, keeping everything the "
        "edits "
        "did not touch.</li></ol>");
    html += QCoreApplication::translate("HelpGuide", "<h3>The 3D view</h3><table>") + viewRows() +
            QStringLiteral("</table>");
    html += QCoreApplication::translate("HelpGuide", "<h3>Shortcuts</h3><table>");
    for (const QAction* action : actions.all()) {
        if (action->shortcut().isEmpty())
            continue;
        QString text = action->text();
        text.remove(QLatin1Char('&'));
        html += row(text, action->shortcut().toString(QKeySequence::NativeText));
    }
    return html + QStringLiteral("</table>");
}

void showGuide(QWidget* window, const ActionTable& actions)
{
    auto* dialog = window->findChild<QDialog*>(QStringLiteral("guideDialog"));
    if (!dialog) {
        dialog = new QDialog(window);
        dialog->setObjectName(QStringLiteral("guideDialog"));
        dialog->setWindowTitle(QCoreApplication::translate("HelpGuide", "Quick Guide and Shortcuts"));
        auto* text = new QTextBrowser(dialog);
        text->setObjectName(QStringLiteral("guideText"));
        auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
        QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
        auto* layout = new QVBoxLayout(dialog);
        layout->addWidget(text);
        layout->addWidget(buttons);
        dialog->resize(560, 620);
    }
    // Written again each time: a shortcut can change while the window runs (Home during a simulation).
    dialog->findChild<QTextBrowser*>(QStringLiteral("guideText"))->setHtml(guideHtml(actions));
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

} // namespace cs::ui
