#pragma once

#include "document/Selection.h"

#include <QGroupBox>
#include <optional>

class QListWidget;

namespace cs::document {
class Document;
}

namespace cs::ui {

/// "Used by": the nodes whose collider or trigger uses a shape (core's document::usesOf), each with the
/// role it uses it in; the node the panel fits for is in bold. Clicking a node asks to select it.
class ShapeUsersBox : public QGroupBox
{
    Q_OBJECT

public:
    explicit ShapeUsersBox(QWidget* parent = nullptr);

    QListWidget* list() const { return m_list; }

    /// Lists the users of `shape` in `document` (nothing when either is missing); `contextNode` in bold.
    void showUsers(const document::Document* document, int shape,
                   std::optional<document::NodeIndex> contextNode);

signals:
    void nodeActivated(cs::document::NodeIndex node);

private:
    QListWidget* m_list;
};

} // namespace cs::ui
