#pragma once

// One-click fixes for diagnostics that have an obvious remedy. The GUI asks fixFor() for each diagnostic it
// lists (cheap: no geometry is computed; the hull fix counts its mesh's points) and offers the label;
// applyFix() pushes the remedy as one undo step.
//
//   code                                  fix
//   LEGACY_*, KHR_IMPORTED,               upgradeLegacy(): the save writes the newest OMI form. Offered while
//   KHR_LEGACY_SHAPES_KEY                 the document is legacy and no physics edit has done it already
//   (these
//                                         diagnostics come from reading: they keep describing the file as it
//                                         was opened, the fix is then no longer offered)
//   EXTENSION_NOT_DECLARED                every physics extension the JSON uses is added to extensionsUsed
//   PHYSICS_EXTENSION_REQUIRED            the physics extensions are taken out of extensionsRequired
//   SHAPE_SIZE_INVALID, SHAPE_DEGENERATE  box sizes and heights below physics::kDegenerateShapeSize (zero,
//                                         negative and tiny positive ones), negative radii, a sphere radius
//                                         or both capsule/cylinder radii below it become kMinimumShapeSize
//   HULL_POINT_LIMIT                      the convex hull of the shape's mesh capped at kHullFixPoints
//   vertices,
//                                         stored as a new mesh that the shape then uses (the old mesh stays)
//   INERTIA_ORIENTATION_NOT_UNIT          the quaternion normalised (identity when it is zero)

#include "Diagnostic.h"
#include "geometry/HullCap.h"

#include <string>

namespace cs::document {

class Document;

/// The smallest size, height or radius a degenerate shape is given (metres).
inline constexpr double kMinimumShapeSize = 0.001;
/// The vertex cap of a regenerated hull.
inline constexpr int kHullFixPoints = geometry::kMaxHullPoints;

enum class FixKind
{
    None,
    UpgradeLegacy,
    DeclareExtensions,
    UnrequireExtensions,
    ClampShapeSize,
    RegenerateHull,
    NormalizeInertiaOrientation,
};

/// What fixing a diagnostic would do.
struct Fix
{
    FixKind kind = FixKind::None;
    std::string label;       ///< short, for a button or menu entry ("Regenerate hull (255 points)")
    std::string description; ///< a sentence, for a tool tip
    int shape = -1;          ///< the shape concerned (size and hull fixes)
    int node = -1;           ///< the node concerned (inertia fix)

    explicit operator bool() const { return kind != FixKind::None; }
};

/// The fix for `diagnostic` in the document's current state; kind None when there is no obvious one (or it
/// no longer applies: the value was changed since, the shape is gone...).
Fix fixFor(const Document& document, const Diagnostic& diagnostic);

/// Applies a fix as one undo step. False (and why, when `why` is given) when it cannot be done now; nothing
/// is pushed then. The hull fix computes a hull on the calling thread (tens of milliseconds for a mesh of
/// some ten thousand vertices).
bool applyFix(Document& document, const Fix& fix, Diagnostics* why = nullptr);
/// fixFor() then applyFix().
bool applyFix(Document& document, const Diagnostic& diagnostic, Diagnostics* why = nullptr);

/// The shape a diagnostic is about: the "shape N" the validator's message starts with, when that shape's JSON
/// pointer holds the diagnostic's pointer or either has none (shapes made in the editor have no pointer);
/// else the shape whose pointer holds the diagnostic's pointer. -1 when none.
int shapeOfDiagnostic(const Document& document, const Diagnostic& diagnostic);
/// The node a diagnostic is about ("/nodes/N/...", else a message starting "node N"), or -1.
int nodeOfDiagnostic(const Document& document, const Diagnostic& diagnostic);

} // namespace cs::document
