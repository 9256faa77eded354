#pragma once

#include "document/MassPlan.h"

#include <QObject>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QWidget;

namespace cs::document {
class Document;
}

namespace cs::ui {

class NumberField;

/// The Body panel's "Compute from shapes": the choice of density or total mass with its value, the button,
/// and a line under them that says what the last run did (core/document/MassPlan does the work).
class MassComputeControls : public QObject
{
    Q_OBJECT

public:
    explicit MassComputeControls(QWidget* parent);

    /// The row of mode, value and button.
    QWidget* row() const { return m_row; }
    QComboBox* modeCombo() const { return m_mode; }
    NumberField* valueField() const { return m_value; }
    QPushButton* button() const { return m_button; }
    /// What the last run said (hidden until it ran).
    QLabel* message() const { return m_message; }

    document::MassSource source() const;
    /// Enables the row when the selected bodies use mass properties; `why` is the tooltip when they do not.
    void setUsed(bool used, const QString& why);
    /// Hides what the last run said (a new selection or document).
    void clearMessage();
    /// Computes the mass properties of the dynamic bodies among `nodes` from their shapes, as one undo step,
    /// and says what it did.
    void compute(document::Document& document, const std::vector<size_t>& nodes);

signals:
    /// The button was clicked.
    void computeRequested();

private:
    void updateValueField();
    void report(const document::Document& document, const document::MassPlan& plan, bool several);

    QWidget* m_row;
    QComboBox* m_mode;
    NumberField* m_value;
    QPushButton* m_button;
    QLabel* m_message;
    double m_density = 1000.0;
    double m_totalMass = 1.0;
};

} // namespace cs::ui
