#include "dialogs/DecomposeResultBox.h"

#include <QLabel>

namespace cs::ui {

DecomposeResultBox::DecomposeResultBox(QWidget* parent)
    : JobResultBox(tr("Result"), parent), m_parts(addFigure(tr("Parts:"), "partsLabel")),
      m_concavity(addFigure(tr("Largest concavity:"), "concavityLabel",
                            tr("The furthest a part's hull lies from the mesh's surface"))),
      m_volume(addFigure(tr("Union volume:"), "volumeLabel",
                         tr("The volume of the parts' union against the volume the mesh encloses"))),
      m_fit(
          addFigure(tr("Fit:"), "fitLabel",
                    tr("Outside: how far the mesh pokes out of the parts. Overhang: how far the parts stand "
                       "off the mesh (world metres)"))),
      m_kinds(addFigure(tr("Kinds:"), "kindsLabel",
                        tr("Primitives first: each mesh's parts per kind and the mesh data they store"))),
      m_time(addFigure(tr("Time:"), "timeLabel"))
{
    m_fit->setWordWrap(true);
    m_kinds->setWordWrap(true);
}

void DecomposeResultBox::showFigures(const document::DecompositionFigures& f,
                                     const std::vector<std::optional<geometry::FitSummary>>& fits)
{
    m_parts->setText(
        tr("%1 (at most %2 points each)%3")
            .arg(f.parts)
            .arg(f.mostPoints)
            .arg(f.budgetReached ? tr("; the limit stopped it above the threshold") : QString()));
    m_concavity->setText(tr("%1% of the size").arg(f.maxConcavity * 100.0, 0, 'f', 2));
    m_volume->setText(f.volumeRatio > 0 ? tr("%1% of the mesh").arg(f.volumeRatio * 100.0, 0, 'f', 1)
                                        : tr("- (a mesh is not closed)"));
    m_time->setText(tr("%1 s").arg(f.seconds, 0, 'f', 2));
    QStringList lines;
    for (const auto& fit : fits)
        lines << (fit ? QString::fromStdString(geometry::fitText(*fit)) : QStringLiteral("-"));
    m_fit->setText(lines.join(QLatin1Char('\n')));
}

} // namespace cs::ui

namespace cs::ui {

void DecomposeResultBox::showKinds(const std::vector<std::shared_ptr<const geometry::PrimitiveParts>>& parts)
{
    QStringList lines;
    for (const auto& pp : parts) {
        QStringList kinds;
        for (size_t k = 0; k < geometry::kPartKinds; ++k)
            if (pp->counts[k] > 0)
                kinds << tr("%1 %2")
                             .arg(pp->counts[k])
                             .arg(QString::fromUtf8(geometry::partKindName(geometry::PartKind(k))));
        lines << tr("%1; %2 bytes of mesh data (as hulls %3); %4 merged")
                     .arg(kinds.join(QStringLiteral(", ")))
                     .arg(pp->bytes)
                     .arg(pp->hullBytes)
                     .arg(pp->merges);
    }
    m_kinds->setText(lines.isEmpty() ? QStringLiteral("-") : lines.join(QLatin1Char('\n')));
}

} // namespace cs::ui
