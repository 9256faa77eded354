#pragma once

#include "document/Selection.h"

#include <QWidget>
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
/// geometry::quatFromEulerDegrees; stored as a quaternion) and scale of the selected nodes. A node with a
/// `matrix` is shown taken apart and written back as TRS on the first edit; the note says so, and says
/// when the matrix has shear that TRS cannot hold. An edit of several nodes sets the edited component on
/// each of them (the others kept per node) as one undo step (document::setNodeTransforms).
class TransformPanel : public QWidget
{
    Q_OBJECT

public:
    explicit TransformPanel(QWidget* parent = nullptr);
    ~TransformPanel() override;

    void setDocument(document::Document* document);
    void setNodes(const std::vector<document::NodeIndex>& nodes);

    Vec3Field* translationField() const { return m_translation; }
    QuatAsEulerField* rotationField() const { return m_rotation; }
    Vec3Field* scaleField() const { return m_scale; }
    /// What the fields cannot show: a matrix taken apart, its shear, a non-uniform scale on a shape node.
    QLabel* note() const { return m_note; }

private:
    enum class Part
    {
        Translation,
        Rotation,
        Scale
    };
    void refresh();
    void onChanged(const document::ChangeEvent& event);
    void applyComponent(Part part, int axis, double value);

    document::Document* m_document = nullptr;
    std::vector<document::NodeIndex> m_nodes;
    Vec3Field* m_translation = nullptr;
    QuatAsEulerField* m_rotation = nullptr;
    Vec3Field* m_scale = nullptr;
    QLabel* m_note = nullptr;
    bool m_applying = false;
};

} // namespace cs::ui
