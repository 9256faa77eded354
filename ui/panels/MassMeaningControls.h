#pragma once

#include "physics/PhysicsModel.h"

#include <QObject>
#include <QPointer>
#include <vector>

class QLabel;
class QPushButton;
class QWidget;

namespace cs::document {
class Document;
}

namespace cs::ui {

/// The Body panel's words on what the selected bodies' mass and inertia mean in the document's family (OMI's
/// default 1 kg, KHR's "computed by the engine" and "infinite", see physics::massNotes) in a note under each
/// field, and a button beside each field that leaves the value out of the file again (one undo step over the
/// selected bodies).
class MassMeaningControls : public QObject
{
    Q_OBJECT

public:
    explicit MassMeaningControls(QWidget* parent);

    QPushButton* massButton() const { return m_massButton; }
    QPushButton* inertiaButton() const { return m_inertiaButton; }
    QPushButton* centerOfMassButton() const { return m_comButton; }
    QLabel* centerOfMassNote() const { return m_comNote; }
    QLabel* massNote() const { return m_massNote; }
    QLabel* inertiaNote() const { return m_inertiaNote; }

    /// Shows what the motions (of `nodes`, in the same order) mean in `document`'s family.
    void show(document::Document* document, const std::vector<size_t>& nodes,
              const std::vector<const physics::Motion*>& motions);

private:
    void leaveOut(bool mass);
    void leaveCenterOfMassOut();

    QPointer<document::Document> m_document;
    std::vector<size_t> m_nodes;
    QPushButton* m_massButton;
    QPushButton* m_inertiaButton;
    QLabel* m_massNote;
    QLabel* m_inertiaNote;
    QPushButton* m_comButton;
    QLabel* m_comNote;
};

} // namespace cs::ui
