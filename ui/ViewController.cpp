#include "ViewController.h"

#include "DocumentSession.h"
#include "panels/DiagnosticsPanel.h"
#include "panels/SceneTreePanel.h"
#include "scene/JointOverlay.h"
#include "scene/Overlays.h"
#include "targets/TargetCheck.h"
#include "viewport/Viewport.h"

#include <QTimer>
#include <QtMath>
#include <algorithm>
#include <cmath>
#include <utility>

namespace cs::ui {

using document::NodeIndex;

namespace {

QVector3D lowest(const QVector3D& a, const QVector3D& b)
{
    return {std::min(a.x(), b.x()), std::min(a.y(), b.y()), std::min(a.z(), b.z())};
}

QVector3D highest(const QVector3D& a, const QVector3D& b)
{
    return {std::max(a.x(), b.x()), std::max(a.y(), b.y()), std::max(a.z(), b.z())};
}

} // namespace

ViewController::ViewController(DocumentSession& session, Viewport* viewport, SceneTreePanel* tree,
                               DiagnosticsPanel* diagnostics, QObject* parent)
    : QObject(parent), m_session(session), m_viewport(viewport), m_tree(tree), m_diagnostics(diagnostics)
{
    connect(&session, &DocumentSession::documentReplaced, this, &ViewController::documentReplaced);
    connect(m_viewport, &Viewport::frameSelectionRequested, this, &ViewController::frameSelection);
    connect(m_viewport, &Viewport::clicked, this, &ViewController::pick);
    connect(m_tree, &SceneTreePanel::nodesSelected, &session, &DocumentSession::selectNodes);
    connect(m_diagnostics, &DiagnosticsPanel::targetChanged, this, &ViewController::showDiagnostics);
}

void ViewController::documentReplaced(document::Document* document)
{
    if (!document)
        return;
    connect(document, &document::Document::changed, this, &ViewController::onChanged);
    connect(document, &document::Document::validated, this, &ViewController::showDiagnostics);
    LoadedScene* scene = m_session.scene();
    m_viewport->setRenderScene(scene->render, std::exchange(scene->meshPlan, nullptr));
    gltf::releaseDrawData(scene->render);
    // The loader made the graph, render scene, resolved physics, picking, the tree's rows and the overlays.
    refreshView(std::exchange(scene->rows, {}), std::exchange(scene->overlays, std::nullopt));
    m_viewport->frameAll();
}

void ViewController::onChanged(const document::ChangeEvent& event)
{
    if (event.kind == document::ChangeEvent::Kind::Selection) {
        showSelection();
        return;
    }
    m_session.scene()->noteChange(event);
    if (!m_refreshPending) {
        // Many events arrive for one command or macro: refresh the view once, after them.
        m_refreshPending = true;
        QTimer::singleShot(0, this, &ViewController::refreshFromDocument);
    }
}

void ViewController::refreshFromDocument()
{
    m_refreshPending = false;
    const document::Document* document = m_session.document();
    LoadedScene* scene = m_session.scene();
    if (!document || !scene)
        return;
    if (scene->update(*document)) {
        m_viewport->setRenderScene(scene->render);
        gltf::releaseDrawData(scene->render);
    }
    refreshView();
}

void ViewController::refreshView(std::vector<document::NodeRow> rows, std::optional<scene::Overlays> overlays)
{
    const document::Document* document = m_session.document();
    const LoadedScene* scene = m_session.scene();
    if (!document || !scene)
        return;
    if (rows.empty())
        rows = scene->nodeRows(*document);
    std::vector<SceneTreeNode> nodes;
    nodes.reserve(rows.size());
    for (const document::NodeRow& row : rows)
        nodes.push_back({QString::fromStdString(row.name), row.children, QString::fromStdString(row.body),
                         QString::fromStdString(row.behaves), row.collider, row.trigger, row.mesh});
    m_tree->setNodes(nodes, scene->graph.roots());
    m_tree->setSelectedNodes(document->selectedNodes(), document->currentNode());
    updateOverlays(std::move(overlays));
    showDiagnostics();
    emit selectionShown();
}

void ViewController::showSelection()
{
    if (m_refreshPending)
        return; // an edit is being shown: refreshView shows the selection with it
    m_tree->setSelectedNodes(m_session.selectedNodes(), m_session.currentNode());
    updateOverlays();
    emit selectionShown();
}

void ViewController::showDiagnostics()
{
    document::Document* document = m_session.document();
    LoadedScene* scene = m_session.scene();
    if (!document || !scene)
        return;
    // The file's own findings, what reading its physics converted (while a save would still keep that form),
    // and the validator on the current state.
    Diagnostics all = scene->fileDiagnostics;
    const Diagnostics read = document->currentLoadDiagnostics();
    all.insert(all.end(), read.begin(), read.end());
    const Diagnostics& rules = document->diagnostics();
    all.insert(all.end(), rules.begin(), rules.end());
    // The chosen engine target's findings on the document as a save would write it.
    // Its verdict heads the list, as the command line says it ("godot-4.x: loads with 3 differences").
    QString verdict, fix;
    if (const targets::Target* target = m_diagnostics->chosenTarget()) {
        const std::vector<targets::Finding> findings = targets::checkTarget(document->snapshot(), *target);
        const Diagnostics found = targets::targetDiagnostics(findings, *target);
        all.insert(all.end(), found.begin(), found.end());
        verdict = QString::fromStdString(target->name + ": " + targets::summaryText(findings));
        const std::string command =
            targets::fixCommand(findings, m_session.currentFile().toStdString(), *target);
        if (!command.empty())
            fix = tr("File > Export For > %1 writes a copy it loads; on the command line: %2")
                      .arg(QString::fromStdString(target->name), QString::fromStdString(command));
    }
    scene->diagnostics = all;
    m_diagnostics->setDiagnostics(all, verdict, fix);
}

void ViewController::updateOverlays(std::optional<scene::Overlays> overlays)
{
    const document::Document* document = m_session.document();
    const LoadedScene* scene = m_session.scene();
    if (!scene || !document)
        return;
    // Overlays built while the file was read have nothing selected and are coloured by motion: of no use
    // once something is selected or colliders are coloured by shape.
    if (!overlays || !document->selectedNodes().empty() || m_byShape)
        overlays = scene::buildOverlays(document->gltf(), document->model(), scene->resolved, scene->graph,
                                        scene::windowOverlayOptions(scene->resolved.instances.size(),
                                                                    document->selectedNodes(), m_byShape));
    // The viewport's first layers are the overlay kinds, in the same order.
    static_assert(int(OverlayLayer::Velocity) == int(scene::OverlayKind::Velocity));
    static_assert(int(OverlayLayer::ShapePlane) == int(scene::OverlayKind::ShapePlane));
    static_assert(int(OverlayLayer::Grid) == int(scene::OverlayKind::Count));
    for (size_t k = 0; k < size_t(scene::OverlayKind::Count); ++k)
        m_viewport->setOverlayLines(OverlayLayer(k), overlays->lines[k]);
    m_selectionLines = (*overlays)[scene::OverlayKind::Selection];
    // Joints drawn at a size that follows the scene's (meshes and colliders), picked as drawn.
    QVector3D lo = overlays->boundsMin, hi = overlays->boundsMax;
    const gltf::RenderScene& render = scene->render;
    if (render.boundsMin != render.boundsMax) {
        const bool noLines = lo == hi;
        lo = noLines ? render.boundsMin : lowest(lo, render.boundsMin);
        hi = noLines ? render.boundsMax : highest(hi, render.boundsMax);
    }
    scene::JointDrawOptions joints;
    joints.size = scene::jointSizeForScene((hi - lo).length());
    m_viewport->setJointLines(
        scene::buildJointLines(document->model(), scene->resolved, scene->graph, joints));
    m_jointPicker = scene::JointPicker(document->model(), scene->resolved, scene->graph, joints);
}

void ViewController::setColourByShape(bool on)
{
    if (on == m_byShape)
        return;
    m_byShape = on;
    updateOverlays();
    emit overlaysRestyled();
}

void ViewController::frameSelection()
{
    const document::Document* document = m_session.document();
    const LoadedScene* scene = m_session.scene();
    const std::optional<document::Box> box =
        document && scene ? scene->selectionBounds(*document, m_selectionLines) : std::nullopt;
    // Room around the selection, so that it reads as a thing in its surroundings rather than filling the
    // view to its edges: its bounds grown by a fifth about their middle (the camera's distance grows with
    // them).
    constexpr float kSelectionRoom = 1.2f;
    if (box) {
        const QVector3D middle = (box->min + box->max) * 0.5f, half = (box->max - box->min) * 0.5f;
        m_viewport->frameBox(middle - half * kSelectionRoom, middle + half * kSelectionRoom);
    } else
        m_viewport->frameAll();
}

void ViewController::pick(const QVector3D& origin, const QVector3D& direction)
{
    const LoadedScene* scene = m_session.scene();
    if (!scene)
        return;
    // A joint line within a few pixels of the click: pixels to radians at the view's scale.
    const double pixel = 2.0 * std::tan(qDegreesToRadians(m_viewport->camera().verticalFovDegrees()) / 2) /
                         std::max(1, m_viewport->height());
    const auto hit = scene::preferJoint(
        scene->picking.pick(origin, direction),
        m_viewport->jointsVisible() ? m_jointPicker.pick(origin, direction, 6 * pixel) : std::nullopt);
    m_session.selectNode(hit ? std::optional<NodeIndex>(hit->node) : std::nullopt);
}

} // namespace cs::ui
