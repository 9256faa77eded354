#include "viewport/ScreenBounds.h"

namespace cs::ui {

QRect screenBounds(const WorldBoxes& boxes, const QMatrix4x4& viewProjection, const QSize& size)
{
    QRectF rect;
    for (const auto& [lo, hi] : boxes) {
        for (int corner = 0; corner < 8; ++corner) {
            const QVector3D p((corner & 1) ? hi.x() : lo.x(), (corner & 2) ? hi.y() : lo.y(),
                              (corner & 4) ? hi.z() : lo.z());
            const QVector3D ndc = viewProjection.map(p); // QMatrix4x4::map divides by w
            const QPointF pixel((ndc.x() + 1) * 0.5 * size.width(), (1 - ndc.y()) * 0.5 * size.height());
            rect = rect.isNull() ? QRectF(pixel, QSizeF(1, 1)) : rect.united(QRectF(pixel, QSizeF(1, 1)));
        }
    }
    return rect.toAlignedRect().intersected(QRect(QPoint(0, 0), size));
}

} // namespace cs::ui
