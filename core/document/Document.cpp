#include "document/Document.h"

#include "document/DocumentCommand.h"
#include "physics/DiagnosticCodes.h"
#include "physics/OmiReader.h"
#include "physics/OmiWriter.h"
#include "physics/PhysicsWriter.h"
#include "physics/Validator.h"

#include <QTimer>
#include <algorithm>
#include <atomic>
#include <iterator>
#include <system_error>

namespace cs::document {

namespace {

// True when the command or any command of a macro changes physics data.
bool touchesPhysics(const QUndoCommand* command)
{
    if (const auto* c = dynamic_cast<const DocumentCommand*>(command); c && c->touchesPhysics())
        return true;
    for (int i = 0; i < command->childCount(); ++i) {
        if (touchesPhysics(command->child(i)))
            return true;
    }
    return false;
}

// The list position after an item at `at` was inserted (+1) or removed (-1); -1 when the item itself went.
int shiftedIndex(int selected, int at, bool removed)
{
    if (selected < 0 || selected < at)
        return selected;
    if (removed)
        return selected == at ? -1 : selected - 1;
    return selected + 1;
}

} // namespace

FileStamp FileStamp::of(const std::filesystem::path& path)
{
    FileStamp stamp;
    std::error_code ec;
    if (path.empty() || !std::filesystem::is_regular_file(path, ec))
        return stamp;
    stamp.size = std::filesystem::file_size(path, ec);
    if (ec)
        return stamp;
    stamp.modified = std::filesystem::last_write_time(path, ec);
    stamp.exists = !ec;
    return stamp;
}

namespace {

std::uint64_t nextRevision()
{
    static std::atomic<std::uint64_t> last{0};
    return ++last;
}

} // namespace

Document::Document(gltf::GltfDocument gltf, QObject* parent)
    : QObject(parent), m_gltf(std::move(gltf)), m_undoStack(new QUndoStack(this)),
      m_validationTimer(new QTimer(this))
{
    Result<physics::PhysicsModel> read = physics::readPhysics(m_gltf);
    m_model = std::move(*read);
    m_loadDiagnostics = std::move(read.diagnostics);
    m_filePath = m_gltf.sourcePath();
    m_stamp = FileStamp::of(m_filePath);
    // A command changes data through notify(); a move of the index counts too, in case one changed nothing.
    m_revision = nextRevision();
    connect(m_undoStack, &QUndoStack::indexChanged, this, [this] { m_revision = nextRevision(); });
    connect(m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
    m_validationTimer->setSingleShot(true);
    m_validationTimer->setInterval(kDefaultValidationDelayMs);
    connect(m_validationTimer, &QTimer::timeout, this, [this] {
        if (m_diagnosticsStale)
            validateNow();
    });
}

Document::~Document() = default;

Result<std::unique_ptr<Document>> Document::open(const std::filesystem::path& path, QObject* parent)
{
    Result<std::unique_ptr<Document>> result;
    Result<gltf::GltfDocument> loaded = gltf::loadGltf(path);
    result.diagnostics = loaded.diagnostics;
    if (!loaded)
        return result;
    auto document = std::make_unique<Document>(std::move(*loaded), parent);
    document->m_loadDiagnostics.insert(document->m_loadDiagnostics.begin(), loaded.diagnostics.begin(),
                                       loaded.diagnostics.end());
    result.diagnostics = document->m_loadDiagnostics;
    result.value = std::move(document);
    return result;
}

const gltf::SceneGraph& Document::sceneGraph() const
{
    if (!m_graph)
        m_graph = std::move(*gltf::SceneGraph::build(m_gltf));
    return *m_graph;
}

void Document::push(QUndoCommand* command)
{
    m_undoStack->push(command);
}

bool Document::isModified() const
{
    return !m_undoStack->isClean();
}

bool Document::changedOnDisk() const
{
    if (m_filePath.empty())
        return false;
    return !(FileStamp::of(m_filePath) == m_stamp);
}

bool Document::isLegacy() const
{
    return m_model.hadLegacy; // a KHR file is not legacy: it is saved as KHR again
}

Diagnostics Document::currentLoadDiagnostics() const
{
    if (!physicsEdited())
        return m_loadDiagnostics;
    Diagnostics kept;
    std::copy_if(m_loadDiagnostics.begin(), m_loadDiagnostics.end(), std::back_inserter(kept),
                 [](const Diagnostic& d) { return !physics::code::isConversionNote(d.code); });
    return kept;
}

bool Document::physicsEdited() const
{
    for (int i = 0; i < m_undoStack->index(); ++i) {
        if (touchesPhysics(m_undoStack->command(i)))
            return true;
    }
    return false;
}

gltf::Json Document::savedJson() const
{
    return writtenJson(nullptr);
}

gltf::Json Document::writtenJson(Diagnostics* writeDiagnostics) const
{
    if (!physicsEdited())
        return m_gltf.json();
    // The writers work on a whole GltfDocument; a copy of the JSON alone is enough, the buffers are not read.
    // A file keeps its family: KHR is written as KHR, OMI (legacy included) as the newest OMI.
    gltf::GltfDocument copy;
    copy.json() = m_gltf.json();
    Diagnostics d = physics::writePhysics(m_model, copy, physics::sourceFamily(m_model));
    if (writeDiagnostics)
        *writeDiagnostics = std::move(d);
    return std::move(copy.json());
}

Diagnostics Document::save(const gltf::SaveOptions& options)
{
    if (m_filePath.empty()) {
        return {makeError("DOCUMENT_NO_PATH", "the document has no file yet; choose where to save it")};
    }
    return saveAs(m_filePath, options);
}

Diagnostics Document::writeTo(const std::filesystem::path& path, const gltf::SaveOptions& options,
                              bool& fileErrors)
{
    Diagnostics diagnostics;
    gltf::Json out = writtenJson(&diagnostics);
    // saveGltf needs the buffers and images too; lend it the written JSON instead of copying every buffer.
    std::swap(m_gltf.json(), out);
    Diagnostics written = gltf::saveGltf(m_gltf, path, options);
    std::swap(m_gltf.json(), out);
    diagnostics.insert(diagnostics.end(), written.begin(), written.end());
    fileErrors = hasErrors(written);
    return diagnostics;
}

Diagnostics Document::writeCopy(const std::filesystem::path& path, const gltf::SaveOptions& options)
{
    bool fileErrors = false;
    return writeTo(path, options, fileErrors);
}

gltf::GltfDocument Document::snapshot() const
{
    gltf::GltfDocument copy;
    copy.json() = savedJson();
    copy.buffers() = m_gltf.buffers();
    copy.images() = m_gltf.images();
    copy.extraChunks() = m_gltf.extraChunks();
    copy.setSourceFormat(m_gltf.sourceFormat());
    copy.setSourcePath(m_gltf.sourcePath());
    return copy;
}

Diagnostics Document::saveAs(const std::filesystem::path& path, const gltf::SaveOptions& options)
{
    bool fileErrors = false;
    Diagnostics diagnostics = writeTo(path, options, fileErrors);
    if (fileErrors)
        return diagnostics;

    const bool pathChanged = path != m_filePath;
    m_filePath = path;
    m_stamp = FileStamp::of(path);
    m_undoStack->setClean();
    if (pathChanged)
        emit filePathChanged();
    return diagnostics;
}

const Diagnostics& Document::diagnostics()
{
    if (m_diagnosticsStale)
        validateNow();
    return m_diagnostics;
}

void Document::validateNow()
{
    m_diagnostics = physics::validateModel(m_gltf, m_model, sceneGraph());
    m_diagnosticsStale = false;
    emit validated(m_diagnostics);
}

void Document::scheduleValidation()
{
    m_diagnosticsStale = true;
    // Restarting the timer on every change means a drag (dozens of merged edits a second) validates once,
    // when it pauses, instead of once per step: a full validation of 10,000 bodies takes tens of ms.
    m_validationTimer->start();
}

void Document::setValidationDelay(int milliseconds)
{
    m_validationTimer->setInterval(std::max(0, milliseconds));
}

void Document::notify(const ChangeEvent& event)
{
    using K = ChangeEvent::Kind;
    if (event.kind != K::Selection)
        m_revision = nextRevision();
    if (event.kind == K::Node || event.kind == K::Document)
        m_graph.reset(); // names, transforms, children or everything: the hierarchy is rebuilt on next use
    const std::optional<NodeIndex> current = m_selection.current;
    bool selectionMoved = fixSelection(event);
    selectionMoved |= followShape(event, current != m_selection.current);
    scheduleValidation();
    emit changed(event);
    if (selectionMoved) // after the edit's own event, so that listeners see the edit first
        announceSelection();
}

bool Document::fixSelection(const ChangeEvent& event)
{
    using K = ChangeEvent::Kind;
    const bool created = event.has(ChangeEvent::Created) && event.properties != ChangeEvent::All;
    const bool removed = event.has(ChangeEvent::Removed) && event.properties != ChangeEvent::All;
    if (!created && !removed)
        return false;
    bool selectionMoved = false;
    auto fix = [&](int& selected) {
        const int now = shiftedIndex(selected, event.index, removed);
        selectionMoved |= now != selected;
        selected = now;
    };
    switch (event.kind) {
    case K::Shape:
        fix(m_selection.shape);
        break;
    case K::Joint:
        fix(m_selection.joint);
        break;
    case K::Material:
        fix(m_selection.material);
        break;
    case K::Filter:
        fix(m_selection.filter);
        break;
    case K::Node:
        if (event.index < 0)
            break;
        if (removed) {
            auto& nodes = m_selection.nodes;
            const auto it = std::find(nodes.begin(), nodes.end(), NodeIndex(event.index));
            if (it != nodes.end()) {
                nodes.erase(it);
                if (m_selection.current == NodeIndex(event.index))
                    m_selection.current = nodes.empty() ? std::nullopt : std::optional(nodes.front());
                selectionMoved = true;
            }
        }
        // Nodes deleted from the middle of the list (or put back there) move the nodes after them.
        for (NodeIndex& n : m_selection.nodes) {
            int shifted = static_cast<int>(n);
            fix(shifted);
            n = static_cast<NodeIndex>(shifted);
        }
        if (m_selection.current) {
            int shifted = static_cast<int>(*m_selection.current);
            fix(shifted);
            m_selection.current = static_cast<NodeIndex>(shifted);
        }
        break;
    default:
        break;
    }
    return selectionMoved;
}

int Document::currentNodeShape() const
{
    int shape = -1;
    if (m_selection.current) {
        if (const physics::NodePhysics* p = m_model.node(*m_selection.current)) {
            if (p->collider && p->collider->shape >= 0)
                shape = p->collider->shape;
            else if (p->trigger && p->trigger->shape >= 0)
                shape = p->trigger->shape;
        }
    }
    return shape >= 0 && size_t(shape) < m_model.shapes.size() ? shape : -1;
}

bool Document::followShape(const ChangeEvent& event, bool currentChanged)
{
    using K = ChangeEvent::Kind;
    const bool shapesMayDiffer =
        event.kind == K::Collider || event.kind == K::Trigger || event.kind == K::Document ||
        (event.kind == K::Shape && (event.has(ChangeEvent::Created) || event.has(ChangeEvent::Removed)));
    if (!shapesMayDiffer && !currentChanged)
        return false;
    if (currentChanged || m_selection.shape < 0 || size_t(m_selection.shape) >= m_model.shapes.size())
        m_shapePicked = false;
    const int shape = m_shapePicked ? m_selection.shape : currentNodeShape();
    if (shape == m_selection.shape)
        return false;
    m_selection.shape = shape;
    return true;
}

void Document::announceSelection()
{
    emit changed(ChangeEvent{ChangeEvent::Kind::Selection, -1, ChangeEvent::All});
    emit selectionChanged();
}

void Document::setSelectedNodes(std::vector<NodeIndex> nodes, std::optional<NodeIndex> current)
{
    // Keep, in order, the first of each node the document has.
    const size_t count = m_gltf.count("nodes");
    auto kept = nodes.begin();
    for (auto it = nodes.begin(); it != nodes.end(); ++it) {
        if (*it < count && std::find(nodes.begin(), kept, *it) == kept)
            *kept++ = *it;
    }
    nodes.erase(kept, nodes.end());
    if (!current || std::find(nodes.begin(), nodes.end(), *current) == nodes.end())
        current = nodes.empty() ? std::nullopt : std::optional(nodes.front());
    if (nodes == m_selection.nodes && current == m_selection.current)
        return;
    const bool currentChanged = current != m_selection.current;
    m_selection.nodes = std::move(nodes);
    m_selection.current = current;
    if (currentChanged) {
        m_shapePicked = false;
        m_selection.shape = currentNodeShape();
    }
    announceSelection();
}

void Document::setSelectedShape(int shape)
{
    if (shape < 0 || size_t(shape) >= m_model.shapes.size())
        shape = -1;
    m_shapePicked = shape >= 0;
    if (shape == m_selection.shape)
        return;
    m_selection.shape = shape;
    announceSelection();
}

void Document::setSelectedJoint(int joint)
{
    if (joint < 0 || size_t(joint) >= m_model.joints.size())
        joint = -1;
    if (joint == m_selection.joint)
        return;
    m_selection.joint = joint;
    announceSelection();
}

void Document::setSelectedMaterial(int material)
{
    if (material == m_selection.material)
        return;
    m_selection.material = material;
    announceSelection();
}

void Document::setSelectedFilter(int filter)
{
    if (filter == m_selection.filter)
        return;
    m_selection.filter = filter;
    announceSelection();
}

} // namespace cs::document
