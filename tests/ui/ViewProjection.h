#pragma once

// Where world points are on the view's captured picture, through the view's own camera: the window and
// render tests look at the pixels of what they placed.

#include "viewport/Viewport.h"

#include <QImage>
#include <QRect>
#include <QVector3D>
#include <QWindow>

namespace cs::test {

/// Normalised device coordinates of world point `p` seen by the view's camera (x and y in -1..1 on screen).
inline QVector3D viewNdc(ui::Viewport& view, const QVector3D& p)
{
    const QSize size = view.renderWindow()->size();
    const ui::OrbitCamera& camera = view.camera();
    return (camera.projectionMatrix(float(size.width()) / float(size.height())) * camera.viewMatrix()).map(p);
}

/// Where world point `p` is in `image`, a capture of `view` (its pixels may be finer than the window's).
inline QPointF imagePoint(ui::Viewport& view, const QImage& image, const QVector3D& p)
{
    const QVector3D ndc = viewNdc(view, p);
    return {(ndc.x() + 1) * 0.5 * image.width(), (1 - ndc.y()) * 0.5 * image.height()};
}

/// Where the box [lo, hi] is in `image`, a capture of `view`: the bounds of its corners.
inline QRect imageRect(ui::Viewport& view, const QImage& image, const QVector3D& lo, const QVector3D& hi)
{
    QRectF rect;
    for (int i = 0; i < 8; ++i) {
        const QPointF p = imagePoint(
            view, image,
            QVector3D((i & 1) ? hi.x() : lo.x(), (i & 2) ? hi.y() : lo.y(), (i & 4) ? hi.z() : lo.z()));
        rect = rect.isNull() ? QRectF(p, QSizeF(1, 1)) : rect.united(QRectF(p, QSizeF(1, 1)));
    }
    return rect.toAlignedRect();
}

} // namespace cs::test
