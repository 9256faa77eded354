#include "panels/MassMeaningControls.h"

#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/SetFields.h"
#include "physics/MassNotes.h"

#include <QLabel>
#include <QPushButton>
#include <QStringList>

namespace cs::ui {

namespace {

QLabel* noteLabel(const QString& name, QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setObjectName(name);
    label->setWordWrap(true);
    label->hide();
    return label;
}

void showLines(QLabel* label, const QStringList& lines)
{
    label->setText(lines.join(QLatin1Char('\n')));
    label->setVisible(!lines.isEmpty());
}

QStringList massLines(const physics::MassNotes& n)
{
    QStringList lines;
    if (n.massNegative)
        lines << MassMeaningControls::tr(
            "A negative mass is invalid. Set a mass, or compute it from the shapes.");
    if (n.massZero)
        lines << MassMeaningControls::tr(
            "A dynamic body with mass 0: OMI gives it no meaning and engines differ "
            "(KHR reads 0 as infinite mass). Set a mass, or compute it from the "
            "shapes.");
    if (n.massInfinite)
        lines << MassMeaningControls::tr(
            "Mass 0 is infinite (KHR): forces and collisions do not move the body.");
    if (n.massComputed)
        lines << MassMeaningControls::tr(
            "Mass computed by the engine from the collider volumes: the file leaves "
            "it out (KHR).");
    if (n.massDefault)
        lines << MassMeaningControls::tr("Mass left out: OMI's default, 1 kg.");
    return lines;
}

QStringList inertiaLines(const physics::MassNotes& n)
{
    QStringList lines;
    if (n.inertiaComputed)
        lines << MassMeaningControls::tr(
            "Inertia computed by the engine from the collider shapes (left out, or "
            "all zero in OMI).");
    QStringList axes;
    for (int i = 0; i < 3; ++i) {
        if (n.inertiaInfinite[size_t(i)])
            axes << QString(QLatin1Char("XYZ"[i]));
    }
    if (!axes.isEmpty())
        lines << MassMeaningControls::tr("Inertia 0 about %1 is infinite (KHR): the body does not turn about "
                                         "that axis.")
                     .arg(axes.join(QStringLiteral(", ")));
    return lines;
}

} // namespace

MassMeaningControls::MassMeaningControls(QWidget* parent)
    : QObject(parent), m_massButton(new QPushButton(parent)), m_inertiaButton(new QPushButton(parent)),
      m_massNote(noteLabel(QStringLiteral("massNote"), parent)),
      m_inertiaNote(noteLabel(QStringLiteral("inertiaNote"), parent)), m_comButton(new QPushButton(parent)),
      m_comNote(noteLabel(QStringLiteral("centerOfMassNote"), parent))
{
    m_comButton->setObjectName(QStringLiteral("centerOfMassLeaveOut"));
    connect(m_comButton, &QPushButton::clicked, this, [this] { leaveCenterOfMassOut(); });
    m_massButton->setObjectName(QStringLiteral("massLeaveOut"));
    m_inertiaButton->setObjectName(QStringLiteral("inertiaLeaveOut"));
    m_inertiaButton->setText(tr("Computed"));
    m_inertiaButton->setToolTip(
        tr("Leave the inertia out of the file: the engine computes it from the shapes."));
    connect(m_massButton, &QPushButton::clicked, this, [this] { leaveOut(true); });
    connect(m_inertiaButton, &QPushButton::clicked, this, [this] { leaveOut(false); });
}

void MassMeaningControls::show(document::Document* document, const std::vector<size_t>& nodes,
                               const std::vector<const physics::Motion*>& motions)
{
    m_document = document;
    m_nodes = nodes;
    const physics::SourceFormat format = document ? document->model().format : physics::SourceFormat::None;
    const physics::MassNotes notes = physics::massNotes(motions, format);
    showLines(m_massNote, massLines(notes));
    showLines(m_inertiaNote, inertiaLines(notes));
    // KHR leaves a missing mass to the engine; OMI reads it as its default, 1 kg.
    if (physics::khrMeanings(format)) {
        m_massButton->setText(tr("Computed"));
        m_massButton->setToolTip(
            tr("Leave the mass out of the file: the engine computes it from the collider "
               "volumes."));
    } else {
        m_massButton->setText(tr("Default"));
        m_massButton->setToolTip(tr("Leave the mass out of the file: OMI reads it as 1 kg."));
    }
    showLines(m_comNote, notes.centerOfMassComputed
                             ? QStringList{tr("Centre of mass computed by the engine from the collider "
                                              "volumes: the file leaves it out (KHR).")}
                             : QStringList{});
    // KHR leaves a missing centre of mass to the engine; OMI reads it as the node origin.
    m_comButton->setText(physics::khrMeanings(format) ? tr("Computed") : tr("Origin"));
    m_comButton->setToolTip(physics::khrMeanings(format)
                                ? tr("Leave the centre of mass out of the file: the engine computes it "
                                     "from the collider volumes.")
                                : tr("Leave the centre of mass out of the file: OMI reads it as the "
                                     "body's origin."));
    m_comButton->setEnabled(notes.centerOfMassWritten);
    m_massButton->setEnabled(notes.massWritten);
    m_inertiaButton->setEnabled(notes.inertiaWritten);
}

void MassMeaningControls::leaveOut(bool mass)
{
    if (!m_document)
        return;
    if (mass) {
        std::vector<std::pair<size_t, std::optional<double>>> items;
        for (size_t node : m_nodes)
            items.emplace_back(node, std::nullopt);
        document::setEach<document::SetMassInFile>(*m_document, std::move(items));
    } else {
        std::vector<std::pair<size_t, std::optional<physics::Vec3>>> items;
        for (size_t node : m_nodes)
            items.emplace_back(node, std::nullopt);
        document::setEach<document::SetInertiaInFile>(*m_document, std::move(items));
    }
}

void MassMeaningControls::leaveCenterOfMassOut()
{
    if (!m_document)
        return;
    std::vector<std::pair<size_t, std::optional<physics::Vec3>>> items;
    for (size_t node : m_nodes)
        items.emplace_back(node, std::nullopt);
    document::setEach<document::SetCenterOfMassInFile>(*m_document, std::move(items));
}

} // namespace cs::ui
