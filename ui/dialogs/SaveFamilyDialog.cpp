#include "dialogs/SaveFamilyDialog.h"

#include "DiagnosticText.h"
#include "widgets/WheelGuard.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace cs::ui {

namespace {

QString familyLabel(physics::Family family)
{
    return family == physics::Family::Khr ? QObject::tr("KHR (KHR_physics_rigid_bodies, KHR_implicit_shapes)")
                                          : QObject::tr("OMI (OMI_physics_body, OMI_physics_shape, "
                                                        "OMI_physics_joint)");
}

} // namespace

FamilyChoice chooseSaveFamily(QWidget* parent, physics::Family current)
{
    QDialog dialog(parent);
    dialog.setObjectName(QStringLiteral("saveFamilyDialog"));
    dialog.setWindowTitle(QObject::tr("Physics format"));
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(new QLabel(QObject::tr("Write the physics as:"), &dialog));
    WheelGuard::install();
    auto* combo = new QComboBox(&dialog);
    combo->setObjectName(QStringLiteral("familyCombo"));
    combo->addItem(QObject::tr("Keep: %1").arg(familyLabel(current)));
    combo->addItem(familyLabel(physics::Family::Omi), int(physics::Family::Omi));
    combo->addItem(familyLabel(physics::Family::Khr), int(physics::Family::Khr));
    layout->addWidget(combo);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return {};
    const QVariant data = combo->currentData();
    return {true,
            data.isValid() ? std::optional<physics::Family>(physics::Family(data.toInt())) : std::nullopt};
}

bool confirmFamilyLosses(QWidget* parent, physics::Family family, const Diagnostics& losses)
{
    if (losses.empty())
        return true;
    const QStringList lines = QString::fromStdString(formatDiagnostics(losses)).split(QLatin1Char('\n'));
    QMessageBox box(QMessageBox::Warning, QObject::tr("Data would be lost"),
                    QObject::tr("%1 cannot hold everything this file has. Saving leaves out %n item(s):",
                                nullptr, int(losses.size()))
                        .arg(familyLabel(family)),
                    QMessageBox::Cancel, parent);
    box.setObjectName(QStringLiteral("familyLossDialog"));
    box.setDetailedText(lines.join(QLatin1Char('\n')));
    box.setInformativeText(lines.mid(0, 10).join(QLatin1Char('\n')) +
                           (lines.size() > 10 ? QObject::tr("\n... (see the details)") : QString()));
    QPushButton* save = box.addButton(QObject::tr("Save Anyway"), QMessageBox::DestructiveRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == save;
}

bool confirmTargetExport(QWidget* parent, const QString& target, const Diagnostics& changes,
                         const Diagnostics& losses)
{
    const QString changeLines = QString::fromStdString(formatDiagnostics(changes));
    const QString lossLines = QString::fromStdString(formatDiagnostics(losses));
    QMessageBox box(losses.empty() ? QMessageBox::Question : QMessageBox::Warning,
                    QObject::tr("Export For %1").arg(target),
                    losses.empty()
                        ? QObject::tr("Exporting for %1 makes %n change(s) to the copy it writes (the open "
                                      "document stays as it is).",
                                      nullptr, int(changes.size()))
                              .arg(target)
                        : QObject::tr("%1 cannot hold %n item(s) of this file; the copy leaves them out.",
                                      nullptr, int(losses.size()))
                              .arg(target),
                    QMessageBox::Cancel, parent);
    box.setObjectName(QStringLiteral("targetExportDialog"));
    QStringList details;
    if (!losses.empty())
        details << QObject::tr("Left out:") << lossLines;
    if (!changes.empty())
        details << QObject::tr("Changes:") << changeLines;
    box.setDetailedText(details.join(QLatin1Char('\n')));
    const QStringList first = (losses.empty() ? changeLines : lossLines).split(QLatin1Char('\n'));
    box.setInformativeText(first.mid(0, 10).join(QLatin1Char('\n')) +
                           (first.size() > 10 ? QObject::tr("\n... (see the details)") : QString()));
    QPushButton* go =
        box.addButton(losses.empty() ? QObject::tr("Export...") : QObject::tr("Export Anyway..."),
                      losses.empty() ? QMessageBox::AcceptRole : QMessageBox::DestructiveRole);
    if (losses.empty())
        box.setDefaultButton(go);
    else
        box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    return box.clickedButton() == go;
}

} // namespace cs::ui
