#pragma once

// A Prompter for window tests. Each question takes the next scripted answer of its kind and is logged, so
// that a test can check what was asked. A question the test gave no answer for fails the test (QTest::qFail,
// naming the question) and gets the unattended answer, so the run goes on to its end: a test answers every
// question the window asks, and a question nobody expected is a finding. Errors are reports, not questions:
// they are only logged.

#include "Prompter.h"

#include <QStringList>
#include <QTest>
#include <deque>
#include <memory>

namespace cs::test {

class ScriptedPrompter : public ui::Prompter
{
public:
    std::deque<ui::SaveChangesAnswer> saveChangesAnswers;
    std::deque<ui::RecoveryAnswer> recoveryAnswers;
    std::deque<bool> deleteAnswers;
    std::deque<bool> overwriteAnswers;
    std::deque<ui::FamilyChoice> familyAnswers;
    std::deque<bool> familyLossAnswers;
    std::deque<QString> openPaths;
    std::deque<QString> savePaths;
    std::deque<bool> exportAnswers;
    /// Typed text, one per askText (a null QString(): cancelled).
    std::deque<QString> textAnswers;
    /// The folder each file dialog was to start in, in order.
    QStringList openFolders;
    /// Every question asked, as "kind: detail" ("saveChanges: level.glb", "delete: Delete Node", ...).
    QStringList asked;
    /// The questions that came without a scripted answer (each also failed the test).
    QStringList unexpected;

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
        return next(saveChangesAnswers, QStringLiteral("saveChanges: ") + name,
                    m_unattended.askSaveChanges(name));
    }
    ui::RecoveryAnswer offerRecovery(const ui::RecoveryOffer& offer) override
    {
        return next(recoveryAnswers, QStringLiteral("recovery: ") + offer.name,
                    m_unattended.offerRecovery(offer));
    }
    bool confirmDelete(const QString& title, const QString& consequences) override
    {
        return next(deleteAnswers, QStringLiteral("delete: ") + title + QLatin1Char('\n') + consequences,
                    m_unattended.confirmDelete(title, consequences));
    }
    bool confirmOverwrite(const QString& path) override
    {
        return next(overwriteAnswers, QStringLiteral("overwrite: ") + path,
                    m_unattended.confirmOverwrite(path));
    }
    ui::FamilyChoice chooseFamily(physics::Family current) override
    {
        return next(familyAnswers,
                    QStringLiteral("family: ") + QString::fromLatin1(physics::familyName(current)),
                    m_unattended.chooseFamily(current));
    }
    bool confirmFamilyLosses(physics::Family family, const Diagnostics& losses) override
    {
        return next(familyLossAnswers,
                    QStringLiteral("familyLosses: ") + QString::fromLatin1(physics::familyName(family)),
                    m_unattended.confirmFamilyLosses(family, losses));
    }
    bool confirmTargetExport(const QString& target, const Diagnostics& changes,
                             const Diagnostics& losses) override
    {
        return next(exportAnswers,
                    QStringLiteral("targetExport: %1, %2 changes, %3 losses")
                        .arg(target)
                        .arg(changes.size())
                        .arg(losses.size()),
                    m_unattended.confirmTargetExport(target, changes, losses));
    }
    QString chooseOpenPath(const QString& title, const QString& filter, const QString& folder) override
    {
        openFolders << folder;
        return next(openPaths, QStringLiteral("openPath: ") + title,
                    m_unattended.chooseOpenPath(title, filter, folder));
    }
    QString chooseSavePath(const QString& suggestion, const QString& filter) override
    {
        return next(savePaths, QStringLiteral("savePath: ") + suggestion,
                    m_unattended.chooseSavePath(suggestion, filter));
    }
    void reportError(const QString& title, const QString& message) override
    {
        asked << QStringLiteral("error: ") + title + QLatin1Char('\n') + message;
    }
    std::optional<QString> askText(const QString& title, const QString& label, const QString& value) override
    {
        const QString answer = next(textAnswers, QStringLiteral("text: ") + title + QLatin1Char('\n') + value,
                                    m_unattended.askText(title, label, value).value_or(QString()));
        return answer.isNull() ? std::nullopt : std::optional<QString>(answer);
    }

private:
    template <class T> T next(std::deque<T>& answers, const QString& question, T otherwise)
    {
        asked << question;
        if (answers.empty()) {
            unexpected << question;
            const QByteArray why =
                "the window asked a question the test gave no answer for: " + question.toUtf8();
            QTest::qFail(why.constData(), __FILE__, __LINE__);
            return otherwise;
        }
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
