#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace cs::document {

/// A node's position in the glTF `nodes` array. The one type for node indices in core and ui ("no node" is
/// an empty std::optional<NodeIndex>, never -1).
using NodeIndex = std::size_t;

/// What the user has selected in one document. Not undoable: the Document holds it, keeps it pointing at
/// the same objects when an edit moves or removes them, and tells everyone through its change event
/// (ChangeEvent::Kind::Selection).
struct Selection
{
    std::vector<NodeIndex> nodes;     ///< every selected node, no repeats, in the order they were selected
    std::optional<NodeIndex> current; ///< the node the properties show; one of `nodes`, empty when none
    int shape = -1;                   ///< the shape the shape editor shows (-1: none)
    int joint = -1;                   ///< the joint description the joints panel shows (-1: none)
    int material = -1;                ///< the row of the materials table (-1: none)
    int filter = -1;                  ///< the row of the filters table (-1: none)

    bool contains(NodeIndex node) const
    {
        for (NodeIndex n : nodes) {
            if (n == node)
                return true;
        }
        return false;
    }
    bool operator==(const Selection&) const = default;
};

} // namespace cs::document
