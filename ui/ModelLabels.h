#pragma once

// How the panels name the objects of a document in lists and combo boxes.

#include "document/Selection.h"

#include <QString>
#include <cstddef>
#include <optional>

namespace cs::document {
class Document;
}

namespace cs::ui {

/// The node's name, or "Node N" when it has none.
QString nodeLabel(const document::Document& document, size_t node);
/// The node a link names: `prefix` then the index ("node:5" with prefix "node:"); none when the link is
/// not of that form.
std::optional<document::NodeIndex> nodeOfLink(const QString& link, const QString& prefix);
/// "Name (box)", or "Shape N (box)" for a shape without a name.
QString shapeLabel(const document::Document& document, size_t shape);
/// The material's name, or "Material N".
QString materialLabel(const document::Document& document, size_t material);
/// The filter's name, or "Filter N".
QString filterLabel(const document::Document& document, size_t filter);

} // namespace cs::ui
