#pragma once

#include "document/ToolResults.h"
#include "geometry/PrimitiveParts.h"
#include "widgets/JobResultBox.h"

#include <optional>
#include <vector>

namespace cs::ui {

/// DecomposeDialog's "Result" group: the parts, the largest concavity, the union's volume against the
/// meshes', each mesh's fit, the parts' kinds (primitives first) and the time taken.
class DecomposeResultBox : public JobResultBox
{
    Q_OBJECT

public:
    explicit DecomposeResultBox(QWidget* parent = nullptr);

    /// Shows `figures` and, one line per mesh, `fits` in world metres (none: "-").
    void showFigures(const document::DecompositionFigures& figures,
                     const std::vector<std::optional<geometry::FitSummary>>& fits);
    /// One line per mesh with primitive-first parts: its parts per kind, the bytes of mesh data against
    /// the decomposition's hulls, the merges; "-" without (Primitives first off).
    void showKinds(const std::vector<std::shared_ptr<const geometry::PrimitiveParts>>& parts);

private:
    QLabel* m_parts;
    QLabel* m_concavity;
    QLabel* m_volume;
    QLabel* m_fit;
    QLabel* m_kinds;
    QLabel* m_time;
};

} // namespace cs::ui
