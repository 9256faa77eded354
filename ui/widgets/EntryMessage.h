#pragma once

#include <QString>

class QWidget;

namespace cs::ui {

/// Says what became of the text typed into `editor` (see physics::readNumberEntry): `message` first in the
/// editor's tooltip, before `toolTip` (the field's own), and in the status bar of the main window the editor
/// is in, if any. An empty message leaves the editor `toolTip` alone.
void showEntryMessage(QWidget* editor, const QString& message, const QString& toolTip);

} // namespace cs::ui
