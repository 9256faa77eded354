#pragma once

#include "geometry/HalfSpacePolytope.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <queue>
#include <vector>

namespace cs::geometry {

/// The polytope of the points' half-spaces, shrunk one half-space at a time by the least volume added.
/// Removing one only grows the polytope, and the volume it adds (the cap beyond its plane) only grows as
/// others go, so a cost computed earlier is a lower bound: the greedy order needs only the stale costs that
/// reach the top of the queue recomputed (lazy greedy).
class PlaneRemoval
{
public:
    PlaneRemoval(std::vector<HalfSpace> planes, const Vec3d& lo, const Vec3d& hi, double epsilon)
        : m_planes(std::move(planes)), m_active(m_planes.size(), 1), m_lo(lo), m_hi(hi), m_epsilon(epsilon),
          m_activeCount(int(m_planes.size()))
    {
        sortNeighbours();
        for (int j = 0; j < int(m_planes.size()); ++j) {
            const double c = capVolume(j);
            if (std::isfinite(c))
                m_queue.push({c, j, 0});
        }
    }

    int activeCount() const { return m_activeCount; }

    /// Drops every half-space whose removal adds at most `volume`: planes that only graze a corner or an
    /// edge (a box's diagonal planes) and would leave slivers of faces.
    void removeFree(double volume)
    {
        while (removeCheapest(volume)) {
        }
    }

    /// Drops the half-space that adds the least volume, when that is at most `limit`; false when none does
    /// or every removal would leave the polytope unbounded (or beyond the bounding region).
    bool removeCheapest(double limit = HUGE_VAL)
    {
        while (!m_queue.empty()) {
            const Entry top = m_queue.top();
            m_queue.pop();
            if (!m_active[top.plane])
                continue;
            if (top.stamp != m_removals) {
                const double c = capVolume(top.plane);
                if (std::isfinite(c))
                    m_queue.push({c, top.plane, m_removals});
                continue;
            }
            if (top.cost > limit) {
                m_queue.push(top);
                return false;
            }
            m_active[top.plane] = 0;
            ++m_removals;
            --m_activeCount;
            return true;
        }
        return false;
    }

    /// The polytope of the remaining half-spaces, vertices closer than `weld` merged.
    HalfSpacePolytope polytope(double weld) const
    {
        HalfSpacePolytope p(m_lo, m_hi, m_epsilon);
        for (int k = 0; k < int(m_planes.size()); ++k) {
            if (m_active[k])
                p.clip(m_planes[k], k);
        }
        p.weld(weld);
        return p;
    }

private:
    struct Entry
    {
        double cost;
        int plane;
        int stamp;
        bool operator>(const Entry& o) const { return cost > o.cost; }
    };

    /// For each plane the others by how close their normals are: the cap beyond a plane is cut down to its
    /// final size by its near neighbours first, so the far ones are cheap rejections.
    void sortNeighbours()
    {
        const size_t n = m_planes.size();
        m_order.assign(n, {});
        std::vector<double> similarity(n);
        for (size_t j = 0; j < n; ++j) {
            for (size_t k = 0; k < n; ++k)
                similarity[k] = dot(m_planes[j].normal, m_planes[k].normal);
            auto& order = m_order[j];
            order.resize(n);
            for (size_t k = 0; k < n; ++k)
                order[k] = int(k);
            // Only the nearest need an order: past them the cap is small and every test is cheap.
            const auto closer = [&](int a, int b) { return similarity[a] > similarity[b]; };
            const auto near = order.begin() + std::ptrdiff_t(std::min<size_t>(n, 64));
            if (near != order.end())
                std::nth_element(order.begin(), near, order.end(), closer);
            std::sort(order.begin(), near, closer);
        }
    }

    /// The volume that removing plane j adds: the region beyond it that the other planes still bound;
    /// infinite when that region reaches the bounding box.
    double capVolume(int j) const
    {
        HalfSpacePolytope cap(m_lo, m_hi, m_epsilon);
        cap.clip({-m_planes[j].normal, -m_planes[j].offset}, j);
        for (int k : m_order[j]) {
            if (k == j || !m_active[k])
                continue;
            cap.clip(m_planes[k], k);
            if (cap.empty())
                return 0;
        }
        return cap.touchesBox() ? HUGE_VAL : cap.volume();
    }

    std::vector<HalfSpace> m_planes;
    std::vector<char> m_active;
    std::vector<std::vector<int>> m_order;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> m_queue;
    Vec3d m_lo, m_hi;
    double m_epsilon;
    int m_activeCount;
    int m_removals = 0;
};

} // namespace cs::geometry
