#include "dialogs/HullText.h"

#include <QCoreApplication>
#include <cmath>

namespace cs::ui {

QString lengthText(double metres)
{
    const double a = std::fabs(metres);
    if (a == 0)
        return QStringLiteral("0 m");
    if (a < 0.01)
        return QStringLiteral("%1 mm").arg(metres * 1000.0, 0, 'g', 3);
    if (a < 1)
        return QStringLiteral("%1 cm").arg(metres * 100.0, 0, 'g', 3);
    return QStringLiteral("%1 m").arg(metres, 0, 'g', 4);
}

QString simplifiedCopyText(const geometry::HullChoice& choice, double scale)
{
    if (!choice.copyTried)
        return QString::fromStdString(choice.note);
    const char* context = "cs::ui::HullDialog";
    return QCoreApplication::translate(context,
                                       "%1: deviation %2, against %3 for the hull of every vertex (the "
                                       "copy has %4 of the mesh's %5 triangles)")
        .arg(choice.fromCopy ? QCoreApplication::translate(context, "kept")
                             : QCoreApplication::translate(context, "not kept"))
        .arg(lengthText(choice.copyFit.deviation() * scale))
        .arg(lengthText(choice.wholeFit.deviation() * scale))
        .arg(choice.trianglesAfter)
        .arg(choice.trianglesBefore);
}

} // namespace cs::ui
