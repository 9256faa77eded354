#include "panels/BodyPanel.h"

// BodyPanel: the edits (each one core function or command) and "Compute from shapes".

#include "DiagnosticText.h"
#include "document/Actions.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/GeometryInputs.h"
#include "document/ModelCommands.h"
#include "document/NodeActions.h"
#include "document/SetFields.h"
#include "widgets/ChildSignals.h"
#include "widgets/ModelLabels.h"
#include "widgets/NumberField.h"
#include "widgets/QuatAsEulerField.h"
#include "widgets/Vec3Field.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>

namespace cs::ui {

using document::ChangeEvent;
using physics::Motion;
using physics::MotionType;

namespace {

bool sameMassProperties(const Motion& m, const document::MassProperties& p)
{
    return (!p.mass || *p.mass == m.mass) && p.centerOfMass == m.centerOfMass &&
           p.inertiaDiagonal == m.inertiaDiagonal && p.inertiaOrientation == m.inertiaOrientation;
}

QString number(double v)
{
    return QString::number(v, 'g', 6);
}

} // namespace

void BodyPanel::toggleMotion()
{
    if (!m_document)
        return;
    // All bodies: the click removes motion. Otherwise it adds motion to the nodes without it.
    const bool all = !m_nodes.empty() && bodies().size() == m_nodes.size();
    m_applying = true;
    document::setComponentPresent(*m_document, m_nodes, document::Component::Motion, !all);
    m_applying = false;
    refresh();
}

void BodyPanel::editProperty(size_t row, int axis, double value)
{
    if (!m_document || row >= m_properties.size())
        return;
    m_applying = true;
    m_properties[row].edit(*m_document, bodies(), axis, value);
    m_applying = false;
    refresh();
}

void BodyPanel::computeFromShapes()
{
    if (!m_document)
        return;
    const bool byDensity = m_computeMode->currentData().toInt() == int(ComputeMode::Density);
    const double density = byDensity ? m_density : 1000.0;
    const bool several = m_nodes.size() > 1;

    struct Plan
    {
        size_t node;
        document::MassProperties properties;
    };
    std::vector<Plan> plans;
    QStringList errors;
    size_t unchanged = 0;
    for (const auto& [node, motion] : bodies()) {
        if (motion->type != MotionType::Dynamic) // only dynamic bodies use mass properties
            continue;
        // By density the shapes decide the mass; by total mass the shapes' result is scaled to it below.
        const auto result =
            document::bodyMassProperties(*m_document, node, density, document::MassFrom::Density);
        if (!result) {
            QString message = QString::fromStdString(firstErrorMessage(result.diagnostics));
            if (message.isEmpty())
                message = tr("the shapes give no mass properties");
            errors << (several ? tr("%1: %2").arg(nodeLabel(*m_document, node), message) : message);
            continue;
        }
        Plan plan{node, *result};
        if (!byDensity) {
            // Inertia is proportional to the mass: scale the shapes' result to the total mass asked for.
            const double from = result->mass.value_or(0.0);
            if (from > 0) {
                const double factor = m_totalMass / from;
                for (double& v : plan.properties.inertiaDiagonal)
                    v *= factor;
            }
            plan.properties.mass = m_totalMass;
        }
        if (sameMassProperties(*motion, plan.properties)) {
            ++unchanged;
            continue;
        }
        plans.push_back(plan);
    }

    QStringList lines;
    if (!plans.empty()) {
        std::vector<std::pair<size_t, document::MassProperties>> properties;
        properties.reserve(plans.size());
        for (const Plan& plan : plans)
            properties.emplace_back(plan.node, plan.properties);
        m_applying = true;
        document::computeMassProperties(*m_document, properties);
        m_applying = false;
        if (plans.size() == 1) {
            const physics::NodePhysics* n = m_document->model().node(plans.front().node);
            const double mass = n && n->motion ? n->motion->mass.value_or(1.0) : 0.0;
            lines << tr("Mass properties set from the shapes: mass %1 kg.").arg(number(mass));
        } else {
            lines << tr("Mass properties set from the shapes for %1 bodies.").arg(plans.size());
        }
    }
    if (unchanged > 0 && plans.empty() && errors.isEmpty())
        lines << tr("Already as the shapes give: nothing changed.");
    if (!errors.isEmpty())
        lines << tr("Could not compute: %1").arg(errors.join(QStringLiteral("; ")));
    if (lines.isEmpty())
        lines << tr("No dynamic body selected.");
    m_computeMessage->setText(lines.join(QLatin1Char('\n')));
    m_computeMessage->setProperty("error", !errors.isEmpty());
    m_computeMessage->setStyleSheet(errors.isEmpty() ? QString() : QStringLiteral("color: #c0392b;"));
    m_computeMessage->show();
    refresh();
}

} // namespace cs::ui
