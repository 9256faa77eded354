#pragma once

// Saving a document in a family of its choosing (Save As: keep, OMI or KHR).

#include "Diagnostic.h"
#include "gltf/GltfDocument.h"
#include "physics/PhysicsWriter.h"

#include <filesystem>
#include <optional>

namespace cs::document {

class Document;

/// The family a save writes: `chosen`, or the document's own (see physics::sourceFamily) when none is.
physics::Family targetFamily(const Document& document, std::optional<physics::Family> chosen);

/// The document's physics written in a family once: what a Save As asks about (its losses) and then saves,
/// so the physics is not written a second time for the save.
struct FamilyWrite
{
    gltf::Json json;         ///< the document's JSON with its physics written in the family
    Diagnostics diagnostics; ///< the writer's
    /// What the family cannot hold (physics::conversionLosses of this same write); empty when the family is
    /// the document's own.
    Diagnostics losses;
};

/// Writes the document's physics in `family` into a copy of its JSON (the document itself is not changed).
FamilyWrite writeFamily(const Document& document, physics::Family family);

/// Saves `written` (writeFamily's for this document, unchanged since) to `path`, atomically; the document's
/// path and clean state stay. The writer's errors mean nothing was written. Losses are not checked here.
Diagnostics saveFamilyWrite(const Document& document, const FamilyWrite& written,
                            const std::filesystem::path& path, const gltf::SaveOptions& options = {});

/// What writing the document's physics in `family` loses (physics::conversionLosses): empty when the family
/// is the document's own or holds everything.
Diagnostics familyLosses(const Document& document, physics::Family family);

/// What a plain save loses: an MSFT file is written as KHR once its physics is edited
/// (physics::sourceFamily), and KHR has no place for some of what MSFT objects hold (MSFT_NOT_CARRIED). Empty
/// for every other file, and for an MSFT file without a physics edit (written back unchanged).
Diagnostics saveLosses(const Document& document);

/// Writes the document with its physics in `family` to `path`, atomically, whether or not a physics edit was
/// made; the document itself is not changed (its path and clean state stay). Errors mean nothing was
/// written. Losses are not checked here: a caller that asks about them first writes once with writeFamily
/// and saveFamilyWrite.
Diagnostics writeInFamily(const Document& document, const std::filesystem::path& path, physics::Family family,
                          const gltf::SaveOptions& options = {});

} // namespace cs::document
