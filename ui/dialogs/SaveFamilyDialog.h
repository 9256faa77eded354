#pragma once

#include "Diagnostic.h"
#include "physics/PhysicsWriter.h"

#include <QString>
#include <optional>

class QWidget;

namespace cs::ui {

/// What Save As asks about the physics family.
struct FamilyChoice
{
    bool accepted = false;
    std::optional<physics::Family> family; ///< none: keep the document's own
};

/// Asks which family to write: keep the document's own (`current`), OMI or KHR (MessageBoxPrompter's
/// question).
FamilyChoice chooseSaveFamily(QWidget* parent, physics::Family current);

/// Lists exactly what writing in `family` loses (one line per loss, with where it was) and asks before
/// writing. True: write anyway.
bool confirmFamilyLosses(QWidget* parent, physics::Family family, const Diagnostics& losses);
/// Export For: the changes the copy gets and what the target cannot hold; true to go on and choose a file.
bool confirmTargetExport(QWidget* parent, const QString& target, const Diagnostics& changes,
                         const Diagnostics& losses);

} // namespace cs::ui
