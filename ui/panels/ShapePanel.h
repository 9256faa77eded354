#pragma once

#include "Diagnostic.h"
#include "document/ShapeFit.h"
#include "geometry/Vec3d.h"
#include "panels/DocumentPanel.h"
#include "panels/ShapeFitter.h"

#include <array>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTimer;

namespace cs::document {
class Document;
struct ChangeEvent;
} // namespace cs::document

namespace cs::ui {

class FitFiguresLabel;
class NumberField;
class ShapeForm;
class ShapeUsersBox;
class Vec3Field;

/// Edits one physics shape: name, type, the parameters of its type (with units and the spec's limits), the
/// mesh of a convex or trimesh shape, fits to the context node's mesh, and which nodes use the shape.
///
/// The shape shown is the document's (Document::selectedShape()), so it follows the shape when an insertion
/// or deletion moves it in the list. Every edit is an undo command on the document, so the viewport (which
/// follows the document's change events) updates while a value is dragged. The panel refreshes from the
/// document's change events (undo and redo included) without touching a field the user is typing into.
///
/// Fitting needs a context node: the node whose collider or trigger uses the shape. Its own mesh is used; a
/// node without one (a collider child node, the layout the spec recommends for an offset shape) uses its
/// parent's mesh, brought into the node's space. The result is one undo step:
/// - on a node without a mesh of its own, the shape takes the fitted type and parameters and the node moves
///   and turns to the fitted offset;
/// - on a node with its own mesh, a fit centred on the node changes the shape in place; a fit that needs an
///   offset goes on a new child node with a new shape (fitPrimitive), and the status line says so.
class ShapePanel : public DocumentPanel
{
    Q_OBJECT

public:
    /// The primitive fits offered, in the order of fitButton().
    using Fit = document::FitKind;
    static constexpr int kFitCount = document::kFitKindCount;

    /// What fit() did: Started (the fit is computed off the GUI thread, see fitter()), or Failed at once;
    /// how a started fit ended is fitter()->lastOutcome().
    using FitOutcome = ShapeFitter::Outcome;

    /// Where fits take their points from.
    using MeshSource = document::FitMeshSource;

    explicit ShapePanel(QWidget* parent = nullptr);
    ~ShapePanel() override;

    /// Shows shape `shapeIndex` (-1: none; it becomes the document's selected shape) with the node whose
    /// collider or trigger uses it (fits need one).
    void setShape(int shapeIndex, std::optional<document::NodeIndex> contextNode);
    /// The shape shown: the document's selected shape (-1: none).
    int shape() const;
    std::optional<document::NodeIndex> contextNode() const { return m_contextNode; }

    /// The name of a fit as buttons and undo texts show it ("Box", "Oriented box", ...).
    static QString fitLabel(Fit fit);
    /// Fits `kind` to the context node's mesh off the GUI thread and applies it when done, unless the shape
    /// or context node changed meanwhile (see the class comment and ShapeFitter).
    FitOutcome fit(Fit kind);
    /// The fits in progress and how the last one ended.
    ShapeFitter* fitter() const { return m_fitter; }
    /// The node created by the last fit that went on a child node, else none.
    std::optional<document::NodeIndex> lastFitNode() const { return m_lastFitNode; }

    /// Where fits for `node` take their points from (its own mesh, else its parent's).
    static MeshSource meshSource(const cs::document::Document& document,
                                 std::optional<document::NodeIndex> node)
    {
        return node ? document::fitMeshSource(document, *node) : MeshSource{};
    }
    /// The points fits for `node` use, in the node's space.
    static Result<std::vector<geometry::Vec3d>> fitPoints(const cs::document::Document& document,
                                                          document::NodeIndex node)
    {
        return document::fitMeshPoints(document, node);
    }

    // The editors, for tests.
    QLineEdit* nameEdit() const;
    QComboBox* typeCombo() const;
    Vec3Field* sizeField() const;
    NumberField* radiusField() const;
    NumberField* heightField() const;
    NumberField* radiusTopField() const;
    NumberField* radiusBottomField() const;
    /// A KHR plane's extents (0: unbounded) and sides.
    NumberField* planeSizeXField() const;
    NumberField* planeSizeZField() const;
    QCheckBox* planeDoubleSidedCheck() const;
    QComboBox* meshCombo() const;
    QPushButton* fitButton(Fit kind) const { return m_fitButtons[static_cast<size_t>(kind)]; }
    QPushButton* hullButton() const { return m_hull; }
    QListWidget* usedByList() const;
    QLabel* statusLabel() const { return m_status; }
    /// What is odd or worth knowing about the shape (tapered, no mesh, a plane bounded along one axis...).
    QLabel* noteLabel() const;
    /// How well the context node's colliders fit its mesh (measured off the GUI thread).
    FitFiguresLabel* fitFigures() const { return m_fitFigures; }
    /// True when the row of `field` (a parameter widget) is shown for the current type.
    bool isRowShown(QWidget* field) const;

signals:
    /// "Generate convex hull…": make a hull of `node`'s mesh (the context node, or its parent when the hull
    /// comes from the parent's mesh).
    void hullRequested(cs::document::NodeIndex node);
    /// A node in "Used by" or a link in the status line was clicked.
    void nodeActivated(cs::document::NodeIndex node);

private:
    bool concerns(const cs::document::ChangeEvent& event) const override;
    void refresh() override;
    void forget() override;
    void documentReplaced() override;
    /// Fills the "Used by" list now.
    void refreshUsers();
    void refreshFitState();
    void onLinkActivated(const QString& link);
    bool shapeExists() const;
    void setUpFitter();
    QWidget* buildAxisRow(QWidget* parent);

    int m_shown = -1; ///< the shape the last refresh showed
    std::optional<document::NodeIndex> m_contextNode;
    std::optional<document::NodeIndex> m_lastFitNode;
    ShapeFitter* m_fitter = nullptr;

    ShapeForm* m_form;
    QLabel* m_fitSource;
    FitFiguresLabel* m_fitFigures;
    std::array<QPushButton*, kFitCount> m_fitButtons{};
    QPushButton* m_hull;
    QComboBox* m_fitAxis = nullptr;
    ShapeUsersBox* m_usedBy;
    QLabel* m_status;
    QTimer* m_usersTimer; ///< coalesces the "Used by" list's refresh after the events of one edit
};

} // namespace cs::ui
