#pragma once

#include "Diagnostic.h"
#include "physics/PhysicsWriter.h"

#include <optional>

class QWidget;

namespace cs::ui {

/// What Save As asks about the physics family.
struct FamilyChoice
{
    bool accepted = false;
    std::optional<physics::Family> family; ///< none: keep the document's own
};

/// Asks which family to write: keep the document's own (`current`), OMI or KHR. With CS_NO_DIALOGS set
/// nothing is asked and the family is kept.
FamilyChoice chooseSaveFamily(QWidget* parent, physics::Family current);

/// Lists exactly what writing in `family` loses (one line per loss, with where it was) and asks before
/// writing. True: write anyway. With CS_NO_DIALOGS set nothing is asked and nothing is written (false), as
/// the command line refuses without --allow-loss.
bool confirmFamilyLosses(QWidget* parent, physics::Family family, const Diagnostics& losses);

} // namespace cs::ui
