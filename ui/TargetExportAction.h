#pragma once

// File > Export For > (a target): a copy of the document written as the engine reads it best
// (targets::exportForTarget, the same export as `collidoscope upgrade --target`). The changes and what the
// target cannot hold are shown first; the open document and its file stay as they are.

#include <QString>

namespace cs::document {
class Document;
}
namespace cs::targets {
struct Target;
}

namespace cs::ui {

class Prompter;

/// Exports `document` (as a save would write it, unsaved edits included) for `target`: asks the prompter to
/// confirm the listed changes and losses, then for a path (suggested beside the document's file as
/// "<name>-<target>.glb"), then writes it atomically. Returns the status line to show: what was written, or
/// why nothing was (a refusal, a cancel or a failure, which the prompter also reports).
QString exportDocumentForTarget(const document::Document& document, Prompter& prompter,
                                const targets::Target& target);

} // namespace cs::ui
