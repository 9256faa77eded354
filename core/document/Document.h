#pragma once

#include "Diagnostic.h"
#include "document/ChangeEvent.h"
#include "document/Selection.h"
#include "gltf/GltfDocument.h"
#include "gltf/SceneGraph.h"
#include "physics/PhysicsModel.h"

#include <QObject>
#include <QTimer>
#include <QUndoStack>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

namespace cs::document {

/// Size and modification time of a file, to notice that someone else changed it.
struct FileStamp
{
    bool exists = false;
    std::uintmax_t size = 0;
    std::filesystem::file_time_type modified{};

    static FileStamp of(const std::filesystem::path& path);
    bool operator==(const FileStamp&) const = default;
};

/// One open glTF asset as the GUI and the command line edit it: the lossless glTF document, the typed physics
/// model read from it, the undo stack, and the selection.
///
/// Every change goes through a command pushed on undoStack() (see DocumentCommand and the command headers);
/// each command reports what it changed through changed(). The glTF JSON held here carries the node, mesh and
/// buffer edits; the physics extensions in it stay as they were read, and the model is written back (newest
/// OMI form) only into the JSON a save produces, and only when some applied command touched physics. So
/// undoing everything gives back the loaded file byte for byte, legacy or not.
///
/// Validation runs lazily: a change marks the diagnostics stale and (re)starts a short timer (see
/// setValidationDelay) whose timeout runs validateNow(), so a burst of edits validates once; diagnostics()
/// validates at once when they are stale.
class Document : public QObject
{
    Q_OBJECT

public:
    /// Takes a loaded document and reads its physics (OMI, else KHR). The file path is the document's source
    /// path (empty for documents made in memory).
    explicit Document(gltf::GltfDocument gltf, QObject* parent = nullptr);
    ~Document() override;

    /// Loads a .gltf/.glb. No value when the file cannot be used; the diagnostics say why.
    static Result<std::unique_ptr<Document>> open(const std::filesystem::path& path,
                                                  QObject* parent = nullptr);

    const gltf::GltfDocument& gltf() const { return m_gltf; }
    const physics::PhysicsModel& model() const { return m_model; }
    /// The node hierarchy, rebuilt after node edits.
    const gltf::SceneGraph& sceneGraph() const;

    QUndoStack* undoStack() { return m_undoStack; }
    /// Raised by every change that reaches the document's data: a command's redo or undo, whether pushed,
    /// merged into the one before, undone or redone (the undo stack's index is not: a merged edit, or an
    /// undo followed by a new edit, leaves it where it was). A result computed from the document at one
    /// revision applies only at that revision. Selection changes leave it. Revisions are drawn from one
    /// counter for all documents, so no two documents (a file reopened at the same address) share one.
    std::uint64_t revision() const { return m_revision; }
    /// Same as undoStack()->push(command).
    void push(QUndoCommand* command);

    // --- File state
    // -------------------------------------------------------------------------------------------
    const std::filesystem::path& filePath() const { return m_filePath; }
    /// True when the undo stack is not at its clean index.
    bool isModified() const;
    /// True when the file at filePath() is not the one opened or last saved (size or time differ, or it is
    /// gone). The GUI asks before overwriting it.
    bool changedOnDisk() const;
    /// True when the physics were read from a legacy OMI form or from KHR.
    bool isLegacy() const;
    /// True when an applied command changed physics data, so a save writes the model (newest OMI form).
    bool physicsEdited() const;

    /// The JSON a save writes: the document's JSON with the model written back when physicsEdited().
    gltf::Json savedJson() const;
    /// Writes to filePath(). Errors when there is no path. See saveAs.
    Diagnostics save(const gltf::SaveOptions& options = {});
    /// Writes atomically through cs::gltf::saveGltf. On success the document takes the path, becomes clean
    /// and records the file's stamp; on failure nothing changes and the diagnostics say why.
    Diagnostics saveAs(const std::filesystem::path& path, const gltf::SaveOptions& options = {});
    /// Writes what saveAs(path, options) would write, atomically, and changes nothing here: the file path,
    /// the clean state and the recorded file stamp stay as they were. For copies (crash recovery, "save a
    /// copy").
    Diagnostics writeCopy(const std::filesystem::path& path, const gltf::SaveOptions& options = {});
    /// The document as a save would write it (savedJson() with the buffers, images and extra GLB chunks), as
    /// an independent copy: it may be written from another thread while editing goes on.
    gltf::GltfDocument snapshot() const;

