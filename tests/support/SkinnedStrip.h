#pragma once

// A skinned, morphed and animated strip for the tests of posing a mesh by an animation, with its vertices
// worked by hand from glTF 2.0, 3.7.3 (joint matrix = world(joint) x inverseBind; vertex = sum of w_i x joint
// matrix_i x v; the skinned node's own transform not applied) and 3.8 (morph targets before skinning).
//
// Node 0 "Strip" draws mesh 0 with skin 0 and sits at (0, 0, 5): that translation must not move the vertices.
// Node 1 "Root" (joint 0) is at the origin; its child node 2 "Tip" (joint 1) at (1, 0, 0), inverse bind
// matrix a translation by (-1, 0, 0). The strip (TRIANGLE_STRIP) has six vertices in z = 0:
//   v0 (0, -0.5), v1 (0, 0.5): joint 0 only, and a morph target moving them by (0, 0, 1);
//   v2 (1, -0.5), v3 (1, 0.5): half joint 0, half joint 1;
//   v4 (2, -0.5), v5 (2, 0.5): joint 1 only.
// Animation 0 "bend", 1 s LINEAR: Tip's rotation from none to 90 degrees about +Z (slerp: a degrees at a / 90
// s), Strip's weight from 0 to 1. Tip's joint matrix at angle a is T(1, 0, 0) R_z(a) T(-1, 0, 0): it turns a
// point about (1, 0, 0). At rest (and at 0 s) every vertex is where POSITION puts it.
#include "AnimatedGltf.h"

#include <QVector3D>
#include <array>
#include <cmath>

namespace cs::test {

inline AnimatedGltf skinnedStrip()
{
    AnimatedGltf g;
    g.node("Strip", {{"mesh", 0}, {"skin", 0}, {"translation", {0, 0, 5}}});
    g.node("Root", {{"children", {2}}});
    g.node("Tip", {{"translation", {1, 0, 0}}});
    const size_t positions =
        g.floats({0, -0.5f, 0, 0, 0.5f, 0, 1, -0.5f, 0, 1, 0.5f, 0, 2, -0.5f, 0, 2, 0.5f, 0}, "VEC3");
    const size_t joints =
        g.unsignedBytes({0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, "VEC4");
    const size_t weights = g.floats(
        {1, 0, 0, 0, 1, 0, 0, 0, 0.5f, 0.5f, 0, 0, 0.5f, 0.5f, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, "VEC4");
    const size_t lift = g.floats({0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, "VEC3");
    g.root["meshes"] = {
        {{"primitives",
          {{{"attributes", {{"POSITION", positions}, {"JOINTS_0", joints}, {"WEIGHTS_0", weights}}},
            {"mode", 5},
            {"targets", {{{"POSITION", lift}}}}}}},
         {"weights", {0}}}};
    const size_t inverseBind = g.floats(
        {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -1, 0, 0, 1},
        "MAT4");
    g.root["skins"] = {{{"joints", {1, 2}}, {"inverseBindMatrices", inverseBind}}};
    const float h = float(std::sqrt(0.5));
    const size_t times = g.floats({0, 1}, "SCALAR");
    g.animation("bend", {{2, "rotation", times, g.floats({0, 0, 0, 1, 0, 0, h, h}, "VEC4")},
                         {0, "weights", times, g.floats({0, 1}, "SCALAR")}});
    return g;
}

/// The strip's six vertices in the world at the end of "bend" (1 s: 90 degrees, weight 1). R_z(90) takes
/// (x, y) to (-y, x): v4 - (1, 0) = (1, -0.5) turns to (0.5, 1), so v4 is at (1.5, 1); v5: (1, 0.5) to
/// (-0.5, 1), so (0.5, 1); v2: (0, -0.5) turns to (0.5, 0), (1.5, 0), half of it and half of (1, -0.5) is
/// (1.25, -0.25); v3: (0, 0.5) to (-0.5, 0), (0.5, 0), blended with (1, 0.5): (0.75, 0.25); v0 and v1 lifted
/// by the whole target.
inline std::array<QVector3D, 6> stripAtOneSecond()
{
    return {QVector3D(0, -0.5f, 1),     QVector3D(0, 0.5f, 1), QVector3D(1.25f, -0.25f, 0),
            QVector3D(0.75f, 0.25f, 0), QVector3D(1.5f, 1, 0), QVector3D(0.5f, 1, 0)};
}

/// At 0.5 s: 45 degrees (c = s = sqrt(1/2)), weight 0.5. Relative to (1, 0): v4's (1, -0.5) turns to
/// (c + 0.5 s, s - 0.5 c) = (1.5 c, 0.5 c); v5's (1, 0.5) to (0.5 c, 1.5 c); v2's (0, -0.5) to (0.5 c, -0.5
/// c), blended with (1, -0.5): (1 + 0.25 c, -0.25 - 0.25 c); v3's (0, 0.5) to (-0.5 c, 0.5 c), blended: (1 -
/// 0.25 c, 0.25 + 0.25 c); v0 and v1 lifted by half the target.
inline std::array<QVector3D, 6> stripAtHalfSecond()
{
    const float c = float(std::sqrt(0.5));
    return {QVector3D(0, -0.5f, 0.5f),
            QVector3D(0, 0.5f, 0.5f),
            QVector3D(1 + 0.25f * c, -0.25f - 0.25f * c, 0),
            QVector3D(1 - 0.25f * c, 0.25f + 0.25f * c, 0),
            QVector3D(1 + 1.5f * c, 0.5f * c, 0),
            QVector3D(1 + 0.5f * c, 1.5f * c, 0)};
}

/// At rest: POSITION's values.
inline std::array<QVector3D, 6> stripAtRest()
{
    return {QVector3D(0, -0.5f, 0), QVector3D(0, 0.5f, 0),  QVector3D(1, -0.5f, 0),
            QVector3D(1, 0.5f, 0),  QVector3D(2, -0.5f, 0), QVector3D(2, 0.5f, 0)};
}

} // namespace cs::test
