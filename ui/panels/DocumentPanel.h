#pragma once

#include "document/Selection.h"

#include <QPointer>
#include <QWidget>
#include <vector>

namespace cs::document {
class Document;
struct ChangeEvent;
} // namespace cs::document

namespace cs::ui {

/// The base of the property panels: the document they show, the nodes of the document's selection they show,
/// and one way of following the document:
/// - refresh() shows the document as it is now; it runs on setDocument(), setNodes(), and every change event
///   concerns() accepts (undo and redo included);
/// - an edit the panel makes runs through apply(): the change events it raises do not refresh the panel one
///   by one; it refreshes once when the edit is done.
class DocumentPanel : public QWidget
{
    Q_OBJECT

public:
    explicit DocumentPanel(QWidget* parent = nullptr);

    /// The document to show and edit; nullptr empties and disables the panel. The nodes are cleared.
    void setDocument(cs::document::Document* document);
    cs::document::Document* document() const;
    /// The selected nodes the panel shows (the owner passes the document's selection).
    void setNodes(const std::vector<cs::document::NodeIndex>& nodes);
    const std::vector<cs::document::NodeIndex>& nodes() const { return m_nodes; }

protected:
    /// Shows the document's current values.
    virtual void refresh() = 0;
    /// True when the change event concerns what the panel shows.
    virtual bool concerns(const cs::document::ChangeEvent& event) const = 0;
    /// What the panel forgets when its document or its nodes change (typed text, the last message).
    virtual void forget() {}
    /// Called when the document changed, before refresh(): the panel's own parts that hold it follow.
    virtual void documentReplaced() {}

    /// Runs `edit` (which pushes on the document), then refreshes once.
    template <class Edit> void apply(Edit&& edit)
    {
        m_applying = true;
        edit();
        m_applying = false;
        refresh();
    }
    /// True when `node` is one of nodes().
    bool showsNode(int node) const;

private:
    void onChanged(const cs::document::ChangeEvent& event);

    QPointer<cs::document::Document> m_document;
    std::vector<cs::document::NodeIndex> m_nodes;
    bool m_applying = false; ///< inside apply(): one refresh at the end
};

} // namespace cs::ui
