#include "panels/AddColliderMenu.h"

#include "DiagnosticText.h"
#include "document/ColliderEdits.h"
#include "document/Document.h"
#include "document/GeometryInputs.h"
#include "document/ShapeConversion.h"

#include <QCoreApplication>
#include <QUndoStack>

namespace cs::ui {

namespace {

struct Entry
{
    AddColliderMenu::Kind kind;
    const char* objectName;
    const char* text;
    const char* tip;
};

const Entry kEntries[] = {
    {AddColliderMenu::Kind::Box, "actionAddBox", QT_TRANSLATE_NOOP("AddColliderMenu", "&Box"),
     QT_TRANSLATE_NOOP("AddColliderMenu", "The axis-aligned box around the mesh")},
    {AddColliderMenu::Kind::OrientedBox, "actionAddOrientedBox",
     QT_TRANSLATE_NOOP("AddColliderMenu", "&Oriented Box"),
     QT_TRANSLATE_NOOP("AddColliderMenu", "The smallest box around the mesh, turned to fit it")},
    {AddColliderMenu::Kind::Sphere, "actionAddSphere", QT_TRANSLATE_NOOP("AddColliderMenu", "&Sphere"),
     QT_TRANSLATE_NOOP("AddColliderMenu", "The smallest sphere around the mesh")},
    {AddColliderMenu::Kind::Capsule, "actionAddCapsule", QT_TRANSLATE_NOOP("AddColliderMenu", "&Capsule"),
     QT_TRANSLATE_NOOP("AddColliderMenu", "A capsule around the mesh, along its best axis")},
    {AddColliderMenu::Kind::Cylinder, "actionAddCylinder", QT_TRANSLATE_NOOP("AddColliderMenu", "C&ylinder"),
     QT_TRANSLATE_NOOP("AddColliderMenu", "A cylinder around the mesh, along its best axis")},
    {AddColliderMenu::Kind::Hull, "actionAddHull", QT_TRANSLATE_NOOP("AddColliderMenu", "Convex &Hull"),
     QT_TRANSLATE_NOOP("AddColliderMenu", "The convex hull of the mesh, at most 255 points, as a new mesh")},
    {AddColliderMenu::Kind::Trimesh, "actionAddTrimesh", QT_TRANSLATE_NOOP("AddColliderMenu", "&Trimesh"),
     QT_TRANSLATE_NOOP("AddColliderMenu",
                       "The mesh itself as a triangle mesh shape (best for static scenery)")},
};

using FitFunction = Result<geometry::FittedShape> (*)(const std::vector<geometry::Vec3d>&);

FitFunction fitOf(AddColliderMenu::Kind kind)
{
    switch (kind) {
    case AddColliderMenu::Kind::Box:
        return &geometry::fitBox;
    case AddColliderMenu::Kind::OrientedBox:
        return &geometry::fitOrientedBox;
    case AddColliderMenu::Kind::Sphere:
        return &geometry::fitSphere;
    case AddColliderMenu::Kind::Capsule:
        return [](const std::vector<geometry::Vec3d>& p) { return geometry::fitCapsule(p); };
    case AddColliderMenu::Kind::Cylinder:
        return [](const std::vector<geometry::Vec3d>& p) { return geometry::fitCylinder(p); };
    default:
        return nullptr;
    }
}

QString errorsOf(const Diagnostics& diagnostics)
{
    const std::string lines = formatDiagnostics(diagnostics, errorMessages());
    return lines.empty() ? QObject::tr("the collider could not be made") : QString::fromStdString(lines);
}

} // namespace

/// What the worker made for an entry: a fitted primitive or a hull, else why not.
struct AddColliderMenu::Fit
{
    Diagnostics diagnostics;
    std::optional<geometry::FittedShape> primitive;
    std::optional<gltf::TriangleMesh> hull;
};

/// What an entry was chosen for, and the node's mesh; its result is applied only while the node is the
/// menu's and the document is as it was read (PlanRunner).
struct AddColliderMenu::Request
{
    Kind kind = Kind::Box;
    document::NodeIndex node = 0;
    bool trigger = false;
    std::shared_ptr<const gltf::TriangleMesh> mesh;
};

namespace {

/// The worker's part: the primitive of `kind` fitted to `mesh`, or its capped hull (default options).
template <class Fit>
Fit computeFit(AddColliderMenu::Kind kind, const gltf::TriangleMesh& mesh, const JobToken& token)
{
    Fit fit;
    if (kind == AddColliderMenu::Kind::Hull) {
        geometry::ConvexHullOptions options;
        options.measureQuality = false;
        options.cancel = token.cancelFlag();
        auto hull = geometry::generateConvexHull(mesh, options);
        fit.diagnostics = std::move(hull.diagnostics);
        if (hull)
            fit.hull = std::move(hull->mesh);
        return fit;
    }
    std::vector<geometry::Vec3d> points;
    geometry::appendPoints(points, mesh);
    auto fitted = fitOf(kind)(points);
    fit.diagnostics = std::move(fitted.diagnostics);
    if (fitted)
        fit.primitive = std::move(*fitted);
    return fit;
}

/// "Box collider added to Crate": what an entry did, for the status line.
QString addedText(AddColliderMenu::Kind kind, bool trigger, const std::string& parentLabel)
{
    QString what;
    for (const Entry& e : kEntries)
        if (e.kind == kind)
            what = QCoreApplication::translate("AddColliderMenu", e.text).remove(QLatin1Char('&'));
    return (trigger ? QCoreApplication::translate("AddColliderMenu", "%1 trigger added to %2")
                    : QCoreApplication::translate("AddColliderMenu", "%1 collider added to %2"))
        .arg(what, QString::fromStdString(parentLabel));
}

} // namespace

AddColliderMenu::AddColliderMenu(QWidget* parent) : QMenu(tr("Add &Collider"), parent)
{
    // Reading the mesh stays on the GUI thread (the document is not thread-safe); the fit does not.
    const auto gather = [this](document::Document& doc) -> std::shared_ptr<const Request> {
        auto mesh = document::nodeMeshTriangles(doc, m_next->node);
        if (!mesh) {
            m_gatherError = errorsOf(mesh.diagnostics);
            return nullptr;
        }
        auto request = std::make_shared<Request>(*m_next);
        request->mesh = std::make_shared<const gltf::TriangleMesh>(std::move(*mesh));
        return request;
    };
    const auto compute = [](const Request& r, const JobToken& token) {
        return computeFit<Fit>(r.kind, *r.mesh, token);
    };
    m_runner = new Runner(nullptr, gather, compute, this);
    m_runner->setStaleText(tr("the document changed while the collider was computed"));
    connect(m_runner, &PlanRunnerBase::finished, this, &AddColliderMenu::fitFinished);
    connect(m_runner, &PlanRunnerBase::documentGone, this, [this] {
        if (m_next) // an entry was being computed for it
            fail(tr("the selection changed before the collider was made"));
        m_next.reset();
    });
    setObjectName(QStringLiteral("menuAddCollider"));
    setToolTipsVisible(true);
    m_reason = addAction(QString());
    m_reason->setObjectName(QStringLiteral("actionAddColliderReason"));
    m_reason->setEnabled(false);
    for (const Entry& e : kEntries) {
        if (e.kind == Kind::Hull)
            addSeparator();
        QAction* a = addAction(tr(e.text));
        a->setObjectName(QString::fromLatin1(e.objectName));
        a->setToolTip(tr(e.tip));
        const Kind kind = e.kind;
        connect(a, &QAction::triggered, this, [this, kind] { add(kind); });
        m_actions[static_cast<int>(kind)] = a;
        if (e.kind == Kind::Hull) {
            m_hullDialog = addAction(tr("Convex Hull &Options..."));
            m_hullDialog->setObjectName(QStringLiteral("actionAddHullDialog"));
            m_hullDialog->setToolTip(tr("Choose the point cap and the kind of hull, with a preview"));
            connect(m_hullDialog, &QAction::triggered, this, [this] {
                if (m_node)
                    emit hullDialogRequested(*m_node);
            });
        }
    }
    addSeparator();
    m_trigger = addAction(tr("As T&rigger"));
    m_trigger->setObjectName(QStringLiteral("actionAddAsTrigger"));
    m_trigger->setCheckable(true);
    m_trigger->setToolTip(tr("Add a trigger (a volume that reports overlaps) instead of a solid collider"));
    connect(this, &QMenu::aboutToShow, this, &AddColliderMenu::refresh);
    refresh();
}

AddColliderMenu::~AddColliderMenu() = default;

void AddColliderMenu::setDocument(document::Document* document)
{
    m_document = document;
    refresh();
}

void AddColliderMenu::setNode(std::optional<document::NodeIndex> node)
{
    m_node = node;
    refresh();
}

void AddColliderMenu::setTrigger(bool on)
{
    m_trigger->setChecked(on);
}

bool AddColliderMenu::trigger() const
{
    return m_trigger->isChecked();
}

QAction* AddColliderMenu::action(Kind kind) const
{
    return m_actions[static_cast<int>(kind)];
}

QString AddColliderMenu::disabledReason() const
{
    if (!m_document)
        return tr("No document is open");
    if (!m_node || *m_node >= m_document->gltf().count("nodes"))
        return tr("Select a node with a mesh");
    if (!gltf::nodeMesh(m_document->gltf(), *m_node))
        return tr("The node has no mesh to fit a collider to");
    return {};
}

void AddColliderMenu::refresh()
{
    const QString reason = disabledReason();
    const bool enabled = reason.isEmpty();
    m_reason->setText(reason);
    m_reason->setVisible(!enabled);
    for (QAction* a : m_actions) {
        a->setEnabled(enabled);
        a->setStatusTip(reason);
    }
    m_hullDialog->setEnabled(enabled);
    m_hullDialog->setStatusTip(reason);
}

bool AddColliderMenu::isBusy() const
{
    return m_runner->isBusy();
}

bool AddColliderMenu::waitForIdle(int milliseconds)
{
    return m_runner->waitForIdle(milliseconds);
}

bool AddColliderMenu::fail(const QString& why)
{
    m_lastError = why;
    emit addFailed(why);
    return false;
}

bool AddColliderMenu::add(Kind kind)
{
    m_runner->stop(); // a collider still being computed is not wanted any more
    m_next.reset();
    m_lastError.clear();
    m_lastAdded.reset();
    const QString reason = disabledReason();
    if (!reason.isEmpty())
        return fail(reason);
    if (kind == Kind::Trimesh) {
        addTrimesh(*m_document, *m_node);
        return m_lastAdded.has_value();
    }
    m_next = std::make_unique<Request>(Request{kind, *m_node, trigger(), nullptr});
    m_runner->setDocument(m_document);
    m_runner->run(); // a mesh that cannot be read fails at once
    return m_lastError.isEmpty();
}

void AddColliderMenu::addTrimesh(document::Document& doc, document::NodeIndex node)
{
    const size_t mesh = gltf::nodeMesh(doc.gltf(), node).value_or(0); // disabledReason() checked it
    const std::string base = gltf::nodeLabel(doc.gltf(), node);
    physics::Shape shape = document::makeShape(physics::ShapeType::Trimesh, base + " Trimesh");
    shape.mesh = static_cast<int>(mesh);
    document::NewShapeNode options;
    options.trigger = trigger();
    options.nodeName = base + (options.trigger ? " Trigger" : " Trimesh");
    m_lastAdded = document::addColliderChildNode(doc, node, shape, options);
    if (!m_lastAdded) {
        fail(tr("The collider could not be added"));
        return;
    }
    emit added(addedText(Kind::Trimesh, options.trigger, base));
    emit colliderAdded(node, *m_lastAdded);
}

void AddColliderMenu::fitFinished()
{
    m_next.reset();
    if (!m_runner->plan()) {
        fail(m_gatherError);
        return;
    }
    const Request& request = *m_runner->snapshot();
    if (m_document.data() != m_runner->document() || m_node != request.node) {
        fail(tr("the selection changed before the collider was made"));
        return;
    }
    const bool ran =
        m_runner->apply([this](document::Document&, const Request& r, const Fit& fit) { applyFit(r, fit); });
    if (!ran)
        fail(m_runner->refusal());
}

/// Adds the collider `fit` made for `request` (on the GUI thread, at the revision its mesh was read).
void AddColliderMenu::applyFit(const Request& request, const Fit& fit)
{
    document::Document& doc = *m_document;
    if (!fit.primitive && !fit.hull) {
        fail(errorsOf(fit.diagnostics));
        return;
    }
    document::NewShapeNode options;
    options.trigger = request.trigger;
    if (fit.hull) {
        document::HullOptions hullOptions;
        hullOptions.node = options;
        const size_t before = doc.gltf().count("nodes");
        const auto shape = document::generateConvexHull(doc, request.node, *fit.hull, hullOptions);
        if (!shape) {
            fail(errorsOf(shape.diagnostics));
            return;
        }
        if (doc.gltf().count("nodes") > before)
            m_lastAdded = before; // the new child node is appended
    } else {
        m_lastAdded =
            document::fitPrimitive(doc, request.node, document::fittedPrimitive(*fit.primitive), options);
    }
    if (!m_lastAdded) {
        fail(tr("The collider could not be added"));
        return;
    }
    emit added(addedText(request.kind, request.trigger, gltf::nodeLabel(doc.gltf(), request.node)));
    emit colliderAdded(request.node, *m_lastAdded);
}

} // namespace cs::ui
