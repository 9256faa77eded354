#pragma once

#include "document/Selection.h"
#include "geometry/ColliderFit.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>

namespace cs::document {

class Document;

/// Document::revision(), for code that has only this header's forward declaration.
std::uint64_t documentRevision(const Document& document);

/// The fit figures of each node's colliders (document::colliderFitFigures), one measurement per node and
/// document revision: whoever measures a node's colliders first at a revision (Add Colliders as it adds
/// them, the hull dialog as it applies its hull, the Shape section) stores the figures, and every other view
/// of the same colliders at that revision shows them. Each Document owns one (fitCache); its find and store
/// are safe from any thread.
class ColliderFitCache
{
public:
    /// The figures stored for `node` at exactly `revision`, else none.
    std::optional<geometry::FitSummary> find(NodeIndex node, std::uint64_t revision) const;
    /// Keeps the figures of `node` at `revision`, unless figures of a later revision are stored already.
    void store(NodeIndex node, std::uint64_t revision, const geometry::FitSummary& figures);

private:
    struct Entry
    {
        std::uint64_t revision = 0;
        geometry::FitSummary figures;
    };
    mutable std::mutex m_mutex;
    std::map<NodeIndex, Entry> m_entries;
};

/// The document's fit cache (made with the revision's keeper on the first call, on the document's thread).
ColliderFitCache& fitCache(const Document& document);

} // namespace cs::document
