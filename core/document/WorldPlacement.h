#pragma once

#include "document/Selection.h"
#include "geometry/Transform.h"

#include <QString>
#include <utility>
#include <vector>

namespace cs::document {

class Document;

/// Moves each listed node so that its world matrix becomes the given one, as one undo step named `text`
/// (e.g. "Keep Simulated Poses"): each node's new local TRS is taken against its parent's new world matrix,
/// so listed nodes may sit below other listed nodes. A node whose TRS would not change is left alone. Never
/// merges with the edit before or after it. Returns how many nodes changed (0: nothing was pushed).
size_t placeNodesInWorld(Document& document, const std::vector<std::pair<NodeIndex, geometry::Mat4d>>& worlds,
                         const QString& text);

} // namespace cs::document
