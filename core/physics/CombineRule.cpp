#include "physics/CombineRule.h"

#include <cmath>

namespace cs::physics {

CombineMode appliedCombineMode(std::optional<CombineMode> a, std::optional<CombineMode> b,
                               std::span<const CombineMode> precedence)
{
    if (!a || !b)
        return a ? *a : b ? *b : CombineMode::Average;
    for (CombineMode m : precedence) {
        if (m == *a || m == *b)
            return m;
    }
    return *a;
}

double combineValues(double a, double b, CombineMode mode)
{
    switch (mode) {
    case CombineMode::Average:
        return (a + b) / 2;
    case CombineMode::Minimum:
        return std::fmin(a, b);
    case CombineMode::Maximum:
        return std::fmax(a, b);
    case CombineMode::Multiply:
        return a * b;
    }
    return (a + b) / 2;
}

} // namespace cs::physics
