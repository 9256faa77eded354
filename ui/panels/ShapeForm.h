#pragma once

#include "panels/PropertyRows.h"

#include <QPointer>
#include <QWidget>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;

namespace cs::document {
class Document;
}

namespace cs::ui {

class NumberField;
class Vec3Field;

/// The Shape panel's form: the shape's title, name, type, the parameters of its type (with units and the
/// spec's limits; only the rows the type uses are shown), the mesh of a convex or trimesh shape, and notes on
/// what is odd about it. Every edit is one undo command on the document; showing never touches a field the
/// user is typing into.
class ShapeForm : public QWidget
{
    Q_OBJECT

public:
    explicit ShapeForm(QWidget* parent = nullptr);
    ~ShapeForm() override;

    /// The shape to show and edit (-1: none); call refresh() or refreshMeshes() to show it.
    void setShape(document::Document* document, int shape);
    /// Shows the shape's values.
    void refresh();
    /// Fills the mesh picker with the document's meshes.
    void refreshMeshes();

    QLineEdit* nameEdit() const { return m_name; }
    QComboBox* typeCombo() const { return m_type; }
    Vec3Field* sizeField() const;
    NumberField* radiusField() const;
    NumberField* heightField() const;
    NumberField* radiusTopField() const;
    NumberField* radiusBottomField() const;
    NumberField* planeSizeXField() const;
    NumberField* planeSizeZField() const;
    QCheckBox* planeDoubleSidedCheck() const;
    QComboBox* meshCombo() const { return m_mesh; }
    QLabel* noteLabel() const { return m_note; }
    bool isRowShown(QWidget* field) const;

private:
    /// The property rows of the shape's parameters (see parameterRows() in ShapeForm.cpp), in form order.
    enum Property
    {
        SizeRow,
        RadiusRow,
        HeightRow,
        RadiusTopRow,
        RadiusBottomRow,
        PlaneSizeXRow,
        PlaneSizeZRow,
        PlaneDoubleSidedRow
    };

    static std::vector<PropertyRow<physics::Shape>> parameterRows();
    const physics::Shape* shape() const;
    void editProperty(size_t row, const PropertyEdit& edit);
    void showValues(const physics::Shape& s);
    void showNotes(const physics::Shape& s);
    void showRows();
    void commitName();
    void onTypeActivated(int index);
    void onMeshActivated(int index);

    QPointer<document::Document> m_document;
    int m_shape = -1;
    bool m_updating = false;

    QLabel* m_title;
    QFormLayout* m_form;
    QLineEdit* m_name;
    QComboBox* m_type;
    std::vector<PropertyRow<physics::Shape>> m_properties;
    std::unique_ptr<PropertyFields> m_fields;
    QLabel* m_totalHeight;
    QComboBox* m_mesh;
    QLabel* m_note;
};

} // namespace cs::ui
