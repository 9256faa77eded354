#pragma once

#include "Diagnostic.h"

#include <QWidget>

class QTreeWidget;

namespace cs::ui {

/// The findings about the open file: severity, code, where (JSON pointer) and message. Activating an entry
/// that points into a node asks the owner to select that node.
class DiagnosticsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit DiagnosticsPanel(QWidget* parent = nullptr);
    void setDiagnostics(const Diagnostics& diagnostics);
    QTreeWidget* list() const { return m_list; }

    /// The node a JSON pointer points into ("/nodes/3/extensions/..." -> 3), or -1.
    static int nodeOfPointer(const std::string& pointer);

signals:
    void nodeActivated(int node);

private:
    QTreeWidget* m_list;
};

} // namespace cs::ui