    // --- Diagnostics
    // ------------------------------------------------------------------------------------------
    /// What reading the physics said (legacy conversions, repaired values). They describe the file as opened.
    const Diagnostics& loadDiagnostics() const { return m_loadDiagnostics; }
    /// loadDiagnostics() for the document as it is now: once physicsEdited() (a save writes the newest OMI
    /// form) the notes about converting a legacy or KHR form are left out, the rest stays.
    Diagnostics currentLoadDiagnostics() const;
    /// The validator's findings for the current state (validated now if stale).
    const Diagnostics& diagnostics();
    /// Runs the validator and emits validated().
    void validateNow();
    /// How long after the last change the scheduled validation runs (default 100 ms; 0: next event loop
    /// turn).
    void setValidationDelay(int milliseconds);
    static constexpr int kDefaultValidationDelayMs = 100;

    // --- Selection (not undoable)
    // -----------------------------------------------------------------------------
    /// What is selected. Every change of it is announced by a ChangeEvent of kind Selection (and by
    /// selectionChanged()), whether a setter made it or an edit moved or removed a selected object.
    const Selection& selection() const { return m_selection; }
    const std::vector<NodeIndex>& selectedNodes() const { return m_selection.nodes; }
    std::optional<NodeIndex> currentNode() const { return m_selection.current; }
    /// Selects `nodes` (those the document does not have and repeats are left out); `current` must be one
    /// of them, else the first one is current.
    void setSelectedNodes(std::vector<NodeIndex> nodes, std::optional<NodeIndex> current = std::nullopt);
    /// The shape the shape editor shows: the current node's collider shape, else its trigger shape, else
    /// none; it follows that node's colliders and triggers as they are edited. setSelectedShape() shows
    /// another one (a pick, -1: none), kept until the current node changes or the shape is deleted.
    int selectedShape() const { return m_selection.shape; }
    /// The joint description the joints panel shows (-1: none); selecting nodes keeps it.
    int selectedJoint() const { return m_selection.joint; }
    int selectedMaterial() const { return m_selection.material; }
    int selectedFilter() const { return m_selection.filter; }
    void setSelectedShape(int shape);
    /// Shows description `joint` (-1, or one the document does not have: none).
    void setSelectedJoint(int joint);
    void setSelectedMaterial(int material);
    void setSelectedFilter(int filter);

signals:
    /// One object changed (see ChangeEvent). Emitted from inside redo()/undo(), once per object touched.
    void changed(const cs::document::ChangeEvent& event);
    /// The selection changed (the same moment as the ChangeEvent of kind Selection).
    void selectionChanged();
    void modifiedChanged(bool modified);
    void filePathChanged();
    void validated(const cs::Diagnostics& diagnostics);

private:
    friend class DocumentCommand;
    void notify(const ChangeEvent& event);
    /// Keeps the selection on the same objects after an edit; true when it changed.
    bool fixSelection(const ChangeEvent& event);
    /// Emits the Selection change event and selectionChanged().
    void announceSelection();
    /// The current node's collider shape, else its trigger shape, else -1.
    int currentNodeShape() const;
    /// Shows the current node's shape after an edit that may change it, or after the current node
    /// changed, unless a picked shape stays; true when the shown shape changed.
    bool followShape(const ChangeEvent& event, bool currentChanged);
    void scheduleValidation();
    gltf::Json writtenJson(Diagnostics* writeDiagnostics) const;
    /// Writes the saved form to `path`; `fileErrors` tells whether the write itself failed.
    Diagnostics writeTo(const std::filesystem::path& path, const gltf::SaveOptions& options,
                        bool& fileErrors);

    gltf::GltfDocument m_gltf;
    physics::PhysicsModel m_model;
    Diagnostics m_loadDiagnostics;
    QUndoStack* m_undoStack = nullptr; // a child QObject
    std::uint64_t m_revision = 0;

    mutable std::optional<gltf::SceneGraph> m_graph; // empty: stale
    Diagnostics m_diagnostics;
    bool m_diagnosticsStale = true;
    QTimer* m_validationTimer = nullptr; // a child QObject

    std::filesystem::path m_filePath;
    FileStamp m_stamp;

    Selection m_selection;
    bool m_shapePicked = false; ///< setSelectedShape() picked the shape: kept while the current node stays
};

} // namespace cs::document

Q_DECLARE_METATYPE(cs::Diagnostics)
