#include "gltf/NodeWalk.h"

namespace cs::gltf {

std::vector<size_t> preOrder(const SceneGraph& graph, const std::vector<size_t>& roots)
{
    std::vector<size_t> order;
    std::vector<size_t> stack(roots.rbegin(), roots.rend());
    while (!stack.empty()) {
        const size_t n = stack.back();
        stack.pop_back();
        order.push_back(n);
        const auto& children = graph.children(n);
        stack.insert(stack.end(), children.rbegin(), children.rend());
    }
    return order;
}

} // namespace cs::gltf
