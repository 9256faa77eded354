#include "scene/JointPick.h"

#include <algorithm>
#include <cmath>

namespace cs::scene {

namespace {

struct Closest
{
    double along = 0; ///< along the ray (unit direction)
    double gap = 0;   ///< between the ray and the segment
};

// The closest points of a ray (t >= 0, unit direction) and a segment, by minimising over the segment's
// parameter in closed form and clamping (the ray parameter is clamped to t >= 0 afterwards).
Closest closest(const QVector3D& o, const QVector3D& d, const QVector3D& a, const QVector3D& b)
{
    const QVector3D u = b - a;
    const QVector3D w = a - o;
    const double uu = QVector3D::dotProduct(u, u);
    const double ud = QVector3D::dotProduct(u, d);
    const double wd = QVector3D::dotProduct(w, d);
    const double wu = QVector3D::dotProduct(w, u);
    const double denominator = uu - ud * ud; // |u|^2 |d|^2 - (u.d)^2 with |d| = 1
    double s = 0;
    if (uu > 0)
        s = denominator > 1e-12 * uu ? std::clamp((ud * wd - wu) / denominator, 0.0, 1.0) : 0.0;
    auto at = [&](double param) {
        const QVector3D p = a + float(param) * u;
        const double t = std::max(0.0, double(QVector3D::dotProduct(p - o, d)));
        return Closest{t, double((o + float(t) * d - p).length())};
    };
    Closest best = at(s);
    // Parallel or clamped cases: the ends may be nearer.
    for (double end : {0.0, 1.0}) {
        const Closest c = at(end);
        if (c.gap < best.gap)
            best = c;
    }
    return best;
}

} // namespace

JointPicker::JointPicker(const physics::PhysicsModel& model, const physics::ResolvedScene& scene,
                         const gltf::SceneGraph& graph, const JointDrawOptions& options)
{
    for (const auto& [index, n] : model.nodes) {
        if (!n.joint)
            continue;
        JointLines lines;
        if (!appendNodeJoint(model, scene, graph, index, options, lines))
            continue;
        for (const auto* part : {&lines.frames, &lines.links, &lines.limits, &lines.drives}) {
            m_points.insert(m_points.end(), part->begin(), part->end());
            m_owners.insert(m_owners.end(), part->size() / 2, index);
        }
    }
}

std::optional<Pick> JointPicker::pick(const QVector3D& origin, const QVector3D& direction,
                                      double angularTolerance) const
{
    if (direction.lengthSquared() <= 0)
        return std::nullopt;
    const QVector3D d = direction.normalized();
    std::optional<Pick> best;
    double bestAngle = 0;
    for (size_t i = 0; i < m_owners.size(); ++i) {
        const Closest c = closest(origin, d, m_points[2 * i], m_points[2 * i + 1]);
        const double angle = std::atan2(c.gap, std::max(c.along, 1e-9));
        if (angle > angularTolerance)
            continue;
        if (!best || angle < bestAngle) {
            best = Pick{m_owners[i], c.along, false};
            bestAngle = angle;
        }
    }
    return best;
}

std::optional<Pick> preferJoint(const std::optional<Pick>& sceneHit, const std::optional<Pick>& jointHit)
{
    if (!jointHit)
        return sceneHit;
    if (!sceneHit || sceneHit->collider || jointHit->distance <= sceneHit->distance)
        return jointHit;
    return sceneHit;
}

} // namespace cs::scene
