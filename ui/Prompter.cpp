#include "Prompter.h"

#include <QFileDialog>
#include <QInputDialog>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>

namespace cs::ui {

SaveChangesAnswer MessageBoxPrompter::askSaveChanges(const QString& name)
{
    const auto answer = QMessageBox::warning(
        m_parent, QObject::tr("Unsaved changes"), QObject::tr("%1 has unsaved changes. Save them?").arg(name),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return SaveChangesAnswer::Save;
    return answer == QMessageBox::Discard ? SaveChangesAnswer::Discard : SaveChangesAnswer::Cancel;
}

RecoveryAnswer MessageBoxPrompter::offerRecovery(const RecoveryOffer& offer)
{
    QMessageBox box(QMessageBox::Warning, QObject::tr("Recover unsaved edits"),
                    QObject::tr("Collidoscope did not close normally. Unsaved edits of %1 from %2 were kept.")
                        .arg(offer.name, QLocale().toString(offer.savedAt, QLocale::ShortFormat)),
                    QMessageBox::NoButton, m_parent);
    if (offer.others > 0)
        box.setInformativeText(QObject::tr("%n more recovery copies are kept; they are offered next time.",
                                           nullptr, int(offer.others)));
    QPushButton* recoverButton = box.addButton(QObject::tr("&Recover"), QMessageBox::AcceptRole);
    QPushButton* discardButton = box.addButton(QObject::tr("&Discard"), QMessageBox::DestructiveRole);
    box.addButton(QObject::tr("&Later"), QMessageBox::RejectRole);
    box.setDefaultButton(recoverButton);
    box.exec();
    if (box.clickedButton() == recoverButton)
        return RecoveryAnswer::Recover;
    return box.clickedButton() == discardButton ? RecoveryAnswer::Discard : RecoveryAnswer::Later;
}

bool MessageBoxPrompter::confirmDelete(const QString& title, const QString& consequences)
{
    return QMessageBox::question(m_parent, title, consequences) == QMessageBox::Yes;
}

bool MessageBoxPrompter::confirmOverwrite(const QString& path)
{
    return QMessageBox::question(
               m_parent, QObject::tr("File changed on disk"),
               QObject::tr("%1 was changed by another program since it was opened. Overwrite it?")
                   .arg(path)) == QMessageBox::Yes;
}

FamilyChoice MessageBoxPrompter::chooseFamily(physics::Family current)
{
    return chooseSaveFamily(m_parent, current);
}

bool MessageBoxPrompter::confirmFamilyLosses(physics::Family family, const Diagnostics& losses)
{
    return ui::confirmFamilyLosses(m_parent, family, losses);
}

bool MessageBoxPrompter::confirmTargetExport(const QString& target, const Diagnostics& changes,
                                             const Diagnostics& losses)
{
    return ui::confirmTargetExport(m_parent, target, changes, losses);
}

QString MessageBoxPrompter::chooseOpenPath(const QString& title, const QString& filter, const QString& folder)
{
    return QFileDialog::getOpenFileName(m_parent, title, folder, filter);
}

QString MessageBoxPrompter::chooseSavePath(const QString& suggestion, const QString& filter)
{
    return QFileDialog::getSaveFileName(m_parent, QObject::tr("Save As"), suggestion, filter);
}

void MessageBoxPrompter::reportError(const QString& title, const QString& message)
{
    QMessageBox::warning(m_parent, title, message);
}

std::optional<QString> MessageBoxPrompter::askText(const QString& title, const QString& label,
                                                   const QString& value)
{
    bool ok = false;
    const QString text = QInputDialog::getText(m_parent, title, label, QLineEdit::Normal, value, &ok);
    return ok ? std::optional<QString>(text) : std::nullopt;
}

} // namespace cs::ui
