#include "widgets/TargetChoice.h"

#include "targets/Target.h"

#include <algorithm>

namespace cs::ui {

QComboBox* makeTargetChoice(QWidget* parent, bool convexOnly)
{
    auto* box = new QComboBox(parent);
    box->setObjectName(QStringLiteral("target"));
    box->addItem(QComboBox::tr("None: Collidoscope's own caps"), QString());
    for (const targets::Target& t : targets::allTargets()) {
        if (t.name == targets::specTarget().name || (convexOnly && !targets::buildsConvex(t)))
            continue;
        box->addItem(QString::fromStdString(t.name), QString::fromStdString(t.name));
        box->setItemData(
            box->count() - 1,
            QComboBox::tr("Hull budget: %1 (%2)")
                .arg(QString::fromStdString(t.hullBudget.text), QString::fromStdString(t.hullBudget.cite)),
            Qt::ToolTipRole);
    }
    box->setToolTip(QComboBox::tr("The engine the colliders are for: every hull within its budget (vertices, "
                                  "polygons or triangles) and only shapes it builds"));
    return box;
}

void chooseTarget(QComboBox* box, const QString& name)
{
    box->setCurrentIndex(std::max(0, box->findData(name)));
}

} // namespace cs::ui
