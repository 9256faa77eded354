#include "panels/AddColliderMenu.h"

#include "DiagnosticText.h"
#include "document/Actions.h"
#include "document/Document.h"
#include "document/GeometryInputs.h"
#include "document/ShapeConversion.h"

#include <QApplication>
#include <QCursor>

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
        return &geometry::fitCapsule;
    case AddColliderMenu::Kind::Cylinder:
        return &geometry::fitCylinder;
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

AddColliderMenu::AddColliderMenu(QWidget* parent) : QMenu(tr("Add &Collider"), parent)
{
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

std::optional<size_t> AddColliderMenu::add(Kind kind)
{
    m_lastError.clear();
    const QString reason = disabledReason();
    auto fail = [this](const QString& why) -> std::optional<size_t> {
        m_lastError = why;
        emit addFailed(why);
        return std::nullopt;
    };
    if (!reason.isEmpty())
        return fail(reason);
    document::Document& doc = *m_document;
    const document::NodeIndex node = *m_node;
    const bool asTrigger = trigger();
    std::optional<size_t> added;

    if (kind == Kind::Trimesh) {
        const size_t mesh = gltf::nodeMesh(doc.gltf(), node).value_or(0); // disabledReason() checked it
        const std::string base = gltf::nodeLabel(doc.gltf(), node);
        physics::Shape shape = document::makeShape(physics::ShapeType::Trimesh, base + " Trimesh");
        shape.mesh = static_cast<int>(mesh);
        document::NewShapeNode options;
        options.trigger = asTrigger;
        options.nodeName = base + (asTrigger ? " Trigger" : " Trimesh");
        added = document::addColliderChildNode(doc, node, shape, options);
    } else if (kind == Kind::Hull) {
        QApplication::setOverrideCursor(Qt::WaitCursor);
        geometry::ConvexHullOptions hullOptions;
        hullOptions.measureQuality = false;
        const auto hull = document::hullOfNodeMesh(doc, node, hullOptions);
        QApplication::restoreOverrideCursor();
        if (!hull)
            return fail(errorsOf(hull.diagnostics));
        document::HullOptions options;
        options.node.trigger = asTrigger;
        const size_t before = doc.gltf().count("nodes");
        const auto shape = document::generateConvexHull(doc, node, *hull, options);
        if (!shape)
            return fail(errorsOf(shape.diagnostics));
        if (doc.gltf().count("nodes") > before)
            added = before; // the new child node is appended
    } else {
        const auto mesh = document::nodeMeshTriangles(doc, node);
        if (!mesh)
            return fail(errorsOf(mesh.diagnostics));
        std::vector<geometry::Vec3d> points;
        geometry::appendPoints(points, *mesh);
        const auto fit = fitOf(kind)(points);
        if (!fit)
            return fail(errorsOf(fit.diagnostics));
        document::NewShapeNode options;
        options.trigger = asTrigger;
        added = document::fitPrimitive(doc, node, document::fittedPrimitive(*fit), options);
    }
    if (!added)
        return fail(tr("The collider could not be added"));
    emit colliderAdded(node, *added);
    return added;
}

} // namespace cs::ui
