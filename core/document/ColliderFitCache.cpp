#include "document/ColliderFitCache.h"

#include "document/Document.h"

#include <atomic>

namespace cs::document {

namespace {

// Revisions are drawn from one counter, so that no two documents (a file reopened at the same address) share
// one.
std::uint64_t nextRevision()
{
    static std::atomic<std::uint64_t> last{0};
    return ++last;
}

/// Owned by the document (a child QObject): its revision, raised by every change event, and its fit cache.
class DocumentRevision : public QObject
{
public:
    explicit DocumentRevision(Document* document) : QObject(document), m_revision(nextRevision())
    {
        setObjectName(QStringLiteral("csDocumentRevision"));
        connect(document, &Document::changed, this, [this](const ChangeEvent& event) {
            if (event.kind != ChangeEvent::Kind::Selection)
                m_revision = nextRevision();
        });
    }
    std::uint64_t revision() const { return m_revision; }
    ColliderFitCache& cache() { return m_cache; }

private:
    std::uint64_t m_revision;
    ColliderFitCache m_cache;
};

DocumentRevision& keeper(const Document& document)
{
    auto* found = document.findChild<DocumentRevision*>(QStringLiteral("csDocumentRevision"),
                                                        Qt::FindDirectChildrenOnly);
    // Made on first use: before it nobody has seen a revision, so a fresh number is as good as any.
    return found ? *found : *new DocumentRevision(const_cast<Document*>(&document));
}

} // namespace

std::uint64_t documentRevision(const Document& document)
{
    return keeper(document).revision();
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
