#include "panels/MassComputeControls.h"

#include "ModelLabels.h"
#include "document/Document.h"
#include "widgets/NumberField.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStringList>

namespace cs::ui {

using document::MassSource;

namespace {

QString number(double v)
{
    return QString::number(v, 'g', 6);
}

QString computeToolTip()
{
    return MassComputeControls::tr("Sets mass, centre of mass and inertia from the collider shapes the body "
                                   "owns (on its node and below it, up to nested bodies).");
}

} // namespace

MassComputeControls::MassComputeControls(QWidget* parent) : QObject(parent)
{
    m_row = new QWidget(parent);
    auto* layout = new QHBoxLayout(m_row);
    layout->setContentsMargins(0, 0, 0, 0);
    m_mode = new QComboBox(m_row);
    m_mode->setObjectName(QStringLiteral("computeMode"));
    m_mode->addItem(tr("Density"), int(MassSource::Density));
    m_mode->addItem(tr("Total mass"), int(MassSource::TotalMass));
    m_mode->setToolTip(tr("Density: every shape at this density; the mass is what the shapes give.\n"
                          "Total mass: the body gets this mass, spread over its shapes by volume."));
    m_value = new NumberField(m_row);
    m_value->setObjectName(QStringLiteral("computeValue"));
    m_button = new QPushButton(tr("Compute from shapes"), m_row);
    m_button->setObjectName(QStringLiteral("computeButton"));
    m_button->setToolTip(computeToolTip());
    layout->addWidget(m_mode);
    layout->addWidget(m_value, 1);
    layout->addWidget(m_button);

    m_message = new QLabel(parent);
    m_message->setObjectName(QStringLiteral("computeMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();
    updateValueField();

    connect(m_mode, &QComboBox::activated, this, [this] { updateValueField(); });
    connect(m_value, &NumberField::edited, this, [this](double v) {
        if (source() == MassSource::Density)
            m_density = v;
        else
            m_totalMass = v;
    });
    connect(m_button, &QPushButton::clicked, this, &MassComputeControls::computeRequested);
}

MassSource MassComputeControls::source() const
{
    return static_cast<MassSource>(m_mode->currentData().toInt());
}

void MassComputeControls::setUsed(bool used, const QString& why)
{
    m_row->setEnabled(used);
    m_button->setToolTip(used ? computeToolTip() : why);
}

void MassComputeControls::clearMessage()
{
    m_message->clear();
    m_message->hide();
}

void MassComputeControls::updateValueField()
{
    const bool density = source() == MassSource::Density;
    // What the value is in each mode: its range, unit, decimals and step.
    struct Look
    {
        double minimum, maximum;
        const char* unit;
        int decimals;
        double step;
    };
    const Look look = density ? Look{0.001, 1e6, " kg/m\u00b3", 3, 10.0} : Look{0.000001, 1e9, " kg", 4, 0.1};
    m_value->setRange(look.minimum, look.maximum);
    m_value->setUnit(QString::fromUtf8(look.unit));
    m_value->setDecimals(look.decimals);
    m_value->setSingleStep(look.step);
    m_value->setValue(density ? m_density : m_totalMass);
    m_value->setToolTip(density ? tr("Density of every shape (water: 1000 kg/m\u00b3).")
                                : tr("Total mass of each selected body."));
}

void MassComputeControls::compute(document::Document& document, const std::vector<size_t>& nodes)
{
    const MassSource from = source();
    const document::MassPlan plan = document::planMassFromShapes(
        document, nodes, from, from == MassSource::Density ? m_density : m_totalMass);
    document::applyMassPlan(document, plan);
    report(document, plan, nodes.size() > 1);
}

void MassComputeControls::report(const document::Document& document, const document::MassPlan& plan,
                                 bool several)
{
    QStringList errors;
    for (const auto& failure : plan.failures) {
        const QString message = failure.message.empty() ? tr("the shapes give no mass properties")
                                                        : QString::fromStdString(failure.message);
        errors << (several ? tr("%1: %2").arg(nodeLabel(document, failure.node), message) : message);
    }
    QStringList lines;
    if (plan.changes.size() == 1) {
        const physics::NodePhysics* n = document.model().node(plan.changes.front().first);
        const double mass = n && n->motion ? n->motion->mass.value_or(1.0) : 0.0;
        lines << tr("Mass properties set from the shapes: mass %1 kg.").arg(number(mass));
    } else if (!plan.changes.empty()) {
        lines << tr("Mass properties set from the shapes for %1 bodies.").arg(plan.changes.size());
    }
    if (plan.unchanged > 0 && plan.changes.empty() && errors.isEmpty())
        lines << tr("Already as the shapes give: nothing changed.");
    if (!errors.isEmpty())
        lines << tr("Could not compute: %1").arg(errors.join(QStringLiteral("; ")));
    if (lines.isEmpty())
        lines << tr("No dynamic body selected.");
    m_message->setText(lines.join(QLatin1Char('\n')));
    m_message->setProperty("error", !errors.isEmpty());
    m_message->setStyleSheet(errors.isEmpty() ? QString() : QStringLiteral("color: #c0392b;"));
    m_message->show();
}

} // namespace cs::ui
