#pragma once

#include "Diagnostic.h"
#include "dialogs/SaveFamilyDialog.h"
#include "physics/PhysicsWriter.h"

#include <QDateTime>
#include <QPointer>
#include <QString>
#include <QWidget>
#include <optional>

namespace cs::ui {

/// What to do with unsaved edits before the document goes (close, open another file, recover a copy).
enum class SaveChangesAnswer
{
    Save,
    Discard,
    Cancel
};

/// What to do with the recovery copy an earlier session left behind.
enum class RecoveryAnswer
{
    Recover,
    Discard,
    Later
};

/// The newest recovery copy, as it is offered.
struct RecoveryOffer
{
    QString name;         ///< the original file, or the untitled document's title
    QDateTime savedAt;    ///< when the copy was written
    qsizetype others = 0; ///< further copies, offered another time
};

/// Every question the window and its panels ask the user, one method per question. The window gets one
/// injected: MessageBoxPrompter asks with message boxes; UnattendedPrompter (screenshots, automation) asks
/// nothing and answers as an unattended run must; tests install a scripted one.
class Prompter
{
public:
    virtual ~Prompter() = default;

    /// `name` has unsaved edits: save them, discard them, or cancel what was about to end the document.
    virtual SaveChangesAnswer askSaveChanges(const QString& name) = 0;
    virtual RecoveryAnswer offerRecovery(const RecoveryOffer& offer) = 0;
    /// Deleting also changes what `consequences` lists (one line per item): delete anyway?
    virtual bool confirmDelete(const QString& title, const QString& consequences) = 0;
    /// `path` was changed by another program since it was opened: overwrite it?
    virtual bool confirmOverwrite(const QString& path) = 0;
    /// Save As: which physics family to write (`current`: the document's own).
    virtual FamilyChoice chooseFamily(physics::Family current) = 0;
    /// Writing in `family` loses `losses` (never empty): write anyway?
    virtual bool confirmFamilyLosses(physics::Family family, const Diagnostics& losses) = 0;
    /// Export for `target` makes `changes` (one line each) and cannot hold `losses` (may be empty): export?
    virtual bool confirmTargetExport(const QString& target, const Diagnostics& changes,
                                     const Diagnostics& losses) = 0;
    /// A file to open (empty: cancelled), looking in `folder` first ("": wherever the dialog likes).
    /// `filter` in QFileDialog's form.
    virtual QString chooseOpenPath(const QString& title, const QString& filter, const QString& folder) = 0;
    /// Where to save (empty: cancelled), starting at `suggestion`.
    virtual QString chooseSavePath(const QString& suggestion, const QString& filter) = 0;
    /// Something failed (opening, saving, an operation refused): says why.
    virtual void reportError(const QString& title, const QString& message) = 0;
    /// One line of text for `label`, starting from `value` (nullopt: cancelled).
    virtual std::optional<QString> askText(const QString& title, const QString& label,
                                           const QString& value) = 0;
};

/// Asks with message boxes and file dialogs over `parent`.
class MessageBoxPrompter : public Prompter
{
public:
    explicit MessageBoxPrompter(QWidget* parent = nullptr) : m_parent(parent) {}
    void setParent(QWidget* parent) { m_parent = parent; }

    SaveChangesAnswer askSaveChanges(const QString& name) override;
    RecoveryAnswer offerRecovery(const RecoveryOffer& offer) override;
    bool confirmDelete(const QString& title, const QString& consequences) override;
    bool confirmOverwrite(const QString& path) override;
    FamilyChoice chooseFamily(physics::Family current) override;
    bool confirmFamilyLosses(physics::Family family, const Diagnostics& losses) override;
    bool confirmTargetExport(const QString& target, const Diagnostics& changes,
                             const Diagnostics& losses) override;
    QString chooseOpenPath(const QString& title, const QString& filter, const QString& folder) override;
    QString chooseSavePath(const QString& suggestion, const QString& filter) override;
    void reportError(const QString& title, const QString& message) override;
    std::optional<QString> askText(const QString& title, const QString& label, const QString& value) override;

private:
    QPointer<QWidget> m_parent;
};

/// Asks nothing: unsaved edits are discarded, recovery copies are left for later, deletions and overwrites
/// go ahead, Save As keeps the document's family, and a save or export that would lose data is refused (as
/// the command line refuses without --allow-loss). No file is chosen, no text typed; errors are only counted.
class UnattendedPrompter : public Prompter
{
public:
    SaveChangesAnswer askSaveChanges(const QString&) override { return SaveChangesAnswer::Discard; }
    RecoveryAnswer offerRecovery(const RecoveryOffer&) override { return RecoveryAnswer::Later; }
    bool confirmDelete(const QString&, const QString&) override { return true; }
    bool confirmOverwrite(const QString&) override { return true; }
    FamilyChoice chooseFamily(physics::Family) override { return {true, std::nullopt}; }
    bool confirmFamilyLosses(physics::Family, const Diagnostics&) override { return false; }
    /// An export that would lose data is refused, as `upgrade --target` refuses without --allow-loss.
    bool confirmTargetExport(const QString&, const Diagnostics&, const Diagnostics& losses) override
    {
        return losses.empty();
    }
    QString chooseOpenPath(const QString&, const QString&, const QString&) override { return {}; }
    QString chooseSavePath(const QString&, const QString&) override { return {}; }
    void reportError(const QString&, const QString&) override { ++m_errors; }
    /// Nobody types: the value stays as it was.
    std::optional<QString> askText(const QString&, const QString&, const QString&) override { return {}; }

    /// How many errors were reported.
    int errorCount() const { return m_errors; }

private:
    int m_errors = 0;
};

} // namespace cs::ui
