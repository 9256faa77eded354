#pragma once

// A Prompter for window tests: each question takes the next scripted answer of its kind, or (none left)
// the unattended one, and is logged so that a test can check what was asked.

#include "Prompter.h"

#include <QStringList>
#include <deque>
#include <memory>

namespace cs::test {

class ScriptedPrompter : public ui::Prompter
{
public:
    std::deque<ui::SaveChangesAnswer> saveChangesAnswers;
    std::deque<ui::RecoveryAnswer> recoveryAnswers;
    std::deque<bool> deleteAnswers;
    std::deque<QString> openPaths;
    std::deque<QString> savePaths;
    std::deque<bool> exportAnswers;
    /// Typed text, one per askText (none left: cancelled).
    std::deque<QString> textAnswers;
    /// The folder each file dialog was to start in, in order.
    QStringList openFolders;
    /// Every question asked, as "kind: detail" ("saveChanges: level.glb", "delete: Delete Node", ...).
    QStringList asked;

    /// How many questions of `kind` were asked.
    int count(const QString& kind) const
    {
        int n = 0;
        for (const QString& q : asked)
            n += q.startsWith(kind + QLatin1Char(':')) ? 1 : 0;
        return n;
    }

    ui::SaveChangesAnswer askSaveChanges(const QString& name) override
    {
        asked << QStringLiteral("saveChanges: ") + name;
        return next(saveChangesAnswers, m_unattended.askSaveChanges(name));
    }
    ui::RecoveryAnswer offerRecovery(const ui::RecoveryOffer& offer) override
    {
        asked << QStringLiteral("recovery: ") + offer.name;
        return next(recoveryAnswers, m_unattended.offerRecovery(offer));
    }
    bool confirmDelete(const QString& title, const QString& consequences) override
    {
        asked << QStringLiteral("delete: ") + title + QLatin1Char('\n') + consequences;
        return next(deleteAnswers, m_unattended.confirmDelete(title, consequences));
    }
    bool confirmOverwrite(const QString& path) override
    {
        asked << QStringLiteral("overwrite: ") + path;
        return m_unattended.confirmOverwrite(path);
    }
    ui::FamilyChoice chooseFamily(physics::Family current) override
    {
        asked << QStringLiteral("family: ") + QString::fromLatin1(physics::familyName(current));
        return m_unattended.chooseFamily(current);
    }
    bool confirmFamilyLosses(physics::Family family, const Diagnostics& losses) override
    {
        asked << QStringLiteral("familyLosses: ") + QString::fromLatin1(physics::familyName(family));
        return m_unattended.confirmFamilyLosses(family, losses);
    }
    bool confirmTargetExport(const QString& target, const Diagnostics& changes,
                             const Diagnostics& losses) override
    {
        asked << QStringLiteral("targetExport: %1, %2 changes, %3 losses")
                     .arg(target)
                     .arg(changes.size())
                     .arg(losses.size());
        return next(exportAnswers, m_unattended.confirmTargetExport(target, changes, losses));
    }
    QString chooseOpenPath(const QString& title, const QString& filter, const QString& folder) override
    {
        asked << QStringLiteral("openPath: ") + title;
        openFolders << folder;
        return next(openPaths, m_unattended.chooseOpenPath(title, filter, folder));
    }
    QString chooseSavePath(const QString& suggestion, const QString& filter) override
    {
        asked << QStringLiteral("savePath: ") + suggestion;
        return next(savePaths, m_unattended.chooseSavePath(suggestion, filter));
    }
    void reportError(const QString& title, const QString& message) override
    {
        asked << QStringLiteral("error: ") + title + QLatin1Char('\n') + message;
    }
    std::optional<QString> askText(const QString& title, const QString& label, const QString& value) override
    {
        asked << QStringLiteral("text: ") + title + QLatin1Char('\n') + value;
        if (textAnswers.empty())
            return m_unattended.askText(title, label, value);
        return next(textAnswers, QString());
    }

private:
    template <class T> static T next(std::deque<T>& answers, T otherwise)
    {
        if (answers.empty())
            return otherwise;
        T answer = answers.front();
        answers.pop_front();
        return answer;
    }

    ui::UnattendedPrompter m_unattended;
};

/// A window's prompter that asks no one (see ui::UnattendedPrompter).
inline std::shared_ptr<ui::Prompter> unattended()
{
    return std::make_shared<ui::UnattendedPrompter>();
}

} // namespace cs::test
