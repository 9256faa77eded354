#include "document/ColliderFitCache.h"

#include "document/Document.h"

namespace cs::document {

namespace {

/// Owned by the document (a child QObject): its fit cache.
class FitCacheKeeper : public QObject
{
public:
    explicit FitCacheKeeper(Document* document) : QObject(document)
    {
        setObjectName(QStringLiteral("csFitCache"));
    }
    ColliderFitCache& cache() { return m_cache; }

private:
    ColliderFitCache m_cache;
};

FitCacheKeeper& keeper(const Document& document)
{
    auto* found =
        document.findChild<FitCacheKeeper*>(QStringLiteral("csFitCache"), Qt::FindDirectChildrenOnly);
    return found ? *found : *new FitCacheKeeper(const_cast<Document*>(&document));
}

} // namespace

std::uint64_t documentRevision(const Document& document)
{
    return document.revision();
}

ColliderFitCache& fitCache(const Document& document)
{
    return keeper(document).cache();
}

std::optional<geometry::FitSummary> ColliderFitCache::find(NodeIndex node, std::uint64_t revision) const
{
    const std::lock_guard lock(m_mutex);
    const auto it = m_entries.find(node);
    if (it == m_entries.end() || it->second.revision != revision)
        return std::nullopt;
    return it->second.figures;
}

void ColliderFitCache::store(NodeIndex node, std::uint64_t revision, const geometry::FitSummary& figures)
{
    const std::lock_guard lock(m_mutex);
    Entry& e = m_entries[node];
    if (e.revision > revision)
        return;
    e.revision = revision;
    e.figures = figures;
}

} // namespace cs::document
