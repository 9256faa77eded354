#pragma once

#include "document/NodeEdits.h"
#include "panels/DocumentPanel.h"
#include "panels/PropertyRows.h"

#include <memory>
#include <vector>

class QLabel;

namespace cs::document {
class Document;
struct ChangeEvent;
} // namespace cs::document

namespace cs::ui {

class QuatAsEulerField;
class Vec3Field;

/// The Transform section of the properties: translation (metres), rotation (Euler angles in degrees, XYZ as
/// geometry::quatFromEulerDegrees; stored as a quaternion) and scale of the selected nodes, as property rows.
/// A node with a `matrix` is shown taken apart and written back as TRS on the first edit; the note says so,
/// and says when the matrix has shear that TRS cannot hold. An edit of several nodes sets the edited
/// component on each of them (the others kept per node) as one undo step (document::setNodeTransforms).
class TransformPanel : public DocumentPanel
{
    Q_OBJECT

public:
    explicit TransformPanel(QWidget* parent = nullptr);
    ~TransformPanel() override;

    Vec3Field* translationField() const;
    QuatAsEulerField* rotationField() const;
    Vec3Field* scaleField() const;
    /// What the fields cannot show: a matrix taken apart, its shear, a non-uniform scale on a shape node.
    QLabel* note() const { return m_note; }

private:
    /// The property rows, in form order.
    enum Row
    {
        TranslationRow,
        RotationRow,
        ScaleRow
    };
    static std::vector<PropertyRow<document::NodeTransform>> transformRows();
    void refresh() override;
    bool concerns(const document::ChangeEvent& event) const override;
    /// The selected nodes that exist, with their transforms.
    std::vector<std::pair<document::NodeIndex, document::NodeTransform>> transforms() const;
    void editProperty(size_t row, const PropertyEdit& edit);

    std::vector<PropertyRow<document::NodeTransform>> m_rows;
    std::unique_ptr<PropertyFields> m_fields;
    QLabel* m_note = nullptr;
};

} // namespace cs::ui
