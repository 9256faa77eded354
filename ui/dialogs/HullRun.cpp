#include "dialogs/HullRun.h"

#include "BackgroundJob.h"
#include "document/ColliderFitInput.h"

#include <QCoreApplication>
#include <cmath>

namespace cs::ui {

HullRun computeHullRun(const std::vector<geometry::Vec3d>& points, const gltf::TriangleMesh* mesh,
                       geometry::ConvexHullOptions options, std::optional<double> simplifyFirst,
                       const JobToken& token)
{
    options.cancel = token.cancelFlag();
    options.progress = [&token](double f) { token.progress(f); };
    HullRun run;
    if (mesh && simplifyFirst) {
        const geometry::FitMeter meter(*mesh, {}, document::standardFitOptions());
        auto choice = geometry::chooseHullWithSimplifiedCopy(*mesh, meter, options, *simplifyFirst);
        run.diagnostics = std::move(choice.diagnostics);
        if (choice) {
            run.hull = std::move(choice->hull); // the choice keeps its figures only
            run.fit = choice->fit;
            run.choice = std::move(*choice);
        }
        return run;
    }
    auto hull = geometry::generateConvexHull(points, options);
    run.diagnostics = std::move(hull.diagnostics);
    if (hull && mesh) {
        geometry::FitPart part;
        part.shape = geometry::ShapeGeometry::convex(hull->mesh);
        if (auto m = geometry::measureFit(*mesh, {}, {part}, document::standardFitOptions()))
            run.fit = m->summary;
    }
    if (hull)
        run.hull = std::move(*hull);
    return run;
}

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
