#pragma once

// The words of HullDialog's figures.

#include "geometry/SimplifiedHull.h"

#include <QString>

namespace cs::ui {

/// A length for the dialog: "0 m", "4.2 mm", "13 cm", "1.25 m".
QString lengthText(double metres);

/// Which hull was kept when a simplified copy was tried, with both deviations in world metres (the choice's
/// figures times `scale`); the reason when no copy was tried.
QString simplifiedCopyText(const geometry::HullChoice& choice, double scale);

} // namespace cs::ui
