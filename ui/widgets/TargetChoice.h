#pragma once

#include <QComboBox>

namespace cs::ui {

/// The Target box of the collider dialogs: "None" (Collidoscope's own caps) and each engine target but
/// `spec`, the data of each item its name and its tooltip the hull budget with its source. With
/// `convexOnly`, only the targets that build convex hull colliders (a decomposition is nothing but hulls).
QComboBox* makeTargetChoice(QWidget* parent, bool convexOnly);

/// Chooses the target named `name`, or None for "" or an unknown name.
void chooseTarget(QComboBox* box, const QString& name);

} // namespace cs::ui
