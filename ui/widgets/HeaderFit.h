#pragma once

class QHeaderView;

namespace cs::ui {

/// Makes every section of `header` (its model set) at least as wide as its text and the style's margins,
/// so that no column title is cut off: an Interactive section starts that wide, and a Stretch section is
/// never squeezed below it (the view scrolls instead). Sections sized to their contents already are.
void keepHeaderTextsWhole(QHeaderView* header);

} // namespace cs::ui
