#pragma once

// What the window's heavy tools show of a plan before it is applied: preview lines in world space and the
// figures of a decomposition. Plain functions of the plan and the document (GUI thread: they read the
// document's node transforms), so that the dialogs keep only their words.

#include "document/DecomposeAction.h"
#include "document/Selection.h"
#include "geometry/ColliderFit.h"

#include <QVector3D>
#include <optional>
#include <vector>

namespace cs::document {

class Document;

/// The edges of the convex `hull` (in `node`'s space) in world space, two points per segment.
std::vector<QVector3D> worldHullLines(const Document& document, NodeIndex node,
                                      const gltf::TriangleMesh& hull);

/// The figures of decompositions of several meshes taken together.
struct DecompositionFigures
{
    int parts = 0;                  ///< every mesh's parts
    std::vector<size_t> partPoints; ///< vertices of each part's hull, in order
    size_t mostPoints = 0;          ///< the largest of partPoints (0 without parts)
    double maxConcavity = 0;        ///< the largest relative concavity of a mesh's parts
    /// The parts' union volume over the meshes' closed volume, summed over the meshes; -1 when a mesh is not
    /// closed.
    double volumeRatio = -1;
    double seconds = 0;         ///< wall time of every decomposition
    bool budgetReached = false; ///< a decomposition stopped at its limit with parts over the threshold
};

DecompositionFigures decompositionFigures(const std::vector<geometry::Decomposition>& results);

/// Per input (inputs[i] with results[i]): its parts' fit of the node's mesh in world metres (the node's mean
/// scale), none where it was not measured.
std::vector<std::optional<geometry::FitSummary>>
worldDecompositionFits(const Document& document, const std::vector<DecomposeInput>& inputs,
                       const std::vector<geometry::Decomposition>& results);

/// Per part of every result, in order: its hull's edges in world space (worldHullLines of inputs[i].node).
std::vector<std::vector<QVector3D>> worldPartLines(const Document& document,
                                                   const std::vector<DecomposeInput>& inputs,
                                                   const std::vector<geometry::Decomposition>& results);

} // namespace cs::document
