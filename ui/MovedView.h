#pragma once

// What the simulation preview and the animation timeline share to show the scene away from the document's
// placement: the meshes moved by a matrix per render instance, and the overlays split once into the lines
// that stay and those that move, the moving ones made again at each pose.

#include "simulation/BodyMotions.h"
#include "simulation/MovingOverlays.h"

#include <functional>
#include <memory>

class QObject;

namespace cs::ui {

class DocumentSession;
class ViewController;
class Viewport;

/// Follows the session's documents for a view that moves away from the document's placement: `replaced` when
/// another document is open (or none), `edited` after each change of it other than the selection's (the
/// moved view no longer matches it), `selected` after a selection change (the window has drawn the overlays
/// again). Each runs in `receiver`'s context.
void followDocuments(DocumentSession& session, QObject* receiver, std::function<void()> replaced,
                     std::function<void()> edited, std::function<void()> selected);

/// Draws the lines of `overlays` that stay as the view's layers, and hides the centres of mass, inertia
/// boxes and velocities, which belong to the document's placement.
void showFixedLines(Viewport& view, const simulation::MovingOverlays& overlays);
/// Gives each layer the lines that move, carried by `motions`, made at the level of detail the layer shows.
void showMovedLines(Viewport& view, const std::shared_ptr<const simulation::MovingOverlays>& overlays,
                    const std::shared_ptr<const simulation::BodyMotions>& motions);
/// The meshes and overlays back where the document places them (and no preview lines).
void showDocumentPlacement(ViewController& view);

} // namespace cs::ui
