#pragma once

#include "document/SceneState.h"
#include "scene/JointPick.h"
#include "scene/Overlays.h"

#include <QObject>
#include <QVector3D>
#include <optional>
#include <vector>

namespace cs::document {
class Document;
struct ChangeEvent;
} // namespace cs::document

namespace cs::ui {

class DiagnosticsPanel;
class DocumentSession;
class SceneTreePanel;
class Viewport;

/// What the view shows of the session's document: the render scene, the collider, selection and joint
/// overlays, the scene tree's rows and selection, and the diagnostics list; picking a click in the view
/// and framing the selection. Change events are gathered and shown once per burst (after the command or
/// macro that sent them).
class ViewController : public QObject
{
    Q_OBJECT

public:
    ViewController(DocumentSession& session, Viewport* viewport, SceneTreePanel* tree,
                   DiagnosticsPanel* diagnostics, QObject* parent = nullptr);

    Viewport* viewport() const { return m_viewport; }
    /// Draws the overlays of the document as it is (colliders, selection, joints).
    /// Hands the overlays to the viewport (`overlays` when given: built while the file was read).
    void updateOverlays(std::optional<scene::Overlays> overlays = std::nullopt);
    /// Frames the selection (View > Frame Selected); everything without one.
    void frameSelection();
    /// Selects what a click's ray hits (a joint line near it first), or nothing.
    void pick(const QVector3D& origin, const QVector3D& direction);
    /// The diagnostics list: the file's, the reader's, the validator's and the chosen target's.
    void showDiagnostics();
    /// View > Colour Colliders by Shape: colliders drawn in the colour of their shape's kind rather than of
    /// what moves them (triggers, links between parts and the selection keep theirs).
    void setColourByShape(bool on);
    bool colourByShape() const { return m_byShape; }

signals:
    /// The tree and overlays show the document's selection (after a selection change or an edit).
    void selectionShown();
    /// The overlays were drawn again in other colours (setColourByShape): a preview that moves them splits
    /// them again, as after a selection.
    void overlaysRestyled();

private:
    void documentReplaced(document::Document* document);
    void onChanged(const document::ChangeEvent& event);
    /// After edits: the scene state (SceneState::update), then the view.
    void refreshFromDocument();
    /// The tree, overlays and diagnostics from what the scene holds.
    /// The tree (from `rows` when given: listed while the file was read), the overlays (`overlays` when
    /// given, likewise) and the diagnostics.
    void refreshView(std::vector<document::NodeRow> rows = {}, std::optional<scene::Overlays> overlays = {});
    void showSelection();

    DocumentSession& m_session;
    Viewport* m_viewport;
    SceneTreePanel* m_tree;
    DiagnosticsPanel* m_diagnostics;
    std::vector<QVector3D> m_selectionLines; ///< the selection's overlay, for framing it
    scene::JointPicker m_jointPicker;        ///< the joints' lines, for clicks
    bool m_refreshPending = false;           ///< change events since the last refresh of the view
    bool m_byShape = false;                  ///< colliders coloured by shape (setColourByShape)
};

} // namespace cs::ui
