#include "MovedView.h"

#include "DocumentSession.h"
#include "ViewController.h"
#include "document/Document.h"
#include "viewport/Viewport.h"

#include <utility>

namespace cs::ui {

void followDocuments(DocumentSession& session, QObject* receiver, std::function<void()> replaced,
                     std::function<void()> edited, std::function<void()> selected)
{
    QObject::connect(&session, &DocumentSession::documentReplaced, receiver,
                     [receiver, replaced = std::move(replaced), edited = std::move(edited),
                      selected = std::move(selected)](document::Document* doc) {
                         replaced();
                         if (!doc)
                             return;
                         QObject::connect(doc, &document::Document::changed, receiver,
                                          [edited, selected](const document::ChangeEvent& e) {
                                              e.kind == document::ChangeEvent::Kind::Selection ? selected()
                                                                                               : edited();
                                          });
                     });
}

void showFixedLines(Viewport& view, const simulation::MovingOverlays& overlays)
{
    for (scene::OverlayKind kind :
         {scene::OverlayKind::Static, scene::OverlayKind::Kinematic, scene::OverlayKind::Dynamic,
          scene::OverlayKind::Trigger, scene::OverlayKind::Selection, scene::OverlayKind::ShapeBox,
          scene::OverlayKind::ShapeSphere, scene::OverlayKind::ShapeCapsule,
          scene::OverlayKind::ShapeCylinder, scene::OverlayKind::ShapeHull, scene::OverlayKind::ShapeMesh,
          scene::OverlayKind::ShapePlane})
        view.setOverlayLines(OverlayLayer(kind), overlays.fixedLines(kind));
    for (scene::OverlayKind kind :
         {scene::OverlayKind::CenterOfMass, scene::OverlayKind::Inertia, scene::OverlayKind::Velocity})
        view.setOverlayLines(OverlayLayer(kind), {});
    // Lines split again (after a selection, or in other colours) may leave a kind with nothing that moves
    // where the last split had some: showMovedLines only replaces the kinds that have moving lines.
    for (size_t k = 0; k < size_t(scene::OverlayKind::Count); ++k)
        view.setMovingOverlayLines(OverlayLayer(k), {}, 0, nullptr);
}

void showMovedLines(Viewport& view, const std::shared_ptr<const simulation::MovingOverlays>& overlays,
                    const std::shared_ptr<const simulation::BodyMotions>& motions)
{
    // Only the moving lines are made again, at the level of detail each layer shows: one pass over them and
    // one buffer a layer.
    for (size_t k = 0; k < size_t(scene::OverlayKind::Count); ++k) {
        const auto kind = scene::OverlayKind(k);
        if (overlays->movingPointCount(kind) == 0)
            continue;
        view.setMovingOverlayLines(OverlayLayer(kind), overlays->detailLengths(kind),
                                   overlays->movingPointCount(kind),
                                   [overlays, motions, kind](int level, std::vector<QVector3D>& out) {
                                       overlays->movedLines(kind, level, *motions, out);
                                   });
    }
}

void showDocumentPlacement(ViewController& view)
{
    Viewport* viewport = view.viewport();
    viewport->setInstanceTransforms({});
    for (size_t k = 0; k < size_t(scene::OverlayKind::Count); ++k)
        viewport->setMovingOverlayLines(OverlayLayer(k), {}, 0, nullptr);
    viewport->clearPreview();
    view.updateOverlays();
}

} // namespace cs::ui
