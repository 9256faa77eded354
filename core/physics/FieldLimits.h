#pragma once

// The number fields of the physics model as the spec and the editors see them: the spec's lower bound (the
// validator checks it), the editors' upper bound, the decimals and step of an editor, and the unit. The
// property panels and the validator read the same descriptor, so an editor never offers a value the
// validator refuses.

namespace cs::physics {

struct FieldLimits
{
    double minimum = 0.0;       ///< the spec's lower bound
    bool minimumAllowed = true; ///< false: a value must be above `minimum` (sizes and heights)
    double maximum = 1e9;       ///< the editors' upper bound; the spec sets none
    int decimals = 4;           ///< shown and accepted by an editor
    double step = 0.0;          ///< of an editor's arrow keys; 0: the editor's own
    const char* unit = "";      ///< after the number, e.g. " m"; empty where the label carries it

    /// True when `value` keeps the spec's lower bound.
    constexpr bool accepts(double value) const { return minimumAllowed ? value >= minimum : value > minimum; }
    /// The smallest value an editor offers: the bound, or the smallest step above it it can show.
    constexpr double editorMinimum() const
    {
        double smallest = 1.0;
        for (int i = 0; i < decimals; ++i)
            smallest /= 10.0;
        return minimumAllowed ? minimum : minimum + smallest;
    }
};

namespace limits {

/// Shapes, in metres: a box's sides and a capsule's or cylinder's height are above 0, radii 0 or more; a
/// plane's sizes 0 or more (0: unbounded).
inline constexpr FieldLimits BoxSize{0.0, false, 1e6, 4, 0.05, " m"};
inline constexpr FieldLimits ShapeHeight{0.0, false, 1e6, 4, 0.05, " m"};
inline constexpr FieldLimits Radius{0.0, true, 1e6, 4, 0.05, " m"};
inline constexpr FieldLimits PlaneSize{0.0, true, 1e6, 4, 0.05, " m"};

/// Motion: mass (kg) and inertia (kg m^2) are 0 or more; the others have no bound in the spec.
inline constexpr FieldLimits Mass{0.0, true, 1e9, 4, 0.1, " kg"};
inline constexpr FieldLimits Inertia{0.0, true, 1e9, 5, 0.01, ""};
inline constexpr FieldLimits CenterOfMass{-1e6, true, 1e6, 4, 0.01, ""};
inline constexpr FieldLimits Velocity{-1e6, true, 1e6, 4, 0.0, ""};
inline constexpr FieldLimits GravityFactor{-1000.0, true, 1000.0, 3, 0.1, ""};

/// Materials: friction and restitution are 0 or more. Friction is typically 0 to 1 and a restitution of 1
/// loses no energy; the editors' bound leaves room without inviting typing errors.
inline constexpr FieldLimits Friction{0.0, true, 100.0, 4, 0.05, ""};
inline constexpr FieldLimits Restitution{0.0, true, 100.0, 4, 0.05, ""};

} // namespace limits

} // namespace cs::physics
